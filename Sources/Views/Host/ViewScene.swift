import Diagnostics
import Foundation
import Logging
import Motion
import Stage

/// A scene written as a view: the engine's `Scene` that evaluates, lays out and draws a view tree, routes input
/// to it, and answers the harness's probes by node name.
public final class ViewScene: Scene {
    public static let info = SceneInfo(id: "view", chapter: "", title: "", referenceSize: Size(390, 844), mapping: .responsive)
    public let root: Node
    public let host: ViewHost
    private let canvas: ViewCanvas

    public required convenience init(context: SceneContext) { self.init(context: context) { EmptyView() } }

    public init(context: SceneContext, content: @escaping () -> any View) {
        host = ViewHost(context: context, root: content)
        canvas = ViewCanvas(host: host)
        root = canvas
        ViewScene.current = self
    }

    /// The scene being run (the books' global `playSound` plays through it).
    static weak var current: ViewScene?

    public func appear() {
        ViewScene.current = self
        host.update(size: canvas.frame.size)
    }

    public func nextChange(after time: Double) -> Double? {
        host.needsDraw ? time : host.nextChange(after: time)
    }

    public func layout(size: Size, time: Double) {
        ViewScene.current = self
        canvas.frame = Rect(origin: .zero, size: size)
        host.update(size: size)
    }

    /// Tab/Shift+Tab and the focused control's keys; false when unused, so the player's keys still work.
    public func key(_ key: Key) -> Bool { host.popupKey(key) ?? host.presentationKey(key) ?? host.focus.key(key) }

    /// Typed text (SDL_TEXTINPUT, the script's `type`) for the focused text field.
    public func textInput(_ text: String) -> Bool { host.presentationText(text) ?? host.focus.text(text) }
}

/// The Stage node a view tree draws into: it takes all pointer input over the content area and keeps the last
/// frame's batches, so a still frame is drawn again without layout or tessellation.
final class ViewCanvas: Node {
    let host: ViewHost
    private lazy var list = DisplayList(host: host)
    private var listTime = -Double.infinity
    private var listTransform: Homography?

    init(host: ViewHost) { self.host = host; super.init(name: nil) }

    override var isInteractive: Bool { true }
    override func pointerPressed(at point: Point, time: Double) { host.pointer(.press(point)) }
    override func pointerMoved(to point: Point, time: Double) { host.pointer(.move(point)) }
    override func pointerReleased(at point: Point, inside: Bool, time: Double) { host.pointer(.release(point)) }
    override func pointerCancelled(time: Double) { host.pointer(.cancel) }
    override func scrolled(by lines: Double, at point: Point, time: Double) -> Bool {
        let used = host.scroll(at: point, lines: lines)
        host.flush()
        return used
    }

    override func drawCustom(transform: Homography, opacity: Double, renderer: Renderer) {
        let time = host.now
        let still = !host.needsDraw && listTransform == transform && (time == listTime || !host.isAnimating(at: time) && !host.wasAnimatingAtLastDraw)
        if !still {
            list.reset()
            let dc = DrawContext(transform: transform, opacity: opacity, clip: nil, time: time, list: list)
            host.root.draw(dc)
            host.focus.drawRing(dc)
            host.popup?.drawPopup(dc)
            host.needsDraw = false
            host.wasAnimatingAtLastDraw = host.isAnimating(at: time)
            listTime = time
            listTransform = transform
            host.stats.draws += 1
        }
        list.replay(on: renderer)
    }
}

public extension ViewScene {
    /// The scene running now: the books' global services (`playSound`, `UIScreen.main`, `AVAudioPlayer`,
    /// `@AppStorage`) act on it.
    static var running: ViewScene? { current }
    /// The content area the scene is laid out in, in points.
    var contentSize: Size { canvas.frame.size }
    /// Its clock, sound player, assets and seed.
    var context: SceneContext { host.context }
}

extension ViewScene: DeviceFeedbackSource {
    /// The view tree's haptics and system sounds (its host's).
    public var deviceFeedback: DeviceFeedback { host.deviceFeedback }
}

/// Plays a sound through the running scene's one global player (the books' `playSound`), and says what became of it.
@discardableResult
public func playSound(_ name: String) -> SoundStart { ViewScene.current?.host.context.playSound(name) ?? .missing }

/// Stops the running scene's global player.
public func stopSound() {
    guard let context = ViewScene.current?.host.context else { return }
    context.sound.stop(.player, at: context.clock.now)
}

/// A scene's own log line (what the book's `print` says): standard output, and the harness's log. The modules scene
/// code is written in (`Scenes`, and `SwiftUI` for a book project) route their `print` here; this layer does not
/// replace the standard library's `print` for everyone above it.
public func sceneLog(_ items: [Any], separator: String) {
    sceneOutput.info("\(items.map { "\($0)" }.joined(separator: separator))")
}

/// The scenes' `print` lines: plain on standard output, every time (see `RunLogHandler`).
private let sceneOutput = Logger.zoetrope(RunLog.printLabel)

public extension SceneEntry {
    /// A scene written as a view (`.view(id:…) { ContentView() }`); responsive 390×844 unless said otherwise.
    static func view(_ id: String, chapter: String, title: String, size: Size = Size(390, 844),
                     mapping: WindowMapping = .responsive, file: String = #filePath,
                     _ content: @escaping @MainActor @Sendable () -> any View) -> SceneEntry {
        SceneEntry(info: SceneInfo(id: id, chapter: chapter, title: title, referenceSize: size, mapping: mapping),
                   file: file) { context in
            ViewScene(context: context, content: content)
        }
    }
}
