import Foundation

extension Tessellator {
    /// Fills flattened subpaths (device pixels) with `paint`, each with a one-pixel antialiasing fringe.
    ///
    /// Each subpath is filled on its own as a simple polygon (ear clipping), so overlapping subpaths are drawn twice
    /// and a subpath inside another is not a hole: `evenOdd` and the winding rule only matter for overlaps, which
    /// this filler does not resolve. Use separate, non-overlapping subpaths.
    public mutating func fill(_ subpaths: [Path.Subpath], paint: Paint, evenOdd: Bool = false) {
        let mesh = inPixels { mesh, s in
            for sub in subpaths { Tessellator.addFill(sub.points.map { $0.scaled(s) }, to: &mesh) }
        }
        emit(mesh, paint: paint)
    }

    /// A path filled in one call: flattened at quarter-pixel accuracy under `transform`.
    public mutating func fill(_ path: Path, transform: Homography = .identity, paint: Paint, evenOdd: Bool = false) {
        fill(path.flattened(tolerance: 0.25, transform: transform), paint: paint, evenOdd: evenOdd)
    }

    /// The fill of one simple polygon: a solid interior plus a one-pixel antialiasing fringe along every edge. Edges
    /// off the pixel axes get a linear ramp from solid half a pixel inside to clear half a pixel outside; horizontal
    /// and vertical edges a flat band on the pixel grid (see `PixelSnap`), so pixel-aligned edges are crisp.
    static func addFill(_ polygon: [Point], to mesh: inout PaintMesh) {
        let pts = cleaned(polygon)
        guard pts.count >= 3, abs(signedArea(pts)) > 1e-12 else { return }
        let orientation: Double = signedArea(pts) >= 0 ? 1 : -1
        let n = pts.count
        // Per edge: outward normal; offsets of the inner (solid) and outer (clear) lines along it; flat coverage.
        var normal: [Point] = [], innerOffset: [Double] = [], outerOffset: [Double] = []
        var flat: [Double?] = [], line: [(axis: Int, inner: Double, outer: Double)?] = []
        for i in 0..<n {
            let a = pts[i], b = pts[(i + 1) % n]
            let dx = b.x - a.x, dy = b.y - a.y, l = max(1e-12, (dx * dx + dy * dy).squareRoot())
            let nn = Point(dy / l * orientation, -dx / l * orientation)
            normal.append(nn)
            if l >= PixelSnap.minLength, let axis = PixelSnap.axis(nn) {
                let sign: Double = (axis == 0 ? nn.x : nn.y) > 0 ? 1 : -1
                let e = axis == 0 ? (a.x + b.x) / 2 : (a.y + b.y) / 2
                let snap = PixelSnap.edge(e, outward: sign)
                // On a pixel boundary the edge has no band: its outer line is its inner one (so the neighbours'
                // bands stop there too instead of reaching into the pixel row outside).
                let outer = snap.coverage > 1e-6 ? snap.outer : snap.inner
                innerOffset.append(sign * (snap.inner - e)); outerOffset.append(sign * (outer - e))
                flat.append(snap.coverage); line.append((axis, snap.inner, outer))
            } else {
                innerOffset.append(-0.5); outerOffset.append(0.5); flat.append(nil); line.append(nil)
            }
        }
        let normals = vertexNormals(pts, orientation: orientation)
        // The inner or outer ring at vertex i: where the offset lines of its two edges meet. A vertex next to a
        // snapped edge stays on that edge's whole-pixel line (a curve joining it tangentially would miss it).
        func ring(_ i: Int, outer: Bool) -> Point {
            let h = (i + n - 1) % n
            let offs = outer ? outerOffset : innerOffset
            let o0 = offs[h], o1 = offs[i]
            var q = PixelSnap.meet(pts[i], normal[h], o0, normal[i], o1, limit: 4 * max(abs(o0), abs(o1), 0.5))
                ?? PaintMath.madd(pts[i], normals[i], (o0 + o1) / 2)
            for k in [h, i] {
                guard let l = line[k] else { continue }
                let v = outer ? l.outer : l.inner
                if l.axis == 0 { q = Point(v, q.y) } else { q = Point(q.x, v) }
            }
            return q
        }
        let innerPts = (0..<n).map { ring($0, outer: false) }
        let outerPts = (0..<n).map { ring($0, outer: true) }
        let inner = innerPts.map { mesh.add($0, 1) }
        var outer = [Int32?](repeating: nil, count: n)
        func outerID(_ i: Int) -> Int32 {
            if let id = outer[i] { return id }
            let id = mesh.add(outerPts[i], 0); outer[i] = id; return id
        }
        for (a, b, c) in triangulate(pts) { mesh.triangle(inner[a], inner[b], inner[c]) }
        for i in 0..<n {
            let j = (i + 1) % n
            if let f = flat[i] {
                guard f > 1e-6 else { continue }   // on a pixel boundary: no fringe
                mesh.quad(mesh.add(innerPts[i], f), mesh.add(innerPts[j], f), mesh.add(outerPts[j], f), mesh.add(outerPts[i], f))
            } else {
                mesh.quad(inner[i], inner[j], outerID(j), outerID(i))
            }
        }
    }
}
