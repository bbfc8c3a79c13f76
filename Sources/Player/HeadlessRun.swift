import Backend
import Foundation
import Stage

/// `--headless`: no window, no audio device; the player's clock advances exactly 1/60 s per frame as fast as the
/// machine goes, every frame is drawn by SDL's software renderer, and the audio is mixed on the same clock.
struct HeadlessRun {
    static let frameStep = 1.0 / 60
    let options: RunOptions
    init(_ options: RunOptions) { self.options = options }

    func run() throws {
        let audio = AudioEngine(mode: .offline, assets: options.assets, captureURL: options.audioOut)
        defer { audio.close() }
        let session = Session(entry: options.entry, size: options.size, sound: audio, seed: options.seed,
                                  assets: options.assets)
        let canvas = try HeadlessCanvas(width: Int(session.size.width.rounded()), height: Int(session.size.height.rounded()),
                                        assets: options.assets)
        session.measure = { [unowned canvas] in canvas.renderer.measure($0, font: $1) }
        let script = options.script
        let end = script.quitTime ?? options.duration ?? (script.events.isEmpty ? 5 : script.lastTime + 1)
        var pending = script.events[...]
        var frame = 0
        let frameLog = FrameLog()
        defer { frameLog.write() }
        session.draw(on: canvas.renderer)
        frameLog.firstFrameDrawn()
        while session.time < end && !session.quitRequested {
            frame += 1
            let frameEnd = min(end, Double(frame) * HeadlessRun.frameStep)
            // Inputs up to each screenshot, then the screenshot drawn at its exact time.
            var inputs: [(time: Double, input: Input)] = []
            while let e = pending.first, e.time <= frameEnd {
                pending.removeFirst()
                if let input = e.action.input { inputs.append((e.time, input)); continue }
                if case let .screenshot(path) = e.action {
                    session.advance(to: e.time, inputs: inputs)
                    inputs = []
                    audio.advance(to: session.time)
                    session.draw(on: canvas.renderer)
                    try save(canvas.renderer.readFramebuffer(), path)
                }
            }
            session.advance(to: frameEnd, inputs: inputs)
            audio.advance(to: session.time)
            session.draw(on: canvas.renderer)
            frameLog.frameDone(frame)
        }
    }

    private func save(_ fb: Framebuffer, _ path: String) throws {
        do { try fb.savePNG(to: URL(fileURLWithPath: path)) } catch {
            Log.shared.warnOnce("\(error)")
        }
    }
}
