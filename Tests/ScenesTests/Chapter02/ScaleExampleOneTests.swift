import Stage
import XCTest

/// Spec 01 §2.2.10, `ch2-scale-shape`.
@MainActor
final class ScaleExampleOneTests: ViewSceneTestCase {
    func testChecks1And2() async throws {
        try open("ch2-scale-shape")
        let centre = probe("circle").drawn.center
        XCTAssertEqual(probe("circle").drawn.width, 150, accuracy: 0.01)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.35), 0.1)
        let small = probe("circle").drawn
        XCTAssertEqual(small.width, 15, accuracy: 0.01)
        XCTAssertEqual(small.center.x, centre.x, accuracy: 0.01)
        XCTAssertEqual(small.center.y, centre.y, accuracy: 0.01)
        assertColor(pixel(centre.x, centre.y), SpecColor.green)
        assertColor(pixel(centre.x + 10, centre.y), SpecColor.white)
        let t1 = click("scaleButton", at: t0 + 1)
        XCTAssertEqual(presented("circle", "scale", at: t1 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(presented("circle", "scale", at: t1 + 0.35), 1.0, accuracy: 1e-9)
        assertColor(pixel(centre.x + 70, centre.y), SpecColor.green)
    }

    func testCheck3TitleAtTopButtonAtBottom() async throws {
        try open("ch2-scale-shape")
        XCTAssertEqual(probe("title").frame.minY, 0, accuracy: 2)
        XCTAssertEqual(probe("scaleButton").frame.maxY, 844, accuracy: 2)
        let circle = probe("circle").frame
        XCTAssertEqual(circle.width, 150, accuracy: 0.01)
        XCTAssertEqual(circle.midX, 195, accuracy: 0.5)
        XCTAssertEqual(circle.midY, 422, accuracy: 6, "close to C")
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-scale-shape", size: Size(844, 390))
        XCTAssertEqual(probe("title").frame.minY, 0, accuracy: 2)
        XCTAssertEqual(probe("scaleButton").frame.maxY, 390, accuracy: 2)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.175), 0.55, accuracy: 0.01)
        XCTAssertEqual(probe("circle").drawn.width, 150 * 0.55, accuracy: 1.5)
    }
}
