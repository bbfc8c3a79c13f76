import Stage
import XCTest

/// Spec 01 §2.2.14, `ch2-trim`. Angles are clockwise from 3 o'clock around the ring centre, sampled at radius 75.
final class TrimTests: ViewSceneTestCase {
    func ringPixel(_ angle: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        pixel(around: probe("ring").frame.center, angle: angle, radius: 75)
    }

    func testChecks1To4() throws {
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
    func testRingGeometry() throws {
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

    func testAtAnotherWindowSize() throws {
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

/// Spec 01 §2.2.15, `ch2-trim-smile`: trimmed from 0.5, so the arc is the bottom half after the 180° turn.
final class TrimSmileTests: ViewSceneTestCase {
    func ringPixel(_ angle: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        pixel(around: probe("ring").frame.center, angle: angle, radius: 75)
    }

    /// No pixel of the ring's frame (with the stroke's overhang) is red.
    func assertNoRed(file: StaticString = #filePath, line: UInt = #line) {
        let f = probe("ring").frame.insetBy(dx: 0, dy: -16), fb = h.capture()!
        var reds = 0
        for y in stride(from: Int(f.minY), to: Int(f.maxY), by: 2) {
            for x in stride(from: Int(f.minX), to: Int(f.maxX), by: 2) {
                let p = fb.pixel(x, y)
                if p.r > 200 && p.g < 150 && p.b < 150 { reds += 1 }
            }
        }
        XCTAssertEqual(reds, 0, "red pixels in the ring's frame", file: file, line: line)
    }

    func testChecks1And2() throws {
        try open("ch2-trim-smile")
        h.advance(to: 0.4)
        assertColor(ringPixel(90), SpecColor.red)
        assertColor(ringPixel(270), SpecColor.white)
        assertColor(ringPixel(45), SpecColor.red)
        assertColor(ringPixel(135), SpecColor.red)
        let t0 = click("trimButton", at: 0.5)
        // Before T reaches 0.5 the 9-o'clock end has retracted through 6 toward 3 o'clock.
        XCTAssertEqual(presented("ring", "trim.to", at: t0 + 0.175), 0.625, accuracy: 0.01)
        assertColor(ringPixel(45), SpecColor.red)
        assertColor(ringPixel(135), SpecColor.white)
        // Gone once T ≤ 0.5 (p = 2/3 at t ≈ 0.21 s): nothing, not even the caps.
        h.advance(to: t0 + 0.22)
        assertNoRed()
        h.advance(to: t0 + 0.35)
        XCTAssertEqual(presented("ring", "trim.to"), 0.25)
        assertColor(ringPixel(90), SpecColor.white)
        assertColor(ringPixel(270), SpecColor.white)
        assertNoRed()
        // Clicking again regrows the smile from 3 o'clock.
        let t1 = click("trimButton", at: t0 + 1)
        h.advance(to: t1 + 0.35)
        assertColor(ringPixel(90), SpecColor.red)
        assertColor(ringPixel(270), SpecColor.white)
    }

    func testAtAnotherWindowSize() throws {
        try open("ch2-trim-smile", size: Size(500, 900))
        h.advance(to: 0.2)
        assertColor(ringPixel(90), SpecColor.red)
        assertColor(ringPixel(270), SpecColor.white)
        let t0 = click("trimButton", at: 0.5)
        h.advance(to: t0 + 0.35)
        assertNoRed()
    }
}
