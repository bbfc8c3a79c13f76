/// A push button: the action fires when the primary button is released inside the hit area, the press having
/// started inside it (touch-up-inside, spec README §3.12). The hit area is the frame after the button's transforms.
/// Children are the label; while pressed they are drawn at `pressedOpacity`, fading back over `releaseFade` seconds.
open class Button: Node {
    public var action: () -> Void
    public var isEnabled = true
    public var pressedOpacity = 0.25
    public var releaseFade = 0.0
    public private(set) var isPressed = false
    private var isTracking = false
    private var releasedAt: Double?

    public init(name: String? = nil, frame: Rect = .zero, action: @escaping () -> Void) {
        self.action = action
        super.init(name: name, frame: frame)
    }

    open override var isInteractive: Bool { isEnabled }

    open override func pointerPressed(at point: Point, time: Double) {
        guard isEnabled else { return }
        isTracking = true; isPressed = true; releasedAt = nil
    }
    open override func pointerMoved(to point: Point, time: Double) {
        guard isTracking else { return }
        let inside = hitTest(point)
        if isPressed && !inside { releasedAt = time }
        isPressed = inside
    }
    open override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        guard isTracking else { return }
        isTracking = false
        if isPressed { releasedAt = time }
        isPressed = false
        if inside && isEnabled { action() }
    }
    open override func pointerCancelled(time: Double) {
        if isPressed { releasedAt = time }
        isTracking = false; isPressed = false
    }

    open override func interactionOpacity(at time: Double) -> Double {
        if isPressed { return pressedOpacity }
        guard let releasedAt, releaseFade > 0 else { return 1 }
        let u = min(1, max(0, (time - releasedAt) / releaseFade))
        return pressedOpacity + (1 - pressedOpacity) * u
    }
}
