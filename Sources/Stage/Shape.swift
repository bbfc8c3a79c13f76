import Foundation

/// Stroke style for shapes.
public struct Stroke: Sendable {
    public var color: Color
    public var width: Double
    public init(_ color: Color, width: Double = 1) { self.color = color; self.width = width }
}

/// A shape laid out in a rect. Fills are tessellated with antialiased edges; strokes are centred on the outline.
public enum Shape: Sendable {
    case rect
    case roundedRect(cornerRadius: Double)
    case capsule
    case ellipse
    /// A circle of diameter min(width, height), centred.
    case circle
    /// A closed polygon in unit coordinates of the rect (0…1).
    case polygon([Point])

    /// The closed outline in the rect's space, dense enough to look round at `pixelScale`.
    public func outline(in r: Rect, pixelScale: Double = 1) -> [Point] {
        func arcSegments(_ radius: Double, _ sweep: Double) -> Int {
            max(2, Int((sweep * (radius * pixelScale).squareRoot() * 1.6).rounded(.up)))
        }
        switch self {
        case .rect:
            return [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        case .ellipse:
            return ellipse(center: r.center, rx: r.width / 2, ry: r.height / 2,
                           segments: 4 * arcSegments(max(r.width, r.height) / 2, .pi / 2))
        case .circle:
            let d = min(r.width, r.height)
            return ellipse(center: r.center, rx: d / 2, ry: d / 2, segments: 4 * arcSegments(d / 2, .pi / 2))
        case .capsule:
            return Shape.roundedRect(cornerRadius: min(r.width, r.height) / 2).outline(in: r, pixelScale: pixelScale)
        case let .roundedRect(radius):
            let cr = max(0, min(radius, r.width / 2, r.height / 2))
            if cr <= 0 { return Shape.rect.outline(in: r) }
            let n = arcSegments(cr, .pi / 2)
            var pts: [Point] = []
            let corners = [(Point(r.maxX - cr, r.minY + cr), -Double.pi / 2), (Point(r.maxX - cr, r.maxY - cr), 0),
                           (Point(r.minX + cr, r.maxY - cr), Double.pi / 2), (Point(r.minX + cr, r.minY + cr), Double.pi)]
            for (c, start) in corners {
                for i in 0...n {
                    let a = start + Double(i) / Double(n) * .pi / 2
                    pts.append(Point(c.x + cr * cos(a), c.y + cr * sin(a)))
                }
            }
            return pts
        case let .polygon(unit):
            return unit.map { Point(r.minX + $0.x * r.width, r.minY + $0.y * r.height) }
        }
    }

    private func ellipse(center: Point, rx: Double, ry: Double, segments: Int) -> [Point] {
        (0..<segments).map { i in
            let a = Double(i) / Double(segments) * 2 * .pi
            return Point(center.x + rx * cos(a), center.y + ry * sin(a))
        }
    }
}
