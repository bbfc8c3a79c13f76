import Foundation

/// Splitting polylines into dashes along their arc length.
enum Dash {
    /// One "on" stretch of a dashed polyline. `direction` is the path's direction where it starts (for the caps of a
    /// zero-length dash, whose `points` is a single point).
    struct Piece {
        var points: [Point]
        var direction: Point
    }

    /// The "on" pieces of a polyline: the point at arc length s is on iff ((s + phase) mod period) falls in an "on"
    /// interval of `pattern` (on, off, on, …; an odd count is repeated). The pattern restarts at the subpath's start;
    /// a closed subpath includes its closing segment. Nil when the pattern is not usable (then the line is solid).
    static func pieces(_ points: [Point], closed: Bool, pattern: [Double], phase: Double) -> [Piece]? {
        var p = pattern.map { max(0, $0.isFinite ? $0 : 0) }
        if p.count % 2 == 1 { p += p }
        let period = p.reduce(0, +)
        guard p.count >= 2, period > 1e-9 else { return nil }
        let pts = closed && points.count > 1 ? points + [points[0]] : points
        var cum = [0.0]
        for i in 1..<max(1, pts.count) { cum.append(cum[i - 1] + pts[i - 1].distance(to: pts[i])) }
        let total = cum.last ?? 0
        guard pts.count >= 2, total > 0 else { return [] }

        // Where the pattern stands at s = 0.
        var r = phase.truncatingRemainder(dividingBy: period)
        if r < 0 { r += period }
        var i = 0, guardCount = 0
        while r >= p[i] && guardCount < p.count { r -= p[i]; i = (i + 1) % p.count; guardCount += 1 }
        var s = -r
        var intervals: [(Double, Double)] = []
        var steps = 0
        while s <= total && steps < 200_000 {
            let e = s + p[i]
            if i % 2 == 0 {
                let included = p[i] > 0 ? (e > 0 && s < total) : (s >= 0 && s <= total)
                if included {
                    let a = max(0, s), b = min(total, e)
                    if let last = intervals.last, a <= last.1 + 1e-9, p[i] > 0 { intervals[intervals.count - 1].1 = b }
                    else { intervals.append((a, b)) }
                }
            }
            s = e; i = (i + 1) % p.count; steps += 1
        }
        return intervals.map { extract(pts, cum, $0.0, $0.1) }
    }

    /// The sub-polyline between arc lengths a ≤ b.
    private static func extract(_ pts: [Point], _ cum: [Double], _ a: Double, _ b: Double) -> Piece {
        func locate(_ s: Double) -> Int {   // segment index containing s
            var lo = 0, hi = cum.count - 1
            while hi - lo > 1 { let mid = (lo + hi) / 2; if cum[mid] <= s { lo = mid } else { hi = mid } }
            return lo
        }
        func point(_ s: Double, _ k: Int) -> Point {
            let len = cum[k + 1] - cum[k]
            return len > 0 ? PaintMath.lerp(pts[k], pts[k + 1], (s - cum[k]) / len) : pts[k]
        }
        let ka = locate(a), kb = locate(b)
        var out = [point(a, ka)]
        if kb > ka { for k in (ka + 1)...kb where cum[k] > a && cum[k] < b { out.append(pts[k]) } }
        let end = point(b, kb)
        if end.distance(to: out.last!) > 1e-9 { out.append(end) }
        let dir = PaintMath.unit(PaintMath.sub(pts[ka + 1], pts[ka])) ?? Point(1, 0)
        return Piece(points: out, direction: dir)
    }
}
