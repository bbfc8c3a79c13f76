import Stage
import XCTest

/// Spec 01 §2.2.13, `ch2-stroke`: line width 1 ↔ 25, centred on the outline of a 100×100 rounded rectangle.
@MainActor
final class StrokeExampleTests: ViewSceneTestCase {
    func testChecks1And2() async throws {
        try open("ch2-stroke")
        let f = probe("outline").frame
        XCTAssertEqual(f.size, Size(100, 100))
        h.advance(to: 0.4)
        // L = 1: the edge itself is purple, 10 pt outside it is white, the centre is white.
        assertColor(pixel(f.minX, f.midY), SpecColor.purple, tolerance: 100)
        assertColor(pixel(f.minX - 10, f.midY), SpecColor.white)
        assertColor(pixel(f.midX, f.midY), SpecColor.white)
        let t0 = click("strokeButton", at: 0.5)
        XCTAssertEqual(presented("outline", "lineWidth", at: t0 + 0.175), 13, accuracy: 0.3)
        assertColor(pixel(f.midX, f.midY), SpecColor.white)
        XCTAssertEqual(presented("outline", "lineWidth", at: t0 + 0.35), 25)
        // 12.5 pt each side of the edge.
        assertColor(pixel(f.minX - 10, f.midY), SpecColor.purple)
        assertColor(pixel(f.minX + 10, f.midY), SpecColor.purple)
        assertColor(pixel(f.minX - 14, f.midY), SpecColor.white)
        assertColor(pixel(f.minX + 14, f.midY), SpecColor.white)
        assertColor(pixel(f.midX, f.midY), SpecColor.white)
        assertColor(pixel(f.midX, f.maxY + 10), SpecColor.purple)
        let t1 = click("strokeButton", at: t0 + 1)
        XCTAssertEqual(presented("outline", "lineWidth", at: t1 + 0.175), 13, accuracy: 0.3)
        XCTAssertEqual(presented("outline", "lineWidth", at: t1 + 0.35), 1, accuracy: 1e-9)
        assertColor(pixel(f.minX - 10, f.midY), SpecColor.white)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-stroke", size: Size(844, 390))
        let f = probe("outline").frame
        XCTAssertEqual(f.midX, 422, accuracy: 0.5)
        let t0 = click("strokeButton", at: 0.5)
        h.advance(to: t0 + 0.35)
        assertColor(pixel(f.minX - 10, f.midY), SpecColor.purple)
        assertColor(pixel(f.midX, f.midY), SpecColor.white)
    }
}
