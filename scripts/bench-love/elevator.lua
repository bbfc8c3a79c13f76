-- LÖVE 11.4 side of `scripts/bench window` (our side: the player's `elevator` scene in a window).
--
--   love scripts/bench-love elevator IMAGES_DIR
--
-- The elevator's eight layers at W×H = 1280×800 with the layout formulas of spec 04 §1.3: the car interior stretched
-- to the window; four people, each aspect-fit in its frame with a black tinted copy at (+5, +5) as its shadow, manTwo
-- turned 20° about the vertical axis with the spec's projection (a mesh of its four projected corners); the two doors
-- sliding on the same timeline as the benchmark's script (open from 0.8 s, close from 5.0 s, each easeInOut over
-- 0.35 s / 0.09); the door frame; the call button and the two floor indicators. 600 frames paced at 60 fps.
-- Prints `key value` lines: frames, cpu_s (process CPU, all threads — llvmpipe's included — from the first frame to
-- the last, from /proc/self/stat), cpu_per_frame_ms, wall_s, window, gl_renderer.

local W, H, FRAMES, DT = 1280, 800, 600, 1 / 60
local MOVES = { { start = 0.8, open = true }, { start = 5.0, open = false } }
local DOOR_DURATION = 0.35 / 0.09

local function fail(message)
    io.stderr:write("bench-love: " .. message .. "\n")
    return function() return 1 end
end

-- CSS/SwiftUI easeInOut: the cubic Bézier (0.42, 0), (0.58, 1), solved for x by bisection.
local function easeInOut(t)
    local function bez(a, b, s) return 3 * a * s * (1 - s) ^ 2 + 3 * b * s * s * (1 - s) + s ^ 3 end
    local lo, hi = 0, 1
    for _ = 1, 30 do
        local mid = (lo + hi) / 2
        if bez(0.42, 0.58, mid) < t then lo = mid else hi = mid end
    end
    return bez(0, 1, (lo + hi) / 2)
end

-- 0 closed … 1 open at time t.
local function doorProgress(t)
    local p = 0
    for _, m in ipairs(MOVES) do
        if t >= m.start then
            local e = easeInOut(math.min(1, (t - m.start) / DOOR_DURATION))
            p = m.open and e or 1 - e
        end
    end
    return p
end

local function cpuSeconds()
    local f = io.open("/proc/self/stat", "r")
    local stat = f:read("*a"); f:close()
    local fields = {}
    for v in stat:gsub("^.*%) ", ""):gmatch("%S+") do fields[#fields + 1] = v end
    -- utime and stime are fields 14 and 15 of stat, 12 and 13 after "pid (comm) "; in clock ticks (USER_HZ = 100).
    return (tonumber(fields[12]) + tonumber(fields[13])) / 100
end

-- An aspect-fit rectangle for an image of iw×ih in a frame fw×fh centred at (cx, cy).
local function fit(image, fw, fh, cx, cy)
    local iw, ih = image:getDimensions()
    local s = math.min(fw / iw, fh / ih)
    local w, h = iw * s, ih * s
    return cx - w / 2, cy - h / 2, w, h
end

-- manTwo's turn (spec 04 §1.3): +20° about (0, −1, 0), anchored at the centre of its layout frame, perspective 1.
local function turn(x, y)
    local ax, ay = W / 2, (H - 290) / 2
    local d = math.max(W, H - 290)
    local X, Y = x - ax, y - ay
    local w = 1 - X * math.sin(math.rad(20)) / d
    return ax + X * math.cos(math.rad(20)) / w, ay + Y / w
end

local function turnedQuad(image, x, y, w, h)
    local corners = { { x, y, 0, 0 }, { x + w, y, 1, 0 }, { x + w, y + h, 1, 1 }, { x, y + h, 0, 1 } }
    local vertices = {}
    for i, c in ipairs(corners) do
        local px, py = turn(c[1], c[2])
        vertices[i] = { px, py, c[3], c[4], 1, 1, 1, 1 }
    end
    local mesh = love.graphics.newMesh(vertices, "fan", "static")
    mesh:setTexture(image)
    return mesh
end

-- Returns LÖVE's main loop for the arguments after the mode (main.lua picks the mode).
return function(args)
    local dir = args[1]
    if not dir then return fail("usage: love scripts/bench-love elevator IMAGES_DIR") end

    local images = {}
    for _, name in ipairs({ "inside", "manOne", "manTwo", "manThree", "manFour", "leftDoor", "rightDoor", "doorFrame" }) do
        local f = io.open(dir .. "/" .. name .. ".png", "rb")
        if not f then return fail("cannot read " .. dir .. "/" .. name .. ".png") end
        local bytes = f:read("*a"); f:close()
        images[name] = love.graphics.newImage(love.image.newImageData(love.filesystem.newFileData(bytes, name .. ".png")))
    end

    -- The people: frame size and the image centre (spec 04 §1.3, table A2–A5).
    local people = {
        { "manOne", W - 200, H - 300, (W - 200) / 2, (H - 300) / 2 + 250 },
        { "manTwo", W, H - 290, W / 2 + 40, (H - 290) / 2 + 230 },
        { "manThree", W - 100, H - 250, (W - 100) / 2 + 130, (H - 250) / 2 + 255 },
        { "manFour", W, H - 280, W / 2 - 80, (H - 280) / 2 + 265 },
    }
    local placed = {}
    for i, p in ipairs(people) do
        local image = images[p[1]]
        local x, y, w, h = fit(image, p[2], p[3], p[4], p[5])
        if p[1] == "manTwo" then
            placed[i] = { mesh = turnedQuad(image, x, y, w, h), shadow = turnedQuad(image, x + 5, y + 5, w, h) }
        else
            placed[i] = { image = image, x = x, y = y, w = w, h = h }
        end
    end

    love.window.setVSync(1)   -- a window like the player's (conf.lua turns vsync off for the particle benchmark)
    local digits = love.graphics.newFont(15)
    local pw, ph = love.graphics.getPixelDimensions()
    local _, _, _, device = love.graphics.getRendererInfo()
    io.write(string.format("window %dx%d\n", pw, ph))
    io.write("gl_renderer " .. tostring(device) .. "\n")

    local function stretch(image, x, y, w, h)
        local iw, ih = image:getDimensions()
        love.graphics.draw(image, x, y, 0, w / iw, h / ih)
    end

    local function draw(t)
        love.graphics.clear(0, 0, 0, 1)
        love.graphics.setColor(1, 1, 1, 1)
        stretch(images.inside, 0, 0, W, H)
        for _, p in ipairs(placed) do
            love.graphics.setColor(0, 0, 0, 0.6)
            if p.mesh then love.graphics.draw(p.shadow) else stretch(p.image, p.x + 5, p.y + 5, p.w, p.h) end
            love.graphics.setColor(1, 1, 1, 1)
            if p.mesh then love.graphics.draw(p.mesh) else stretch(p.image, p.x, p.y, p.w, p.h) end
        end
        local open = doorProgress(t)
        local doorW = (W - 8) / 2
        stretch(images.leftDoor, 4 + open * (-W / 2 - 4), 0, doorW, H)
        stretch(images.rightDoor, (W + 8) / 2 - 4 + open * (W / 2 + 4), 0, doorW, H)
        stretch(images.doorFrame, 0, 0, W, H)
        -- The call button and the floor indicators.
        love.graphics.setColor(0, 0, 0, 1)
        love.graphics.circle("fill", W / 33, H / 2, 10)
        love.graphics.setColor(open > 0 and 1 or 0, open > 0 and 1 or 0, open > 0 and 1 or 0, 1)
        love.graphics.circle("fill", W / 33, H / 2, 5)
        love.graphics.setColor(1, 0.23, 0.19, 1)
        love.graphics.circle("line", W / 33, H / 2, 5)
        love.graphics.setFont(digits)
        for i, digit in ipairs({ "1", "2" }) do
            local cx, cy = W / 2 + (i == 1 and -16.5 or 16.5), H * 0.02 + 2
            love.graphics.setColor(0, 0, 0, 0.3)
            love.graphics.circle("line", cx, cy, 11.5)
            love.graphics.print(digit, cx - digits:getWidth(digit) / 2, cy - digits:getHeight() / 2)
        end
        love.graphics.present()
    end

    local getTime = love.timer.getTime
    local cpu0, start
    for frame = 0, FRAMES - 1 do
        love.event.pump()
        if frame == 0 then cpu0, start = cpuSeconds(), getTime() end
        draw(frame * DT)
        -- 60 fps: wait for the next frame's time (Xvfb has no vertical blank to wait for).
        local due = start + (frame + 1) * DT
        local now = getTime()
        if due > now then love.timer.sleep(due - now) end
    end
    local cpu = cpuSeconds() - cpu0
    io.write(string.format("frames %d\n", FRAMES))
    io.write(string.format("cpu_s %.3f\n", cpu))
    io.write(string.format("cpu_per_frame_ms %.3f\n", cpu * 1000 / FRAMES))
    io.write(string.format("wall_s %.3f\n", getTime() - start))
    io.flush()
    return function() return 0 end
end
