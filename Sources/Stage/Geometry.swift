import Foundation
import Particles

/// A point in logical pixels (SwiftUI points): origin top-left, +x right, +y down.
public struct Point: Equatable, Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    public static let zero = Point(0, 0)
    public static func + (a: Point, b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    public func distance(to p: Point) -> Double { ((x - p.x) * (x - p.x) + (y - p.y) * (y - p.y)).squareRoot() }
}

public struct Size: Equatable, Hashable, Sendable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    public static let zero = Size(0, 0)
    /// Negative sizes are clamped to zero (a window smaller than a formula allows).
    public var clamped: Size { Size(max(0, width), max(0, height)) }
}

public struct Rect: Equatable, Hashable, Sendable {
    public var origin: Point
    public var size: Size
    public init(origin: Point, size: Size) { self.origin = origin; self.size = size }
    public init(x: Double, y: Double, width: Double, height: Double) {
        origin = Point(x, y); size = Size(width, height)
    }
    public init(center: Point, size: Size) {
        origin = Point(center.x - size.width / 2, center.y - size.height / 2); self.size = size
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var center: Point { Point(midX, midY) }
    public func contains(_ p: Point) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }
    public func intersection(_ r: Rect) -> Rect {
        let x0 = max(minX, r.minX), y0 = max(minY, r.minY)
        let x1 = min(maxX, r.maxX), y1 = min(maxY, r.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
    /// Its corners clockwise on screen from the top-left: the rect as a convex outline.
    public var corners: [Point] { [Point(minX, minY), Point(maxX, minY), Point(maxX, maxY), Point(minX, maxY)] }
    /// The rect a convex outline is, when it is one: four corners on two x and two y values.
    public init?(outline: [Point]) {
        guard outline.count == 4 else { return nil }
        let xs = Set(outline.map(\.x)), ys = Set(outline.map(\.y))
        guard xs.count == 2, ys.count == 2, Set(outline.map { [$0.x, $0.y] }).count == 4,
              let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        self.init(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
    /// The point at a unit anchor of this rect: (0,0) top-left, (0.5,0.5) centre, (1,1) bottom-right.
    public func point(at anchor: Point) -> Point { Point(minX + anchor.x * width, minY + anchor.y * height) }
    /// The smallest rect of `content`'s aspect that covers this one, centred (SwiftUI's aspect-fill).
    public func aspectFill(_ content: Size) -> Rect {
        guard content.width > 0, content.height > 0 else { return self }
        let s = max(width / content.width, height / content.height)
        return Rect(center: center, size: Size(content.width * s, content.height * s))
    }
    /// The largest rect with `aspect` (width/height) centred inside this one (SwiftUI's aspect-fit).
    public func aspectFit(_ content: Size) -> Rect {
        guard content.width > 0, content.height > 0 else { return self }
        let s = min(width / content.width, height / content.height)
        return Rect(center: center, size: Size(content.width * s, content.height * s))
    }
}

/// The engine's one 2-D affine transform is Particles' `Affine2` (x' = a·x + c·y + tx, y' = b·x + d·y + ty); the
/// Stage adds what its screen space needs: points, and rotations in degrees (clockwise on screen, where y points down).
public typealias Affine = Affine2

extension Affine2 {
    /// Rotation by `degrees`, positive = clockwise on screen (y points down).
    public static func rotation(degrees: Double) -> Affine2 { rotation(degrees * .pi / 180) }
    public func apply(_ p: Point) -> Point { Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// The inverse, or nil when the transform flattens the plane (`inverted` returns such a transform unchanged,
    /// as CGAffineTransform does).
    public var inverse: Affine2? { abs(determinant) > 1e-12 ? inverted : nil }
}
