import Foundation

/// Triangles in device pixels whose vertices carry a coverage (0…1, the antialiasing alpha) instead of a colour.
/// `Tessellator.emit` colours them with a `Paint`.
struct PaintMesh {
    var points: [Point] = []
    var coverage: [Double] = []
    var triangles: [Int32] = []

    mutating func add(_ p: Point, _ c: Double) -> Int32 {
        points.append(p); coverage.append(c)
        return Int32(points.count - 1)
    }
    mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) { triangles += [a, b, c] }
    /// Quad a-b-c-d (in order round its edge) as two triangles.
    mutating func quad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) { triangles += [a, b, c, a, c, d] }
}

extension Tessellator {
    /// Largest per-channel error allowed where a gradient is sampled (the backend's linear interpolation keeps the
    /// result within ±3 of 8 bits).
    static let gradientTolerance = 1.5 / 255
    /// Gradient triangles are not split below this edge length (device pixels).
    static let gradientMinEdge = 0.5

    /// Appends `mesh` coloured by `paint`. Solid paints share vertices and cost nothing extra; gradients are cut along
    /// their crease lines and split until linear colour interpolation matches the paint (each triangle then has its
    /// own three vertices, so seams stay hard).
    mutating func emit(_ mesh: PaintMesh, paint: Paint) {
        guard !mesh.triangles.isEmpty else { return }
        if let solid = paint.solidColor {
            let base = Int32(vertices.count)
            for (p, c) in zip(mesh.points, mesh.coverage) { vertices.append(Vertex(p, solid.opacity(c).rgba8)) }
            indices += mesh.triangles.map { $0 + base }
            return
        }
        let creases = paint.creaseLines()
        for k in stride(from: 0, to: mesh.triangles.count, by: 3) {
            let tri = (0..<3).map { i -> GradientCorner in
                let j = Int(mesh.triangles[k + i])
                return GradientCorner(p: mesh.points[j], c: mesh.coverage[j])
            }
            var pieces = [tri]
            for line in creases { pieces = pieces.flatMap { Tessellator.split($0, by: line) } }
            for piece in pieces { refine(piece[0], piece[1], piece[2], paint: paint, depth: 0) }
        }
    }

    private mutating func refine(_ a: GradientCorner, _ b: GradientCorner, _ c: GradientCorner, paint: Paint, depth: Int) {
        let centroid = Point((a.p.x + b.p.x + c.p.x) / 3, (a.p.y + b.p.y + c.p.y) / 3)
        // Colours are sampled a hair toward the centroid so a vertex on a seam takes this triangle's side.
        func sample(_ p: Point) -> Color { paint.color(at: PaintMath.lerp(p, centroid, 1e-6)) }
        let ca = sample(a.p), cb = sample(b.p), cc = sample(c.p)
        let ab = a.p.distance(to: b.p), bc = b.p.distance(to: c.p), ca_ = c.p.distance(to: a.p)
        if depth < 24 && max(ab, bc, ca_) > Tessellator.gradientMinEdge {
            let probes: [(Double, Double, Double)] = [(0.5, 0.5, 0), (0, 0.5, 0.5), (0.5, 0, 0.5), (1 / 3.0, 1 / 3.0, 1 / 3.0)]
            let bad = probes.contains { w in
                let p = Point(w.0 * a.p.x + w.1 * b.p.x + w.2 * c.p.x, w.0 * a.p.y + w.1 * b.p.y + w.2 * c.p.y)
                let truth = sample(p)
                let r = w.0 * ca.r + w.1 * cb.r + w.2 * cc.r, g = w.0 * ca.g + w.1 * cb.g + w.2 * cc.g
                let bl = w.0 * ca.b + w.1 * cb.b + w.2 * cc.b, al = w.0 * ca.a + w.1 * cb.a + w.2 * cc.a
                return max(abs(truth.r - r), abs(truth.g - g), abs(truth.b - bl), abs(truth.a - al)) > Tessellator.gradientTolerance
            }
            if bad {
                // Split the longest edge at its midpoint.
                if ab >= bc && ab >= ca_ {
                    let m = a.mid(b)
                    refine(a, m, c, paint: paint, depth: depth + 1); refine(m, b, c, paint: paint, depth: depth + 1)
                } else if bc >= ca_ {
                    let m = b.mid(c)
                    refine(a, b, m, paint: paint, depth: depth + 1); refine(a, m, c, paint: paint, depth: depth + 1)
                } else {
                    let m = c.mid(a)
                    refine(a, b, m, paint: paint, depth: depth + 1); refine(m, b, c, paint: paint, depth: depth + 1)
                }
                return
            }
        }
        let base = Int32(vertices.count)
        vertices.append(Vertex(a.p, ca.opacity(a.c).rgba8))
        vertices.append(Vertex(b.p, cb.opacity(b.c).rgba8))
        vertices.append(Vertex(c.p, cc.opacity(c.c).rgba8))
        indices += [base, base + 1, base + 2]
    }

    /// A triangle cut by the line a·x + b·y + c = 0 into triangles on either side (itself when not crossed).
    static func split(_ t: [GradientCorner], by l: (Double, Double, Double)) -> [[GradientCorner]] {
        let norm = max(1e-12, (l.0 * l.0 + l.1 * l.1).squareRoot())
        let d = t.map { (l.0 * $0.p.x + l.1 * $0.p.y + l.2) / norm }
        let eps = 1e-7
        if d.allSatisfy({ $0 >= -eps }) || d.allSatisfy({ $0 <= eps }) { return [t] }
        var pos: [GradientCorner] = [], neg: [GradientCorner] = []
        for i in 0..<3 {
            let j = (i + 1) % 3
            if d[i] >= 0 { pos.append(t[i]) }
            if d[i] <= 0 { neg.append(t[i]) }
            if (d[i] > 0 && d[j] < 0) || (d[i] < 0 && d[j] > 0) {
                let x = t[i].lerp(t[j], d[i] / (d[i] - d[j]))
                pos.append(x); neg.append(x)
            }
        }
        func fan(_ poly: [GradientCorner]) -> [[GradientCorner]] {
            poly.count < 3 ? [] : (1..<(poly.count - 1)).map { [poly[0], poly[$0], poly[$0 + 1]] }
        }
        return fan(pos) + fan(neg)
    }
}

/// A mesh corner while refining gradients: position and coverage.
struct GradientCorner {
    var p: Point
    var c: Double
    func lerp(_ o: GradientCorner, _ t: Double) -> GradientCorner {
        GradientCorner(p: PaintMath.lerp(p, o.p, t), c: c + (o.c - c) * t)
    }
    func mid(_ o: GradientCorner) -> GradientCorner { lerp(o, 0.5) }
}
