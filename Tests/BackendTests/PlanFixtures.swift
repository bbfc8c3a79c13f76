@testable import Backend
import Stage

/// Rects and quads for the frame plan's tests.
protocol PlanFixtures {}

extension PlanFixtures {
    func rect(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) -> PixelRect { PixelRect(x0: x0, y0: y0, x1: x1, y1: y1) }

    func quad(_ x0: Float, _ y0: Float, _ x1: Float, _ y1: Float, alpha: UInt8 = 255, texture: TextureSource? = nil,
              indices: [Int32] = [0, 1, 2, 0, 2, 3]) -> TriangleBatch {
        let c = (UInt8(200), UInt8(100), UInt8(50), alpha)
        let v = [Vertex(Point(Double(x0), Double(y0)), c), Vertex(Point(Double(x1), Double(y0)), c),
                 Vertex(Point(Double(x1), Double(y1)), c), Vertex(Point(Double(x0), Double(y1)), c)]
        return TriangleBatch(vertices: v, indices: indices, texture: texture, blend: .alpha)
    }
}
