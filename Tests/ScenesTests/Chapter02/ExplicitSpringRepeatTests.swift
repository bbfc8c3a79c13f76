import Stage
import XCTest

/// Spec 01 §2.2.6, `ch2-explicit-spring-repeat`: the (60, 2) spring, repeating forever with autoreverse; each leg
/// lasts Ts = 6.65 s.
@MainActor
final class ExplicitSpringRepeatTests: ViewSceneTestCase {
    func testChecks1To4() async throws {
        try open("ch2-explicit-spring-repeat")
        let t0 = click("button", at: 0.5)
        XCTAssertEqual(model("label", "scale"), 1.4, accuracy: 1e-12)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.409), 1.666, accuracy: 0.02)
        XCTAssertEqual(presented("label", "scale", at: t0 + 3.0), 1.412, accuracy: 0.01)
        XCTAssertEqual(presented("label", "scale", at: t0 + 7.060), 0.734, accuracy: 0.02)
        XCTAssertEqual(presented("label", "scale", at: t0 + 13.30), 1.0, accuracy: 0.01)
        XCTAssertEqual(presented("label", "scale", at: t0 + 13.709), 1.666, accuracy: 0.02)
        XCTAssertEqual(presented("label", "scale", at: t0 + 13.30 + 7.060), 0.734, accuracy: 0.02, "and so on")
    }

    /// A further click supersedes the loop: a new loop runs from the presented value to the new target. Clicked at
    /// the first peak (1 + 0.4·1.6643), the new forward leg peaks 0.409 s later at p0 + (1.96 − p0)·1.6643.
    func testASecondClickStartsANewLoopFromThePresentedValue() async throws {
        try open("ch2-explicit-spring-repeat")
        let t0 = click("button", at: 0.5)
        let p0 = 1 + 0.4 * 1.6643
        let t1 = click("button", at: t0 + 0.409)
        XCTAssertEqual(model("label", "scale"), 1.96, accuracy: 1e-12)
        XCTAssertEqual(presented("label", "scale"), p0, accuracy: 0.02, "no jump")
        XCTAssertEqual(presented("label", "scale", at: t1 + 0.409), p0 + (1.96 - p0) * 1.6643, accuracy: 0.02)
        XCTAssertEqual(presented("label", "scale", at: t1 + 6.65 + 0.409), 1.96 - (1.96 - p0) * 1.6643, accuracy: 0.02)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-explicit-spring-repeat", size: Size(844, 390))
        XCTAssertEqual(probe("button").frame.midY, 195, accuracy: 0.5)
        let t0 = click("button", at: 0.5)
        XCTAssertEqual(presented("label", "scale", at: t0 + 7.060), 0.734, accuracy: 0.02)
        XCTAssertEqual(probe("label").drawn.midX, 422, accuracy: 0.5)
    }
}
