/// The spec's timing curves (README §3.3) written out independently of Motion's solver, for the scenes' checks:
/// a CSS/SwiftUI cubic Bézier from (0, 0) to (1, 1), y at x, solved for x by bisection.
@MainActor
enum SpecCurve {
    static func bezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
        let x = min(1, max(0, x))
        func b(_ s: Double, _ a: Double, _ c: Double) -> Double { 3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * c + s * s * s }
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let m = (lo + hi) / 2; if b(m, x1, x2) < x { lo = m } else { hi = m } }
        return b((lo + hi) / 2, y1, y2)
    }

    static func easeInOut(_ x: Double) -> Double { bezier(0.42, 0, 0.58, 1, x) }
    static func easeOut(_ x: Double) -> Double { bezier(0, 0, 0.58, 1, x) }
}
