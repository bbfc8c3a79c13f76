import Stage
import XCTest

/// Spec 01 §2.2.11, `ch2-scale-image`.
@MainActor
final class ScaleExampleTwoTests: ViewSceneTestCase {
    func testTimingsAndFixedCentre() async throws {
        try open("ch2-scale-image")
        let bug = probe("bug").drawn
        XCTAssertEqual(bug.size, Size(150, 150))
        h.advance(to: 0.3)
        // The ladybug in its own colours (not tinted): a red shell between the spots, a black head.
        assertColor(pixel(bug.midX + 25, bug.midY + 20), SpecColor.red, tolerance: 30)
        assertColor(pixel(bug.midX, bug.midY - 35), (0, 0, 0), tolerance: 30)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("bug", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.x, bug.center.x, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.y, bug.center.y, accuracy: 0.01)
        XCTAssertEqual(presented("bug", "scale", at: t0 + 0.35), 0.1)
        XCTAssertEqual(probe("bug").drawn.width, 15, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.y, bug.center.y, accuracy: 0.01)
        assertColor(pixel(bug.midX + 25, bug.midY + 20), SpecColor.white)
        let t1 = click("scaleButton", at: t0 + 1)
        XCTAssertEqual(presented("bug", "scale", at: t1 + 0.35), 1.0, accuracy: 1e-9)
    }

    func testLayout() async throws {
        try open("ch2-scale-image")
        let title = probe("title").frame, bug = probe("bug").frame, button = probe("scaleButton").frame
        XCTAssertEqual(bug.minY - title.maxY, 8 + 10, accuracy: 0.01, "spacing and 10 pt padding")
        XCTAssertEqual(button.minY - bug.maxY, 10 + 8, accuracy: 0.01)
        XCTAssertEqual((title.minY + button.maxY) / 2, 422, accuracy: 0.5)
        XCTAssertEqual(bug.midX, 195, accuracy: 0.5)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-scale-image", size: Size(844, 390))
        let bug = probe("bug").drawn
        XCTAssertEqual(bug.midX, 422, accuracy: 0.5)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("bug", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(probe("bug").drawn.center.y, bug.center.y, accuracy: 0.01)
    }
}
