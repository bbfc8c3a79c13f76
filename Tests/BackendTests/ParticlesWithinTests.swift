import Backend
import Foundation
import Particles
import Stage
import XCTest

/// Particles drawn within a rect (a particle view's frame): cut by the renderer's own clip, inside the clip already
/// in force, which is in force again after them.
final class ParticlesWithinTests: XCTestCase {
    /// Lit pixels (any channel over 8) of the canvas, by column range and row range.
    private func lit(_ f: Framebuffer, x: Range<Int>, y: Range<Int>) -> Int {
        var n = 0
        for j in y { for i in x { let p = f.pixel(i, j); if max(p.r, p.g, p.b) > 8 { n += 1 } } }
        return n
    }

    /// Sparks over 200 × 150 drawn on black within `rect`, with `outer` in force, then a white square over the whole
    /// canvas after them.
    private func draw(within rect: Rect, outer: Rect?, count: Int) throws -> Framebuffer {
        let canvas = try HeadlessCanvas(width: 200, height: 150, assets: SparkBatch.assets)
        canvas.renderer.clear(Color(hex: 0x000000))
        canvas.renderer.setClip(outer)
        canvas.renderer.drawParticles(SparkBatch.make(count: count, seed: 4), texture: .image("spark"), blend: .add, within: rect)
        let c = (UInt8(255), UInt8(255), UInt8(255), UInt8(255))
        let square = [Vertex(Point(0, 140), c), Vertex(Point(10, 140), c), Vertex(Point(10, 150), c), Vertex(Point(0, 150), c)]
        canvas.renderer.drawTriangles(square, indices: [0, 1, 2, 0, 2, 3], texture: nil, blend: .alpha)
        return canvas.renderer.readFramebuffer()
    }

    func testParticlesStayInsideTheRectAndTheClipInForce() throws {
        // Few sparks (the geometry path) and many (the CPU splat, from 2,000 additive quads).
        for count in [400, 4000] {
            let f = try draw(within: Rect(x: 40, y: 30, width: 100, height: 60), outer: nil, count: count)
            XCTAssertGreaterThan(lit(f, x: 40..<140, y: 30..<90), 200, "\(count) sparks light the rect")
            XCTAssertEqual(lit(f, x: 0..<200, y: 0..<30) + lit(f, x: 0..<200, y: 90..<140) + lit(f, x: 0..<40, y: 30..<90)
                           + lit(f, x: 140..<200, y: 30..<90), 0, "\(count) sparks: nothing outside the rect")
            // Within an outer clip, the two rects' common part only.
            let g = try draw(within: Rect(x: 40, y: 30, width: 100, height: 60), outer: Rect(x: 0, y: 0, width: 90, height: 150), count: count)
            XCTAssertGreaterThan(lit(g, x: 40..<90, y: 30..<90), 100)
            XCTAssertEqual(lit(g, x: 90..<200, y: 0..<150), 0, "\(count) sparks: nothing outside the clip in force")
            // The square drawn after them is cut by the outer clip again, not by the rect.
            XCTAssertEqual(lit(g, x: 0..<10, y: 140..<150), 100)
            XCTAssertEqual(lit(f, x: 0..<10, y: 140..<150), 100)
        }
    }
}
