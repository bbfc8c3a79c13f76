import Stage
import XCTest

/// Spec 01 §2.2.4, `ch2-explicit-spring`: interpolatingSpring(stiffness 60, damping 2), ×1.4 per click.
@MainActor
final class ExplicitSpringTests: ViewSceneTestCase {
    func testChecks1To4() async throws {
        try open("ch2-explicit-spring")
        XCTAssertEqual(probe("label").text, "Scale up")
        let t0 = click("button", at: 0.5)
        XCTAssertEqual(model("label", "scale"), 1.4, accuracy: 1e-12)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.05), 1 + 0.4 * 0.0717, accuracy: 0.004)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.409), 1.666, accuracy: 0.02)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.818), 1.223, accuracy: 0.02)
        XCTAssertEqual(presented("label", "scale", at: t0 + 3.0), 1.412, accuracy: 0.01)
        XCTAssertEqual(presented("label", "scale", at: t0 + 6.65 + 1.0 / 60), 1.4, accuracy: 1e-12)
        XCTAssertEqual(presented("label", "scale", at: t0 + 8), 1.4, accuracy: 1e-12)
    }

    func testCheck5SecondClickTargetsOnePointNineSix() async throws {
        try open("ch2-explicit-spring")
        let t0 = click("button", at: 0.5)
        let t1 = click("button", at: t0 + 7)
        XCTAssertEqual(model("label", "scale"), 1.96, accuracy: 1e-12)
        XCTAssertEqual(presented("label", "scale", at: t1 + 0.409), 1.4 + 0.56 * 1.6643, accuracy: 0.02)
        XCTAssertEqual(presented("label", "scale", at: t1 + 7), 1.96, accuracy: 1e-12)
    }

    /// The scale is inside the label, so the button keeps the unscaled label frame as its hit area (spec 01 §0.5).
    func testHitAreaIsTheUnscaledLabel() async throws {
        try open("ch2-explicit-spring")
        let frame = probe("button").frame
        XCTAssertEqual(frame.midX, 195, accuracy: 0.5)
        XCTAssertEqual(frame.midY, 422, accuracy: 0.5)
        XCTAssertEqual(frame, probe("label").frame)
        let t0 = click("button", at: 0.5)
        h.advance(to: t0 + 7)
        let drawn = probe("label").drawn
        XCTAssertEqual(drawn.width, frame.width * 1.4, accuracy: 0.5)
        // Inside the drawn (scaled) text but outside the unscaled frame: no click.
        click(frame.maxX + (drawn.maxX - frame.maxX) / 2, frame.midY, at: t0 + 7.1)
        XCTAssertEqual(model("label", "scale"), 1.4, accuracy: 1e-12)
        click(frame.maxX - 2, frame.midY, at: t0 + 7.2)
        XCTAssertEqual(model("label", "scale"), 1.96, accuracy: 1e-12)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-explicit-spring", size: Size(844, 390))
        let frame = probe("button").frame
        XCTAssertEqual(frame.midX, 422, accuracy: 0.5)
        XCTAssertEqual(frame.midY, 195, accuracy: 0.5)
        let t0 = click("button", at: 0.5)
        XCTAssertEqual(presented("label", "scale", at: t0 + 0.409), 1.666, accuracy: 0.02)
        XCTAssertEqual(probe("label").drawn.width, frame.width * 1.666, accuracy: 0.02 * frame.width)
    }
}
