import Views

/// A symmetric 250 × 235.22 heart (the sample project's `HeartShape`), re-drawn for this project to spec 03 §2.2:
/// 26 curves from just left of the bottom tip (123.34, 231.78), up the left side, over the left lobe, through the
/// notch (125, 31.24), over the right lobe and down to the tip (125, 235.22): clockwise, 778.02 pt.
struct HeartShape: Shape {
    func path(in rect: Rect) -> Path { HeartShape.outline.offsetBy(dx: rect.minX, dy: rect.minY) }

    /// In the frame's own coordinates (pt from its top-left), whatever the frame's size.
    static let outline: Path = {
        var p = Path()
        // up the left side, over the left lobe, through the notch, over the right lobe and down to the tip
        p.move(to: Point(123.34, 231.78))
        p.addCurve(to: Point(60.91, 160.10), control1: Point(105.14, 195.00), control2: Point(82.52, 181.88))
        p.addCurve(to: Point(33.96, 133.80), control1: Point(51.25, 150.36), control2: Point(42.10, 141.87))
        p.addCurve(to: Point(9.87, 104.98), control1: Point(24.16, 124.07), control2: Point(15.83, 114.95))
        p.addCurve(to: Point(0.00, 69.13), control1: Point(3.64, 94.52), control2: Point(0.00, 83.13))
        p.addCurve(to: Point(5.52, 42.28), control1: Point(0.00, 59.54), control2: Point(1.97, 50.48))
        p.addCurve(to: Point(21.27, 19.82), control1: Point(9.21, 33.75), control2: Point(14.61, 26.15))
        p.addCurve(to: Point(44.42, 5.09), control1: Point(27.88, 13.54), control2: Point(35.74, 8.51))
        p.addCurve(to: Point(71.39, 0.00), control1: Point(52.77, 1.80), control2: Point(61.89, 0.00))
        p.addCurve(to: Point(87.84, 1.05), control1: Point(77.89, 0.00), control2: Point(83.25, 0.31))
        p.addCurve(to: Point(103.22, 6.68), control1: Point(94.08, 2.05), control2: Point(98.89, 3.83))
        p.addCurve(to: Point(115.08, 18.06), control1: Point(107.36, 9.41), control2: Point(111.04, 13.12))
        p.addCurve(to: Point(125.00, 31.24), control1: Point(118.08, 21.74), control2: Point(121.28, 26.10))
        p.addCurve(to: Point(134.92, 18.06), control1: Point(128.72, 26.10), control2: Point(131.92, 21.74))
        p.addCurve(to: Point(146.78, 6.68), control1: Point(138.96, 13.12), control2: Point(142.64, 9.41))
        p.addCurve(to: Point(162.16, 1.05), control1: Point(151.11, 3.83), control2: Point(155.92, 2.05))
        p.addCurve(to: Point(178.61, 0.00), control1: Point(166.75, 0.31), control2: Point(172.11, 0.00))
        p.addCurve(to: Point(205.58, 5.09), control1: Point(188.11, 0.00), control2: Point(197.23, 1.80))
        p.addCurve(to: Point(228.73, 19.82), control1: Point(214.26, 8.51), control2: Point(222.12, 13.54))
        p.addCurve(to: Point(244.48, 42.28), control1: Point(235.39, 26.15), control2: Point(240.79, 33.75))
        p.addCurve(to: Point(250.00, 69.13), control1: Point(248.03, 50.48), control2: Point(250.00, 59.54))
        p.addCurve(to: Point(240.13, 104.98), control1: Point(250.00, 83.13), control2: Point(246.36, 94.52))
        p.addCurve(to: Point(216.04, 133.80), control1: Point(234.17, 114.95), control2: Point(225.84, 124.07))
        p.addCurve(to: Point(189.09, 160.10), control1: Point(207.90, 141.87), control2: Point(198.75, 150.36))
        p.addCurve(to: Point(126.66, 231.78), control1: Point(167.48, 181.88), control2: Point(144.86, 195.00))
        p.addCurve(to: Point(125.00, 235.22), control1: Point(126.10, 232.90), control2: Point(125.55, 234.05))
        p.addCurve(to: Point(123.34, 231.78), control1: Point(124.45, 234.05), control2: Point(123.90, 232.90))
        p.closeSubpath()
        // an empty move, as the traced path ends with
        p.move(to: Point(123.34, 231.78))
        return p
    }()
}
