import CSDL2
import Stage
@testable import Backend
import XCTest

/// The composited layers kept between frames stay within their byte budget, least recently drawn first out, while
/// a layer drawn again is still found (a blurred view that holds still costs one quad per frame).
final class LayerCacheBudgetTests: XCTestCase {
    /// A blurred white square at (x, y): its content key differs for every position.
    func square(at x: Double, _ y: Double) -> Layer {
        let c: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        let v = [Vertex(Point(x, y), c), Vertex(Point(x + 60, y), c), Vertex(Point(x + 60, y + 60), c), Vertex(Point(x, y + 60), c)]
        let batch = TriangleBatch(vertices: v, indices: [0, 1, 2, 0, 2, 3], texture: nil, blend: .alpha)
        return Layer(batches: [batch], bounds: Rect(x: x, y: y, width: 60, height: 60), blur: 2, shadow: nil, opacity: 1)
    }

    func testKeptLayersStayWithinTheBudget() throws {
        let canvas = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        // Each layer is (60 + 2·6 + 1)² pixels ≈ 21 kB: a 100 kB budget keeps four of them.
        let compositor = LayerCompositor(renderer: canvas.renderer.renderer, budgetBytes: 100_000)
        let layerBytes = 73 * 73 * 4
        for i in 0..<50 {
            XCTAssertTrue(compositor.draw(square(at: Double(i % 10), Double(i / 10)), scale: 1) { _ in })
            XCTAssertLessThanOrEqual(compositor.cachedBytes, 100_000, "after layer \(i)")
        }
        XCTAssertEqual(compositor.cachedLayers, 100_000 / layerBytes)
        XCTAssertEqual(compositor.cachedBytes, compositor.cachedLayers * layerBytes)

        // The most recent ones are kept: drawing the last again makes nothing new.
        let last = square(at: 9, 4)
        XCTAssertTrue(compositor.draw(last, scale: 1) { _ in XCTFail("a kept layer is not drawn again") })
        // The oldest is gone: drawing it again renders it.
        var rendered = false
        XCTAssertTrue(compositor.draw(square(at: 0, 0), scale: 1) { _ in rendered = true })
        XCTAssertTrue(rendered)
    }

    /// A result made in one frame and not drawn in the next is let go (a layer re-shaped every frame); one drawn again
    /// stays however many frames pass.
    func testAResultNotDrawnAgainGoesAfterAFrame() throws {
        let canvas = try HeadlessCanvas(width: 200, height: 200, assets: AssetResolver(roots: []))
        let compositor = LayerCompositor(renderer: canvas.renderer.renderer)
        let still = square(at: 0, 0)
        XCTAssertTrue(compositor.draw(still, scale: 1) { _ in })
        XCTAssertTrue(compositor.draw(square(at: 5, 5), scale: 1) { _ in })
        compositor.frameEnded()
        XCTAssertTrue(compositor.draw(still, scale: 1) { _ in XCTFail("kept from the frame before") })
        compositor.frameEnded()
        XCTAssertEqual(compositor.cachedLayers, 1, "the result not drawn again is gone")
        for _ in 0..<10 { compositor.frameEnded() }
        XCTAssertTrue(compositor.draw(still, scale: 1) { _ in XCTFail("a result drawn again stays") })
    }
}
