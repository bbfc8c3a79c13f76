import Foundation
import Stage
import XCTest

/// Spec 02 §3.3, `ch05-kaleidoscope`: the wheel picker bound to `selectedImage` — drag with inertia and snapping,
/// a click on a row, the mouse wheel and ↑/↓ (no Tab needed: the scene's only control); `selectedImage` changes
/// when the wheel settles, the picture with it at once, and the hue cycle runs on untouched.
@MainActor
final class KaleidoscopePickerTests: ViewSceneTestCase {
    typealias K = Kaleidoscope
    var offset: Double { presented("rowLabels", "wheel.offset") }

    /// A fast flick up: the wheel follows the pointer, carries on decelerating and snaps onto the last row (it
    /// would have gone further), and only then is `cat` chosen.
    func testFlickUpCarriesOnAndSnapsToTheLastRow() async throws {
        try open(K.id)
        let x = K.box.midX, y = K.box.midY
        h.advance(to: 1.0)
        h.press(x, y)
        h.advance(to: 1.05)
        h.move(x, y - 24)
        XCTAssertEqual(offset, 0.75, accuracy: 1e-9, "the rows follow the pointer: 24 pt = 0.75 row")
        h.advance(to: 1.1)
        h.move(x, y - 64)
        h.release(x, y - 64)
        // Released at 2 rows moving 64 pt / 0.1 s = 20 rows/s: it would rest at 2 + 20²/80 = 7, past `cat` (row 4):
        // Δ = 2 rows at 20 rows/s decelerating, T = 2Δ/v = 0.2 s.
        XCTAssertEqual(offset, 2, accuracy: 1e-9)
        h.advance(to: 1.2)
        XCTAssertEqual(offset, 3.5, accuracy: 0.01, "P(½) = ¾ of the way: still moving, decelerating")
        XCTAssertEqual(selectedImage, "ornament", "nothing chosen while it moves")
        h.advance(to: 1.3 - 1e-3)
        XCTAssertEqual(selectedImage, "ornament")
        h.advance(to: 1.3 + 1e-6)
        XCTAssertEqual(offset, 4, accuracy: 1e-9)
        XCTAssertEqual(selectedImage, "cat")
        XCTAssertEqual(probe("rowLabels").text, "cat")
        XCTAssertEqual(hue, K.hue(at: h.time), accuracy: 0.01)
        try assertShows("cat", hue: hue)
    }

    /// A slow drag held still before the release snaps to the nearest row in 0.25 s (ease-out); a drag down past
    /// the first row rubber-bands and comes back to it.
    func testSlowDragSnapsToTheNearestRow() async throws {
        try open(K.id)
        let x = K.box.midX, y = K.box.midY
        h.advance(to: 0.5)
        h.press(x, y)
        for i in 1...10 {
            h.advance(to: 0.5 + 0.03 * Double(i))
            h.move(x, y - 7 * Double(i))   // 70 pt: 2.19 rows
        }
        h.advance(to: 1.2)   // held still
        h.release(x, y - 70)
        XCTAssertEqual(offset, 70.0 / 32, accuracy: 1e-9)
        h.advance(to: 1.3)
        XCTAssertGreaterThan(offset, 2)
        XCTAssertLessThan(offset, 70.0 / 32)
        h.advance(to: 1.45 + 1e-6)
        XCTAssertEqual(offset, 2, accuracy: 1e-9)
        XCTAssertEqual(selectedImage, "dog")
        // Down past the top: less and less, then back to `ornament`.
        h.advance(to: 2)
        h.press(x, y)
        h.advance(to: 2.1)
        h.move(x, y + 100)   // would be row −1.125 without the rubber band
        XCTAssertLessThan(offset, 0)
        XCTAssertGreaterThan(offset, 2 - 100.0 / 32, "rubber band")
        let first = offset
        h.move(x, y + 140)
        XCTAssertLessThan(offset, first, "further down, further past the top")
        XCTAssertGreaterThan(offset, 2 - 140.0 / 32, "rubber band")
        XCTAssertLessThan(first - offset, 40.0 / 32, "… but less than the pointer moved")
        h.advance(to: 2.8)
        h.release(x, y + 140)
        h.advance(to: 3.2)
        XCTAssertEqual(offset, 0, accuracy: 1e-9)
        XCTAssertEqual(selectedImage, "ornament")
    }

    /// Clicking a visible row scrolls it into the band (0.3 s) and then chooses it; the picture changes at once.
    func testClickingARowChoosesIt() async throws {
        try open(K.id)
        h.advance(to: 0.5)
        XCTAssertTrue(h.click(node: "text:dog"))
        XCTAssertEqual(selectedImage, "ornament")
        h.advance(to: 0.65)
        XCTAssertEqual(offset, 1, accuracy: 0.01, "easeInOut: half way at half time")
        h.advance(to: 0.79)
        XCTAssertEqual(selectedImage, "ornament")
        h.advance(to: 0.8)
        XCTAssertEqual(selectedImage, "dog")
        XCTAssertEqual(probe("text:dog").drawn.midY, K.box.midY, accuracy: 0.5, "in the band")
        XCTAssertEqual(hue, 46.5, accuracy: 0.5, "N(0.8), as if nothing had happened")
        // The dog picture, its transparent parts black.
        try assertShows("dog", hue: hue)
        assertColor(pixel(K.picture.minX + 10, K.picture.midY), (0, 0, 0), tolerance: 0)
        // The label in the band is white now, the row above it (landscape) dimmed to 30 %.
        assertColor(brightest(in: probe("text:dog").drawn), (255, 255, 255), tolerance: 3)
        assertColor(brightest(in: probe("text:landscape").drawn), (77, 96, 110), tolerance: 12)
        // Clicking the chosen row again changes nothing.
        XCTAssertTrue(h.click(node: "text:dog"))
        h.advance(to: 1.5)
        XCTAssertEqual(selectedImage, "dog")
        XCTAssertEqual(offset, 2)
    }

    /// One mouse-wheel notch is one row (0.2 s ease-out), towards either end.
    func testMouseWheelNotchMovesOneRow() async throws {
        try open(K.id)
        h.advance(to: 0.4)
        wheel(K.box.midX, K.box.midY)
        h.advance(to: 0.61)
        XCTAssertEqual(offset, 1, accuracy: 1e-9)
        XCTAssertEqual(selectedImage, "landscape")
        wheel(K.box.midX, K.box.midY, lines: 3)
        h.advance(to: 0.82)
        XCTAssertEqual(selectedImage, "cat")
        wheel(K.box.midX, K.box.midY, lines: 1)
        h.advance(to: 1.0)
        XCTAssertEqual(selectedImage, "cat", "no wrap-around")
        wheel(K.box.midX, K.box.midY, lines: -1)
        h.advance(to: 1.22)
        XCTAssertEqual(selectedImage, "dice")
        // Outside the box the wheel does nothing.
        wheel(K.box.midX, K.picture.midY, lines: 1)
        h.advance(to: 1.5)
        XCTAssertEqual(selectedImage, "dice")
    }

    /// ↑/↓ move one row each (no Tab first), stopping at `ornament` and `cat`; no focus ring appears.
    func testArrowKeysMoveOneRowAndStopAtTheEnds() async throws {
        try open(K.id)
        h.advance(to: 0.5)
        let before = try XCTUnwrap(h.capture())
        h.key("up")
        h.advance(to: 0.8)
        XCTAssertEqual(selectedImage, "ornament", "no wrap-around at the top")
        XCTAssertEqual(offset, 0)
        h.key("down")
        h.advance(to: 0.9)
        XCTAssertGreaterThan(offset, 0.5, "ease-out: most of the way in half the time")
        h.advance(to: 1.0)
        XCTAssertEqual(selectedImage, "landscape")
        for _ in 0..<6 { h.key("down") }
        h.advance(to: 1.3)
        XCTAssertEqual(selectedImage, "cat", "stops at the last row")
        XCTAssertEqual(offset, 4)
        h.key("up")
        h.advance(to: 1.6)
        XCTAssertEqual(selectedImage, "dice")
        // No ring: the box's edge around the band is as before.
        let after = try XCTUnwrap(h.capture())
        for x in stride(from: Int(K.box.minX) + 1, to: Int(K.box.maxX), by: 10) {
            let y = Int(K.box.midY) - 18
            XCTAssertEqual(before.pixel(x, y).b, after.pixel(x, y).b, "no focus ring at (\(x), \(y))")
        }
    }

    /// The wheel's motion never touches the hue: frame by frame during a flick, N follows the closed form.
    func testTheHueIgnoresThePicker() async throws {
        try open(K.id, render: false)
        h.advance(to: 2.0)
        h.press(K.box.midX, K.box.midY)
        for i in 1...6 {
            h.advance(to: 2.0 + Double(i) / 60)
            h.move(K.box.midX, K.box.midY - 8 * Double(i))
            XCTAssertEqual(hue, K.hue(at: h.time), accuracy: 0.01)
        }
        h.release(K.box.midX, K.box.midY - 48)
        for i in 1...60 {
            h.advance(to: 2.1 + Double(i) / 60)
            XCTAssertEqual(hue, K.hue(at: h.time), accuracy: 0.01, "N at \(h.time)")
        }
        XCTAssertEqual(selectedImage, "cat")
    }
}
