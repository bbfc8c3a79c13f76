import Foundation
import Motion

/// Runs one scene: owns its clock and context, maps the window onto the scene (responsive or fixed canvas),
/// routes pointer input to the topmost interactive node, and draws the tree.
@MainActor
public final class SceneHost {
    public let info: SceneInfo
    public let context: SceneContext
    public let scene: Scene
    /// The content area in logical pixels.
    public var windowSize: Size
    public var clock: Clock { context.clock }
    private var active: Node?
    private let painter = Painter()

    public init(entry: SceneEntry, sound: SoundPlayer, seed: UInt64 = 0, windowSize: Size,
                assets: AssetResolver = AssetResolver(roots: [])) {
        info = entry.info
        context = SceneContext(clock: Clock(), sound: sound, seed: seed, assets: assets)
        // A responsive scene's points are the window's; a fixed canvas is scaled (SceneContext.roundsFrames).
        context.roundsFrames = info.mapping == .responsive
        scene = entry.make(context)
        self.windowSize = windowSize
    }

    /// Device pixels per point of the window (from its renderer; see `SceneContext.pixelScale`).
    public var pixelScale: Double {
        get { context.pixelScale }
        set { context.pixelScale = newValue }
    }

    /// The size the scene lays out against.
    public var sceneSize: Size { info.mapping == .responsive ? windowSize.clamped : info.referenceSize }

    /// Scene space → window space: identity when responsive; uniform fit, centred, for a fixed canvas.
    public var sceneToWindow: Homography {
        guard info.mapping == .fixedCanvas else { return .identity }
        let ref = info.referenceSize
        let s = min(windowSize.width / ref.width, windowSize.height / ref.height)
        let dx = (windowSize.width - ref.width * s) / 2, dy = (windowSize.height - ref.height * s) / 2
        return Homography(Affine(a: s, b: 0, c: 0, d: s, tx: dx, ty: dy))
    }

    /// Lays out the initial state, then runs the scene's appear handlers at t = 0 (spec README §3.13).
    public func start() {
        scene.layout(size: sceneSize, time: clock.now)
        scene.appear()
    }

    /// Leaves the scene: cancels its timers and stops its sounds.
    public func stop() {
        clock.cancelAll()
        context.sound.stop(nil, at: clock.now)
    }

    /// Advances the scene clock, firing due timers at their exact times.
    public func advance(to time: Double) { clock.advance(to: time) }

    private func toScene(_ p: Point) -> Point { sceneToWindow.inverted?.apply(p) ?? p }

    /// Delivers pointer input (window coordinates) at the current clock time.
    public func pointer(_ event: PointerEvent) {
        let t = clock.now
        switch event {
        case let .press(p):
            scene.layout(size: sceneSize, time: t)
            let sp = toScene(p)
            active = topmostInteractive(at: sp, in: scene.root)
            active?.pointerPressed(at: sp, time: t)
        case let .move(p):
            active?.pointerMoved(to: toScene(p), time: t)
        case let .release(p):
            let sp = toScene(p)
            if let node = active {
                active = nil
                node.pointerReleased(at: sp, inside: node.hitTest(sp), time: t)
            }
        case let .wheel(p, lines):
            let sp = toScene(p)
            var node = topmostInteractive(at: sp, in: scene.root)
            while let n = node, !n.scrolled(by: lines, at: sp, time: t) { node = n.parent }
        case .cancel:
            active?.pointerCancelled(time: t)
            active = nil
        }
    }

    public func key(_ key: Key) -> Bool { scene.key(key) }

    /// When the scene may next change without input (scene time; nil: not until input); see `Scene.nextChange`.
    public func nextChange() -> Double? {
        let t = clock.now
        let due = clock.nextDueTime
        guard let scene = scene.nextChange(after: t) else { return due }
        return min(scene, due ?? .infinity)
    }

    public func textInput(_ text: String) -> Bool { scene.textInput(text) }

    /// Lays the scene out for the current time and size (this also steps its particle layers).
    public func layout() { scene.layout(size: sceneSize, time: clock.now) }

    /// Lays the scene out for the current time and size, then draws it.
    public func draw(on renderer: Renderer) {
        layout()
        if info.mapping == .fixedCanvas {
            renderer.clear(.black)
            let canvas = Painter.bounds(of: Rect(origin: .zero, size: info.referenceSize), under: sceneToWindow)
            painter.draw(scene.root, on: renderer, time: clock.now, base: sceneToWindow, clip: canvas)
        } else {
            renderer.clear(.white)
            painter.draw(scene.root, on: renderer, time: clock.now)
        }
    }

    /// The node a press at `point` goes to: the last-drawn interactive node whose hit area contains it.
    public func topmostInteractive(at point: Point, in node: Node) -> Node? {
        guard !node.isHidden else { return nil }
        for child in node.children.reversed() {
            if let hit = topmostInteractive(at: point, in: child) { return hit }
        }
        return node.isInteractive && node.hitTest(point) ? node : nil
    }
}
