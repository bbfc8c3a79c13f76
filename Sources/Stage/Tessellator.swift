import Foundation

/// Turns outlines (already in device pixels) into triangles with a one-pixel antialiasing fringe: the shape's edge
/// fades from full to zero alpha across one pixel, so SDL's aliased triangle rasterizer draws smooth edges.
public struct Tessellator {
    public var vertices: [Vertex] = []
    public var indices: [Int32] = []
    /// Device pixels per unit of the coordinates handed in (2 when a HiDPI renderer scales points to pixels): fills
    /// and strokes put their antialiasing fringe and pixel-aligned edges on that finer grid (see `inPixels`).
    public var pixelScale = 1.0
    public init(pixelScale: Double = 1) { self.pixelScale = pixelScale }

    public mutating func reset() { vertices.removeAll(keepingCapacity: true); indices.removeAll(keepingCapacity: true) }

    /// Fills a simple closed polygon (antialiased as `fill(_:paint:)`; see `addFill`).
    public mutating func fill(_ polygon: [Point], color: Color) {
        let mesh = inPixels { mesh, s in Tessellator.addFill(polygon.map { $0.scaled(s) }, to: &mesh) }
        emit(mesh, paint: .color(color))
    }

    /// Strokes a closed outline with a line of `width` device pixels centred on it.
    public mutating func stroke(_ polygon: [Point], width: Double, color: Color) {
        let pts = Tessellator.cleaned(polygon)
        guard pts.count >= 2, width > 0 else { return }
        let orientation: Double = Tessellator.signedArea(pts) >= 0 ? 1 : -1
        let normals = Tessellator.vertexNormals(pts, orientation: orientation)
        // Thinner than a pixel: draw one pixel wide at reduced alpha (coverage).
        let alpha = min(1, width)
        let half = max(width, 1) / 2
        let solid = color.opacity(alpha).rgba8, clear = color.opacity(0).rgba8
        let offsets: [(Double, (UInt8, UInt8, UInt8, UInt8))] = [
            (-half - 0.5, clear), (-max(0, half - 0.5), solid), (max(0, half - 0.5), solid), (half + 0.5, clear)]
        let base = Int32(vertices.count)
        let n = pts.count
        for (off, c) in offsets { for i in 0..<n { vertices.append(Vertex(pts[i] + normals[i].scaled(off), c)) } }
        for ring in 0..<3 {
            for i in 0..<n {
                let j = (i + 1) % n
                let a = base + Int32(ring * n + i), b = base + Int32(ring * n + j)
                let c = base + Int32((ring + 1) * n + j), d = base + Int32((ring + 1) * n + i)
                indices += [a, b, c, a, c, d]
            }
        }
    }

    /// A textured quad mesh: the unit square (u, v) mapped through `map`, split into `cols`×`rows` cells so that a
    /// perspective map warps the texture correctly (SDL interpolates texture coordinates affinely per triangle).
    public mutating func texturedGrid(cols: Int, rows: Int, color: Color, uv: Rect = Rect(x: 0, y: 0, width: 1, height: 1),
                                      map: (Double, Double) -> Point) {
        let c = color.rgba8
        let base = Int32(vertices.count)
        for j in 0...rows {
            for i in 0...cols {
                let s = Double(i) / Double(cols), t = Double(j) / Double(rows)
                vertices.append(Vertex(map(s, t), c, u: uv.minX + s * uv.width, v: uv.minY + t * uv.height))
            }
        }
        let stride = Int32(cols + 1)
        for j in 0..<Int32(rows) {
            for i in 0..<Int32(cols) {
                let a = base + j * stride + i, b = a + 1, d = a + stride, e = d + 1
                indices += [a, b, e, a, e, d]
            }
        }
    }

    // MARK: - Geometry helpers

    static func cleaned(_ pts: [Point]) -> [Point] {
        var out: [Point] = []
        for p in pts where out.last.map({ $0.distance(to: p) > 1e-6 }) ?? true { out.append(p) }
        if out.count > 1, out[0].distance(to: out[out.count - 1]) <= 1e-6 { out.removeLast() }
        return out
    }

    /// Twice the signed area; positive for clockwise on screen (y down).
    static func signedArea(_ p: [Point]) -> Double {
        var s = 0.0
        for i in 0..<p.count { let j = (i + 1) % p.count; s += p[i].x * p[j].y - p[j].x * p[i].y }
        return s
    }

    /// Outward unit normals at each vertex (miter direction, length limited so sharp corners don't spike).
    static func vertexNormals(_ p: [Point], orientation: Double) -> [Point] {
        let n = p.count
        func edgeNormal(_ a: Point, _ b: Point) -> Point {
            let dx = b.x - a.x, dy = b.y - a.y, l = max(1e-12, (dx * dx + dy * dy).squareRoot())
            return Point(dy / l * orientation, -dx / l * orientation)
        }
        return (0..<n).map { i in
            let n0 = edgeNormal(p[(i + n - 1) % n], p[i]), n1 = edgeNormal(p[i], p[(i + 1) % n])
            var m = Point(n0.x + n1.x, n0.y + n1.y)
            let l = (m.x * m.x + m.y * m.y).squareRoot()
            guard l > 1e-9 else { return n1 }
            m = Point(m.x / l, m.y / l)
            let cosHalf = max(0.25, m.x * n1.x + m.y * n1.y)
            return m.scaled(1 / cosHalf)
        }
    }

    static func isConvex(_ p: [Point]) -> Bool {
        var sign = 0.0
        for i in 0..<p.count {
            let a = p[i], b = p[(i + 1) % p.count], c = p[(i + 2) % p.count]
            let cross = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
            if abs(cross) < 1e-12 { continue }
            if sign == 0 { sign = cross } else if sign * cross < 0 { return false }
        }
        return true
    }

    /// Triangles of a simple polygon: a fan when convex, ear clipping otherwise.
    static func triangulate(_ p: [Point]) -> [(Int, Int, Int)] {
        if isConvex(p) { return (1..<(p.count - 1)).map { (0, $0, $0 + 1) } }
        var idx = Array(0..<p.count)
        var tris: [(Int, Int, Int)] = []
        let orient: Double = signedArea(p) >= 0 ? 1 : -1
        var guardCount = 0
        while idx.count > 3 && guardCount < p.count * p.count {
            guardCount += 1
            var clipped = false
            for k in 0..<idx.count {
                let i0 = idx[(k + idx.count - 1) % idx.count], i1 = idx[k], i2 = idx[(k + 1) % idx.count]
                let a = p[i0], b = p[i1], c = p[i2]
                let cross = ((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)) * orient
                if cross <= 0 { continue }
                let inside = idx.contains { j in
                    j != i0 && j != i1 && j != i2 && Tessellator.pointInTriangle(p[j], a, b, c)
                }
                if inside { continue }
                tris.append((i0, i1, i2)); idx.remove(at: k); clipped = true; break
            }
            if !clipped { break }
        }
        if idx.count == 3 { tris.append((idx[0], idx[1], idx[2])) }
        return tris
    }

    static func pointInTriangle(_ p: Point, _ a: Point, _ b: Point, _ c: Point) -> Bool {
        func s(_ p1: Point, _ p2: Point, _ p3: Point) -> Double { (p1.x - p3.x) * (p2.y - p3.y) - (p2.x - p3.x) * (p1.y - p3.y) }
        let d1 = s(p, a, b), d2 = s(p, b, c), d3 = s(p, c, a)
        let neg = d1 < 0 || d2 < 0 || d3 < 0, pos = d1 > 0 || d2 > 0 || d3 > 0
        return !(neg && pos)
    }
}

extension Point {
    func scaled(_ k: Double) -> Point { Point(x * k, y * k) }
}
