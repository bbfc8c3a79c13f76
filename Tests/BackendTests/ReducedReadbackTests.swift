import Backend
import Stage
import XCTest

/// The scrub bar's pictures are read back reduced, a strip of rows at a time (issue 24): the same pixels as reducing
/// the whole read-back picture, a sixteenth of its size at two levels.
final class ReducedReadbackTests: XCTestCase {
    /// Colour everywhere, changing across rows and columns and across strip boundaries (`SDLRenderer.readbackStripRows`).
    func paint(_ canvas: HeadlessCanvas, width: Int, height: Int) {
        canvas.renderer.clear(.black)
        var vertices: [Vertex] = [], indices: [Int32] = []
        for k in 0..<12 {
            let x = Double(k * 37 % width), y = Double(k * 53 % height), s = Double(10 + 9 * k)
            let c = (UInt8(k * 20), UInt8(255 - k * 17), UInt8(k * 41 % 256), 255 as UInt8)
            let base = Int32(vertices.count)
            vertices += [Vertex(Point(x, y), c), Vertex(Point(x + s, y), c), Vertex(Point(x + s, y + s), c),
                         Vertex(Point(x, y + s), c)]
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        canvas.renderer.drawTriangles(vertices, indices: indices, texture: nil, blend: .alpha)
        canvas.renderer.present()
    }

    func testAReducedReadbackIsTheWholePictureReduced() throws {
        for (w, h) in [(203, 151), (64, 200), (9, 5)] {
            let canvas = try HeadlessCanvas(width: w, height: h, assets: AssetResolver(roots: []))
            paint(canvas, width: w, height: h)
            let whole = canvas.renderer.readFramebuffer()
            for levels in 0...3 {
                let reduced = canvas.renderer.readFramebufferReduced(levels: levels)
                let expected = whole.reduced(levels: levels)
                XCTAssertEqual(reduced.width, expected.width, "\(w)x\(h) levels \(levels)")
                XCTAssertEqual(reduced.height, expected.height, "\(w)x\(h) levels \(levels)")
                XCTAssertEqual(reduced.pixels, expected.pixels, "\(w)x\(h) levels \(levels)")
            }
        }
    }

    func testTwoLevelsAreAQuarterEachWayAndNeverEmpty() throws {
        let canvas = try HeadlessCanvas(width: 1280, height: 800, assets: AssetResolver(roots: []))
        paint(canvas, width: 1280, height: 800)
        let picture = canvas.renderer.readFramebufferReduced(levels: 2)
        XCTAssertEqual(picture.width, 320)
        XCTAssertEqual(picture.height, 200)
        XCTAssertEqual(picture.pixels.count, 320 * 200 * 4, "a 1280x800 scrub picture is 250 KB")

        let tiny = try HeadlessCanvas(width: 3, height: 2, assets: AssetResolver(roots: []))
        paint(tiny, width: 3, height: 2)
        let small = tiny.renderer.readFramebufferReduced(levels: 2)
        XCTAssertEqual([small.width, small.height], [1, 1], "levels are lowered until a pixel is left")
    }

    /// Read a strip at a time over several calls (the scrub bar reads a quarter on each of four frames), an output
    /// that stays the same gives the same picture as reading it at once; an output of another size is not read.
    func testACaptureReadInPartsIsThePictureReadAtOnce() throws {
        let canvas = try HeadlessCanvas(width: 203, height: 151, assets: AssetResolver(roots: []))
        paint(canvas, width: 203, height: 151)
        let whole = canvas.renderer.readFramebufferReduced(levels: 1)
        let capture = canvas.renderer.startReducedCapture(levels: 1)
        XCTAssertEqual(capture.strips, 5, "75 rows of blocks, 16 to a strip (32 rows of the output)")
        var calls = 0
        while capture.picture == nil {
            XCTAssertTrue(canvas.renderer.continueCapture(capture, strips: 1))
            calls += 1
            XCTAssertLessThanOrEqual(calls, capture.strips)
        }
        XCTAssertEqual(calls, 5)
        XCTAssertTrue(capture.picture?.pixels == whole.pixels, "the same pixels")

        let other = try HeadlessCanvas(width: 100, height: 151, assets: AssetResolver(roots: []))
        let elsewhere = canvas.renderer.startReducedCapture(levels: 1)
        XCTAssertFalse(other.renderer.continueCapture(elsewhere, strips: 1), "another size: nothing is read")
        XCTAssertNil(elsewhere.picture)
    }
}
