import CSDL2
import Stage
@testable import Backend
import XCTest

/// Layers re-made every frame reuse the pool's textures instead of making new ones, draw the same pixels as in
/// textures made for them alone, and a still scene keeps none of them.
final class TexturePoolTests: XCTestCase {
    /// A blurred square of `side` at (x, y), in `colour`: its content key differs for every position and size.
    func square(at x: Double, _ y: Double, side: Double, _ colour: (UInt8, UInt8, UInt8, UInt8), blur: Double = 2) -> Layer {
        let v = [Vertex(Point(x, y), colour), Vertex(Point(x + side, y), colour), Vertex(Point(x + side, y + side), colour),
                 Vertex(Point(x, y + side), colour)]
        let batch = TriangleBatch(vertices: v, indices: [0, 1, 2, 0, 2, 3], texture: nil, blend: .alpha)
        return Layer(batches: [batch], bounds: Rect(x: x, y: y, width: side, height: side), blur: blur, shadow: nil, opacity: 1)
    }

    /// A layer that moves every frame (a new result each frame, the last one let go a frame later) makes its textures
    /// in the first frames and none after: the render target and the result's texture come back from the pool.
    func testALayerRemadeEveryFrameMakesNoNewTextures() throws {
        let canvas = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        let compositor = LayerCompositor(renderer: canvas.renderer.renderer)
        func frame(_ i: Int) {
            // Two layers, a general blur and a wide one (its own reduced path), both moved each frame.
            XCTAssertTrue(compositor.draw(square(at: Double(i), 10, side: 60, (255, 0, 0, 255)), scale: 1) { _ in })
            XCTAssertTrue(compositor.draw(square(at: 20, Double(i), side: 50, (0, 0, 255, 255), blur: 12), scale: 1) { _ in })
            compositor.frameEnded()
        }
        for i in 0..<3 { frame(i) }
        let warm = compositor.pool.made
        for i in 3..<20 { frame(i) }
        XCTAssertEqual(compositor.pool.made, warm, "textures made after the first frames")
        XCTAssertEqual(compositor.cachedLayers, 2, "only the last frame's results are kept")
    }

    /// Once nothing is re-made, the free textures go after `idleFrames` frames: a still scene holds none.
    func testAStillSceneKeepsNoFreeTextures() throws {
        let canvas = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        let compositor = LayerCompositor(renderer: canvas.renderer.renderer)
        for i in 0..<5 {
            XCTAssertTrue(compositor.draw(square(at: Double(i), 10, side: 60, (255, 0, 0, 255)), scale: 1) { _ in })
            compositor.frameEnded()
        }
        XCTAssertGreaterThan(compositor.pool.freeBytes, 0, "the render target waits to be used again")
        let still = square(at: 4, 10, side: 60, (255, 0, 0, 255))
        for _ in 0...TexturePool.idleFrames {
            XCTAssertTrue(compositor.draw(still, scale: 1) { _ in XCTFail("a still layer is kept") })
            compositor.frameEnded()
        }
        XCTAssertEqual(compositor.pool.freeBytes, 0)
    }

    /// A small layer rendered in the larger target a bigger layer left in the pool (cleared, limited to its own size
    /// by the viewport, read back from its corner) is the same, pixel for pixel, as in a canvas that never drew the
    /// big one.
    func testASmallLayerInALargerPooledTargetDrawsTheSamePixels() throws {
        let big = square(at: 10, 10, side: 150, (0, 160, 0, 255))
        let small = square(at: 40, 30, side: 40, (200, 40, 90, 220))
        let shared = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        shared.renderer.clear(.white)
        shared.renderer.drawLayer(big)
        shared.renderer.present()
        shared.renderer.clear(.white)
        shared.renderer.drawLayer(small)
        shared.renderer.present()
        let reused = shared.renderer.readFramebuffer()

        let alone = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        alone.renderer.clear(.white)
        alone.renderer.drawLayer(small)
        alone.renderer.present()
        let fresh = alone.renderer.readFramebuffer()

        XCTAssertEqual(reused.pixels, fresh.pixels)
        // The small layer did draw (not white throughout).
        XCTAssertNotEqual(fresh.pixels, [UInt8](repeating: 255, count: fresh.pixels.count))
    }
}
