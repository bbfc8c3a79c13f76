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
    /// A triangle clear at all three corners covers nothing and is left out: a stroke's flat ends have two in every
    /// six (issue 24: Belts and Gears' marching dashes are thousands of triangles a frame, each one set up by llvmpipe).
    /// One append per index: an array literal here was an allocation per triangle.
    mutating func triangle(_ a: Int32, _ b: Int32, _ c: Int32) {
        guard coverage[Int(a)] > 0 || coverage[Int(b)] > 0 || coverage[Int(c)] > 0 else { return }
        triangles.append(a); triangles.append(b); triangles.append(c)
    }
    /// Quad a-b-c-d (in order round its edge) as two triangles.
    mutating func quad(_ a: Int32, _ b: Int32, _ c: Int32, _ d: Int32) { triangle(a, b, c); triangle(a, c, d) }
}

extension Tessellator {
    /// A coverage mesh built in device pixels: `build` gets the factor from the caller's units to pixels (it scales
    /// what it is given, lengths too), and the mesh comes back in the caller's units. So the fringe is one device
    /// pixel wide and pixel-aligned edges are crisp at any `pixelScale`, and paints keep the caller's coordinates.
    func inPixels(_ build: (inout PaintMesh, Double) -> Void) -> PaintMesh {
        var mesh = PaintMesh()
        build(&mesh, pixelScale)
        if pixelScale != 1 { mesh.points = mesh.points.map { $0.scaled(1 / pixelScale) } }
        return mesh
    }
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
        // Pass 1: cut along the creases and refine each piece on its own, noting every edge that was halved.
        var refined = GradientRefinement(paint: paint)
        for k in stride(from: 0, to: mesh.triangles.count, by: 3) {
            let tri = (0..<3).map { i -> GradientCorner in
                let j = Int(mesh.triangles[k + i])
                return GradientCorner(p: mesh.points[j], c: mesh.coverage[j])
            }
            var pieces = [tri]
            for line in creases {
                // Most pieces lie on one side of most creases (a colour ramp of 97 stops has 97): they are kept as
                // they are, without a new array each (issue 24: the Particle Lab's ramp bar took 40 ms to tessellate).
                guard pieces.contains(where: { Tessellator.crosses($0, line) }) else { continue }
                var cut: [[GradientCorner]] = []
                cut.reserveCapacity(pieces.count + 2)
                for piece in pieces {
                    if Tessellator.crosses(piece, line) { cut += Tessellator.split(piece, by: line) } else { cut.append(piece) }
                }
                pieces = cut
            }
            for piece in pieces {
                let (a, b, c) = (piece[0], piece[1], piece[2])
                // Zero-area triangles (inner joins of strokes) draw nothing.
                guard abs(PaintMath.cross(PaintMath.sub(b.p, a.p), PaintMath.sub(c.p, a.p))) > 1e-9 else { continue }
                refined.refine(a, b, c, depth: 0)
            }
        }
        // Pass 2: halve every leaf along the edges its neighbours halved, so no vertex sits in the middle of another
        // triangle's edge (a T-junction, which the rasteriser can crack open into uncovered pixels).
        for (a, b, c) in refined.leaves { conform(a, b, c, split: refined.split, paint: paint, depth: 0) }
    }

    private mutating func conform(_ a: GradientCorner, _ b: GradientCorner, _ c: GradientCorner,
                                  split: Set<GradientEdge>, paint: Paint, depth: Int) {
        if depth < 48 {
            if split.contains(GradientEdge(a.p, b.p)) {
                let m = a.midpoint(b)
                conform(a, m, c, split: split, paint: paint, depth: depth + 1)
                conform(m, b, c, split: split, paint: paint, depth: depth + 1)
                return
            }
            if split.contains(GradientEdge(b.p, c.p)) {
                let m = b.midpoint(c)
                conform(a, b, m, split: split, paint: paint, depth: depth + 1)
                conform(a, m, c, split: split, paint: paint, depth: depth + 1)
                return
            }
            if split.contains(GradientEdge(c.p, a.p)) {
                let m = c.midpoint(a)
                conform(a, b, m, split: split, paint: paint, depth: depth + 1)
                conform(m, b, c, split: split, paint: paint, depth: depth + 1)
                return
            }
        }
        // Corner colours are sampled a hair toward the centroid, so a vertex on a seam takes the triangle's side.
        let centroid = GradientCorner.centroid(a, b, c).p
        func sample(_ p: Point) -> Color { paint.color(at: PaintMath.lerp(p, centroid, 1e-6)) }
        let base = Int32(vertices.count)
        vertices.append(Vertex(a.p, sample(a.p).opacity(a.c).rgba8))
        vertices.append(Vertex(b.p, sample(b.p).opacity(b.c).rgba8))
        vertices.append(Vertex(c.p, sample(c.p).opacity(c.c).rgba8))
        indices += [base, base + 1, base + 2]
    }

    /// The signed distance of `p` from the line a·x + b·y + c = 0.
    private static func distance(_ p: Point, _ l: (Double, Double, Double)) -> Double {
        (l.0 * p.x + l.1 * p.y + l.2) / max(1e-12, (l.0 * l.0 + l.1 * l.1).squareRoot())
    }

    /// Whether line `l` (a·x + b·y + c = 0) cuts triangle `t`: corners more than 10⁻⁷ from it on both sides. Without
    /// making arrays (it runs for every piece and every crease of a gradient).
    static func crosses(_ t: [GradientCorner], _ l: (Double, Double, Double)) -> Bool {
        let eps = 1e-7
        var above = false, below = false
        for corner in t {
            let d = distance(corner.p, l)
            if d < -eps { below = true }
            if d > eps { above = true }
        }
        return above && below
    }

    /// A triangle cut by the line a·x + b·y + c = 0 into triangles on either side (itself when not crossed).
    static func split(_ t: [GradientCorner], by l: (Double, Double, Double)) -> [[GradientCorner]] {
        guard crosses(t, l) else { return [t] }
        let d = t.map { distance($0.p, l) }
        var pos: [GradientCorner] = [], neg: [GradientCorner] = []
        for i in 0..<3 {
            let j = (i + 1) % 3
            if d[i] >= 0 { pos.append(t[i]) }
            if d[i] <= 0 { neg.append(t[i]) }
            if (d[i] > 0 && d[j] < 0) || (d[i] < 0 && d[j] > 0) {
                // Interpolated from the same end whichever way round the edge is, so the triangle on the other side
                // of it gets the very same point.
                let forward = (t[i].p.x, t[i].p.y) < (t[j].p.x, t[j].p.y)
                let x = forward ? t[i].lerp(t[j], d[i] / (d[i] - d[j])) : t[j].lerp(t[i], d[j] / (d[j] - d[i]))
                pos.append(x); neg.append(x)
            }
        }
        func fan(_ poly: [GradientCorner]) -> [[GradientCorner]] {
            poly.count < 3 ? [] : (1..<(poly.count - 1)).map { [poly[0], poly[$0], poly[$0 + 1]] }
        }
        return fan(pos) + fan(neg)
    }
}

/// The first pass of gradient refinement: triangles split at the midpoint of their longest edge while linear colour
/// interpolation strays from the paint.
struct GradientRefinement {
    let paint: Paint
    var leaves: [(GradientCorner, GradientCorner, GradientCorner)] = []
    /// Every edge that was halved.
    var split = Set<GradientEdge>()

    init(paint: Paint) { self.paint = paint }

    mutating func refine(_ a: GradientCorner, _ b: GradientCorner, _ c: GradientCorner, depth: Int) {
        let ab = a.p.distance(to: b.p), bc = b.p.distance(to: c.p), ac = c.p.distance(to: a.p)
        if depth < 24 && max(ab, bc, ac) > Tessellator.gradientMinEdge {
            let centroid = GradientCorner.centroid(a, b, c).p
            let paint = self.paint
            func sample(_ p: Point) -> Color { paint.color(at: PaintMath.lerp(p, centroid, 1e-6)) }
            func off(_ truth: Color, _ guess: Color) -> Bool {
                max(abs(truth.r - guess.r), abs(truth.g - guess.g), abs(truth.b - guess.b), abs(truth.a - guess.a))
                    > Tessellator.gradientTolerance
            }
            let ca = sample(a.p), cb = sample(b.p), cc = sample(c.p)
            let third = 1.0 / 3
            let mid = Color(r: (ca.r + cb.r + cc.r) * third, g: (ca.g + cb.g + cc.g) * third,
                            b: (ca.b + cb.b + cc.b) * third, a: (ca.a + cb.a + cc.a) * third)
            if off(sample(a.midpoint(b).p), ca.mix(cb, 0.5)) || off(sample(b.midpoint(c).p), cb.mix(cc, 0.5))
                || off(sample(c.midpoint(a).p), cc.mix(ca, 0.5)) || off(sample(centroid), mid) {
                let d = depth + 1
                if ab >= bc && ab >= ac {
                    let m = a.midpoint(b); split.insert(GradientEdge(a.p, b.p))
                    refine(a, m, c, depth: d); refine(m, b, c, depth: d)
                } else if bc >= ac {
                    let m = b.midpoint(c); split.insert(GradientEdge(b.p, c.p))
                    refine(a, b, m, depth: d); refine(a, m, c, depth: d)
                } else {
                    let m = c.midpoint(a); split.insert(GradientEdge(c.p, a.p))
                    refine(a, b, m, depth: d); refine(m, b, c, depth: d)
                }
                return
            }
        }
        leaves.append((a, b, c))
    }
}

/// An edge between two exact positions, either way round.
struct GradientEdge: Hashable {
    let x0, y0, x1, y1: Double
    init(_ a: Point, _ b: Point) {
        if (a.x, a.y) <= (b.x, b.y) { x0 = a.x; y0 = a.y; x1 = b.x; y1 = b.y } else { x0 = b.x; y0 = b.y; x1 = a.x; y1 = a.y }
    }
}

/// A mesh corner while refining gradients: position and coverage.
struct GradientCorner {
    var p: Point
    var c: Double
    /// The midpoint, computed the same whichever end it is taken from.
    func midpoint(_ o: GradientCorner) -> GradientCorner {
        GradientCorner(p: Point((p.x + o.p.x) * 0.5, (p.y + o.p.y) * 0.5), c: (c + o.c) * 0.5)
    }
    func lerp(_ o: GradientCorner, _ t: Double) -> GradientCorner {
        GradientCorner(p: PaintMath.lerp(p, o.p, t), c: c + (o.c - c) * t)
    }
    static func centroid(_ a: GradientCorner, _ b: GradientCorner, _ c: GradientCorner) -> GradientCorner {
        GradientCorner(p: Point((a.p.x + b.p.x + c.p.x) / 3, (a.p.y + b.p.y + c.p.y) / 3), c: (a.c + b.c + c.c) / 3)
    }
}
