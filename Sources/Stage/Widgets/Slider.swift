import Foundation

/// A horizontal slider: drag the thumb or press anywhere on the track; ←/→ nudge by 1 % (PgUp/PgDn 10 %) when it
/// has keyboard focus. The value stays in `range`; `onChange` runs on every change.
public final class Slider: Node {
    public var range: ClosedRange<Double>
    public private(set) var value: Double
    public var onChange: (Double) -> Void = { _ in }
    public var isEnabled = true
    public var accent = Color.blue
    public private(set) var isDragging = false
    private let track = Node(content: .shape(.capsule, fill: Color(hex: 0xD1D1D6), stroke: nil))
    private let filled = Node(content: .shape(.capsule, fill: .blue, stroke: nil))
    private let thumb = Node(content: .shape(.circle, fill: .white, stroke: Stroke(Color(hex: 0xC7C7CC), width: 1)))

    public init(name: String? = nil, range: ClosedRange<Double>, value: Double) {
        self.range = range
        self.value = min(max(value, range.lowerBound), range.upperBound)
        super.init(name: name)
        add([track, filled, thumb])
    }

    public override var isInteractive: Bool { isEnabled }

    /// Sets the value without calling `onChange` (for a model that changed elsewhere).
    public func setValue(_ v: Double) { value = min(max(v.isFinite ? v : range.lowerBound, range.lowerBound), range.upperBound) }

    private var fraction: Double {
        let span = range.upperBound - range.lowerBound
        return span > 0 ? (value - range.lowerBound) / span : 0
    }

    private func change(to v: Double) {
        let old = value
        setValue(v)
        if value != old { onChange(value) }
    }

    private func value(at p: Point) -> Double {
        let inset = frame.height / 2
        let u = (p.x - frame.minX - inset) / max(1, frame.width - 2 * inset)
        return range.lowerBound + min(1, max(0, u)) * (range.upperBound - range.lowerBound)
    }

    public override func pointerPressed(at point: Point, time: Double) {
        isDragging = true
        change(to: value(at: toLocal(point)))
    }
    public override func pointerMoved(to point: Point, time: Double) {
        if isDragging { change(to: value(at: toLocal(point))) }
    }
    public override func pointerReleased(at point: Point, inside: Bool, time: Double) { isDragging = false }
    public override func pointerCancelled(time: Double) { isDragging = false }

    private func toLocal(_ p: Point) -> Point { worldTransform.inverted?.apply(p) ?? p }

    /// Keyboard nudges; returns true when used.
    public func handle(_ key: Key) -> Bool {
        let span = range.upperBound - range.lowerBound
        switch key.name {
        case "left": change(to: value - span / 100)
        case "right": change(to: value + span / 100)
        case "pagedown": change(to: value - span / 10)
        case "pageup": change(to: value + span / 10)
        case "home": change(to: range.lowerBound)
        case "end": change(to: range.upperBound)
        default: return false
        }
        return true
    }

    /// Places the parts for the current frame and value.
    public func layout() {
        let h = frame.height, trackHeight = 4.0
        track.frame = Rect(x: frame.minX + h / 2, y: frame.midY - trackHeight / 2, width: frame.width - h, height: trackHeight)
        let x = track.frame.minX + fraction * track.frame.width
        filled.frame = Rect(x: track.frame.minX, y: track.frame.minY, width: x - track.frame.minX, height: trackHeight)
        filled.content = .shape(.capsule, fill: isEnabled ? accent : .gray, stroke: nil)
        thumb.frame = Rect(center: Point(x, frame.midY), size: Size(h - 2, h - 2))
    }
}
