import Stage
import XCTest

/// Spec 01 §2.2.16, `ch2-corner-radius`: R 75 (a circle) ↔ 0 (the square), sampled at inset (20, 20).
@MainActor
final class CornerRadiusExampleTests: ViewSceneTestCase {
    func testChecks1To4() async throws {
        try open("ch2-corner-radius")
        let f = probe("shape").frame
        XCTAssertEqual(f.size, Size(150, 150))
        h.advance(to: 0.4)
        XCTAssertEqual(presented("shape", "cornerRadius"), 75)
        // Check 1: a circle.
        assertColor(pixel(f.minX + 20, f.minY + 20), SpecColor.white)
        assertColor(pixel(f.midX, f.midY), SpecColor.green)
        assertColor(pixel(f.midX, f.minY + 2), SpecColor.green)
        // Check 2.
        let t0 = click("cornerButton", at: 0.5)
        XCTAssertEqual(presented("shape", "cornerRadius", at: t0 + 0.175), 37.5, accuracy: 0.4)
        assertColor(pixel(f.minX + 20, f.minY + 20), SpecColor.green)
        assertColor(pixel(f.minX + 3, f.minY + 3), SpecColor.white)
        // Check 3.
        XCTAssertEqual(presented("shape", "cornerRadius", at: t0 + 0.35), 0)
        assertColor(pixel(f.minX + 1, f.minY + 1), SpecColor.green)
        assertColor(pixel(f.maxX - 2, f.maxY - 2), SpecColor.green)
        assertColor(pixel(f.minX - 2, f.minY + 20), SpecColor.white)
        // Check 4.
        let t1 = click("cornerButton", at: t0 + 1)
        XCTAssertEqual(presented("shape", "cornerRadius", at: t1 + 0.35), 75, accuracy: 1e-9)
        assertColor(pixel(f.minX + 20, f.minY + 20), SpecColor.white)
    }

    func testLayout() async throws {
        try open("ch2-corner-radius")
        let title = probe("title").frame, shape = probe("shape").frame, button = probe("cornerButton").frame
        XCTAssertEqual(shape.minY - title.maxY, 8, accuracy: 0.01)
        XCTAssertEqual(button.minY - shape.maxY, 20 + 8, accuracy: 0.01)
        XCTAssertEqual((title.minY - 30 + button.maxY) / 2, 422, accuracy: 0.5, "block centred, with the title's padding")
        XCTAssertEqual(shape.midX, 195, accuracy: 0.5)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-corner-radius", size: Size(844, 390))
        let f = probe("shape").frame
        XCTAssertEqual(f.midX, 422, accuracy: 0.5)
        h.advance(to: 0.2)
        assertColor(pixel(f.minX + 20, f.minY + 20), SpecColor.white)
        let t0 = click("cornerButton", at: 0.5)
        h.advance(to: t0 + 0.175)
        assertColor(pixel(f.minX + 20, f.minY + 20), SpecColor.green)
        h.advance(to: t0 + 0.35)
        assertColor(pixel(f.minX + 1, f.minY + 1), SpecColor.green)
    }
}
