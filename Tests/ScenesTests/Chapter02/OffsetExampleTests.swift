import Stage
import XCTest

/// Spec 01 §2.2.7, `ch2-offset`.
@MainActor
final class OffsetExampleTests: ViewSceneTestCase {
    func testChecks1To3() async throws {
        try open("ch2-offset")
        // Check 1: the layout slot is at the top centre; the drawing is 350 pt lower.
        let rect = probe("rect")
        XCTAssertEqual(rect.frame.minY, 0, accuracy: 0.5)
        XCTAssertEqual(rect.frame.width, 75, accuracy: 0.01)
        XCTAssertEqual(rect.drawn.midX, 195, accuracy: 2)
        XCTAssertEqual(rect.drawn.midY, 387.5, accuracy: 2)
        h.advance(to: 0.4)
        assertColor(pixel(195, 387.5), SpecColor.blue)
        assertColor(pixel(195 + 150, 387.5), SpecColor.white)
        // Check 2.
        let t0 = click("animateButton", at: 0.5)
        XCTAssertEqual(presented("rect", "offset.x", at: t0 + 0.175), 75, accuracy: 1.5)
        XCTAssertEqual(presented("rect", "offset.y"), 350)
        XCTAssertEqual(presented("rect", "offset.x", at: t0 + 0.35), 150)
        let moved = probe("rect").drawn
        XCTAssertEqual(moved.midX, 195 + 150, accuracy: 2)
        XCTAssertEqual(moved.midY, 387.5, accuracy: 2)
        assertColor(pixel(195 + 150, 387.5), SpecColor.blue)
        assertColor(pixel(195, 387.5), SpecColor.white)
        // Check 3.
        let t1 = click("animateButton", at: t0 + 1)
        XCTAssertEqual(presented("rect", "offset.x", at: t1 + 0.175), 75, accuracy: 1.5)
        XCTAssertEqual(presented("rect", "offset.x", at: t1 + 0.35), 0, accuracy: 1e-9)
    }

    func testCheck4ButtonStaysAtTheBottomEdge() async throws {
        try open("ch2-offset")
        let button = probe("animateButton")
        XCTAssertEqual(button.frame.maxY, 844, accuracy: 2)
        XCTAssertEqual(button.frame.midX, 195, accuracy: 2)
        XCTAssertEqual(button.text, "Animate")
        XCTAssertEqual(button.frame.height, 28, accuracy: 0.5, "title2 line")
        click("animateButton", at: 0.5)
        XCTAssertEqual(probe("animateButton").frame.maxY, 844, accuracy: 2)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-offset", size: Size(500, 900))
        XCTAssertEqual(probe("animateButton").frame.maxY, 900, accuracy: 2)
        XCTAssertEqual(probe("rect").drawn.midX, 250, accuracy: 2)
        XCTAssertEqual(probe("rect").drawn.midY, 387.5, accuracy: 2)
        let t0 = click("animateButton", at: 0.5)
        h.advance(to: t0 + 0.35)
        XCTAssertEqual(probe("rect").drawn.midX, 400, accuracy: 2)
        assertColor(pixel(400, 387.5), SpecColor.blue)
    }
}
