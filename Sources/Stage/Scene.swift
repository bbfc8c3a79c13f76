import Diagnostics
import Foundation
import Logging
import Motion
import Particles

/// How a scene maps onto the window (spec README §3.1).
public enum WindowMapping: String, Sendable {
    /// The scene lays out against the actual content area and re-lays out after a resize.
    case responsive
    /// The scene is drawn on its reference canvas, scaled uniformly to fit, centred, with black bars.
    case fixedCanvas
}

/// What the menu and the command line know about a scene.
public struct SceneInfo: Sendable {
    public var id: String
    /// The chapter group shown in the menu, e.g. "Chapter 11".
    public var chapter: String
    public var title: String
    public var referenceSize: Size
    public var mapping: WindowMapping
    public init(id: String, chapter: String, title: String, referenceSize: Size, mapping: WindowMapping) {
        self.id = id; self.chapter = chapter; self.title = title; self.referenceSize = referenceSize; self.mapping = mapping
    }
}

/// What the engine hands a scene: its clock, its sound player, its random generator, its assets and how text measures.
/// What a phone adds (haptics, system sounds) is the business of the layers above, which host the scene's code.
/// Main-actor isolated, as the scene it belongs to.
@MainActor
public final class SceneContext {
    public let clock: Clock
    public let sound: SoundPlayer
    public var random: SeededRandom
    /// Where the scene tells the user something (`log.warning(…)`: said once per run).
    public let log: Logger
    /// Where the scene's images, sounds and effect files are found.
    public var assets: AssetResolver
    /// Measures text for layouts that depend on it.
    public var measure: (String, Font) -> Size = { s, f in f.estimatedSize(of: s) } { didSet { measureVersion += 1 } }
    /// Changes whenever `measure` is replaced (cached text layouts are then stale).
    public private(set) var measureVersion = 0
    /// The clipboard text fields copy to and paste from (the backend's when there is a window; in memory else).
    public var clipboard = Clipboard.memory()
    /// Device pixels per point of the window the scene is shown in (2 on a HiDPI screen; `SceneHost.pixelScale`
    /// sets it): views antialias on this grid and, when `roundsFrames`, round their frames to it.
    public var pixelScale = 1.0
    /// False for a fixed canvas: it is scaled to the window by any factor, so no grid of its points lines up with
    /// the pixels and its frames stay as laid out.
    public var roundsFrames = true

    public init(clock: Clock, sound: SoundPlayer, seed: UInt64 = 0, log: Logger = .zoetrope("zoetrope.scene"),
                assets: AssetResolver = AssetResolver(roots: [])) {
        self.clock = clock; self.sound = sound; self.random = SeededRandom(seed: seed); self.log = log
        self.assets = assets
    }
    /// The seed the scene was started with (emitters derive their own generators from it).
    public var seed: UInt64 { random.initialSeed }
    /// Plays a sound through the scene's one global player (the books' `playSound`).
    @discardableResult
    public func playSound(_ name: String) -> SoundStart { sound.play(name, on: .player, at: clock.now) }
}

/// A scene: a model with the book's names and a view of nodes bound to it. Scenes run on the main thread (the
/// window's or the headless loop's), like SwiftUI's views.
@MainActor
public protocol Scene: AnyObject, SendableMetatype {
    static var info: SceneInfo { get }
    init(context: SceneContext)
    /// The tree the engine draws and routes input to.
    var root: Node { get }
    /// Runs when the scene is entered (after the first layout, so the initial state is the from-state).
    func appear()
    /// Lays the tree out for content size `size` at scene time `time`; called every frame after timers.
    func layout(size: Size, time: Double)
    /// A key the scene handles itself; return false to let the player handle it.
    func key(_ key: Key) -> Bool
    /// The next scene time at which the picture may change without input: `time` while something moves, a later
    /// time when only a timer is pending, nil when nothing changes until input. A window sleeps until then.
    func nextChange(after time: Double) -> Double?
    /// Text typed into the focused field (after the keys that typed it); return false when nothing takes it.
    func textInput(_ text: String) -> Bool
    /// A file the user opened while the scene shows (dropped on the window), already checked to be readable; return
    /// false to let the player open it itself (the Particle Lab takes effect files this way).
    func open(_ url: URL) -> Bool
}

public extension Scene {
    /// Scenes that do not know say they change all the time (particles, per-frame layouts).
    func nextChange(after time: Double) -> Double? { time }
    func appear() {}
    func key(_ key: Key) -> Bool { false }
    func textInput(_ text: String) -> Bool { false }
    func open(_ url: URL) -> Bool { false }
}

/// A scene type in the catalog.
public struct SceneEntry: Sendable {
    public let info: SceneInfo
    public let make: @MainActor @Sendable (SceneContext) -> Scene
    /// The source file that registered the scene (`#filePath` of its chapter's list), so the player's code panel
    /// knows which folder holds its code; nil for scenes made at run time.
    public var sourceFile: String?
    /// On the main actor: it reads the scene type's `info`, which is main-actor isolated as the scene is.
    @MainActor
    public init<S: Scene>(_ type: S.Type, file: String = #filePath) {
        info = S.info
        make = { S(context: $0) }
        sourceFile = file
    }
    /// A scene made by a closure (e.g. a preview of a file the user opened).
    public init(info: SceneInfo, file: String? = nil, make: @escaping @MainActor @Sendable (SceneContext) -> Scene) {
        self.info = info
        self.make = make
        sourceFile = file
    }
}
