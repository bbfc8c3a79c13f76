import Backend
import Foundation
import Stage

/// A real window: real time, mouse and keyboard, the audio device (or silence), and the same script commands.
struct WindowRun {
    let options: RunOptions
    init(_ options: RunOptions) { self.options = options }

    /// Returns false when a probe or click named a node the scene does not have.
    func run() throws -> Bool {
        // Mesa's driver loads on another core while SDL opens the display (issue 24: the first frame).
        Window.preloadDriver()
        let startSize = options.size ?? options.entry?.info.referenceSize ?? GalleryScene.info.referenceSize
        // The window opens on another thread while the scene is made on this one (issue 24: the first frame).
        let opening = WindowOpening.open(title: "Zoetrope", size: startSize, assets: options.assets)
        // The device opens on the first sound, or after the first frame (below), not before it.
        let audio = AudioEngine(mode: .device, assets: options.assets, captureURL: options.audioOut,
                                decodedSounds: .user(), soundDecoding: SoundHelper.decoding)
        defer { audio.close() }
        let session = Session(entry: options.entry, size: startSize, sound: audio, seed: options.seed,
                                  assets: options.assets, catalog: options.catalog)
        let window = try opening.window()
        // SDL_mixer and SDL_image are not linked: they load on other threads while the scene is first drawn, so that
        // the first sound or picture decode finds them loaded (or waits for the load under way). Not sooner: their
        // `dlopen`s would hold the loader's lock that the window's display and OpenGL set-up wait for.
        SDLMixerLibrary.preload()
        SDLImageLibrary.preload()
        // A screen too small for the size asked for shrinks the window (`Window.fit`).
        if window.size != session.size { session.size = window.size }
        // Pictures decoded by an earlier run are read back rather than decoded again (issue 24: the first frame).
        window.renderer.pictureStore = .user()
        session.codePanel.projectFolder = options.reload?.project.folder.url
        session.measure = { [unowned window] in window.renderer.measure($0, font: $1) }
        // The gallery's pictures are made off this thread and shown as they come.
        session.thumbnails = ThumbnailService(waits: false)
        // Text fields copy and paste through the desktop clipboard.
        session.clipboard = .sdl
        func retitle(_ info: SceneInfo) {
            window.setTitle(info.id == GalleryScene.info.id ? "Zoetrope" : "\(info.title) - Zoetrope")
        }
        retitle(session.host.info)
        session.onSceneChange = { [unowned window, unowned session] info in
            retitle(info)
            // Each scene opens at its own reference size unless the user fixed one.
            if options.size == nil { window.setSize(info.referenceSize); session.size = window.size }
        }
        // R records what is on screen, F12 saves a screenshot (when the scene leaves the key alone); --record records
        // from the first frame.
        let recording = WindowRecording(audio: audio, record: options.record, sceneID: { [unowned session] in session.host.info.id })
        session.onAppKey = { [unowned window] key in
            if recording.handle(key) { return }
            if key.name == "f11" { window.toggleFullscreen() }
        }
        session.codePanel.onToggle = { [unowned window, unowned session] open in
            session.codePanel.windowToggled(open, window: window, session: session, fixedSize: options.size != nil)
        }

        // The scrub bar while paused, and the pictures it shows while its playhead is dragged (TimelineBar.swift).
        let timeline = TimelineBar()
        session.scrub.onNewHistory = { [unowned timeline] in timeline.cache.clear() }

        let driver = ScriptDriver(options.script, session: session, audio: audio)
        var screenshots: [String] = []
        // A window shows whole frames: screenshots are read after this frame is drawn.
        driver.screenshot = { screenshots.append($0) }
        driver.resize = { [unowned window, unowned session] size in
            window.setSize(size)
            session.size = window.size
        }
        let frameClock = FrameClock()
        func clock() -> Double { frameClock.seconds }
        var running = true
        var events = window.pollEvents()
        var mustDraw = true
        let frameLog = FrameLog(stats: options.frameStats)
        var frames = 0
        var reloadNote: String?
        // --duration ends a window run too (a demo on a loop, a benchmark): the earlier of it and the script's quit.
        let end = options.duration ?? .infinity
        while running && !session.quitRequested && !driver.quitReached && !StopSignal.requested && clock() < end {
            let now = clock()
            var inputs: [(time: Double, input: Input)] = []
            screenshots = []
            for event in events {
                switch event {
                case .quit: running = false
                case let .pointer(p):
                    if !timeline.handle(p, now: now, session: session, size: session.sceneArea) { inputs.append((now, .pointer(p))) }
                case let .key(k): inputs.append((now, .key(k)))
                case let .text(t): inputs.append((now, .text(t)))
                case let .resized(s): session.size = s; timeline.cache.clear()
                case .exposed: break
                case let .droppedFile(path):
                    session.openEffectFile(URL(fileURLWithPath: path))
                }
            }
            // Draw when something happened or the picture changes now; a still scene is not drawn again.
            let due = session.nextChange.map { $0 <= now + 1e-9 } ?? false
            let scripted = driver.nextEventTime.map { $0 <= now } ?? false
            let scrubbed = timeline.update(now: now, session: session)
            var reloaded = false
            if let update = options.reload?.poll(now: now) {
                reloaded = true
                if case let .rebuilt(entries, seconds) = update {
                    session.catalog = entries
                    if let entry = entries.first(where: { $0.info.id == session.entry.info.id }) { session.reload(entry) }
                    reloadNote = "rebuilt in \(String(format: "%.2f", seconds)) s; the scene is back at \(String(format: "%.2f", session.sceneTime)) s"
                }
            }
            if mustDraw || !events.isEmpty || due || scripted || scrubbed || reloaded || recording.wantsDraw(now: now) {
                frameLog.frameBegan()
                driver.advance(to: max(session.time, now), inputs: inputs)
                frameLog.phaseDone("step")
                if let picture = timeline.preview(session: session) { window.renderer.drawPicture(picture) } else {
                    // The window may have moved to a screen of another density.
                    session.pixelScale = window.renderer.scale
                    session.draw(on: window.renderer)
                    frameLog.phaseDone("draw")
                    timeline.sceneDrawn(session: session, renderer: window.renderer)
                    frameLog.phaseDone("history")
                }
                for path in screenshots {
                    do { try window.renderer.readFramebuffer().savePNG(to: URL(fileURLWithPath: path)) } catch {
                        logger.error("cannot save the screenshot \(path): \(error)")
                    }
                }
                recording.frameDrawn(now: now, renderer: window.renderer)
                timeline.draw(session: session, on: window.renderer, size: session.sceneArea)
                recording.drawOverlay(now: now, on: window.renderer, size: window.size)
                options.reload?.drawErrors(on: window.renderer, size: window.size)
                frameLog.phaseDone("overlays")
                window.renderer.present()
                frameLog.phaseDone("present")
                // Said once the new build's first frame is on screen (scripts/bench reload times this line).
                if let note = reloadNote { logger.info("\(note)"); reloadNote = nil }
                if frames == 0 {
                    frameLog.firstFrameDrawn()
                    // The first click's sound then does not wait for the device.
                    audio.open()
                } else {
                    frameLog.frameDone(frames)
                }
                frames += 1
                mustDraw = false
            } else {
                driver.advance(to: max(session.time, now))
            }
            // Keep to about 60 frames a second while things move; otherwise sleep until the next event, timer or
            // scripted command (SDL_WaitEventTimeout).
            let frameEnd = now + 1.0 / 60
            let next = [session.nextChange, driver.nextEventTime, end.isFinite ? end : nil, recording.nextChange, timeline.nextChange,
                        options.reload?.nextChange]
                .compactMap { $0 }.min()
            if let next, next <= frameEnd {
                events = WindowRun.waitOutFrame(until: frameEnd, window: window, clock: clock)
            } else {
                window.renderer.idle()
                let wait = (next ?? .infinity) - clock()
                events = window.waitEvents(timeout: min(wait, 1))
            }
        }
        recording.close(now: clock())
        session.thumbnails?.stop()
        try frameLog.write()
        return !driver.missedNode
    }
}

extension WindowRun {
    /// Waits until `end` (the next frame of a moving scene) and returns what happened meanwhile; a press, release, key
    /// or text ends the wait at once, so its frame is drawn and its sound started now rather than up to a frame later
    /// (issue 24: click → sound). Pointer moves alone keep waiting, so a drag does not draw faster than 60 frames a
    /// second.
    static func waitOutFrame(until end: Double, window: Window, clock: () -> Double) -> [WindowEvent] {
        var events: [WindowEvent] = []
        while true {
            let left = end - clock()
            guard left > 0.001 else { return events + window.pollEvents() }
            // Whole milliseconds, rounded down as the sleep before was: the frame is not made late.
            events += window.waitEvents(timeout: (left * 1000).rounded(.down) / 1000)
            if events.contains(where: endsTheWait) { return events + window.pollEvents() }
        }
    }

    private static func endsTheWait(_ event: WindowEvent) -> Bool {
        switch event {
        case .pointer(.move), .resized, .exposed: return false
        case .pointer, .key, .text, .droppedFile, .quit: return true
        }
    }
}
