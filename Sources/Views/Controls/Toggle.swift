import Motion
import Stage

/// A labelled switch (SwiftUI's `Toggle`, iOS look): the label leading, a 51×31 capsule switch trailing — green
/// when on (or the tint set with `.tint`), grey when off, a white knob with a soft shadow. Like SwiftUI it takes the
/// whole width offered (a VStack's width), and a click anywhere on the row, or Space/Return while it has keyboard
/// focus, flips the binding. The knob slides with the change's animation, or 0.2 s easeInOut when the change has
/// none (a switch never jumps). Probes report the knob's position as `knob` (0 off … 1 on) and the track colour as
/// `track`.
public struct Toggle<Label: View>: View, PrimitiveView {
    let isOn: Binding<Bool>
    let label: Label

    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn; self.label = label()
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let on = isOn.wrappedValue, isOn = isOn
        var sliding = ctx
        if sliding.transaction.animation == nil { sliding.transaction.animation = .easeInOut(duration: 0.2) }
        // `.tint` (stored as the accent colour) recolours the on state; the untinted default is green, not blue.
        let accent = ctx.environment.accentColor
        let onColor = accent == .blue ? Color.green : accent
        return wrap(ctx, label, { ToggleElement(path: $0, host: $1) }) { e in
            e.isOn = isOn
            e.isEnabled = ctx.environment.isEnabled
            e.properties.set("knob", on ? 1 : 0, sliding)
            e.properties.set("track", on ? onColor : .controlTrack, sliding)
        }
    }
}

extension Toggle where Label == Text {
    public init(_ title: String, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

final class ToggleElement: WrapperElement, ControlBehaviour, Focusable {
    static let switchSize = Size(51, 31)
    override var drawsWithinFrame: Bool { true }
    /// The least room between the label and the switch (SwiftUI puts a spacer there).
    static let gap = 8.0
    var isOn = Binding<Bool>.constant(false)
    var isEnabled = true

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    // MARK: Layout

    private func labelSize(width: Double?, height: Double?) -> Size {
        let w = width.map { max(0, $0 - Self.switchSize.width - Self.gap) }
        return child?.size(for: ProposedSize(width: w, height: height)) ?? .zero
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        let label = labelSize(width: p.width, height: p.height)
        let ideal = label.width + (label.width > 0 ? Self.gap : 0) + Self.switchSize.width
        return Size(max(p.width ?? ideal, Self.switchSize.width), max(label.height, Self.switchSize.height))
    }

    override func place(in rect: Rect) {
        frame = rect
        guard let c = child else { return }
        let s = labelSize(width: rect.width, height: rect.height)
        c.assign(in: Rect(x: rect.minX, y: rect.midY - s.height / 2, width: s.width, height: s.height))
    }

    /// The switch, at the trailing edge, centred vertically.
    var switchRect: Rect {
        let s = Self.switchSize
        return Rect(x: frame.maxX - s.width, y: frame.midY - s.height / 2, width: s.width, height: s.height)
    }

    // MARK: Drawing

    override func drawContent(_ dc: DrawContext) {
        super.drawContent(dc)
        // The switch through the leaf cache (the label draws itself): its knob's shadows are refined gradients,
        // made again only while the knob and track animate or the toggle changes.
        drawLeaf(dc) { dc in
            var dc = dc
            if !isEnabled { dc.opacity *= 0.5 }
            let r = switchRect
            dc.fill(.capsule(in: r), properties.color("track", at: dc.time) ?? .controlTrack)
            // A spring may overshoot: the knob stays inside the track.
            let knob = min(1, max(0, properties.value("knob", at: dc.time) ?? 0))
            let d = r.height - 4
            let c = Point(r.minX + 2 + d / 2 + knob * (r.width - 4 - d), r.midY)
            dc.discShadow(center: c, radius: d / 2, color: Color.black.opacity(0.15), sigma: 3, offset: Size(0, 3))
            dc.discShadow(center: c, radius: d / 2, color: Color.black.opacity(0.06), sigma: 0.5, offset: Size(0, 1))
            dc.fill(.circle(in: Rect(center: c, size: Size(d, d))), .white)
        }
    }

    // MARK: Input

    func toggle() { isOn.wrappedValue.toggle() }

    func pressed(at p: Point, time: Double) {}
    func moved(to p: Point, inside: Bool, time: Double) {}
    func released(at p: Point, inside: Bool, time: Double) { if inside && isEnabled { toggle() } }
    func cancelled() {}

    var focusRing: Path { .capsule(in: switchRect.insetBy(dx: -2, dy: -2)) }

    func focusedKey(_ key: Key) -> Bool {
        guard !key.ctrl, key.name == "space" || key.name == "return" else { return false }
        toggle()
        return true
    }
}
