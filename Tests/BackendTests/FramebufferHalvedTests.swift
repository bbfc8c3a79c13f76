import XCTest
@testable import Backend

/// The scrub bar's pictures are kept at half size (issue 24): each pixel is the rounded average of a 2×2 block, and an
/// odd last row or column is dropped.
final class FramebufferHalvedTests: XCTestCase {
    func testEachPixelIsTheAverageOfItsBlock() {
        // 5×3: blocks (0,0)-(1,1) and (2,0)-(3,1) become the two pixels; column 4 and row 2 are dropped.
        var px = [UInt8](repeating: 0, count: 5 * 3 * 4)
        func set(_ x: Int, _ y: Int, _ v: (UInt8, UInt8, UInt8, UInt8)) {
            let i = (y * 5 + x) * 4
            (px[i], px[i + 1], px[i + 2], px[i + 3]) = v
        }
        set(0, 0, (0, 100, 255, 255)); set(1, 0, (10, 100, 255, 255)); set(0, 1, (20, 100, 0, 255)); set(1, 1, (30, 101, 0, 255))
        set(2, 0, (255, 255, 255, 255)); set(3, 0, (255, 255, 255, 255)); set(2, 1, (255, 255, 255, 255)); set(3, 1, (255, 255, 255, 255))
        set(4, 0, (9, 9, 9, 9)); set(0, 2, (9, 9, 9, 9))
        let half = Framebuffer(width: 5, height: 3, pixels: px).halved()
        XCTAssertEqual(half.width, 2)
        XCTAssertEqual(half.height, 1)
        XCTAssertEqual(half.pixel(0, 0).r, 15)
        XCTAssertEqual(half.pixel(0, 0).g, 100, "100.25 rounds to 100")
        XCTAssertEqual(half.pixel(0, 0).b, 128, "127.5 rounds up")
        XCTAssertEqual(half.pixel(0, 0).a, 255)
        XCTAssertEqual(half.pixel(1, 0).r, 255)
    }

    func testAPictureOfOnePixelIsKeptAsItIs() {
        let one = Framebuffer(width: 1, height: 1, pixels: [1, 2, 3, 4])
        XCTAssertEqual(one.halved().pixels, [1, 2, 3, 4])
    }
}
