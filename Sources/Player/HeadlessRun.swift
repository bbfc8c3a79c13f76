import Backend
import Foundation
import Stage

/// `--headless`: no window, no audio device; the player's clock advances exactly 1/60 s per frame as fast as the
/// machine goes, every frame is drawn by SDL's software renderer, and the audio is mixed on the same clock.
struct HeadlessRun {
    static let frameStep = 1.0 / 60
    let options: RunOptions
    init(_ options: RunOptions) { self.options = options }

    /// Returns false when a probe or click named a node the scene does not have.
    func run() throws -> Bool {
        let audio = AudioEngine(mode: .offline, assets: options.assets, captureURL: options.audioOut,
                                decodedSounds: .user(), soundDecoding: SoundHelper.decoding)
        defer { audio.close() }
        let session = Session(entry: options.entry, size: options.size, sound: audio, seed: options.seed,
                                  assets: options.assets, catalog: options.catalog)
        session.codePanel.projectFolder = options.reload?.project.folder.url
        // A canvas of the session's size, so frames and screenshots after a `resize` have the new size.
        func makeCanvas() throws -> HeadlessCanvas {
            let c = try HeadlessCanvas(width: Int(session.size.width.rounded()), height: Int(session.size.height.rounded()),
                                       assets: options.assets)
            session.measure = { [unowned c] in c.renderer.measure($0, font: $1) }
            return c
        }
        var canvas = try makeCanvas()
        // Headless, the gallery waits for its pictures when the run keeps what is drawn (a screenshot, a video), so
        // they show them all; a run that only listens or probes does not make them (they take 20–60 s per build).
        if options.script.takesScreenshots || options.record != nil { session.thumbnails = ThumbnailService(waits: true) }
        // A `resize` replaces the canvas only when a frame is next drawn: a storm of resizes between two frames
        // makes one canvas, not one each (2,000 resizes took 200 s).
        var canvasSize = session.size
        func currentCanvas() -> HeadlessCanvas {
            guard canvasSize != session.size else { return canvas }
            canvasSize = session.size
            do { canvas = try makeCanvas() } catch { logger.warning("\(error)") }
            return canvas
        }
        let script = options.script
        // The script's quit and --duration both end the run: the earlier one wins.
        let limits = [script.quitTime, options.duration].compactMap { $0 }
        let end = limits.min() ?? (script.events.isEmpty ? 5 : script.lastTime + 1)
        let driver = ScriptDriver(script, session: session, audio: audio)
        driver.screenshot = { path in
            let canvas = currentCanvas()
            session.draw(on: canvas.renderer)
            save(canvas.renderer.readFramebuffer(), path)
        }
        driver.resize = { size in session.size = size }
        // --record: every frame before the end, at its virtual time, and the mix on the same clock.
        let recording = try options.record.map { try HeadlessRecording(url: $0, canvas: canvas, audio: audio, end: end) }
        var frame = 0
        let frameLog = FrameLog(stats: options.frameStats)
        session.draw(on: canvas.renderer)
        recording?.frameDrawn(canvas, at: session.time)
        canvas.renderer.present()
        frameLog.firstFrameDrawn()
        while session.time < end && !session.quitRequested && !driver.quitReached && !StopSignal.requested {
            frame += 1
            driver.advance(to: min(end, Double(frame) * HeadlessRun.frameStep))
            let canvas = currentCanvas()
            session.draw(on: canvas.renderer)
            recording?.frameDrawn(canvas, at: session.time)
            canvas.renderer.present()
            frameLog.frameDone(frame)
        }
        recording?.finish()
        try frameLog.write()
        return !driver.missedNode
    }

    private func save(_ fb: Framebuffer, _ path: String) {
        do { try fb.savePNG(to: URL(fileURLWithPath: path)) } catch {
            logger.error("cannot save the screenshot \(path): \(error)")
        }
    }
}
