import Stage

/// A push button: the action runs when the pointer is released inside the label's frame, the press having started
/// there (spec README §3.12); the label is drawn at opacity 0.25 while pressed. The label's text and icons default
/// to the accent colour and the body font in effect.
public struct Button<Label: View>: View, PrimitiveView {
    let action: () -> Void
    let label: Label

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action; self.label = label()
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        var inner = ctx
        inner.environment.inButtonLabel = true
        return wrap(inner, label, { ButtonElement(path: $0, host: $1) }) { e in
            e.action = action
            e.isEnabled = ctx.environment.isEnabled
        }
    }
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping () -> Void) {
        self.init(action: action) { Text(title) }
    }
}

/// Pointer behaviour of a control element.
protocol ControlBehaviour: AnyObject {
    func pressed(at p: Point, time: Double)
    func moved(to p: Point, inside: Bool, time: Double)
    func released(at p: Point, inside: Bool, time: Double)
    func cancelled()
}

final class ButtonElement: WrapperElement, ControlBehaviour {
    var action: () -> Void = {}
    var isEnabled = true
    private var isPressed = false

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) { frame = rect; child?.place(in: rect) }

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        if isPressed { dc.opacity *= 0.25 }
        super.drawContent(dc)
    }

    func pressed(at p: Point, time: Double) { if isEnabled { isPressed = true; host.redraw() } }
    func moved(to p: Point, inside: Bool, time: Double) {
        if isPressed != inside && isEnabled { isPressed = inside; host.redraw() }
    }
    func released(at p: Point, inside: Bool, time: Double) {
        isPressed = false
        host.redraw()
        if inside && isEnabled { action() }
    }
    func cancelled() { isPressed = false; host.redraw() }

    override var probeText: String? { firstText(in: self) }
    var enabledForProbe: Bool { isEnabled }
}

/// The first text inside an element (a button's label text).
func firstText(in e: Element) -> String? {
    if let t = e as? TextElement { return t.string }
    for c in e.children { if let s = firstText(in: c) { return s } }
    return nil
}
