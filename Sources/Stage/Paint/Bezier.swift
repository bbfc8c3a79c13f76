import Foundation

/// One drawn segment of a path: a line (degree 1), quadratic (2) or cubic (3) Bézier. Internal helper for flattening,
/// measuring, bounding and trimming.
struct Bezier {
    /// Start, controls, end. A line uses `p0`, `p3`; a quadratic `p0`, `p1` (control), `p3`.
    var p0, p1, p2, p3: Point
    var degree: Int

    static func line(_ a: Point, _ b: Point) -> Bezier { Bezier(p0: a, p1: a, p2: b, p3: b, degree: 1) }
    static func quad(_ a: Point, _ c: Point, _ b: Point) -> Bezier { Bezier(p0: a, p1: c, p2: c, p3: b, degree: 2) }
    static func cubic(_ a: Point, _ c1: Point, _ c2: Point, _ b: Point) -> Bezier {
        Bezier(p0: a, p1: c1, p2: c2, p3: b, degree: 3)
    }

    func point(at t: Double) -> Point { blossom(t, t, t) }

    func derivative(at t: Double) -> Point {
        let u = 1 - t
        switch degree {
        case 1: return PaintMath.sub(p3, p0)
        case 2:
            return Point(2 * u * (p1.x - p0.x) + 2 * t * (p3.x - p1.x), 2 * u * (p1.y - p0.y) + 2 * t * (p3.y - p1.y))
        default:
            let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
            return Point(a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                         a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
        }
    }

    /// The polar form (blossom); `point(at: t)` is blossom(t, t, t). Gives exact control points of sub-curves.
    private func blossom(_ u1: Double, _ u2: Double, _ u3: Double) -> Point {
        let L = PaintMath.lerp
        switch degree {
        case 1: return L(p0, p3, u1)
        case 2:
            let a = L(p0, p1, u1), b = L(p1, p3, u1)
            return L(a, b, u2)
        default:
            let a = L(p0, p1, u1), b = L(p1, p2, u1), c = L(p2, p3, u1)
            let d = L(a, b, u2), e = L(b, c, u2)
            return L(d, e, u3)
        }
    }

    /// The part of the curve between parameters `t0` and `t1`.
    func sub(_ t0: Double, _ t1: Double) -> Bezier {
        switch degree {
        case 1: return .line(point(at: t0), point(at: t1))
        case 2: return .quad(blossom(t0, t0, 0), blossom(t0, t1, 0), blossom(t1, t1, 0))
        default: return .cubic(blossom(t0, t0, t0), blossom(t0, t0, t1), blossom(t0, t1, t1), blossom(t1, t1, t1))
        }
    }

    /// Uniform parameter steps so the polyline stays within `tolerance` of the curve (Wang's bound).
    func steps(tolerance: Double) -> Int {
        let tol = max(tolerance, 1e-9)
        let m: Double
        switch degree {
        case 1: return 1
        case 2: m = 0.25 * PaintMath.length(Point(p0.x - 2 * p1.x + p3.x, p0.y - 2 * p1.y + p3.y))
        default:
            m = 0.75 * max(PaintMath.length(Point(p0.x - 2 * p1.x + p2.x, p0.y - 2 * p1.y + p2.y)),
                           PaintMath.length(Point(p1.x - 2 * p2.x + p3.x, p1.y - 2 * p2.y + p3.y)))
        }
        return max(1, min(4096, Int((m / tol).squareRoot().rounded(.up))))
    }

    /// Appends the flattened curve (without its start point) to `out`.
    func flatten(tolerance: Double, into out: inout [Point]) {
        let n = steps(tolerance: tolerance)
        for i in 1..<n { out.append(point(at: Double(i) / Double(n))) }
        out.append(p3)
    }

    /// Arc length from parameter 0 at `n`+1 uniform parameters (5-point Gauss–Legendre on each interval).
    func lengthTable(_ n: Int) -> [Double] {
        if degree == 1 { let l = p0.distance(to: p3); return (0...n).map { l * Double($0) / Double(n) } }
        let x: [Double] = [0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640]
        let w: [Double] = [0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891]
        var table = [0.0], sum = 0.0
        for i in 0..<n {
            let a = Double(i) / Double(n), h = 1 / Double(n)
            var s = 0.0
            for k in 0..<5 { s += w[k] * PaintMath.length(derivative(at: a + h * (x[k] + 1) / 2)) }
            sum += s * h / 2
            table.append(sum)
        }
        return table
    }

    /// Intervals used for measuring: enough that the speed is nearly constant on each.
    var measureSteps: Int {
        if degree == 1 { return 1 }
        let xs = [p0.x, p1.x, p2.x, p3.x], ys = [p0.y, p1.y, p2.y, p3.y]
        let size = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        guard size > 0 else { return 1 }
        return max(8, min(64, steps(tolerance: size * 1e-3)))
    }

    var length: Double { lengthTable(measureSteps).last! }

    /// Parameter values where x or y is extreme (for tight bounds).
    func extremaParameters() -> [Double] {
        var ts: [Double] = []
        func roots(_ a: Double, _ b: Double, _ c: Double) {   // a t² + b t + c = 0
            if abs(a) < 1e-12 { if abs(b) > 1e-12 { ts.append(-c / b) }; return }
            let d = b * b - 4 * a * c
            guard d >= 0 else { return }
            let s = d.squareRoot()
            ts += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
        }
        switch degree {
        case 1: break
        case 2:
            for (a, b, c) in [(p0.x, p1.x, p3.x), (p0.y, p1.y, p3.y)] { roots(0, 2 * (a - 2 * b + c), 2 * (b - a)) }
        default:
            for (a, b, c, d) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
                roots(-a + 3 * b - 3 * c + d, 2 * (a - 2 * b + c), b - a)
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }
}
