import Backend
import Diagnostics
import Foundation
import Player
import Stage
import Views
import XCTest
import ZoetropeTestSupport

/// The test harness of spec README §3.2: load a scene by id, step the virtual clock, inject pointer input and keys,
/// read animatable properties and nodes, capture the frame buffer, read sounds, log and haptics. For tests only: the
/// binary's own harness (`--script` probes, §3.17) is `ScriptDriver`.
public final class Harness {
    public let session: Session
    /// Every sound request the scene made, on the player's time line.
    public let sounds = RecordingSoundPlayer()
    /// The real mixer on the virtual clock (offline mode), for audio state and captures.
    public let audio: AudioEngine
    private var canvas: HeadlessCanvas?
    /// Device pixels per point of the captures (2: a HiDPI window's); the scene's views round frames to this grid.
    public let scale: Double
    private let resolver: AssetResolver
    private let recorder: RecordingRenderer
    /// Where the process's shared log stood when this harness opened (`log` reads from there).
    private let logMark = RunLog.shared.lineCount
    /// The fixed step of headless and test mode.
    public static let step = 1.0 / 60

    /// - Parameters:
    ///   - render: draw with SDL's software renderer (pixels); otherwise record batches only.
    ///   - scale: pixels per point of the rendered canvas (`capture()` is `scale` times the size).
    ///   - assets: asset roots (default: the checkout's bundled Resources).
    ///   - audioOut: also write the mixed audio to this WAV file.
    public convenience init(scene id: String, size: Size? = nil, seed: UInt64 = 0, render: Bool = false,
                            scale: Double = 1, assets: AssetResolver? = nil, audioOut: URL? = nil) throws {
        try self.init(entry: Session.entry(id), size: size, seed: seed, render: render, scale: scale, assets: assets,
                      audioOut: audioOut)
    }

    /// A scene entry the test made itself (e.g. a scene given test doubles), with the same options.
    public init(entry: SceneEntry, size: Size? = nil, seed: UInt64 = 0, render: Bool = false, scale: Double = 1,
                assets: AssetResolver? = nil, audioOut: URL? = nil) throws {
        let resolver = assets ?? AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        self.resolver = resolver
        audio = AudioEngine(mode: .offline, assets: resolver, captureURL: audioOut)
        session = Session(entry: entry, size: size, sound: TeeSoundPlayer([sounds, audio]), seed: seed,
                          assets: resolver)
        self.scale = scale
        session.pixelScale = scale
        recorder = RecordingRenderer(assets: resolver)
        if render {
            let c = try HeadlessCanvas(width: Int(session.size.width), height: Int(session.size.height), scale: scale,
                                       assets: resolver)
            canvas = c
            session.measure = { [unowned c] in c.renderer.measure($0, font: $1) }
        }
        draw()
    }

    /// Seconds since the scene started.
    public var time: Double { session.time }

    /// Advances by `dt` in fixed steps of 1/60 s (the last one shorter), drawing each frame.
    public func advance(by dt: Double) { advance(to: time + dt) }

    /// Every frame is laid out (which steps particle layers at the fixed step); the drawing is recorded for the last.
    public func advance(to t: Double) {
        while time < t - 1e-12 {
            // The last step lands on t exactly (sums of 1/60 drift below it).
            let next = time + Harness.step
            session.advance(to: next >= t - 1e-9 ? t : next)
            audio.advance(to: time)
            if time < t - 1e-12 { session.host.layout() } else { draw() }
        }
    }

    // MARK: Input (logical content coordinates, delivered at the current time)

    public func press(_ x: Double, _ y: Double) { send(.pointer(.press(Point(x, y)))) }
    public func move(_ x: Double, _ y: Double) { send(.pointer(.move(Point(x, y)))) }
    public func release(_ x: Double, _ y: Double) { send(.pointer(.release(Point(x, y)))) }
    public func click(_ x: Double, _ y: Double) { press(x, y); release(x, y) }
    /// A key by its script name ("space", "shift+tab"); a name that is no key fails the calling test.
    public func key(_ name: String, file: StaticString = #filePath, line: UInt = #line) {
        guard let k = Key(parsing: name) else { return XCTFail("no key is named \"\(name)\"", file: file, line: line) }
        send(.key(k))
    }
    /// Text input into the focused field.
    public func type(_ text: String) { send(.text(text)) }

    /// Inputs at the same time belong to the same frame: the scene lays out at the next advance, as in the run loop.
    private func send(_ input: Input) {
        session.advance(to: time, inputs: [(time, input)])
    }

    // MARK: Reading

    /// Presented and model value of an animatable property such as "leftDoor.offset.x".
    public func property(_ key: String) -> (presented: Double, model: Double)? {
        if let v = (session.host.scene as? AnimatableProperties)?.animatableProperty(key, at: session.sceneTime) { return v }
        // "node.key": the node's probe value (the node name is everything before the first dot).
        guard let dot = key.firstIndex(of: ".") else { return nil }
        return value(String(key[..<dot]), String(key[key.index(after: dot)...])).map { ($0.presented, $0.model) }
    }

    /// What `probe NAME` reports now (spec README §3.17); nil when the scene has no such node.
    public func probe(_ name: String) -> ProbeReport? {
        session.host.layout()
        return session.probe.probe(name, at: session.sceneTime)
    }

    /// What `probe *` reports now.
    public func probeAll() -> [ProbeReport] {
        session.host.layout()
        return session.probe.probeAll(at: session.sceneTime)
    }

    /// Clicks the centre of a named node as drawn now (`click NODE`, mapped onto the window like the script's: a fixed
    /// canvas is scaled and centred in it); fails the caller's expectation when absent.
    @discardableResult
    public func click(node name: String) -> Bool {
        guard let r = probe(name) else { return false }
        let p = session.host.sceneToWindow.apply(r.drawn.center)
        click(p.x, p.y)
        return true
    }

    /// Model and presented value of a node's animatable property (probe key such as "scale" or "trim.to").
    public func value(_ node: String, _ key: String) -> (model: Double, presented: Double)? {
        guard case let .number(model, presented)? = probe(node)?.value(key) else { return nil }
        return (model, presented)
    }

    /// Content size of the session, after `resize`; a canvas that cannot be made at that size fails the calling test.
    public func resize(_ width: Double, _ height: Double, file: StaticString = #filePath, line: UInt = #line) {
        session.size = Size(width, height)
        guard canvas != nil else { return }
        do {
            let c = try HeadlessCanvas(width: Int(width), height: Int(height), scale: scale, assets: resolver)
            canvas = c
            session.measure = { [unowned c] in c.renderer.measure($0, font: $1) }
        } catch {
            canvas = nil
            XCTFail("cannot resize the canvas to \(width)x\(height): \(error)", file: file, line: line)
        }
    }

    /// A node by name in the current scene's tree (frame, content, hidden state).
    public func node(_ name: String) -> Node? { session.host.scene.root.find(name) }

    /// The scene's model object, for white-box checks.
    public var scene: Scene { session.host.scene }

    /// The current frame drawn with SDL's software renderer (requires `render: true`). Frames in between are only
    /// recorded: every animated value is a closed-form function of time, so skipping their pixels changes nothing.
    public func capture() -> Framebuffer? {
        guard let canvas else { return nil }
        session.draw(on: canvas.renderer)
        return canvas.renderer.readFramebuffer()
    }

    /// What the recording renderer saw in the last frame.
    public var batches: [RecordingRenderer.Batch] { recorder.batches }
    /// The particle batches of the last frame.
    public var particleDraws: [RecordingRenderer.ParticleDraw] { recorder.particleDraws }
    /// The order the last frame drew its batches and particle draws in.
    public var drawOrder: [RecordingRenderer.Drawn] { recorder.drawOrder }

    /// What the scene's code made felt or heard as a phone (none when it cannot).
    private var deviceFeedback: DeviceFeedback? { (session.host.scene as? DeviceFeedbackSource)?.deviceFeedback }
    /// The haptics felt so far (spec README §3.11).
    public var haptics: [String] { deviceFeedback?.haptics ?? [] }
    /// The system sounds played so far, with their scene times (spec 06 §2.0).
    public var systemSounds: [(name: String, time: Double)] { deviceFeedback?.systemSounds ?? [] }

    /// What a channel plays now: the asset and the position in seconds, or nil when silent.
    public func nowPlaying(_ channel: SoundChannel = .player) -> (name: String, position: Double)? { audio.nowPlaying(channel) }

    /// The log lines since this harness opened (warnings and the scenes' own lines), whatever else reset the
    /// process's shared log meanwhile.
    public var log: [String] { RunLog.shared.messages(since: logMark) }

    /// Isolated (SE-0371), as the harness: harnesses are made and dropped on the main thread, where tests run.
    isolated deinit { audio.close() }

    private func draw() { session.draw(on: recorder) }
}
