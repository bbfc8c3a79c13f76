import Foundation
import Stage

/// The player's own drawing over a scene — the recording indicator, the timeline bar, the code panel — in flat
/// colours straight to the renderer, outside any scene's view tree.
typealias RGBA8 = (UInt8, UInt8, UInt8, UInt8)

extension Renderer {
    func fillRect(_ rect: Rect, _ c: RGBA8) {
        guard rect.width > 0, rect.height > 0 else { return }
        let v = [Vertex(Point(rect.minX, rect.minY), c), Vertex(Point(rect.maxX, rect.minY), c),
                 Vertex(Point(rect.maxX, rect.maxY), c), Vertex(Point(rect.minX, rect.maxY), c)]
        drawTriangles(v, indices: [0, 1, 2, 0, 2, 3], texture: nil, blend: .alpha)
    }

    /// A disc as a fan of `segments` triangles.
    func fillCircle(center: Point, radius: Double, _ c: RGBA8, segments n: Int = 24) {
        var v = [Vertex(center, c)]
        var indices: [Int32] = []
        for i in 0...n {
            let a = Double(i) / Double(n) * 2 * Double.pi
            v.append(Vertex(Point(center.x + radius * cos(a), center.y + radius * sin(a)), c))
            if i > 0 { indices += [0, Int32(i), Int32(i + 1)] }
        }
        drawTriangles(v, indices: indices, texture: nil, blend: .alpha)
    }

    /// A line of text with its top-left corner at `p`, at its measured size (or `size` when already known).
    func drawText(_ s: String, font: Font, at p: Point, _ c: RGBA8, size: Size? = nil) {
        let size = size ?? measure(s, font: font)
        let v = [Vertex(p, c, u: 0, v: 0), Vertex(Point(p.x + size.width, p.y), c, u: 1, v: 0),
                 Vertex(Point(p.x + size.width, p.y + size.height), c, u: 1, v: 1),
                 Vertex(Point(p.x, p.y + size.height), c, u: 0, v: 1)]
        drawTriangles(v, indices: [0, 1, 2, 0, 2, 3], texture: .text(s, font), blend: .alpha)
    }
}
