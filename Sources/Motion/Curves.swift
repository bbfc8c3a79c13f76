import Foundation

/// A timing curve: a cubic Bézier from (0,0) to (1,1) with two control points, as in SwiftUI's
/// `UnitCurve` / `Animation.timingCurve` (README §3.3).
///
/// `progress(u)` solves x(s) = u for the curve parameter s (Newton's method, with a bisection fallback) and returns
/// y(s). The error is far below the 1e-5 the spec asks for.
public struct UnitCurve: Equatable, CustomStringConvertible, Sendable {
    /// First control point (P1).
    public let c0x: Double, c0y: Double
    /// Second control point (P2).
    public let c1x: Double, c1y: Double

    // Polynomial coefficients: x(s) = ((ax·s + bx)·s + cx)·s, likewise y.
    private let ax: Double, bx: Double, cx: Double
    private let ay: Double, by: Double, cy: Double

    private init(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) {
        self.c0x = c0x; self.c0y = c0y; self.c1x = c1x; self.c1y = c1y
        cx = 3 * c0x
        bx = 3 * (c1x - c0x) - cx
        ax = 1 - cx - bx
        cy = 3 * c0y
        by = 3 * (c1y - c0y) - cy
        ay = 1 - cy - by
    }

    public static let linear = UnitCurve(0, 0, 1, 1)
    public static let easeIn = UnitCurve(0.42, 0, 1, 1)
    public static let easeOut = UnitCurve(0, 0, 0.58, 1)
    public static let easeInOut = UnitCurve(0.42, 0, 0.58, 1)

    /// A cubic Bézier timing curve with control points (c0x, c0y) and (c1x, c1y).
    public static func bezier(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double) -> UnitCurve {
        UnitCurve(c0x, c0y, c1x, c1y)
    }

    public static func == (a: UnitCurve, b: UnitCurve) -> Bool {
        a.c0x == b.c0x && a.c0y == b.c0y && a.c1x == b.c1x && a.c1y == b.c1y
    }

    public var description: String {
        switch self {
        case .linear: return "linear"
        case .easeIn: return "easeIn"
        case .easeOut: return "easeOut"
        case .easeInOut: return "easeInOut"
        default: return "bezier(\(c0x), \(c0y), \(c1x), \(c1y))"
        }
    }

    /// Progress p(u) for the fraction of time u (clamped to [0, 1]).
    public func progress(_ u: Double) -> Double {
        if u.isNaN { return 0 }
        if u <= 0 { return 0 }
        if u >= 1 { return 1 }
        if self == .linear { return u }
        return sampleY(solveS(u))
    }

    /// dp/du, the slope of the curve at time fraction u (0 outside (0, 1)).
    public func slope(_ u: Double) -> Double {
        if u.isNaN || u < 0 || u > 1 { return 0 }
        if self == .linear { return 1 }
        let s = solveS(min(max(u, 0), 1))
        let dx = sampleDX(s)
        if abs(dx) > 1e-9 { return sampleDY(s) / dx }
        // Vertical or degenerate tangent in x (e.g. easeOut at u = 0, where both derivatives vanish): a
        // one-sided difference quotient is good enough for a velocity estimate.
        let h = 1e-6
        let lo = max(0, u - h), hi = min(1, u + h)
        return (progress(hi) - progress(lo)) / (hi - lo)
    }

    // MARK: - Bézier helpers

    @inline(__always) private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    @inline(__always) private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    @inline(__always) private func sampleDX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }
    @inline(__always) private func sampleDY(_ s: Double) -> Double { (3 * ay * s + 2 * by) * s + cy }

    /// Solves x(s) = u for s in [0, 1].
    private func solveS(_ u: Double) -> Double {
        let epsilon = 1e-12
        // Newton's method from s = u.
        var s = u
        for _ in 0..<8 {
            let err = sampleX(s) - u
            if abs(err) < epsilon { return s }
            let d = sampleDX(s)
            if abs(d) < 1e-7 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        // Bisection fallback: x(0) = 0 and x(1) = 1 bracket every u in [0, 1].
        var lo = 0.0, hi = 1.0
        s = u
        for _ in 0..<100 {
            let x = sampleX(s)
            if abs(x - u) < epsilon { return s }
            if x < u { lo = s } else { hi = s }
            s = 0.5 * (lo + hi)
            if hi - lo < 1e-15 { break }
        }
        return s
    }
}
