-- LÖVE 11.4 side of `scripts/bench particles` (our side: `zoetrope-bench particles N`, Sources/Benchmarks/ParticleBench.swift).
--
--   love scripts/bench-love particles N
--
-- The issue's effect with N live particles (birth rate N/2 per second, mean lifetime 2 s), drawn at the centre-bottom
-- of a 1280x800 window. 3 s of warm-up (180 updates of 1/60 s; the last 5 are also drawn, untimed), then 120 frames:
--   update: ps:update(1/60) alone;
--   draw:   clear + love.graphics.draw(ps) + love.graphics.present() + a 1x1 glReadPixels of the window's framebuffer
--           (through LuaJIT's FFI), which cannot return before the GL has finished all queued work, so the
--           rasterization is counted. Our side ends its draw with the same 1x1 readback (SDL_RenderReadPixels).
-- Both are timed with love.timer.getTime(). Prints `key value` lines like ours: update_ms, draw_ms (means),
-- live (mean ps:getCount() over the measured frames), quads, window, gl_renderer, and the draw breakdown
-- draw_clear_quads_submit_ms, draw_present_ms, draw_sync_ms.

local WARMUP_STEPS, DRAWN_WARMUP_STEPS, FRAMES, DT = 180, 5, 120, 1 / 60
local ORIGIN_X, ORIGIN_Y = 640, 760   -- centre, 40 px above the bottom edge (y down)
local SIDE = 16

local function fail(message)
    io.stderr:write("bench-love: " .. message .. "\n")
    love.event.quit(1)
    return function() return 1 end
end

-- The 16x16 soft white disc: alpha = clamp(1 - d/8), d = distance of the pixel centre from the image centre,
-- rounded to 8 bits exactly like ParticleBench.discPixels().
local function discImage()
    local data = love.image.newImageData(SIDE, SIDE, "rgba8")
    local r = SIDE / 2
    for y = 0, SIDE - 1 do
        for x = 0, SIDE - 1 do
            local dx, dy = x + 0.5 - r, y + 0.5 - r
            local a = math.max(0, math.min(1, 1 - math.sqrt(dx * dx + dy * dy) / r))
            data:setPixel(x, y, 1, 1, 1, math.floor(a * 255 + 0.5) / 255)
        end
    end
    return love.graphics.newImage(data)
end

-- glReadPixels of the current context, through SDL (which LÖVE links) so it is the same libGL LÖVE draws with.
local function makeReadPixel()
    local ok, ffi = pcall(require, "ffi")
    if not ok then return nil, "LuaJIT's ffi is not available" end
    ffi.cdef [[
        void *SDL_GL_GetProcAddress(const char *proc);
        typedef void (*zb_glReadPixels)(int x, int y, int w, int h, unsigned int format, unsigned int type, void *data);
        typedef unsigned int (*zb_glGetError)(void);
    ]]
    local proc = ffi.C.SDL_GL_GetProcAddress("glReadPixels")
    if proc == nil then return nil, "SDL_GL_GetProcAddress(glReadPixels) failed" end
    local readPixels = ffi.cast("zb_glReadPixels", proc)
    local getError = ffi.cast("zb_glGetError", ffi.C.SDL_GL_GetProcAddress("glGetError"))
    local pixel = ffi.new("uint8_t[4]")
    local checked = false
    return function()
        readPixels(0, 0, 1, 1, 0x1908 --[[GL_RGBA]], 0x1401 --[[GL_UNSIGNED_BYTE]], pixel)
        if not checked then   -- once: a GL error here would mean the readback did not happen (and did not sync)
            checked = true
            local e = getError()
            if e ~= 0 then io.stderr:write(string.format("bench-love: glReadPixels failed: GL error 0x%x\n", e)) end
        end
    end
end

-- Returns LÖVE's main loop for the arguments after the mode (main.lua picks the mode).
return function(args)
    local n = tonumber(args[1])
    if not n or n < 1 then return fail("usage: love scripts/bench-love particles N (live particles)") end

    local readPixel, why = makeReadPixel()
    if not readPixel then return fail(why) end

    local ps = love.graphics.newParticleSystem(discImage(), math.ceil(n * 1.25))   -- room above the ~N live
    ps:setEmissionRate(n / 2)
    ps:setEmitterLifetime(-1)
    ps:setParticleLifetime(1.5, 2.5)               -- 2 s ± 0.5 (SpriteKit: lifetime 2, range 1)
    ps:setPosition(ORIGIN_X, ORIGIN_Y)
    ps:setDirection(-math.pi / 2)                  -- up (y down)
    ps:setSpread(math.pi / 4)                      -- ± 22.5°
    ps:setSpeed(50, 150)                           -- 100 ± 50
    ps:setLinearAcceleration(0, 10, 0, 10)         -- down on screen
    ps:setSizes(1, 0.5)
    ps:setSpin(0, 3)
    ps:setColors(1, 0.6, 0, 1, 1, 0, 0, 0)         -- orange → transparent red
    ps:start()

    local w, h = love.graphics.getPixelDimensions()
    local _, _, _, device = love.graphics.getRendererInfo()
    io.write(string.format("window %dx%d\n", w, h))
    io.write("gl_renderer " .. tostring(device) .. "\n")

    -- Where the draw time goes (measured frames only): clear + draw(ps) (LÖVE builds the quads and submits them),
    -- present (flush, rasterization, swap), the 1-pixel readback.
    local parts, measuring = { 0, 0, 0 }, false
    local getTime = love.timer.getTime
    local function draw()
        local a0 = getTime()
        love.graphics.clear(0, 0, 0, 1)
        love.graphics.setBlendMode("add")
        love.graphics.setColor(1, 1, 1, 1)
        love.graphics.draw(ps, 0, 0)
        local a1 = getTime()
        love.graphics.present()
        local a2 = getTime()
        readPixel()
        local a3 = getTime()
        if measuring then
            parts[1] = parts[1] + (a1 - a0); parts[2] = parts[2] + (a2 - a1); parts[3] = parts[3] + (a3 - a2)
        end
    end

    for step = 1, WARMUP_STEPS do
        love.event.pump()
        ps:update(DT)
        if step > WARMUP_STEPS - DRAWN_WARMUP_STEPS then draw() end
    end

    local updateS, drawS, live = 0, 0, 0
    measuring = true
    for _ = 1, FRAMES do
        love.event.pump()
        local t0 = getTime()
        ps:update(DT)
        local t1 = getTime()
        live = live + ps:getCount()
        local t2 = getTime()
        draw()
        local t3 = getTime()
        updateS = updateS + (t1 - t0)
        drawS = drawS + (t3 - t2)
    end

    io.write(string.format("update_ms %.4f\n", updateS * 1000 / FRAMES))
    io.write(string.format("draw_ms %.4f\n", drawS * 1000 / FRAMES))
    io.write(string.format("draw_clear_quads_submit_ms %.4f\n", parts[1] * 1000 / FRAMES))
    io.write(string.format("draw_present_ms %.4f\n", parts[2] * 1000 / FRAMES))
    io.write(string.format("draw_sync_ms %.4f\n", parts[3] * 1000 / FRAMES))
    io.write(string.format("live %d\n", math.floor(live / FRAMES + 0.5)))
    io.write(string.format("quads %d\n", math.floor(live / FRAMES + 0.5)))
    io.flush()
    return function() return 0 end
end
