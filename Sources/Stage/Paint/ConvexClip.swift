import Foundation

/// Clips triangle batches to a convex polygon (device coordinates), for clip shapes, corner radii and masks on
/// arbitrary content. Sutherland–Hodgman per triangle; colour and texture coordinates are interpolated.
public enum ConvexClip {
    /// The triangles of `vertices`/`indices` inside the convex `polygon` (either winding).
    ///
    /// With `antialias`, the edge gets a one-pixel fringe: content is kept up to half a pixel outside the polygon
    /// and its alpha fades linearly to zero across the pixel centred on the boundary. Triangles wholly inside keep
    /// their original vertices. A polygon with fewer than three distinct points clips everything away.
    public static func clip(vertices: [Vertex], indices: [Int32], to polygon: [Point],
                            antialias: Bool = true) -> (vertices: [Vertex], indices: [Int32]) {
        let planes = halfPlanes(polygon)
        guard !planes.isEmpty else { return ([], []) }
        // Per plane: keep content where distance ≥ `keep`; it is fully covered where distance ≥ `full`. Edges on a
        // pixel axis fade by a flat factor over the pixel row or column they cross (see `PixelSnap`), others by a
        // linear ramp across the pixel centred on the edge.
        let fringes = planes.map { FringeSpec($0, antialias: antialias) }
        // All of it wholly inside, past every fringe (a view well within its scroll view, every frame): as it is.
        // Per batch per frame: no allocation. A half-plane holds the box when it holds the box's nearest corner.
        if let first = vertices.first {
            var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
            for v in vertices { x0 = min(x0, v.x); y0 = min(y0, v.y); x1 = max(x1, v.x); y1 = max(y1, v.y) }
            var inside = true
            for (plane, f) in zip(planes, fringes) {
                let x = Double(plane.normal.x >= 0 ? x0 : x1), y = Double(plane.normal.y >= 0 ? y0 : y1)
                if plane.normal.x * x + plane.normal.y * y + plane.c < f.full { inside = false; break }
            }
            if inside { return (vertices, indices) }
        }
        var outV: [Vertex] = [], outI: [Int32] = []
        var reused: [Int32: Int32] = [:]
        for k in stride(from: 0, to: indices.count - 2, by: 3) {
            let ids = [indices[k], indices[k + 1], indices[k + 2]]
            let tri = ids.map { ClipVertex(vertices[Int($0)]) }
            // Wholly inside (past the fringe): keep as is.
            if tri.allSatisfy({ v in zip(planes, fringes).allSatisfy { $0.distance(v) >= $1.full } }) {
                for id in ids {
                    if let r = reused[id] { outI.append(r) } else {
                        outV.append(vertices[Int(id)]); reused[id] = Int32(outV.count - 1); outI.append(reused[id]!)
                    }
                }
                continue
            }
            // Clip to the polygon grown by the fringe.
            var poly = tri
            for (plane, f) in zip(planes, fringes) {
                poly = plane.clip(poly, offset: f.keep)
                if poly.count < 3 { break }
            }
            guard poly.count >= 3 else { continue }
            guard antialias else { emit(poly, &outV, &outI); continue }
            // Peel off the fringe band edge by edge; what stays inside every inner line is fully covered. A band of a
            // flat (axis) edge is cut further at the other flat edges' inner lines, so each piece has one flat factor.
            for (p, plane) in planes.enumerated() where fringes[p].full > fringes[p].keep {
                let (inside, outside) = plane.split(poly, offset: fringes[p].full)
                if outside.count >= 3 {
                    var pieces = [outside]
                    for (q, other) in planes.enumerated() where q != p && fringes[q].flat != nil {
                        pieces = pieces.flatMap { piece -> [[ClipVertex]] in
                            let (a, b) = other.split(piece, offset: fringes[q].full)
                            return [a, b].filter { $0.count >= 3 }
                        }
                    }
                    for piece in pieces {
                        let centre = piece.reduce(into: (0.0, 0.0)) { $0.0 += $1.x; $0.1 += $1.y }
                        let mid = ClipVertex(x: centre.0 / Double(piece.count), y: centre.1 / Double(piece.count))
                        // Flat factors from the edges whose band holds this piece (judged at its centre).
                        var flatFactor = 1.0
                        for (q, other) in planes.enumerated() {
                            if let f = fringes[q].flat, q == p || other.distance(mid) < fringes[q].full { flatFactor *= f }
                        }
                        emit(piece.map { v in
                            var ramp = 1.0
                            for (q, other) in planes.enumerated() where fringes[q].flat == nil {
                                ramp = min(ramp, max(0, 0.5 + other.distance(v)))
                            }
                            return v.faded(by: min(1, ramp) * flatFactor)
                        }, &outV, &outI)
                    }
                }
                poly = inside
                if poly.count < 3 { break }
            }
            if poly.count >= 3 { emit(poly, &outV, &outI) }
        }
        return (outV, outI)
    }

    /// How one clip edge antialiases (distances measured inward from the edge).
    struct FringeSpec {
        /// Content is kept where the distance is at least `keep` and fully covered from `full` on.
        var keep: Double, full: Double
        /// The coverage of the band between them for an edge on a pixel axis (1 when the edge is on a pixel boundary
        /// and has no band); nil for the linear ramp.
        var flat: Double?

        init(_ plane: HalfPlane, antialias: Bool) {
            guard antialias else { keep = 0; full = 0; flat = nil; return }
            if let axis = PixelSnap.axis(plane.normal) {
                // normal·p + c = 0 at the edge; the inside is toward +normal.
                let inward = axis == 0 ? plane.normal.x : plane.normal.y
                let sign: Double = inward > 0 ? 1 : -1
                let e = -plane.c * sign
                let snap = PixelSnap.edge(e, outward: -sign)
                full = sign * (snap.inner - e)
                // On a pixel boundary: a hard cut (a flat factor of 1 over an empty band).
                if snap.coverage > 1e-6 { keep = sign * (snap.outer - e); flat = snap.coverage } else { keep = full; flat = 1 }
            } else {
                keep = -0.5; full = 0.5; flat = nil
            }
        }
    }

    private static func emit(_ poly: [ClipVertex], _ v: inout [Vertex], _ i: inout [Int32]) {
        let base = Int32(v.count)
        v += poly.map(\.vertex)
        for k in 1..<(poly.count - 1) { i += [base, base + Int32(k), base + Int32(k + 1)] }
    }

    /// Inward half-planes of the polygon's edges.
    /// The intersection of two convex polygons: `subject` cut by each edge of `polygon` (either winding); empty when
    /// they do not overlap or `polygon` has fewer than three distinct points. (The view layer's nested clip regions.)
    public static func intersection(_ subject: [Point], _ polygon: [Point]) -> [Point] {
        let planes = halfPlanes(polygon)
        guard !planes.isEmpty else { return [] }
        var poly = subject.map { ClipVertex(x: $0.x, y: $0.y) }
        for plane in planes {
            poly = plane.clip(poly, offset: 0)
            if poly.isEmpty { return [] }
        }
        return poly.map { Point($0.x, $0.y) }
    }

    static func halfPlanes(_ polygon: [Point]) -> [HalfPlane] {
        let pts = Tessellator.cleaned(polygon)
        guard pts.count >= 3 else { return [] }
        let sign: Double = Tessellator.signedArea(pts) >= 0 ? 1 : -1
        return pts.indices.compactMap { i in
            let a = pts[i], b = pts[(i + 1) % pts.count]
            guard let d = PaintMath.unit(PaintMath.sub(b, a)) else { return nil }
            let n = PaintMath.mul(PaintMath.perp(d), sign)   // left normal for a positive-area loop: inward
            return HalfPlane(normal: n, c: -PaintMath.dot(n, a))
        }
    }

    /// normal·p + c ≥ 0 inside; `distance` is signed (positive inside).
    struct HalfPlane {
        var normal: Point
        var c: Double
        func distance(_ v: ClipVertex) -> Double { normal.x * v.x + normal.y * v.y + c }

        /// The part of a convex polygon where distance ≥ `offset`.
        func clip(_ poly: [ClipVertex], offset: Double) -> [ClipVertex] { split(poly, offset: offset).inside }

        /// The parts where distance ≥ `offset` and ≤ `offset`.
        func split(_ poly: [ClipVertex], offset: Double) -> (inside: [ClipVertex], outside: [ClipVertex]) {
            var inside: [ClipVertex] = [], outside: [ClipVertex] = []
            let d = poly.map { distance($0) - offset }
            if d.allSatisfy({ $0 >= 0 }) { return (poly, []) }
            if d.allSatisfy({ $0 <= 0 }) { return ([], poly) }
            for i in poly.indices {
                let j = (i + 1) % poly.count
                if d[i] >= 0 { inside.append(poly[i]) }
                if d[i] <= 0 { outside.append(poly[i]) }
                if (d[i] > 0 && d[j] < 0) || (d[i] < 0 && d[j] > 0) {
                    let x = poly[i].lerp(poly[j], d[i] / (d[i] - d[j]))
                    inside.append(x); outside.append(x)
                }
            }
            return (inside, outside)
        }
    }

    /// A vertex in doubles while clipping.
    struct ClipVertex {
        var x, y, r, g, b, a, u, v: Double
        init(x: Double, y: Double) { self.x = x; self.y = y; r = 0; g = 0; b = 0; a = 0; u = 0; v = 0 }
        init(_ w: Vertex) {
            x = Double(w.x); y = Double(w.y); r = Double(w.r); g = Double(w.g); b = Double(w.b); a = Double(w.a)
            u = Double(w.u); v = Double(w.v)
        }
        func lerp(_ o: ClipVertex, _ t: Double) -> ClipVertex {
            var out = self
            out.x += (o.x - x) * t; out.y += (o.y - y) * t
            out.r += (o.r - r) * t; out.g += (o.g - g) * t; out.b += (o.b - b) * t; out.a += (o.a - a) * t
            out.u += (o.u - u) * t; out.v += (o.v - v) * t
            return out
        }
        func faded(by k: Double) -> ClipVertex { var o = self; o.a *= k; return o }
        var vertex: Vertex {
            func q(_ c: Double) -> UInt8 { UInt8(max(0, min(255, c.rounded()))) }
            var w = Vertex(Point(x, y), (q(r), q(g), q(b), q(a)))
            w.u = Float(u); w.v = Float(v)
            return w
        }
    }
}

extension Tessellator {
    /// Clips everything tessellated so far to a convex polygon (see `ConvexClip.clip`).
    public mutating func clip(to polygon: [Point], antialias: Bool = true) {
        (vertices, indices) = ConvexClip.clip(vertices: vertices, indices: indices, to: polygon, antialias: antialias)
    }
}
