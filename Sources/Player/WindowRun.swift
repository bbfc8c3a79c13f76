import Backend
import Foundation
import Stage

/// A real window: real time, mouse and keyboard, the audio device (or silence), and the same script commands.
struct WindowRun {
    let options: RunOptions
    init(_ options: RunOptions) { self.options = options }

    func run() throws {
        let startSize = options.size ?? options.entry?.info.referenceSize ?? MenuScene.info.referenceSize
        let window = try Window(title: "Zoetrope", size: startSize, assets: options.assets)
        let audio = AudioEngine(mode: .device, assets: options.assets, captureURL: options.audioOut)
        defer { audio.close() }
        let session = Session(entry: options.entry, size: window.size, sound: audio, seed: options.seed,
                                  assets: options.assets)
        session.measure = { [unowned window] in window.renderer.measure($0, font: $1) }
        func retitle(_ info: SceneInfo) {
            window.setTitle(info.id == MenuScene.info.id ? "Zoetrope" : "\(info.title) - Zoetrope")
        }
        retitle(session.host.info)
        session.onSceneChange = { [unowned window, unowned session] info in
            retitle(info)
            // Each scene opens at its own reference size unless the user fixed one.
            if options.size == nil { window.setSize(info.referenceSize); session.size = window.size }
        }
        session.onAppKey = { [unowned window] key in if key.name == "f11" { window.toggleFullscreen() } }

        var pending = options.script.events[...]
        let frameClock = FrameClock()
        func clock() -> Double { frameClock.seconds }
        var running = true
        while running && !session.quitRequested {
            let now = clock()
            var inputs: [(time: Double, input: Input)] = []
            var screenshots: [String] = []
            for event in window.pollEvents() {
                switch event {
                case .quit: running = false
                case let .pointer(p): inputs.append((now, .pointer(p)))
                case let .key(k): inputs.append((now, .key(k)))
                case let .resized(s): session.size = s
                case let .droppedFile(path):
                    session.openEffectFile(URL(fileURLWithPath: path))
                }
            }
            while let e = pending.first, e.time <= now {
                pending.removeFirst()
                switch e.action {
                case let .screenshot(path): screenshots.append(path)
                case .quit: running = false
                default: if let input = e.action.input { inputs.append((e.time, input)) }
                }
            }
            session.advance(to: max(session.time, now), inputs: inputs)
            audio.advance(to: session.time)
            session.draw(on: window.renderer)
            for path in screenshots {
                do { try window.renderer.readFramebuffer().savePNG(to: URL(fileURLWithPath: path)) } catch {
                    Log.shared.warnOnce("\(error)")
                }
            }
            window.renderer.present()
            // Keep to about 60 frames a second when the driver does not wait for vsync.
            let spare = 1.0 / 60 - (clock() - now)
            frameClock.sleep(spare)
        }
    }
}
