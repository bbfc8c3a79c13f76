import Stage
import XCTest

/// Spec 01 §2.2.2, `ch2-implicit-grow`. Scale tolerance: ±1 % of the 0.5 range (README §3.15).
@MainActor
final class ImplicitGrowTests: ViewSceneTestCase {
    let tol = 0.005

    func testCheck1TapAnimatesWithDefaultEaseInOut() async throws {
        try open("ch2-implicit-grow")
        let c = probe("circle").drawn.center
        XCTAssertEqual(c.x, 195, accuracy: 0.5)
        XCTAssertEqual(c.y, 422, accuracy: 0.5)
        let t0 = click(195, 422, at: 0.5)
        XCTAssertEqual(model("circle", "scale"), 1.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.0875), 1.0646, accuracy: tol)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.175), 1.25, accuracy: tol)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.35), 1.5)
        // Drawn at 150 pt about the same centre.
        let d = probe("circle").drawn
        XCTAssertEqual(d.width, 150, accuracy: 0.5)
        XCTAssertEqual(d.midX, 195, accuracy: 0.5)
        XCTAssertEqual(d.midY, 422, accuracy: 0.5)
    }

    func testCheck2SecondTapAfterSettlingReachesTwo() async throws {
        try open("ch2-implicit-grow")
        let t0 = click(195, 422, at: 0.5)
        let t1 = click(195, 422, at: t0 + 0.5)
        XCTAssertEqual(presented("circle", "scale", at: t1 + 0.175), 1.75, accuracy: tol)
        XCTAssertEqual(presented("circle", "scale", at: t1 + 0.35), 2.0)
    }

    /// Check 3: the circle is hit-tested as drawn: 70 pt right of C is outside the 50-pt radius at scale 1, inside
    /// the 75-pt radius at 1.5.
    func testCheck3TapsHitTheScaledCircle() async throws {
        try open("ch2-implicit-grow")
        h.advance(to: 0.3)
        assertColor(pixel(195 + 70, 422), SpecColor.white)
        click(195 + 70, 422, at: 0.5)
        XCTAssertEqual(model("circle", "scale"), 1.0, "a tap outside the circle changes nothing")
        XCTAssertEqual(presented("circle", "scale", at: 1.0), 1.0)
        let t0 = click(195, 422, at: 1.0)
        h.advance(to: t0 + 0.5)
        assertColor(pixel(195 + 70, 422), SpecColor.blue)
        click(195 + 70, 422, at: t0 + 0.6)
        XCTAssertEqual(model("circle", "scale"), 2.0, "the scaled circle takes the tap")
    }

    /// Check 4: overlapping taps add up (README §3.6): each contributes −0.5·(1 − p(u)) for its own u.
    func testCheck4OverlappingTapsBlend() async throws {
        try open("ch2-implicit-grow")
        let t0 = click(195, 422, at: 0.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.1), 1.0849, accuracy: tol)
        click(195, 422, at: t0 + 0.1)
        XCTAssertEqual(model("circle", "scale"), 2.0)
        XCTAssertEqual(presented("circle", "scale"), 1.0849, accuracy: tol, "continuous at the second tap")
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.2), 1.3956, accuracy: tol)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.275), 1.7029, accuracy: tol)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.35), 1.9151, accuracy: tol)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.45), 2.0)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 1.0), 2.0)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-implicit-grow", size: Size(844, 390))
        let c = probe("circle").drawn.center
        XCTAssertEqual(c.x, 422, accuracy: 0.5)
        XCTAssertEqual(c.y, 195, accuracy: 0.5)
        click(422 + 70, 195, at: 0.5)
        XCTAssertEqual(model("circle", "scale"), 1.0)
        let t0 = click(422 + 45, 195, at: 0.6)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.175), 1.25, accuracy: tol)
        h.advance(to: t0 + 0.35)
        assertColor(pixel(422 + 70, 195), SpecColor.blue)
        assertColor(pixel(422, 195 + 78), SpecColor.white)
    }
}
