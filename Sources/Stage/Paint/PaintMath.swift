import Foundation

/// Small vector helpers shared by the Paint files (internal; named so they don't collide with other extensions).
enum PaintMath {
    static func add(_ a: Point, _ b: Point) -> Point { Point(a.x + b.x, a.y + b.y) }
    static func sub(_ a: Point, _ b: Point) -> Point { Point(a.x - b.x, a.y - b.y) }
    static func mul(_ a: Point, _ k: Double) -> Point { Point(a.x * k, a.y * k) }
    /// a + b·k
    static func madd(_ a: Point, _ b: Point, _ k: Double) -> Point { Point(a.x + b.x * k, a.y + b.y * k) }
    static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t) }
    static func dot(_ a: Point, _ b: Point) -> Double { a.x * b.x + a.y * b.y }
    static func cross(_ a: Point, _ b: Point) -> Double { a.x * b.y - a.y * b.x }
    static func length(_ a: Point) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }
    /// Unit vector, or nil for (near) zero length.
    static func unit(_ a: Point) -> Point? {
        let l = length(a)
        return l > 1e-12 ? Point(a.x / l, a.y / l) : nil
    }
    /// The vector turned 90° (from +x toward +y, i.e. clockwise on a y-down screen).
    static func perp(_ a: Point) -> Point { Point(-a.y, a.x) }
    static func rotate(_ a: Point, _ radians: Double) -> Point {
        let c = cos(radians), s = sin(radians)
        return Point(a.x * c - a.y * s, a.x * s + a.y * c)
    }
    /// Arc steps so that chords of a circle of `radius` stay within `tolerance` of it: the largest step angle.
    static func arcStep(radius: Double, tolerance: Double = 0.25) -> Double {
        guard radius > tolerance else { return .pi / 2 }
        return max(0.01, 2 * acos(1 - tolerance / radius))
    }
}
