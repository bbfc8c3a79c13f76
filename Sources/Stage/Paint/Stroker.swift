import Foundation

extension Tessellator {
    /// Strokes flattened subpaths (device pixels; `style` lengths in device pixels too) with `paint`.
    ///
    /// The line is centred on the path with a one-pixel antialiasing fringe on every outer edge. Caps, joins, miter
    /// limit and dashes follow Core Graphics/SwiftUI. A line thinner than a pixel is drawn one pixel wide with its
    /// alpha scaled by the width. Joins share vertices with the segments, so a translucent stroke has no darker seams
    /// (except inside very sharp turns of very wide lines).
    public mutating func stroke(_ subpaths: [Path.Subpath], style: StrokeStyle, paint: Paint) {
        guard style.lineWidth > 0, style.lineWidth.isFinite else { return }
        emit(inPixels { mesh, s in mesh = Tessellator.strokeMesh(subpaths, style: style.scaled(by: s), scale: s) }, paint: paint)
    }

    /// The coverage mesh of a stroke, its points and `style` in device pixels (the subpaths times `scale`).
    private static func strokeMesh(_ subpaths: [Path.Subpath], style: StrokeStyle, scale s: Double) -> PaintMesh {
        var builder = StrokeBuilder(style)
        for sub in subpaths {
            var pts: [Point] = []
            for p in sub.points.map({ $0.scaled(s) }) where pts.last.map({ $0.distance(to: p) > 1e-6 }) ?? true { pts.append(p) }
            if sub.closed, pts.count > 1, pts[0].distance(to: pts[pts.count - 1]) <= 1e-6 { pts.removeLast() }
            guard let first = pts.first else { continue }
            if !style.dash.isEmpty, let pieces = Dash.pieces(pts, closed: sub.closed, pattern: style.dash, phase: style.dashPhase) {
                for piece in pieces { builder.addOpen(piece.points, direction: piece.direction) }
            } else if pts.count == 1 {
                if !sub.closed, sub.points.count > 1 { builder.addOpen([first], direction: Point(1, 0)) }
            } else if sub.closed {
                builder.addClosed(pts)
            } else {
                builder.addOpen(pts, direction: Point(1, 0))
            }
        }
        return builder.mesh
    }

    /// A path stroked in one call: `style` is in the path's units and scaled by the transform's length scale (at the
    /// path's centre), the path flattened to quarter-pixel accuracy. The paint is in device space.
    public mutating func stroke(_ path: Path, transform: Homography = .identity, style: StrokeStyle, paint: Paint) {
        let scale = transform.lengthScale(near: path.boundingRect.center)
        stroke(path.flattened(tolerance: 0.25, transform: transform), style: style.scaled(by: scale), paint: paint)
    }
}

/// Builds the coverage mesh of a stroke: each polyline becomes a strip of cross-sections, four lanes wide
/// (clear edge, solid, solid, clear edge), with joins and caps inserted as extra sections or fans.
struct StrokeBuilder {
    let style: StrokeStyle
    /// Offsets of the four lanes from the centre line, along the left normal.
    let lanes: [Double]
    /// Half-width of the solid core and of the whole band (core + half-pixel fringe).
    let core: Double, reach: Double
    /// Coverage of the solid lanes (the width, for lines thinner than a pixel).
    let solid: Double
    var mesh = PaintMesh()

    init(_ style: StrokeStyle) {
        self.style = style
        let half = max(style.lineWidth, 1) / 2
        core = max(0, half - 0.5); reach = half + 0.5
        lanes = [-reach, -core, core, reach]
        solid = min(1, style.lineWidth)
    }

    typealias Section = (points: [Point], coverage: [Double])

    private var laneCoverage: [Double] { [0, solid, solid, 0] }

    /// A straight cross-section at `p` across the normal `n`.
    private func section(_ p: Point, _ n: Point, coverage: [Double]? = nil) -> Section {
        (lanes.map { PaintMath.madd(p, n, $0) }, coverage ?? laneCoverage)
    }

    // MARK: Polylines

    mutating func addOpen(_ input: [Point], direction: Point) {
        var pts = input
        if pts.count == 1 { addDot(pts[0], direction: direction); return }
        let n = pts.count
        var t = (0..<(n - 1)).map { PaintMath.unit(PaintMath.sub(pts[$0 + 1], pts[$0])) ?? direction }
        if style.lineCap == .square {
            pts[0] = PaintMath.madd(pts[0], t[0], -style.lineWidth / 2)
            pts[n - 1] = PaintMath.madd(pts[n - 1], t[n - 2], style.lineWidth / 2)
            t = (0..<(n - 1)).map { PaintMath.unit(PaintMath.sub(pts[$0 + 1], pts[$0])) ?? t[$0] }
        }
        let len = (0..<(n - 1)).map { pts[$0].distance(to: pts[$0 + 1]) }
        var sections: [Section] = []
        let n0 = PaintMath.perp(t[0]), nl = PaintMath.perp(t[n - 2])
        if style.lineCap == .round {
            sections.append(section(pts[0], n0))
        } else {
            sections.append(section(PaintMath.madd(pts[0], t[0], -0.5), n0, coverage: [0, 0, 0, 0]))
            sections.append(section(PaintMath.madd(pts[0], t[0], min(0.5, len[0] / 2)), n0))
        }
        for i in 1..<(n - 1) {
            // A segment next to an open end may be used up by the join; one between joins only half.
            let allow0 = i == 1 ? len[0] : len[i - 1] / 2, allow1 = i == n - 2 ? len[i] : len[i] / 2
            sections += join(pts[i], t[i - 1], t[i], allow: min(allow0, allow1))
        }
        if style.lineCap == .round {
            sections.append(section(pts[n - 1], nl))
        } else {
            sections.append(section(PaintMath.madd(pts[n - 1], t[n - 2], -min(0.5, len[n - 2] / 2)), nl))
            sections.append(section(PaintMath.madd(pts[n - 1], t[n - 2], 0.5), nl, coverage: [0, 0, 0, 0]))
        }
        let (first, last) = addStrip(sections)
        if style.lineCap == .round {
            // The caps are built on the end sections' own vertices: no seam between cap and body.
            addRoundCap(pts[0], n0, PaintMath.mul(t[0], -1), end: first)
            addRoundCap(pts[n - 1], PaintMath.mul(nl, -1), t[n - 2], end: last.reversed())
        }
    }

    mutating func addClosed(_ pts: [Point]) {
        let n = pts.count
        let t = (0..<n).map { PaintMath.unit(PaintMath.sub(pts[($0 + 1) % n], pts[$0])) ?? Point(1, 0) }
        let len = (0..<n).map { pts[$0].distance(to: pts[($0 + 1) % n]) }
        let joins = (0..<n).map { i in join(pts[i], t[(i + n - 1) % n], t[i], allow: min(len[(i + n - 1) % n], len[i]) / 2) }
        var sections = [joins[0].last!]
        for i in 1..<n { sections += joins[i] }
        sections += joins[0]
        addStrip(sections)
    }

    // MARK: Joins

    /// Cross-sections at a vertex turning from direction `t0` to `t1`. The inner side meets at one point when the
    /// neighbouring segments are long enough (`allow`), otherwise the sections pivot about the vertex.
    private func join(_ p: Point, _ t0: Point, _ t1: Point, allow: Double) -> [Section] {
        let n0 = PaintMath.perp(t0), n1 = PaintMath.perp(t1)
        let theta = atan2(PaintMath.cross(t0, t1), PaintMath.dot(t0, t1))
        if abs(theta) < 1e-9 { return [section(p, n0)] }
        let cosHalf = cos(theta / 2)
        let m = PaintMath.unit(PaintMath.add(n0, n1))
        let innerOK = m != nil && cosHalf > 1e-6 && reach * tan(abs(theta) / 2) <= allow
        let innerSide: Double = theta > 0 ? 1 : -1   // turning toward +n: the +n lanes are inside
        func mixed(_ outer: Point) -> Section {
            let pts = (0..<4).map { k -> Point in
                let isInner = (k < 2 ? -1.0 : 1.0) == innerSide
                return isInner ? PaintMath.madd(p, m!, lanes[k] / cosHalf) : PaintMath.madd(p, outer, lanes[k])
            }
            return (pts, laneCoverage)
        }
        if innerOK, reach * (1 / cosHalf - 1) <= 0.25 {   // indistinguishable from any join: one mitred section
            return [(lanes.map { PaintMath.madd(p, m!, $0 / cosHalf) }, laneCoverage)]
        }
        switch style.lineJoin {
        case .miter where m != nil && 1 / cosHalf <= style.miterLimit:
            let miter = lanes.map { PaintMath.madd(p, m!, $0 / cosHalf) }
            if innerOK { return [(miter, laneCoverage)] }
            let middle = (0..<4).map { k -> Point in
                (k < 2 ? -1.0 : 1.0) == innerSide ? PaintMath.madd(p, m!, lanes[k]) : miter[k]
            }
            return [section(p, n0), (middle, laneCoverage), section(p, n1)]
        case .round:
            let steps = max(1, Int((abs(theta) / PaintMath.arcStep(radius: reach, tolerance: 0.15)).rounded(.up)))
            let delta = theta / Double(steps), grow = (delta / sin(delta)).squareRoot()   // area-true wedges
            return (0...steps).map { j in
                let nn = PaintMath.mul(PaintMath.rotate(n0, delta * Double(j)), j == 0 || j == steps ? 1 : grow)
                return innerOK ? mixed(nn) : section(p, nn)
            }
        default:   // bevel, or a miter past its limit
            return innerOK ? [mixed(n0), mixed(n1)] : [section(p, n0), section(p, n1)]
        }
    }

    // MARK: Geometry

    /// Consecutive sections joined lane by lane (three bands; the core band is skipped when it has no width).
    /// Returns the vertex ids of the first and last sections.
    @discardableResult
    private mutating func addStrip(_ sections: [Section]) -> (first: [Int32], last: [Int32]) {
        var prev: [Int32]?, first: [Int32] = []
        for s in sections {
            let ids = (0..<4).map { mesh.add(s.points[$0], s.coverage[$0]) }
            if let a = prev {
                for k in 0..<3 where !(k == 1 && core == 0) { mesh.quad(a[k], a[k + 1], ids[k + 1], ids[k]) }
            } else {
                first = ids
            }
            prev = ids
        }
        return (first, prev ?? [])
    }

    /// A half disc on the `out` side of the line through `p` along `n`, closing a strip whose end section has the
    /// vertex ids `end` (lanes from −n to +n). The cap's first and last spokes are that section's vertices, and its
    /// core is fanned from one of them rather than from `p`, so cap and body share every vertex along their seam (no
    /// T-junction for the rasteriser to crack open, and no overlap to double a translucent colour).
    private mutating func addRoundCap(_ p: Point, _ n: Point, _ out: Point, end: [Int32]) {
        guard end.count == 4 else { return }
        var steps = max(2, Int((Double.pi / PaintMath.arcStep(radius: reach, tolerance: 0.15)).rounded(.up)))
        steps += steps % 2
        let delta = Double.pi / Double(steps), grow = (delta / sin(delta)).squareRoot()
        // Spoke j runs from n (j = 0: lanes 2, 3) round to −n (j = steps: lanes 1, 0).
        var cores: [Int32] = [], rims: [Int32] = []
        for j in 0...steps {
            if j == 0 { cores.append(end[2]); rims.append(end[3]); continue }
            if j == steps { cores.append(end[1]); rims.append(end[0]); continue }
            let phi = delta * Double(j)
            let u = PaintMath.add(PaintMath.mul(n, cos(phi)), PaintMath.mul(out, sin(phi)))
            cores.append(core > 0 ? mesh.add(PaintMath.madd(p, u, core * grow), solid) : end[1])
            rims.append(mesh.add(PaintMath.madd(p, u, reach * grow), 0))
        }
        for j in 0..<steps {
            if core > 0 {
                if j > 0 { mesh.triangle(cores[0], cores[j], cores[j + 1]) }
                mesh.quad(cores[j], cores[j + 1], rims[j + 1], rims[j])
            } else {
                mesh.triangle(end[1], rims[j], rims[j + 1])
            }
        }
    }

    /// A zero-length piece: a round dot, a square (square caps) or nothing (butt caps).
    private mutating func addDot(_ p: Point, direction: Point) {
        switch style.lineCap {
        case .butt: return
        case .round: addFan(p, PaintMath.perp(direction), direction, sweep: 2 * .pi)
        case .square:
            // A square of side w centred on p: a butt-capped piece of length w along the direction.
            let h = style.lineWidth / 2
            var butt = StrokeBuilder(StrokeStyle(lineWidth: style.lineWidth))
            swap(&butt.mesh, &mesh)
            butt.addOpen([PaintMath.madd(p, direction, -h), PaintMath.madd(p, direction, h)], direction: direction)
            swap(&butt.mesh, &mesh)
        }
    }

    /// A fan over `sweep` radians from direction `n` toward `out`: solid core plus fringe ring. Interior rim points
    /// sit slightly outside the circle so each wedge has the circle's area.
    private mutating func addFan(_ p: Point, _ n: Point, _ out: Point, sweep: Double) {
        var steps = max(2, Int((sweep / PaintMath.arcStep(radius: reach, tolerance: 0.15)).rounded(.up)))
        steps += steps % 2
        let delta = sweep / Double(steps), grow = (delta / sin(delta)).squareRoot()
        let centre = mesh.add(p, solid)
        var prevCore: Int32?, prevRim: Int32?
        for j in 0...steps {
            let phi = delta * Double(j), k = j == 0 || j == steps ? 1 : grow
            let u = PaintMath.add(PaintMath.mul(n, cos(phi)), PaintMath.mul(out, sin(phi)))
            let c = core > 0 ? mesh.add(PaintMath.madd(p, u, core * k), solid) : centre
            let r = mesh.add(PaintMath.madd(p, u, reach * k), 0)
            if let pc = prevCore, let pr = prevRim {
                if core > 0 { mesh.triangle(centre, pc, c); mesh.quad(pc, c, r, pr) } else { mesh.triangle(centre, pr, r) }
            }
            prevCore = c; prevRim = r
        }
    }
}
