import Stage
import XCTest

/// Spec 01 §2.2.9, `ch2-opacity`.
@MainActor
final class OpacityExampleTests: ViewSceneTestCase {
    func testChecks1To3() async throws {
        try open("ch2-opacity")
        h.advance(to: 0.4)
        let disc = probe("disc").frame
        XCTAssertEqual(disc.height, 175, accuracy: 0.01)
        // Check 1.
        assertColor(pixel(disc.midX, disc.midY), SpecColor.purple)
        // Check 2: easeIn, 0.35 s.
        let t0 = click("animateButton", at: 0.5)
        XCTAssertEqual(presented("disc", "opacity", at: t0 + 0.175), 0.6846, accuracy: 0.01)
        assertColor(pixel(disc.midX, disc.midY), (200, 137, 232))
        XCTAssertEqual(presented("disc", "opacity", at: t0 + 0.35), 0)
        assertColor(pixel(disc.midX, disc.midY), SpecColor.white)
        XCTAssertTrue(probe("disc").hidden)
        // Check 3: easeIn again, so the way back is 1 − 0.6846 at the half-way time.
        let t1 = click("animateButton", at: t0 + 1)
        XCTAssertEqual(presented("disc", "opacity", at: t1 + 0.175), 0.3154, accuracy: 0.01)
        XCTAssertEqual(presented("disc", "opacity", at: t1 + 0.35), 1, accuracy: 1e-9)
        assertColor(pixel(disc.midX, disc.midY), SpecColor.purple)
    }

    /// Check 4: two half-transparent discs, each blended on its own: yellow over white, red over that.
    func testCheck4OverlappingColours() async throws {
        try open("ch2-opacity")
        h.advance(to: 0.2)
        let yellow = probe("yellow").frame, red = probe("red").frame
        XCTAssertEqual(yellow.size, Size(100, 100))
        XCTAssertEqual(red.midY - yellow.midY, 58, accuracy: 0.5, "50 + 8: the red disc's layout height clamps to 0")
        XCTAssertEqual(red.midX, yellow.midX, accuracy: 0.5)
        assertColor(pixel(yellow.midX, (yellow.midY + red.midY) / 2), (255, 144, 88))
        assertColor(pixel(yellow.midX, yellow.midY - 30), (255, 230, 128))
        assertColor(pixel(red.midX, red.midY + 30), (255, 157, 152))
    }

    func testLayoutAtReferenceSize() async throws {
        try open("ch2-opacity")
        let title = probe("title").frame, disc = probe("disc").frame, button = probe("animateButton").frame
        let block = probe("overlapBlock").frame
        XCTAssertEqual(disc.minY - title.maxY, 8, accuracy: 0.01)
        XCTAssertEqual(button.minY - disc.maxY, 8, accuracy: 0.01)
        XCTAssertEqual(block.minY - button.maxY, 8, accuracy: 0.01)
        XCTAssertEqual(probe("title2").frame.minY - block.minY, 60, accuracy: 0.01, "60 pt of padding")
        XCTAssertEqual((title.minY + block.maxY) / 2, 422, accuracy: 0.5, "block centred")
        XCTAssertEqual(probe("title").text, "Appear/Disappear")
        XCTAssertEqual(probe("title2").text, "Overlapping Opacity")
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-opacity", size: Size(500, 900))
        let disc = probe("disc").frame
        XCTAssertEqual(disc.width, 500, accuracy: 0.01, "flexible width")
        let t0 = click("animateButton", at: 0.5)
        h.advance(to: t0 + 0.175)
        assertColor(pixel(disc.midX, disc.midY), (200, 137, 232))
        assertColor(pixel(disc.midX + 80, disc.midY), (200, 137, 232))
        assertColor(pixel(disc.midX + 95, disc.midY), SpecColor.white)
        let yellow = probe("yellow").frame, red = probe("red").frame
        assertColor(pixel(yellow.midX, (yellow.midY + red.midY) / 2), (255, 144, 88))
    }
}
