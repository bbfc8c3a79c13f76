import Backend
import Stage
import XCTest

/// A picture wholly under an opaque one is not drawn, and is made in the background so it is ready when it shows.
final class HiddenPictureTests: XCTestCase {
    func quad(_ r: Rect, texture: TextureSource?, colour: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)) -> TriangleBatch {
        let corners = [(r.minX, r.minY, 0.0, 0.0), (r.maxX, r.minY, 1, 0), (r.maxX, r.maxY, 1, 1), (r.minX, r.maxY, 0, 1)]
        return TriangleBatch(vertices: corners.map { Vertex(Point($0.0, $0.1), colour, u: $0.2, v: $0.3) },
                             indices: [0, 1, 2, 0, 2, 3], texture: texture, blend: .alpha)
    }

    func draw(_ batches: [TriangleBatch], on canvas: HeadlessCanvas) -> Framebuffer {
        canvas.renderer.clear(.white)
        for b in batches { canvas.renderer.drawTriangles(b.vertices, indices: b.indices, texture: b.texture, blend: b.blend) }
        canvas.renderer.present()
        return canvas.renderer.readFramebuffer()
    }

    func testAPictureUnderAnOpaqueCoverIsMadeForLaterAndDrawnWhenUncovered() throws {
        let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        let canvas = try HeadlessCanvas(width: 100, height: 100, assets: assets)
        let man = quad(Rect(x: 20, y: 20, width: 20, height: 60), texture: .image("elevator/manOne"))
        let cover = quad(Rect(x: 0, y: 0, width: 100, height: 100), texture: nil, colour: (20, 40, 60, 255))

        var fb = draw([man, cover], on: canvas)
        XCTAssertEqual(canvas.renderer.lastPlan.hiddenBatches, 1)
        XCTAssertEqual(canvas.renderer.lastPlan.picturesForLater, 1, "the hidden picture is made in the background")
        XCTAssertEqual(fb.pixel(30, 50).r, 20)

        // Uncovered: the man is drawn (the picture the background made, or made now if it is not done yet).
        fb = draw([man], on: canvas)
        XCTAssertEqual(canvas.renderer.lastPlan.picturesForLater, 0)
        let plain = try HeadlessCanvas(width: 100, height: 100, assets: assets)
        plain.renderer.plansFrames = false
        XCTAssertEqual(fb.pixels, draw([man], on: plain).pixels)
        XCTAssertNotEqual(fb.pixel(30, 50).r, 255, "something of the man is drawn at his middle")
    }
}
