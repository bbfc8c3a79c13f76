import Stage

/// A horizontal slider (SwiftUI's `Slider`, iOS look, spec 05 §3.3): as wide as offered, 28 pt tall; a 4-pt track,
/// accent-coloured (`.tint`) left of the knob and grey right of it; a white ⌀28 knob with a soft shadow.
///
/// The knob's centre runs from 14 pt inside the leading edge to 14 pt inside the trailing one, so a pointer at x
/// means value = lower + clamp((x − x0) / (x1 − x0), 0, 1) · (upper − lower), snapped to `step` when there is one.
/// A press anywhere on the track jumps the knob there (a desktop convenience, spec 05 §5 item 19) and dragging
/// follows; `onEditingChanged` gets true at the press and false at the release. With keyboard focus ←/↓ and →/↑
/// move one step (1 % of the range without a step), PgDn/PgUp ten times that, Home/End to the ends.
/// Probes report the value as `value`.
public struct Slider: View, PrimitiveView {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let onEditingChanged: (Bool) -> Void

    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil,
                                        onEditingChanged: @escaping (Bool) -> Void = { _ in })
    where V.Stride: BinaryFloatingPoint {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.map { Double($0) }.flatMap { $0 > 0 ? $0 : nil }
        self.onEditingChanged = onEditingChanged
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(SliderElement.self) { SliderElement(path: $0, host: $1) }
        e.binding = value
        e.bounds = bounds
        e.step = step
        e.onEditingChanged = onEditingChanged
        e.isEnabled = ctx.environment.isEnabled
        e.tint = ctx.environment.accentColor
        e.value = e.snapped(value.wrappedValue)
        return [e]
    }
}

final class SliderElement: Element, ControlBehaviour, Focusable {
    static let height = 28.0
    static let knobRadius = 14.0
    var binding = Binding<Double>.constant(0)
    var bounds: ClosedRange<Double> = 0...1
    var step: Double?
    var onEditingChanged: (Bool) -> Void = { _ in }
    var isEnabled = true
    var tint = Color.blue
    /// The value shown (the binding's, clamped and snapped, as of the last evaluation).
    var value = 0.0
    private var isEditing = false

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    // MARK: Value

    private var span: Double { bounds.upperBound - bounds.lowerBound }
    private var fraction: Double { span > 0 ? (value - bounds.lowerBound) / span : 0 }

    /// `v` kept in the bounds and on the step grid (counted from the lower bound, never past the upper one).
    func snapped(_ v: Double) -> Double {
        var v = min(max(v.isFinite ? v : bounds.lowerBound, bounds.lowerBound), bounds.upperBound)
        if let step {
            let steps = ((v - bounds.lowerBound) / step).rounded()
            v = bounds.lowerBound + steps * step
            if v > bounds.upperBound { v -= step }
        }
        return v
    }

    /// The value under x: the knob's centre travels between the track's ends inset by the knob's radius.
    func value(at x: Double) -> Double {
        let x0 = frame.minX + Self.knobRadius, x1 = frame.maxX - Self.knobRadius
        let u = x1 > x0 ? (x - x0) / (x1 - x0) : 0
        return bounds.lowerBound + min(1, max(0, u)) * span
    }

    private func change(to v: Double) {
        let s = snapped(v)
        guard s != value else { return }
        value = s
        binding.wrappedValue = s
    }

    private func setEditing(_ editing: Bool) {
        guard editing != isEditing else { return }
        isEditing = editing
        onEditingChanged(editing)
    }

    // MARK: Layout and drawing

    /// Greedy in width (an ideal 100 pt when offered none), fixed in height.
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        Size(max(p.width ?? 100, 2 * Self.knobRadius), Self.height)
    }

    private var knobCenter: Point {
        let x0 = frame.minX + Self.knobRadius, x1 = frame.maxX - Self.knobRadius
        return Point(x0 + fraction * max(0, x1 - x0), frame.midY)
    }

    /// Through the leaf cache: the knob's soft shadow is a refined radial gradient, far dearer than the rest of a
    /// frame's controls, and a still slider beside something that moves (the Particle Lab's preview), or beside the
    /// one being dragged, would make it again every frame. It draws its value, range, tint and whether it is enabled.
    override var drawnContent: AnyHashable? {
        [value, bounds.lowerBound, bounds.upperBound, isEnabled ? 1 : 0, tint.r, tint.g, tint.b, tint.a] as [Double]
    }

    override func drawContent(_ dc: DrawContext) {
        drawLeaf(dc) { dc in
            var dc = dc
            if !isEnabled { dc.opacity *= 0.5 }
            let track = Rect(x: frame.minX, y: frame.midY - 2, width: frame.width, height: 4)
            let knob = knobCenter
            dc.fill(.capsule(in: track), .controlTrack)
            if knob.x > track.minX {
                dc.fill(.capsule(in: Rect(x: track.minX, y: track.minY, width: knob.x - track.minX, height: 4)), tint)
            }
            dc.discShadow(center: knob, radius: Self.knobRadius, color: Color.black.opacity(0.15), sigma: 3, offset: Size(0, 2))
            dc.fill(.circle(in: Rect(center: knob, size: Size(2 * Self.knobRadius, 2 * Self.knobRadius))), .white)
        }
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }

    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        [("value", .number(model: value, presented: value))] + super.probeValues(at: time)
    }

    // MARK: Input

    func pressed(at p: Point, time: Double) {
        guard isEnabled else { return }
        setEditing(true)
        change(to: value(at: p.x))
    }

    func moved(to p: Point, inside: Bool, time: Double) {
        if isEditing { change(to: value(at: p.x)) }
    }

    func released(at p: Point, inside: Bool, time: Double) {
        guard isEditing else { return }
        change(to: value(at: p.x))
        setEditing(false)
    }

    func cancelled() { setEditing(false) }

    var focusRing: Path {
        let r = Self.knobRadius + 2
        return .circle(in: Rect(center: knobCenter, size: Size(2 * r, 2 * r)))
    }

    func focusedKey(_ key: Key) -> Bool {
        guard !key.ctrl else { return false }
        let small = step ?? span / 100
        let large = step.map { $0 * 10 } ?? span / 10
        let target: Double
        switch key.name {
        case "left", "down": target = value - small
        case "right", "up": target = value + small
        case "pagedown": target = value - large
        case "pageup": target = value + large
        case "home": target = bounds.lowerBound
        case "end": target = bounds.upperBound
        default: return false
        }
        // Each key press is a whole edit.
        setEditing(true)
        change(to: target)
        setEditing(false)
        return true
    }
}
