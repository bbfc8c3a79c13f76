import Backend
import CSDL2
import Foundation
import Particles
import Stage

/// `zoetrope-bench particles N`: our half of `scripts/bench particles` (the LÖVE half is `scripts/bench-love/particles.lua`).
///
/// One emitter, the effect, in a real 1280×800 SDL window with SDL's OpenGL renderer (under Xvfb that is
/// Mesa's llvmpipe, the same GL LÖVE gets). Birth rate N/2 per second × mean lifetime 2 s = N live particles.
/// 3 s of warm-up (180 steps of 1/60 s; the last 5 are also drawn, untimed, so buffers and textures exist), then
/// 120 measured frames, each:
/// - update: `emitter.advance(by: 1/60)` alone, timed with SDL_GetPerformanceCounter (LÖVE: `ps:update(1/60)`);
/// - draw: clear + `writeQuads` (every live particle evaluated and turned into a quad) + `drawParticles` (one
///   SDL_RenderGeometry) + `SDL_RenderPresent` + a 1-pixel `SDL_RenderReadPixels` (glReadPixels of 1×1 from the
///   window's framebuffer), which cannot return before the GL has finished every queued command, so the
///   rasterization is counted (LÖVE: clear + `love.graphics.draw(ps)` + `love.graphics.present()` + the same 1×1
///   glReadPixels through LuaJIT's FFI).
///
/// Prints `key value` lines on stdout: `update_ms`, `draw_ms` (means over the 120 frames), `live` (mean live
/// particles over those frames), `quads` (mean quads drawn), `window WxH`, `sdl_renderer`, `gl_renderer NAME`, and
/// where the draw time goes: `draw_clear_quads_ms`, `draw_submit_ms`, `draw_present_ms`, `draw_sync_ms`.
///
/// Effect, in SpriteKit terms (scene space, y up; the canvas transform flips y): lifetime 2 ± 0.5 s, speed
/// 100 ± 50, emission angle π/2 ± π/8 (up, 45° wide), yAcceleration −10 (down on screen, like LÖVE's (0, 10)), scale
/// keyframes 1 → 0.5, colour keyframes orange (1, 0.6, 0, 1) → transparent red (1, 0, 0, 0) with colour-blend factor
/// 1, additive, a 16×16 soft white disc. Spin: LÖVE's setSpin(0, 3) ramps every particle's spin from 0 to 3 rad/s
/// over its life; SpriteKit has one constant rotation speed for all particles, so we use its mean, 1.5 rad/s
/// (the quads are rotated either way, which is what costs).
enum ParticleBench {
    static let width = 1280, height = 800
    /// Emitter position on screen (pixels, y down): centre, 40 px above the bottom edge.
    static let originX = 640.0, originY = 760.0
    static let warmupSteps = 180, drawnWarmupSteps = 5, measuredFrames = 120
    static let dt = 1.0 / 60

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The effect for `particles` live particles.
    static func config(particles: Int) -> EmitterConfig {
        var c = EmitterConfig()
        c.particleTexture = textureName
        c.particleBirthRate = Double(particles) / 2
        c.particleLifetime = 2
        c.particleLifetimeRange = 1
        c.emissionAngle = Double.pi / 2
        c.emissionAngleRange = Double.pi / 4
        c.particleSpeed = 100
        c.particleSpeedRange = 100
        c.yAcceleration = -10
        c.particleScaleSequence = KeyframeSequence(keyframeValues: [1, 0.5], times: [0, 1])
        c.particleRotationSpeed = 1.5
        c.particleColorBlendFactor = 1
        c.particleColorSequence = KeyframeSequence(keyframeValues: [RGBA(1, 0.6, 0, 1), RGBA(1, 0, 0, 0)], times: [0, 1])
        c.particleBlendMode = .add
        return c
    }

    static let textureName = "bench-spark"
    static let textureSide = 16

    /// The 16×16 soft white disc, RGBA8: alpha = clamp(1 − d/8) with d the distance of the pixel centre from the
    /// image centre (scripts/bench-love/particles.lua builds the same bytes).
    static func discPixels() -> [UInt8] {
        let n = textureSide, r = Double(n) / 2
        var px = [UInt8](repeating: 255, count: n * n * 4)
        for y in 0..<n {
            for x in 0..<n {
                let dx = Double(x) + 0.5 - r, dy = Double(y) + 0.5 - r
                let a = max(0, min(1, 1 - (dx * dx + dy * dy).squareRoot() / r))
                px[(y * n + x) * 4 + 3] = UInt8((a * 255).rounded())
            }
        }
        return px
    }

    static func run(particles: Int) throws {
        guard particles > 0, particles <= 10_000_000 else { throw Failure(description: "particles needs a count in 1…10000000") }

        // The texture goes through the ordinary asset path: a PNG in a temporary asset folder.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-particle-bench-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Framebuffer(width: textureSide, height: textureSide, pixels: discPixels())
            .savePNG(to: folder.appendingPathComponent(textureName + ".png"))

        // Same GL as LÖVE: SDL's OpenGL renderer, no vsync (LÖVE's conf.lua turns vsync off too).
        SDL_SetHint(SDL_HINT_RENDER_DRIVER, "opengl")
        SDL_SetHint(SDL_HINT_RENDER_VSYNC, "0")
        let window = try Window(title: "Zoetrope particle bench", size: Size(Double(width), Double(height)),
                                assets: AssetResolver(roots: [folder]))
        // The renderer of that window, for the 1-pixel readback (Backend keeps its handle internal).
        guard let glWindow = SDL_GL_GetCurrentWindow(), let sdlRenderer = SDL_GetRenderer(glWindow) else {
            throw Failure(description: "the window did not get SDL's OpenGL renderer (no GL context is current)")
        }
        var info = SDL_RendererInfo()
        SDL_GetRendererInfo(sdlRenderer, &info)
        var pw: Int32 = 0, ph: Int32 = 0
        SDL_GetRendererOutputSize(sdlRenderer, &pw, &ph)
        print("window \(pw)x\(ph)")
        print("sdl_renderer \(info.name.map { String(cString: $0) } ?? "?")")
        print("gl_renderer \(glString(0x1F01) ?? "?")")   // GL_RENDERER
        if pw != Int32(width) || ph != Int32(height) {
            FileHandle.standardError.write(Data("zoetrope: note: the window is \(pw)x\(ph), not \(width)x\(height)\n".utf8))
        }

        let emitter = ParticleEmitter(config: config(particles: particles), seed: 1)
        // Scene space (y up, origin at the emitter) → window pixels (y down).
        let transform = Affine2(a: 1, b: 0, c: 0, d: -1, tx: originX, ty: originY)
        let textureSize = Vector2(Double(textureSide), Double(textureSide))
        let renderer = window.renderer
        var batch = ParticleBatch()
        var pixel: UInt32 = 0
        var onePixel = SDL_Rect(x: 0, y: 0, w: 1, h: 1)
        let frequency = Double(SDL_GetPerformanceFrequency())
        func ms(_ t0: UInt64, _ t1: UInt64) -> Double { Double(t1 &- t0) * 1000 / frequency }

        // Where the draw time goes (measured frames only): clear + writeQuads, drawParticles (SDL queues the
        // geometry), SDL_RenderPresent (flush, rasterization, swap), the 1-pixel readback.
        var parts = [0.0, 0, 0, 0], measuring = false
        func draw() -> Int {
            let a0 = SDL_GetPerformanceCounter()
            renderer.clear(Color.black)
            batch.removeAll()
            emitter.writeQuads(into: &batch, transform: transform, textureSize: textureSize, nodeAlpha: 1)
            let a1 = SDL_GetPerformanceCounter()
            renderer.drawParticles(batch, texture: .image(textureName), blend: .add)
            renderer.flush()   // the renderer records a frame until present: submit here, so the parts stay apart
            let a2 = SDL_GetPerformanceCounter()
            renderer.present()
            let a3 = SDL_GetPerformanceCounter()
            _ = SDL_RenderReadPixels(sdlRenderer, &onePixel, SDL_PIXELFORMAT_RGBA32.rawValue, &pixel, 4)
            let a4 = SDL_GetPerformanceCounter()
            if measuring {
                parts[0] += ms(a0, a1); parts[1] += ms(a1, a2); parts[2] += ms(a2, a3); parts[3] += ms(a3, a4)
            }
            return batch.quadCount
        }

        for step in 0..<warmupSteps {
            _ = window.pollEvents()
            emitter.advance(by: dt)
            if step >= warmupSteps - drawnWarmupSteps { _ = draw() }
        }

        var updateMs = 0.0, drawMs = 0.0, live = 0, quads = 0
        measuring = true
        for _ in 0..<measuredFrames {
            _ = window.pollEvents()
            let t0 = SDL_GetPerformanceCounter()
            emitter.advance(by: dt)
            let t1 = SDL_GetPerformanceCounter()
            live += emitter.particleCount
            let t2 = SDL_GetPerformanceCounter()
            quads += draw()
            let t3 = SDL_GetPerformanceCounter()
            updateMs += ms(t0, t1)
            drawMs += ms(t2, t3)
        }
        let n = Double(measuredFrames)
        print(String(format: "update_ms %.4f", updateMs / n))
        print(String(format: "draw_ms %.4f", drawMs / n))
        for (name, total) in zip(["clear_quads", "submit", "present", "sync"], parts) {
            print("draw_\(name)_ms " + String(format: "%.4f", total / n))
        }
        print("live \(Int((Double(live) / n).rounded()))")
        print("quads \(Int((Double(quads) / n).rounded()))")
    }

    /// glGetString(name) of the current context, through SDL's loader.
    private static func glString(_ name: UInt32) -> String? {
        typealias GetString = @convention(c) (UInt32) -> UnsafePointer<UInt8>?
        guard let f = SDL_GL_GetProcAddress("glGetString") else { return nil }
        let getString = unsafeBitCast(f, to: GetString.self)
        return getString(name).map { String(cString: $0) }
    }
}
