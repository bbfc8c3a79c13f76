import Stage

/// B2: a ring-digit glyph (① or ②) about 25 pt across. `light` 0 → black at opacity 0.3; 1 → red at opacity 1;
/// colour and opacity follow the same eased progress (spec 04 §1.3–§1.4).
final class FloorIndicator: Node {
    private let ring = Node(content: .shape(.circle, fill: nil, stroke: Stroke(.black, width: 2)))
    private let label: Node
    private let digit: String

    init(name: String, digit: String) {
        self.digit = digit
        label = Node(content: .text(digit, Font(size: 15, weight: .semibold), .black))
        super.init(name: name)
        add([ring, label])
    }

    static func opacity(_ light: Double) -> Double { 0.3 + 0.7 * light }
    static func color(_ light: Double) -> Color { Color.black.mix(.red, light) }

    func layout(center: Point, light: Double) {
        frame = Rect(center: center, size: Size(25, 25))
        let color = FloorIndicator.color(light)
        opacity = FloorIndicator.opacity(light)
        // Ring stroke ≈ 8 % of the diameter, centred inside the 25-pt glyph box.
        ring.frame = frame.insetBy(dx: 1, dy: 1)
        ring.content = .shape(.circle, fill: nil, stroke: Stroke(color, width: 2))
        label.frame = frame
        label.content = .text(digit, Font(size: 15, weight: .semibold), color)
    }
}
