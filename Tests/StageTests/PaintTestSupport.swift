import XCTest
@testable import Stage

/// Helpers for the Paint tests: triangles of a tessellator and the area they cover.
enum PaintMeasure {
    static func triangles(_ v: [Vertex], _ i: [Int32]) -> [(Vertex, Vertex, Vertex)] {
        stride(from: 0, to: i.count, by: 3).map { (v[Int(i[$0])], v[Int(i[$0 + 1])], v[Int(i[$0 + 2])]) }
    }
    static func triangles(_ t: Tessellator) -> [(Vertex, Vertex, Vertex)] { triangles(t.vertices, t.indices) }

    /// ∫ alpha dA (alpha interpolated linearly across each triangle).
    static func coverage(_ v: [Vertex], _ i: [Int32]) -> Double {
        triangles(v, i).reduce(0) { sum, t in
            sum + abs(triangleArea(t.0.point, t.1.point, t.2.point)) * (Double(t.0.a) + Double(t.1.a) + Double(t.2.a)) / 765
        }
    }
    static func coverage(_ t: Tessellator) -> Double { coverage(t.vertices, t.indices) }

    /// Plain triangle area, ignoring alpha.
    static func area(_ v: [Vertex], _ i: [Int32]) -> Double {
        triangles(v, i).reduce(0) { $0 + abs(triangleArea($1.0.point, $1.1.point, $1.2.point)) }
    }

    /// Bounds of the vertices with any alpha, or of all vertices.
    static func bounds(_ t: Tessellator, visibleOnly: Bool = false) -> Rect {
        let pts = t.vertices.filter { !visibleOnly || $0.a > 0 }.map(\.point)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The colour linearly interpolated at `p` from the first triangle containing it, or nil.
    static func sample(_ t: Tessellator, at p: Point) -> (r: Double, g: Double, b: Double, a: Double)? {
        for (a, b, c) in triangles(t) {
            let pa = a.point, pb = b.point, pc = c.point
            let det = (pb.y - pc.y) * (pa.x - pc.x) + (pc.x - pb.x) * (pa.y - pc.y)
            guard abs(det) > 1e-12 else { continue }
            let w0 = ((pb.y - pc.y) * (p.x - pc.x) + (pc.x - pb.x) * (p.y - pc.y)) / det
            let w1 = ((pc.y - pa.y) * (p.x - pc.x) + (pa.x - pc.x) * (p.y - pc.y)) / det
            let w2 = 1 - w0 - w1
            guard w0 >= -1e-9, w1 >= -1e-9, w2 >= -1e-9 else { continue }
            func mix(_ f: (Vertex) -> UInt8) -> Double { w0 * Double(f(a)) + w1 * Double(f(b)) + w2 * Double(f(c)) }
            return (mix(\.r), mix(\.g), mix(\.b), mix(\.a))
        }
        return nil
    }
}
