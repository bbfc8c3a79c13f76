import Foundation
import Stage
@testable import Backend
import XCTest

/// A picture drawn at a quarter of its size or less shows its average (a mipmap level made by halving), not a few
/// scattered texels: the snowflake of chapter 8 is a 502-pixel picture drawn 12 pixels wide.
final class ReducedImageTests: XCTestCase {
    func testHalvingAveragesInPremultipliedColour() {
        // Red opaque beside transparent black: the average is half-transparent *red*, not dark red.
        let image = Framebuffer(width: 2, height: 2, pixels: [255, 0, 0, 255, 0, 0, 0, 0,
                                                               255, 0, 0, 255, 0, 0, 0, 0])
        let half = ReducedImage.halved(image, levels: 1)
        XCTAssertEqual(half.width, 1); XCTAssertEqual(half.height, 1)
        XCTAssertEqual(half.pixels, [255, 0, 0, 128])
        // An odd size folds its last column into the last block; many levels stop at 1×1.
        let odd = ReducedImage.halved(Framebuffer(width: 5, height: 3, pixels: [UInt8](repeating: 200, count: 60)), levels: 9)
        XCTAssertEqual(odd.width, 1); XCTAssertEqual(odd.height, 1)
        XCTAssertEqual(odd.pixels, [200, 200, 200, 200])
    }

    func testLevelIsNoneUntilAQuarterSize() {
        XCTAssertEqual(ReducedImage.level(imageSide: 512, drawnSide: 512), 0)
        XCTAssertEqual(ReducedImage.level(imageSide: 512, drawnSide: 200), 0, "half size keeps its own pixels")
        XCTAssertEqual(ReducedImage.level(imageSide: 512, drawnSide: 128), 2)
        XCTAssertEqual(ReducedImage.level(imageSide: 502, drawnSide: 12.5), 5)
        XCTAssertEqual(ReducedImage.level(imageSide: 512, drawnSide: 0), 0)
        XCTAssertEqual(ReducedImage.level(imageSide: .nan, drawnSide: 3), 0)
    }

    /// A 64×64 picture of thin white lines 8 texels apart (one column in eight) drawn 8×8 (twice): every pixel is the
    /// average, 255/8, where sampling the picture itself would hit the black between the lines.
    func testAMuchSmallerPictureIsDrawnAsItsAverage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-reduced-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        var px: [UInt8] = []
        for _ in 0..<64 { for x in 0..<64 { let v: UInt8 = x % 8 == 0 ? 255 : 0; px += [v, v, v, 255] } }
        try Framebuffer(width: 64, height: 64, pixels: px).savePNG(to: dir.appendingPathComponent("lines.png"))
        let canvas = try HeadlessCanvas(width: 40, height: 40, assets: AssetResolver(roots: [dir]))
        canvas.renderer.clear(.black)
        let c: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
        // Two copies side by side, as particles come (a single picture keeps its own texture).
        var quads: [Vertex] = []
        for x in [8.0, 24.0] {
            quads += [Vertex(Point(x, 16), c, u: 0, v: 0), Vertex(Point(x + 8, 16), c, u: 1, v: 0),
                      Vertex(Point(x + 8, 24), c, u: 1, v: 1), Vertex(Point(x, 24), c, u: 0, v: 1)]
        }
        canvas.renderer.drawTriangles(quads, indices: [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7], texture: .image("lines"), blend: .alpha)
        let frame = canvas.renderer.readFramebuffer()
        for y in 17..<23 {
            for x in [9, 10, 11, 12, 13, 14, 25, 26, 27, 28, 29, 30] {
                let p = frame.pixel(x, y)
                XCTAssertEqual(Double(p.r), 255 / 8, accuracy: 3, "(\(x), \(y))")
            }
        }
    }
}
