import Stage
import XCTest

/// Spec 01 §2.2.12, `ch2-scale-anchor`. (R, B) is the bottom-right corner of the heart's 150×125 frame; the
/// scale anchor is bottomTrailing.
@MainActor
final class ScaleExampleThreeTests: ViewSceneTestCase {
    func testChecks1To4() async throws {
        try open("ch2-scale-anchor")
        let frame = probe("heart").frame
        XCTAssertEqual(frame.size, Size(150, 125))
        XCTAssertEqual(probe("title").text, "SCALE FROM ANCHOR ")
        let (r, b) = (frame.maxX, frame.maxY)
        let t0 = click("scaleButton", at: 0.5)
        XCTAssertEqual(model("heart", "scale"), 0.2)
        for t in [0.05, 0.1, 0.175, 0.25, 0.3] {
            h.advance(to: t0 + t)
            if t == 0.175 { XCTAssertEqual(presented("heart", "scale"), 0.6, accuracy: 0.008) }
            let d = probe("heart").drawn
            XCTAssertEqual(d.maxX, r, accuracy: 1, "corner fixed at \(t)")
            XCTAssertEqual(d.maxY, b, accuracy: 1, "corner fixed at \(t)")
        }
        XCTAssertEqual(presented("heart", "scale", at: t0 + 0.35), 0.2)
        let d = probe("heart").drawn
        XCTAssertEqual(d.minX, r - 30, accuracy: 1)
        XCTAssertEqual(d.minY, b - 25, accuracy: 1)
        XCTAssertEqual(d.maxX, r, accuracy: 1)
        XCTAssertEqual(d.maxY, b, accuracy: 1)
        // The red heart is drawn inside that small box only.
        assertColor(pixel(r - 15, b - 12), SpecColor.red)
        assertColor(pixel(frame.midX, frame.midY), SpecColor.white)
        let t1 = click("scaleButton", at: t0 + 1)
        XCTAssertEqual(presented("heart", "scale", at: t1 + 0.35), 1, accuracy: 1e-9)
        assertColor(pixel(frame.midX, frame.midY), SpecColor.red)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-scale-anchor", size: Size(500, 900))
        let frame = probe("heart").frame
        XCTAssertEqual(frame.midX, 250, accuracy: 0.5)
        let t0 = click("scaleButton", at: 0.5)
        h.advance(to: t0 + 0.35)
        let d = probe("heart").drawn
        XCTAssertEqual(d.minX, frame.maxX - 30, accuracy: 1)
        XCTAssertEqual(d.minY, frame.maxY - 25, accuracy: 1)
    }
}
