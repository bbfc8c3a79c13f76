import Stage

/// A push button: the action runs when the pointer is released inside the label's frame, the press having started
/// there (spec README §3.12); the label is drawn at opacity 0.25 while pressed, unless a `ButtonStyle` draws it
/// (ButtonStyle.swift). The label's text and icons default to the accent colour and the body font in effect.
public struct Button<Label: View>: View, PrimitiveView {
    let action: () -> Void
    let label: Label
    /// `Button(_:role:action:)`: how an alert draws it and which key presses it (Presentation/).
    var role: ButtonRole?

    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.action = action; self.label = label()
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        if let style = ctx.environment.buttonStyle { return resolveStyled(ctx, style) }
        var inner = ctx
        inner.environment.inButtonLabel = true
        return wrap(inner, label, { ButtonElement(path: $0, host: $1) }) { e in
            e.action = action
            e.isEnabled = ctx.environment.isEnabled
            e.isStyled = false
        }
    }

    /// The style's body for the button's current pressed state (ButtonStyle.swift).
    private func resolveStyled(_ ctx: ResolveContext, _ style: AnyButtonStyle) -> [Element] {
        let e = ctx.element(ButtonElement.self) { ButtonElement(path: $0, host: $1) }
        e.action = action
        e.isEnabled = ctx.environment.isEnabled
        e.isStyled = true
        let body = style.makeBody(ButtonStyleConfiguration(label: .init(content: label), isPressed: e.isPressed))
        var inner = ctx.child(.modifier(0))
        inner.stackAxis = nil
        e.setChildren([inner.resolveOne(body)], ctx)
        return [e]
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
    /// It takes a press now (a disabled button lets the press through to what is under it).
    var takesPresses: Bool { get }
    /// A press on it becomes the drag of a scroll view or pager around it once the finger moves that way.
    var yieldsToDraggingContainer: Bool { get }
}

extension ControlBehaviour {
    var takesPresses: Bool { true }
    var yieldsToDraggingContainer: Bool { false }
}

final class ButtonElement: WrapperElement, ControlBehaviour {
    var action: () -> Void = {}
    var isEnabled = true
    private(set) var isPressed = false
    /// Drawn by a `ButtonStyle`: a change of the pressed state updates the view instead of dimming the label.
    var isStyled = false

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) { frame = rect; child?.assign(in: rect) }

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        if isPressed && !isStyled { dc.opacity *= 0.25 }
        super.drawContent(dc)
    }

    /// A styled button's new state is applied at once (before a release's action, in its own update).
    private func setPressed(_ pressed: Bool) {
        guard pressed != isPressed else { return }
        // The style's body is made when the button is resolved: the views around it are evaluated again (their
        // values are unchanged, so without the mark they would be reused as they are).
        if isStyled { host.willChange(); host.markDirty(path) }
        isPressed = pressed
        if isStyled { host.flush() } else { host.redraw() }
    }

    func pressed(at p: Point, time: Double) { if isEnabled { setPressed(true) } }
    func moved(to p: Point, inside: Bool, time: Double) {
        if isEnabled { setPressed(inside) }
    }
    func released(at p: Point, inside: Bool, time: Double) {
        setPressed(false)
        if inside && isEnabled { action() }
    }
    func cancelled() { setPressed(false) }

    var takesPresses: Bool { isEnabled }
    var yieldsToDraggingContainer: Bool { true }
    override var probeText: String? { firstText(in: self) }
    /// A text button is listed by its label; the label's text is not listed again.
    override var probeListing: String? { probeText.map { "text:" + $0 } }
    override var listsItsTexts: Bool { true }
}

/// The first text inside an element, depth first (a button's label text).
func firstText(in e: Element) -> String? {
    for c in e.children { if let s = c.probeText ?? firstText(in: c) { return s } }
    return nil
}
