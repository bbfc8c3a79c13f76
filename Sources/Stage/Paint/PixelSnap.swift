import Foundation

/// Antialiasing fringes for edges that run along a pixel axis.
///
/// Both backends sample a triangle at pixel centres (x + 0.5, y + 0.5) with a top-left fill rule, but SDL 2's
/// software renderer first truncates every vertex position to whole pixels (`(int)x`), while the GL renderer keeps
/// sub-pixel positions. A one-pixel ramp centred on the edge (solid half a pixel inside, clear half a pixel outside)
/// is exact under GL but lands on half-integers, which the software renderer truncates: an edge on a pixel boundary
/// then leaves its last inside pixel at 50 %.
///
/// Horizontal and vertical edges therefore get a fringe that lies on the pixel grid: the solid part ends on the
/// whole-pixel line at or inside the edge, and the pixel column (or row) the edge passes through is covered by a flat
/// band whose alpha is the fraction of that pixel inside the edge. Every vertex is on whole pixels, so both renderers
/// draw the exact area coverage; an edge on a pixel boundary has no fringe at all. Other edges keep the centred ramp.
enum PixelSnap {
    /// An edge shorter than this keeps the ramp (a tiny flat bit on a curve would not help).
    static let minLength = 1.0

    /// The axis (0: x, 1: y) an outward unit normal points along, or nil when the edge is not axis-aligned.
    static func axis(_ n: Point) -> Int? {
        if abs(n.y) < 1e-9 && abs(abs(n.x) - 1) < 1e-6 { return 0 }
        if abs(n.x) < 1e-9 && abs(abs(n.y) - 1) < 1e-6 { return 1 }
        return nil
    }

    /// An edge at coordinate `e` whose outside lies toward `outward` (±1) along its axis: the whole-pixel line where
    /// the solid part ends (at or inside the edge), the line one pixel further out, and the coverage of the pixel
    /// between them. Coordinates within 1e-4 of a whole pixel count as on it.
    static func edge(_ e: Double, outward: Double) -> (inner: Double, outer: Double, coverage: Double) {
        let r = e.rounded()
        let e = abs(e - r) < 1e-4 ? r : e
        let inner = outward > 0 ? e.rounded(.down) : e.rounded(.up)
        return (inner, inner + outward, abs(e - inner))
    }

    /// The point `p + d` where `n0·d = o0` and `n1·d = o1` (two offset lines through a vertex), or nil when the lines
    /// are (nearly) parallel or meet too far out (a spike).
    static func meet(_ p: Point, _ n0: Point, _ o0: Double, _ n1: Point, _ o1: Double, limit: Double) -> Point? {
        let det = PaintMath.cross(n0, n1)
        guard abs(det) > 1e-6 else { return nil }
        let d = Point((o0 * n1.y - o1 * n0.y) / det, (n0.x * o1 - n1.x * o0) / det)
        guard PaintMath.length(d) <= limit else { return nil }
        return PaintMath.add(p, d)
    }
}
