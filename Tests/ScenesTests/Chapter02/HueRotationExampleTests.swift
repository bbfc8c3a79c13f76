import Foundation
import Stage
import XCTest

/// Spec 01 §2.2.8, `ch2-hue-rotation`. Hue-rotated colours: ±12 per channel (spec 01 §3 item 10).
@MainActor
final class HueRotationExampleTests: ViewSceneTestCase {
    /// The sample point on the disc at φ = 90° (base colour lerp(red, blue, 0.25) = (191,75,100)).
    func discSample() -> Point {
        let c = probe("disc").frame.center
        return Point(c.x, c.y + 60)
    }

    func testChecks1And2() async throws {
        try open("ch2-hue-rotation")
        h.advance(to: 0.4)
        let rect = probe("rect").frame.center
        assertColor(pixel(rect.x, rect.y), SpecColor.red)
        assertColor(pixel(discSample().x, discSample().y), (191, 75, 100))
        let t0 = click("animateButton", at: 0.5)
        XCTAssertEqual(presented("rect", "hueRotation", at: t0 + 1.0), 90, accuracy: 1.5)
        XCTAssertEqual(presented("disc", "hueRotation"), 180, accuracy: 3)
        assertColor(pixel(rect.x, rect.y), (48, 131, 0))
        assertColor(pixel(discSample().x, discSample().y), (11, 128, 103))
        XCTAssertEqual(presented("rect", "hueRotation", at: t0 + 2.0), 180)
        XCTAssertEqual(presented("disc", "hueRotation"), 360)
        assertColor(pixel(rect.x, rect.y), (0, 141, 152))
        assertColor(pixel(discSample().x, discSample().y), (191, 75, 100))
    }

    func testCheck3ClickAgainReturnsToRedOverTwoSeconds() async throws {
        try open("ch2-hue-rotation")
        let t0 = click("animateButton", at: 0.5)
        let t1 = click("animateButton", at: t0 + 2.5)
        let rect = probe("rect").frame.center
        XCTAssertEqual(presented("rect", "hueRotation", at: t1 + 1.0), 90, accuracy: 1.5)
        assertColor(pixel(rect.x, rect.y), (48, 131, 0))
        XCTAssertEqual(presented("rect", "hueRotation", at: t1 + 2.0), 0, accuracy: 1e-9)
        assertColor(pixel(rect.x, rect.y), SpecColor.red)
    }

    /// The angular gradient: φ clockwise from 3 o'clock, colour lerp(red, blue, φ/360), masked to a Ø200 circle.
    func testDiscGradientAndMask() async throws {
        try open("ch2-hue-rotation")
        h.advance(to: 0.2)
        let c = probe("disc").frame.center
        for phi in [30.0, 135, 200, 300] {
            let f = phi / 360
            let want = (Int((255 * (1 - f)).rounded()), Int((59 + (122 - 59) * f).rounded()), Int((48 + (255 - 48) * f).rounded()))
            assertColor(pixel(around: c, angle: phi, radius: 70), want)
        }
        // Outside the circle but inside the 200×200 frame: masked away.
        assertColor(pixel(c.x + 90, c.y + 90), SpecColor.white)
    }

    func testLayoutAtReferenceSize() async throws {
        try open("ch2-hue-rotation")
        let centres = [("title1", -283.0), ("rect", -148), ("divider", -27), ("title2", 7), ("disc", 141), ("animateButton", 278)]
        for (node, dy) in centres {
            let f = probe(node).frame
            XCTAssertEqual(f.midX, 195, accuracy: 2, node)
            XCTAssertEqual(f.midY, 422 + dy, accuracy: 8 + 6, node)
        }
        XCTAssertEqual(probe("rect").frame.size, Size(200, 200))
        XCTAssertEqual(probe("disc").frame.size, Size(200, 200))
        let divider = probe("divider").frame
        XCTAssertEqual(divider.width, 390, accuracy: 0.01, "full content width")
        XCTAssertEqual(divider.height, 1, accuracy: 0.01)
        // Spacing 20 between neighbours.
        XCTAssertEqual(divider.minY - probe("rect").frame.maxY, 20, accuracy: 0.01)
        XCTAssertEqual(probe("disc").frame.minY - probe("title2").frame.maxY, 20, accuracy: 0.01)
        // The divider has a black background: almost black, one row's worth of darkness wherever the 1-pt line
        // falls on the pixel grid.
        h.advance(to: 0.2)
        let rows = (Int(divider.minY) - 1...Int(divider.minY) + 1).map { pixel(100, Double($0)).g }
        XCTAssertEqual(rows.reduce(0) { $0 + 255 - $1 }, 255, accuracy: 30, "darkness of the divider rows \(rows)")
        XCTAssertEqual(probe("title1").text, "ANIMATE HUE")
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-hue-rotation", size: Size(500, 900))
        XCTAssertEqual(probe("rect").frame.midX, 250, accuracy: 0.5)
        XCTAssertEqual(probe("divider").frame.width, 500, accuracy: 0.01)
        let t0 = click("animateButton", at: 0.5)
        h.advance(to: t0 + 1.0)
        let rect = probe("rect").frame.center
        assertColor(pixel(rect.x, rect.y), (48, 131, 0))
        assertColor(pixel(discSample().x, discSample().y), (11, 128, 103))
    }
}
