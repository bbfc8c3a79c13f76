import Stage
import XCTest

/// Spec 01 §2.2.15, `ch2-trim-smile`: trimmed from 0.5, so the arc is the bottom half after the 180° turn.
@MainActor
final class TrimSmileExampleTests: ViewSceneTestCase {
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

    func testChecks1And2() async throws {
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

    func testAtAnotherWindowSize() async throws {
        try open("ch2-trim-smile", size: Size(500, 900))
        h.advance(to: 0.2)
        assertColor(ringPixel(90), SpecColor.red)
        assertColor(ringPixel(270), SpecColor.white)
        let t0 = click("trimButton", at: 0.5)
        h.advance(to: t0 + 0.35)
        assertNoRed()
    }
}
