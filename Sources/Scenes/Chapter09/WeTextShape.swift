import Views

/// The outline of the capitals "WE" in a bold serif face (the sample project's `WeTextShape`), re-drawn for this
/// project to spec 03 §2.2: the W from the foot of its left stem (33.54, 105.92) up and clockwise round the letter,
/// 837.4 pt; then the E from its bottom-left corner (159, 104.85), up its back and clockwise, 611.2 pt; 1448.6 pt
/// in all, so a trim fraction lands where the spec's does (0.12 just under the left serif, 0.5 on the W's third
/// stroke, 0.68 on the E's top edge).
struct WeTextShape: Shape {
    func path(in rect: Rect) -> Path { WeTextShape.outline.offsetBy(dx: rect.minX, dy: rect.minY) }

    /// In the frame's own coordinates (pt from its top-left), whatever the frame's size.
    static let outline: Path = {
        var p = Path()
        // W: up the left stem, over three serifs, back along the two feet
        p.move(to: Point(33.54, 105.92))
        p.addLine(to: Point(7.13, 9.82))
        p.addCurve(to: Point(0.00, 3.16), control1: Point(6.16, 6.29), control2: Point(2.91, 3.16))
        p.addLine(to: Point(0.00, 0.00))
        p.addLine(to: Point(39.08, 0.00))
        p.addLine(to: Point(39.08, 3.16))
        p.addLine(to: Point(36.08, 3.16))
        p.addCurve(to: Point(32.61, 9.82), control1: Point(33.16, 3.16), control2: Point(31.64, 6.29))
        p.addLine(to: Point(48.54, 67.79))
        p.addLine(to: Point(71.44, 19.94))
        p.addLine(to: Point(69.22, 9.82))
        p.addCurve(to: Point(62.46, 3.16), control1: Point(68.44, 6.24), control2: Point(65.38, 3.16))
        p.addLine(to: Point(55.89, 3.16))
        p.addLine(to: Point(55.89, 0.00))
        p.addLine(to: Point(101.35, 0.00))
        p.addLine(to: Point(101.35, 3.16))
        p.addLine(to: Point(94.78, 3.16))
        p.addCurve(to: Point(90.94, 9.82), control1: Point(91.87, 3.16), control2: Point(90.16, 6.24))
        p.addLine(to: Point(103.34, 66.47))
        p.addLine(to: Point(127.14, 9.82))
        p.addCurve(to: Point(124.65, 3.16), control1: Point(128.57, 6.44), control2: Point(127.56, 3.16))
        p.addLine(to: Point(121.64, 3.16))
        p.addLine(to: Point(121.64, 0.00))
        p.addLine(to: Point(152.00, 0.00))
        p.addLine(to: Point(152.00, 3.16))
        p.addLine(to: Point(142.80, 3.16))
        p.addCurve(to: Point(134.70, 9.82), control1: Point(139.88, 3.16), control2: Point(136.12, 6.44))
        p.addLine(to: Point(94.32, 105.92))
        p.addLine(to: Point(90.55, 107.24))
        p.addLine(to: Point(73.85, 30.96))
        p.addLine(to: Point(37.35, 107.24))
        p.addLine(to: Point(33.54, 105.92))
        p.closeSubpath()
        // E: up the back, the top arm and its beak, the middle arm's serif, the bottom arm and its beak
        p.move(to: Point(159.00, 104.85))
        p.addLine(to: Point(159.00, 101.65))
        p.addLine(to: Point(159.08, 101.65))
        p.addCurve(to: Point(165.81, 93.85), control1: Point(162.78, 101.65), control2: Point(165.81, 98.14))
        p.addLine(to: Point(165.81, 11.39))
        p.addCurve(to: Point(159.08, 3.59), control1: Point(165.81, 7.10), control2: Point(162.78, 3.59))
        p.addLine(to: Point(159.00, 3.59))
        p.addLine(to: Point(159.00, 0.39))
        p.addLine(to: Point(230.86, 0.39))
        p.addLine(to: Point(230.86, 32.72))
        p.addLine(to: Point(227.66, 32.72))
        p.addCurve(to: Point(222.83, 9.95), control1: Point(226.66, 20.20), control2: Point(225.49, 9.95))
        p.addLine(to: Point(192.71, 9.95))
        p.addCurve(to: Point(187.09, 15.57), control1: Point(189.62, 9.95), control2: Point(187.09, 12.48))
        p.addLine(to: Point(187.09, 39.38))
        p.addCurve(to: Point(192.71, 45.00), control1: Point(187.09, 42.47), control2: Point(189.62, 45.00))
        p.addLine(to: Point(208.35, 45.00))
        p.addCurve(to: Point(213.23, 38.18), control1: Point(211.04, 45.00), control2: Point(213.23, 41.93))
        p.addLine(to: Point(215.23, 38.18))
        p.addLine(to: Point(215.23, 61.82))
        p.addLine(to: Point(213.23, 61.82))
        p.addCurve(to: Point(208.35, 55.00), control1: Point(213.23, 58.07), control2: Point(211.04, 55.00))
        p.addLine(to: Point(192.71, 55.00))
        p.addCurve(to: Point(187.09, 60.62), control1: Point(189.62, 55.00), control2: Point(187.09, 57.53))
        p.addLine(to: Point(187.09, 89.13))
        p.addCurve(to: Point(192.71, 94.75), control1: Point(187.09, 92.23), control2: Point(189.62, 94.75))
        p.addLine(to: Point(214.40, 94.75))
        p.addCurve(to: Point(233.86, 69.47), control1: Point(225.10, 94.75), control2: Point(232.86, 80.85))
        p.addLine(to: Point(237.06, 69.47))
        p.addLine(to: Point(237.06, 104.85))
        p.addLine(to: Point(159.00, 104.85))
        p.closeSubpath()
        // an empty move, as the traced path ends with; it draws nothing
        p.move(to: Point(159.00, 104.85))
        return p
    }()
}
