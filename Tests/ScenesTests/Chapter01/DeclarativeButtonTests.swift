import Stage
import XCTest

/// Spec 01 §2.1.1.
@MainActor
final class DeclarativeButtonTests: ViewSceneTestCase {
    func testTitleTextIsCentredAtC() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-declarative-button", size: size)
            let b = probe("button")
            XCTAssertEqual(b.text, "Button")
            XCTAssertEqual(b.frame.midX, size.width / 2, accuracy: 6)
            XCTAssertEqual(b.frame.midY, size.height / 2, accuracy: 6)
            XCTAssertEqual(b.frame.height, 34, accuracy: 0.5, "title style: 28 pt on a 34-pt line (README §3.11)")
        }
    }

    func testGlyphsAreBlack() async throws {
        try open("ch1-declarative-button")
        assertDrawn(in: probe("button").frame, color: Ch1.black)
    }

    func testClickChangesNothing() async throws {
        try open("ch1-declarative-button", size: Size(844, 390))
        let before = h.capture()!.pixels
        let c = probe("button").drawn.center
        h.press(c.x, c.y)
        // The comparison does see a change: the pressed look (README §3.12) differs from the still frame.
        XCTAssertNotEqual(h.capture()!.pixels, before)
        h.release(c.x, c.y)
        h.advance(by: 1.0 / 60)
        XCTAssertEqual(h.capture()!.pixels, before, "the empty action leaves the frame buffer identical")
    }
}
