import Stage
import XCTest

/// Spec 01 §2.2.5, `ch2-explicit-spring-duration`: the (60, 2) spring compressed to settle at 2.5 s, ×1.5 per click.
@MainActor
final class ExplicitSpringDurationTests: ViewSceneTestCase {
    func testChecks1To3() async throws {
        try open("ch2-explicit-spring-duration")
        let t0 = click("button", at: 0.5)
        XCTAssertEqual(model("label", "scale"), 1.5, accuracy: 1e-12)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.154), 1.832, accuracy: 0.03)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.308), 1.279, accuracy: 0.03)
        // Still bouncing (x(2.66·1.0) = x(2.66) ≠ 1) until the snap at 2.5 s.
        XCTAssertNotEqual(presented("label", "scale", at: t0 + 1.0), 1.5)
        XCTAssertEqual(presented("label", "scale", at: t0 + 2.5 + justAfter), 1.5, accuracy: 1e-12)
        for t in [2.6, 3.0, 5.0] {
            XCTAssertEqual(presented("label", "scale", at: t0 + t), 1.5, accuracy: 1e-12, "no motion after 2.5 s (t = \(t))")
        }
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-explicit-spring-duration", size: Size(500, 900))
        XCTAssertEqual(probe("button").frame.midX, 250, accuracy: 0.5)
        let t0 = click("button", at: 0.5)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.154), 1.832, accuracy: 0.03)
        let t1 = click("button", at: t0 + 2.5)
        XCTAssertEqual(model("label", "scale"), 2.25, accuracy: 1e-12)
        XCTAssertEqual(presented("label", "scale", at: t1 + 2.5 + justAfter), 2.25, accuracy: 1e-12)
    }
}
