import Views

/// The book's `WaveView`: a filled band whose top edge is one cubic Bézier from the right edge back to the left,
/// bulging up on one side and down on the other by `yOffset` of the height (spec 03 §3.1). `yOffset` is the
/// animatable data, so an animation of it re-shapes the curve frame by frame; probes report it as `yOffset`.
struct WaveView: Shape {
    var yOffset: Double = 0.5

    var animatableData: Double {
        get { yOffset }
        set { yOffset = newValue }
    }

    var animatableValues: [(String, Double)] { [("yOffset", yOffset)] }

    /// Down the left edge, along the bottom, up the right edge, then the curve back to the start; left open (a fill
    /// closes it). Both controls sit at 0.45 of the width, one yOffset·H above the top line and one below it.
    func path(in rect: Rect) -> Path {
        Path { path in
            path.move(to: Point(rect.minX, rect.minY))
            path.addLine(to: Point(rect.minX, rect.maxY))
            path.addLine(to: Point(rect.maxX, rect.maxY))
            path.addLine(to: Point(rect.maxX, rect.minY))
            path.addCurve(to: Point(rect.minX, rect.minY),
                          control1: Point(rect.minX + rect.width * 0.45, rect.minY - rect.height * yOffset),
                          control2: Point(rect.minX + rect.width * 0.45, rect.minY + rect.height * yOffset))
        }
    }
}
