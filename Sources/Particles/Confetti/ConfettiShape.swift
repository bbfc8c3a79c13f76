import Foundation

/// The five shapes of the ConfettiSwiftUI burst (spec 05 §3.6), in a size × size box (y down), as triangle fans
/// around a hub point inside them: every outline below is star-shaped about its hub, so a fan fills it exactly.
public enum ConfettiShape: Int, CaseIterable, Sendable {
    case circle, triangle, square, slimRectangle, roundedCross

    /// The outline in a 10 × 10 box, in order around the hub, and the hub.
    public var outline: (hub: Vector2, points: [Vector2]) { Self.outlines[rawValue] }

    /// Segments of the circle and of each quadratic corner of the cross (enough for a 10-pt piece at 2× scale).
    static let circleSegments = 20, curveSegments = 5

    private static let outlines: [(hub: Vector2, points: [Vector2])] = [
        (Vector2(5, 5), (0..<circleSegments).map { i in
            let a = 2 * Double.pi * Double(i) / Double(circleSegments)
            return Vector2(5 + 5 * cos(a), 5 + 5 * sin(a))
        }),
        (Vector2(5, 20.0 / 3), [Vector2(5, 0), Vector2(10, 10), Vector2(0, 10)]),
        (Vector2(5, 5), [Vector2(0, 0), Vector2(10, 0), Vector2(10, 10), Vector2(0, 10)]),
        // Only the bottom fifth of the box.
        (Vector2(5, 9), [Vector2(0, 8), Vector2(10, 8), Vector2(10, 10), Vector2(0, 10)]),
        (Vector2(5, 5), roundedCross()),
    ]

    /// Start at (0, 3.33); four concave quadratic corners joined by straight arm ends (spec 05 §3.6).
    private static func roundedCross() -> [Vector2] {
        let a = 10.0 / 3, b = 20.0 / 3
        // (start, control, end) of each curve; a straight line runs from its end to the next curve's start.
        let corners: [(Vector2, Vector2, Vector2)] = [
            (Vector2(0, a), Vector2(a, a), Vector2(a, 0)),
            (Vector2(b, 0), Vector2(b, a), Vector2(10, a)),
            (Vector2(10, b), Vector2(b, b), Vector2(b, 10)),
            (Vector2(a, 10), Vector2(a, b), Vector2(0, b)),
        ]
        var out: [Vector2] = []
        for (start, control, end) in corners {
            for i in 0..<curveSegments {
                let s = Double(i) / Double(curveSegments), k = 1 - s
                out.append(Vector2(k * k * start.x + 2 * k * s * control.x + s * s * end.x,
                                   k * k * start.y + 2 * k * s * control.y + s * s * end.y))
            }
            out.append(end)
        }
        return out
    }
}
