import Views

/// An app icon (the sample project's `SwiftUILogoShape`), drawn for this project to spec 03 §2.2: a rounded square
/// from the lower right of its bottom edge (201.37, 235.11), up the right side and round anticlockwise (866.0 pt),
/// then an original swift diving to the lower right, from its beak (207.85, 191.14) along the breast, out to the
/// lower wing's tip, the forked tail's two tips, the upper wing's tip and down its leading edge (993.7 pt).
struct SwiftUILogoShape: Shape {
    func path(in rect: Rect) -> Path { SwiftUILogoShape.outline.offsetBy(dx: rect.minX, dy: rect.minY) }

    /// In the frame's own coordinates (pt from its top-left), whatever the frame's size.
    static let outline: Path = {
        var p = Path()
        // the rounded square
        p.move(to: Point(201.37, 235.11))
        p.addCurve(to: Point(247.55, 178.61), control1: Point(228.87, 230.66), control2: Point(247.55, 208.50))
        p.addLine(to: Point(247.55, 59.80))
        p.addCurve(to: Point(192.45, 2.38), control1: Point(247.55, 25.62), control2: Point(225.25, 2.38))
        p.addLine(to: Point(56.98, 2.38))
        p.addCurve(to: Point(2.18, 58.77), control1: Point(23.96, 2.38), control2: Point(2.18, 24.79))
        p.addLine(to: Point(2.18, 179.54))
        p.addCurve(to: Point(56.98, 235.93), control1: Point(2.18, 213.52), control2: Point(23.96, 235.93))
        p.addLine(to: Point(190.98, 235.93))
        p.addCurve(to: Point(201.37, 235.11), control1: Point(194.56, 235.93), control2: Point(198.03, 235.65))
        p.closeSubpath()
        // the swift: breast, lower wing, forked tail, upper wing
        p.move(to: Point(207.85, 191.14))
        p.addCurve(to: Point(200.00, 184.04), control1: Point(204.64, 189.65), control2: Point(203.48, 184.65))
        p.addCurve(to: Point(182.14, 193.66), control1: Point(193.29, 182.86), control2: Point(188.95, 193.68))
        p.addCurve(to: Point(105.06, 175.72), control1: Point(155.91, 193.58), control2: Point(130.51, 182.48))
        p.addCurve(to: Point(26.77, 137.90), control1: Point(77.03, 168.28), control2: Point(54.03, 147.82))
        p.addCurve(to: Point(114.48, 140.23), control1: Point(55.78, 135.87), control2: Point(85.68, 144.28))
        p.addCurve(to: Point(45.60, 60.80), control1: Point(97.05, 110.01), control2: Point(67.08, 88.29))
        p.addCurve(to: Point(80.30, 84.44), control1: Point(57.07, 68.53), control2: Point(68.84, 76.71))
        p.addCurve(to: Point(74.50, 57.90), control1: Point(79.07, 75.64), control2: Point(75.74, 66.70))
        p.addCurve(to: Point(196.65, 175.47), control1: Point(114.94, 94.42), control2: Point(157.29, 203.11))
        p.addCurve(to: Point(142.00, 36.47), control1: Point(236.24, 147.67), control2: Point(148.56, 82.06))
        p.addCurve(to: Point(204.69, 76.43), control1: Point(163.02, 48.50), control2: Point(193.27, 54.46))
        p.addCurve(to: Point(211.41, 125.00), control1: Point(211.79, 90.10), control2: Point(211.41, 109.45))
        p.addCurve(to: Point(207.85, 191.14), control1: Point(211.41, 147.09), control2: Point(211.67, 169.49))
        p.closeSubpath()
        // an empty move, as the traced path ends with
        p.move(to: Point(207.85, 191.14))
        return p
    }()
}
