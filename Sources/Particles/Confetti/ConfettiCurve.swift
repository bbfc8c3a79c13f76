import Foundation

/// A cubic Bézier timing curve from (0,0) to (1,1) with control points P1 and P2 (spec README §3.3): the confetti's
/// two curves, B1 (explosion) and B2 (rain), spec 05 §3.6. Particles does not depend on Motion, so it has its own.
public struct ConfettiCurve: Equatable, Sendable {
    public let p1x: Double, p1y: Double, p2x: Double, p2y: Double

    public init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        self.p1x = p1x; self.p1y = p1y; self.p2x = p2x; self.p2y = p2y
    }

    /// B1 = (0.10, 0.80; 0.00, 1.00): a very fast start and a long ease-out.
    public static let explosion = ConfettiCurve(0.10, 0.80, 0.00, 1.00)
    /// B2 = (0.12, 0.00; 0.39, 0.00): an ease-in whose y-part is s³.
    public static let rain = ConfettiCurve(0.12, 0.00, 0.39, 0.00)

    private static func bezier(_ a: Double, _ b: Double, _ s: Double) -> Double {
        let k = 1 - s
        return 3 * k * k * s * a + 3 * k * s * s * b + s * s * s
    }

    private static func slope(_ a: Double, _ b: Double, _ s: Double) -> Double {
        let k = 1 - s
        return 3 * k * k * a + 6 * k * s * (b - a) + 3 * s * s * (1 - b)
    }

    /// p(u) for u clamped to [0, 1]: solve x(s) = u (Newton from a bisection-safe start, error < 1e-9), then y(s).
    public func callAsFunction(_ u: Double) -> Double {
        let u = min(1, max(0, u.isNaN ? 0 : u))
        if u == 0 || u == 1 { return u }
        var lo = 0.0, hi = 1.0, s = u
        for _ in 0..<64 {
            let x = Self.bezier(p1x, p2x, s) - u
            if abs(x) < 1e-12 { break }
            if x > 0 { hi = s } else { lo = s }
            let d = Self.slope(p1x, p2x, s)
            var next = d > 1e-9 ? s - x / d : (lo + hi) / 2
            // Newton may leave the bracket where the curve is flat in x: bisect instead.
            if !(next > lo && next < hi) { next = (lo + hi) / 2 }
            if abs(next - s) < 1e-14 { s = next; break }
            s = next
        }
        return Self.bezier(p1y, p2y, s)
    }
}
