import Stage
import XCTest

/// Spec 01 §2.2.14, `ch2-trim`. Angles are clockwise from 3 o'clock around the ring centre, sampled at radius 75.
@MainActor
final class TrimExampleTests: ViewSceneTestCase {
    func ringPixel(_ angle: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        pixel(around: probe("ring").frame.center, angle: angle, radius: 75)
    }

    func testChecks1To4() async throws {
        try open("ch2-trim")
        h.advance(to: 0.4)
        // Check 1.
        for a in [45.0, 135, 225, 315] { assertColor(ringPixel(a), SpecColor.red) }
        // Check 2: T = 0.625 at half time; the arc runs from 9 o'clock clockwise through 405° (= 45°).
        let t0 = click("trimButton", at: 0.5)
        XCTAssertEqual(presented("ring", "trim.to", at: t0 + 0.175), 0.625, accuracy: 0.01)
        XCTAssertEqual(presented("ring", "trim.from"), 0)
        assertColor(ringPixel(0), SpecColor.red)
        assertColor(ringPixel(90), SpecColor.white)
        // Check 3: the upper-left quarter only.
        XCTAssertEqual(presented("ring", "trim.to", at: t0 + 0.35), 0.25)
        assertColor(ringPixel(225), SpecColor.red)
        for a in [45.0, 135, 315] { assertColor(ringPixel(a), SpecColor.white) }
        // Round caps of radius 15 at 9 and 12 o'clock.
        let c = probe("ring").frame.center
        assertColor(pixel(c.x - 75, c.y + 10), SpecColor.red)
        assertColor(pixel(c.x - 75, c.y + 20), SpecColor.white)
        assertColor(pixel(c.x + 10, c.y - 75), SpecColor.red)
        // Check 4.
        let t1 = click("trimButton", at: t0 + 1)
        XCTAssertEqual(presented("ring", "trim.to", at: t1 + 0.35), 1, accuracy: 1e-9)
        for a in [0.0, 45, 90, 135, 225, 315] { assertColor(ringPixel(a), SpecColor.red) }
    }

    /// The band runs from radius 60 to 90.
    func testRingGeometry() async throws {
        try open("ch2-trim")
        h.advance(to: 0.2)
        let ring = probe("ring").frame, c = ring.center
        XCTAssertEqual(ring.height, 150, accuracy: 0.01)
        XCTAssertEqual(ring.width, 390, accuracy: 0.01, "flexible width")
        XCTAssertEqual(probe("ring").value("rotation").map { if case let .number(_, p) = $0 { p } else { .nan } }, 180)
        assertColor(pixel(around: c, angle: 225, radius: 62), SpecColor.red)
        assertColor(pixel(around: c, angle: 225, radius: 88), SpecColor.red)
        assertColor(pixel(around: c, angle: 225, radius: 57), SpecColor.white)
        assertColor(pixel(around: c, angle: 225, radius: 93), SpecColor.white)
        XCTAssertEqual(probe("ring").frame.minY - probe("title").frame.maxY, 8, accuracy: 0.01)
        XCTAssertEqual(probe("trimButton").frame.minY - ring.maxY, 20 + 8, accuracy: 0.01)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-trim", size: Size(844, 390))
        XCTAssertEqual(probe("ring").frame.midX, 422, accuracy: 0.5)
        let t0 = click("trimButton", at: 0.5)
        XCTAssertEqual(presented("ring", "trim.to", at: t0 + 0.175), 0.625, accuracy: 0.01)
        assertColor(ringPixel(0), SpecColor.red)
        assertColor(ringPixel(90), SpecColor.white)
        h.advance(to: t0 + 0.35)
        assertColor(ringPixel(225), SpecColor.red)
        assertColor(ringPixel(315), SpecColor.white)
    }
}
