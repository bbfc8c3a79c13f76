import Foundation
import Motion
import Particles
import Scenes
import Stage

/// Input for a session, in content coordinates.
public enum Input: Equatable {
    case pointer(PointerEvent)
    case key(Key)
    /// Text typed into the focused field (SDL_TEXTINPUT, or the script's `type`).
    case text(String)
}

extension PointerEvent: Equatable {
    public static func == (a: PointerEvent, b: PointerEvent) -> Bool {
        switch (a, b) {
        case let (.press(p), .press(q)), let (.move(p), .move(q)), let (.release(p), .release(q)): return p == q
        case let (.wheel(p, l), .wheel(q, m)): return p == q && l == m
        case (.cancel, .cancel): return true
        default: return false
        }
    }
}

/// What the player runs, window or not: the menu or one scene, the player's time and each scene's own clock,
/// pause / step / slow motion, the keys every scene shares, and the sounds.
public final class Session {
    public let sound: SoundPlayer
    public let seed: UInt64
    public let assets: AssetResolver
    /// The content area in logical pixels.
    public var size: Size { didSet { host.windowSize = sceneArea; scrubResized() } }
    public internal(set) var host: SceneHost
    /// The entry the current scene was made from (a seek makes it again).
    public internal(set) var entry: SceneEntry
    /// The scenes the menu offers: the book's, or a project's own (`zoetrope run DIR`).
    public internal(set) var catalog: [SceneEntry]
    /// The current scene's input history, for seeking and the timeline (Seek.swift).
    let scrub = ScrubState()
    /// Seconds since the player started (script time).
    public private(set) var time: Double = 0
    public private(set) var isPaused = false
    public private(set) var isSlowMotion = false
    public private(set) var quitRequested = false
    private var stepRequested = false
    /// The scene the menu should highlight when shown again.
    private var lastSceneID: String?
    /// Called after the scene changes (the window resizes and retitles).
    public var onSceneChange: (SceneInfo) -> Void = { _ in }
    /// Called for keys the session leaves to the app (F11).
    public var onAppKey: (Key) -> Void = { _ in }
    /// Maps scene time to player time for sounds, per frame.
    var mapping = (player: 0.0, scene: 0.0, rate: 1.0)
    /// Every scene's sounds go through this, onto the player's time line.
    private let sceneSound = SceneSound()
    /// The current scene's measure function, from the renderer.
    public var measure: ((String, Font) -> Size)? { didSet { if let measure { host.context.measure = measure } } }
    /// The clipboard every scene's text fields use: in memory (the script's `clipboard TEXT`) unless the window's
    /// player installs the desktop's.
    public var clipboard = Clipboard.memory() { didSet { host.context.clipboard = loggedClipboard } }
    /// Device pixels per point of the window (the scenes' views round their frames to this grid).
    public var pixelScale = 1.0 { didSet { host.pixelScale = pixelScale } }
    /// Where the gallery's pictures come from (the player's run loops set it; none in tests of the session alone).
    var thumbnails: ThumbnailService? { didSet { (host.scene as? GalleryScene)?.show(thumbnails: thumbnails) } }
    /// "Show the code": the scene's Swift source beside it (`c`; CodePanel.swift).
    public let codePanel = CodePanel()

    /// Opens `sceneID` (or the menu when nil) at content size `size` (nil: the scene's reference size).
    public convenience init(sceneID: String?, size: Size?, sound: SoundPlayer, seed: UInt64 = 0,
                            assets: AssetResolver = Session.bundledAssets) throws {
        try self.init(entry: sceneID.map(Session.entry), size: size, sound: sound, seed: seed, assets: assets)
    }

    /// Opens `entry` (or the menu when nil) at content size `size` (nil: the scene's reference size).
    public init(entry: SceneEntry?, size: Size?, sound: SoundPlayer, seed: UInt64 = 0,
                assets: AssetResolver = Session.bundledAssets, catalog: [SceneEntry] = SceneCatalog.all) {
        self.sound = sound
        self.catalog = catalog
        // Scenes ask for sound lengths while they load (RoadTrip's players), before the session is complete.
        sceneSound.base = sound
        self.seed = seed
        self.assets = assets
        self.size = size ?? (entry?.info.referenceSize ?? GalleryScene.info.referenceSize)
        self.entry = entry ?? SceneEntry(GalleryScene.self)
        host = SceneHost(entry: entry ?? SceneEntry(GalleryScene.self), sound: sceneSound, seed: seed, windowSize: self.size,
                         assets: assets)
        sceneSound.session = self
        enter(host)
    }

    public static var bundledAssets: AssetResolver { AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? []) }

    public struct UnknownScene: Error, CustomStringConvertible {
        public let id: String
        public var catalog: [SceneEntry]
        /// On the main actor for its default catalog (the catalog's entries are made there).
        @MainActor public init(id: String, catalog: [SceneEntry] = SceneCatalog.all) { self.id = id; self.catalog = catalog }
        public var description: String {
            "unknown scene \"\(id)\". Valid scene ids:\n" + catalog.map { "  " + $0.info.id }.joined(separator: "\n")
        }
    }

    public static func entry(_ id: String) throws -> SceneEntry {
        guard let e = SceneCatalog.entry(id: id) else { throw UnknownScene(id: id) }
        return e
    }

    public var isInMenu: Bool { host.scene is GalleryScene }
    /// The current scene's probe (spec README §3.17): its own, or the default one that walks its nodes.
    public var probe: Probeable { host.scene as? Probeable ?? StageProbe(host.scene) }
    /// Every channel a scene has played a sound on, in first-use order (what `audio` asks the mixer about).
    public fileprivate(set) var soundChannels: [SoundChannel] = []
    public var sceneTime: Double { host.clock.now }

    /// Leaves the current scene and enters `entry` at scene time 0 (nil: the menu).
    public func open(_ entry: SceneEntry?) {
        host.stop()
        codePanel.close()
        self.entry = entry ?? SceneEntry(GalleryScene.self)
        host = SceneHost(entry: entry ?? SceneEntry(GalleryScene.self), sound: sceneSound, seed: seed, windowSize: size, assets: assets)
        enter(host)
    }

    private func enter(_ host: SceneHost) {
        if let gallery = host.scene as? GalleryScene {
            gallery.configure(catalog: catalog, assets: assets)
            gallery.onChoose = { [unowned self] id in open(catalog.first { $0.info.id == id }) }
            if let id = lastSceneID { gallery.select(id: id) }
            gallery.show(thumbnails: thumbnails)
        } else {
            lastSceneID = host.info.id
        }
        if let measure { host.context.measure = measure }
        host.pixelScale = pixelScale
        host.context.clipboard = loggedClipboard
        scrub.enter(size: host.windowSize)
        isPaused = false
        mapping = (time, 0, 1)
        host.start()
        onSceneChange(host.info)
    }

    /// A `.sks` or `.json` effect dropped onto the window: the scene showing may take it (the particle lab adds it to
    /// its effects), else it opens in the preview. A file that cannot be read leaves the scene as it is, with one message.
    public func openEffectFile(_ url: URL) {
        do {
            let result = try ParticleFile.load(url)
            for warning in result.warnings { logger.warning("\(warning)") }
            guard let first = result.emitters.first else { return logger.warning("\(url.path): no emitter in the file") }
            if !host.scene.open(url) {
                open(EmitterPreviewScene.entry(config: first.config, title: url.lastPathComponent))
            }
        } catch {
            logger.warning("cannot open \(url.lastPathComponent): \(error)")
        }
    }

    /// Runs the player from `time` to `end`, delivering `inputs` (player times within the frame) at their exact
    /// times: due timers fire first, then the input, in time order.
    public func advance(to end: Double, inputs: [(time: Double, input: Input)] = []) {
        var rate = isPaused ? 0 : (isSlowMotion ? 0.1 : 1)
        var start = (player: time, scene: host.clock.now)
        let stepTo = stepRequested ? host.clock.now + 1.0 / 60 : nil
        stepRequested = false
        if rate > 0 && end > time || stepTo != nil { scrubMovesOn() }
        mapping = (start.player, start.scene, rate)
        for (t, input) in inputs.sorted(by: { $0.time < $1.time }) {
            let te = min(max(t, start.player), end)
            host.advance(to: start.scene + (te - start.player) * rate)
            time = te
            let before = host
            deliver(input)
            if host !== before { start = (te, host.clock.now); mapping = (te, host.clock.now, rate) }
            // A pause (Space, a scripted `key space`) stops the scene clock at the key's own time.
            if isPaused && rate > 0 { rate = 0; start = (te, host.clock.now); mapping = (te, host.clock.now, 0) }
            if quitRequested { return }
        }
        let sceneEnd = stepTo ?? (start.scene + (end - start.player) * rate)
        host.advance(to: max(host.clock.now, sceneEnd))
        time = end
        scrub.log.reached(host.clock.now)
    }

    /// The player time at which the picture may next change without input (nil: not until input): paused, nothing
    /// moves; otherwise the scene's next change, mapped through slow motion.
    public var nextChange: Double? {
        if stepRequested { return time }
        guard !isPaused, let s = host.nextChange() else { return nil }
        let rate = isSlowMotion ? 0.1 : 1
        return max(time, time + (s - host.clock.now) / rate)
    }

    /// Lays out and draws the current scene.
    public func draw(on renderer: Renderer) {
        scrubResized()
        host.draw(on: renderer)
        scrub.log.layout(at: host.clock.now)
        scrub.warnIfFull()
        drawCodePanel(on: renderer)
    }

    /// Lays out the current scene for the current time (before a probe), as part of its history.
    public func layout() {
        scrubResized()
        host.layout()
        scrub.log.layout(at: host.clock.now)
    }

    private func deliver(_ input: Input) {
        switch input {
        case let .pointer(p):
            // The gallery plays the card under the pointer: it sees every move, not only those of a press.
            (host.scene as? GalleryScene)?.pointer(p)
            if !codePanelPointer(p), scrubRecord(pointer: p) { host.pointer(p) }
        case let .key(k): handle(k)
        case let .text(s): if host.textInput(s) { scrubRecord(.text(s)) }
        }
    }

    /// Scene keys first (a text field may want them), then the keys every scene shares.
    private func handle(_ key: Key) {
        if codePanelTakes(key) { return }
        if host.key(key) { scrubRecord(.key(key)); return }
        if codePanelToggles(key) { return }
        if isPaused && scrubKey(key) { return }
        switch (key.name, key.ctrl) {
        case ("q", true): quitRequested = true
        case ("escape", false): if !isInMenu { open(nil) }
        case ("space", false): isPaused.toggle()
        case ("period", false): if isPaused && !stepThroughHistory() { stepRequested = true }
        case ("s", false): isSlowMotion.toggle()
        default: onAppKey(key)
        }
    }

    /// Player time of a scene time in the current frame (sounds are mixed on the player's time line).
    fileprivate func playerTime(ofSceneTime s: Double) -> Double {
        guard mapping.rate > 0 else { return time }
        return max(mapping.player, mapping.player + (s - mapping.scene) / mapping.rate)
    }
}

/// The scene's sound player: forwards to the session's, moving scene times onto the player's time line.
private final class SceneSound: SoundPlayer {
    weak var session: Session?
    func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart {
        guard let session else { return .missing }
        // A seek replays the scene's history silently (Seek.swift).
        if let replay = session.scrub.replaySound { return replay.play(name, on: channel, at: time) }
        if !session.soundChannels.contains(channel) { session.soundChannels.append(channel) }
        let start = session.sound.play(name, on: channel, at: session.playerTime(ofSceneTime: time))
        session.scrub.soundStarts[name] = start
        return start
    }
    func stop(_ channel: SoundChannel?, at time: Double) {
        guard let session else { return }
        if let replay = session.scrub.replaySound { return replay.stop(channel, at: time) }
        session.sound.stop(channel, at: session.playerTime(ofSceneTime: time))
    }
    func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) -> SoundStart {
        guard let session else { return .missing }
        if let replay = session.scrub.replaySound { return replay.play(name, on: channel, at: time, loops: loops, from: offset) }
        if !session.soundChannels.contains(channel) { session.soundChannels.append(channel) }
        return session.sound.play(name, on: channel, at: session.playerTime(ofSceneTime: time), loops: loops, from: offset)
    }
    /// The session's player, for questions that need no time line (a sound's length).
    var base: SoundPlayer?
    func duration(of name: String) -> Double? { base?.duration(of: name) }
}
