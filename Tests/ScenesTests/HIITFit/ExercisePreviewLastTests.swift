@testable import Scenes
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// Spec 06 §4.2, `hiitfit-exercise-preview-last`: ExerciseView 3 with a constant selection of 3 and its own store.
/// Each check's t = 0 is its triggering click, made at t0.
@MainActor
final class HIITFitExercisePreviewLastTests: HIITFitTestCase {
    let t0 = 0.5

    func openLast(size: Size? = nil) throws {
        try open("hiitfit-exercise-preview-last", size: size)
        h.advance(to: t0)
    }

    /// Start at t0, wait until t0 + 4 (Done enabled), press Done.
    func startWaitDone() {
        click("startButton")
        h.advance(to: t0 + 4)
        click("doneButton")
    }

    func testCheck5AtLoad() async throws {
        try openLast()
        XCTAssertEqual(text("title"), "Sun Salute")
        XCTAssertEqual(bool("headerIcon4", "filled"), true)
        for i in 1...3 { XCTAssertEqual(bool("headerIcon\(i)", "filled"), false, "icon \(i)") }
        XCTAssertNil(h.probe("timer"), "no timer")
        XCTAssertFalse(enabled("doneButton"))
        XCTAssertEqual(text("doneButton"), "Done")
        XCTAssertEqual(text("startButton"), "Start Exercise")
        // Gray, not blue, in the real render.
        let done = probe("doneButton").drawn
        XCTAssertGreaterThan(count(Self.disabledGray, in: done, tolerance: 12), 20)
        XCTAssertEqual(count(Self.blue, in: done, tolerance: 40), 0)
        // The filled "4" is a solid blue disc; the outlined "1" has a white middle.
        let four = probe("headerIcon4").drawn, one = probe("headerIcon1").drawn
        XCTAssertGreaterThan(count(Self.blue, in: four, tolerance: 40), count(Self.blue, in: one, tolerance: 40) + 60)
        // Tapping the disabled Done changes nothing.
        click("doneButton")
        h.advance(to: t0 + 0.1)
        XCTAssertNil(h.probe("successSheet"))
        XCTAssertEqual(store?.exerciseDays.count, 2)
        XCTAssertFalse(enabled("doneButton"))
    }

    func testCheck6TheTimerAndDoneGating() async throws {
        try openLast()
        click("startButton")
        XCTAssertEqual(text("timer"), "3", "in the same frame")
        for (t, digit) in [(0.99, "3"), (1.0, "2"), (2.0, "1"), (3.0, "0")] {
            h.advance(to: t0 + t)
            XCTAssertEqual(text("timer"), digit, "t = \(t)")
        }
        h.advance(to: t0 + 3.5)
        XCTAssertFalse(enabled("doneButton"), "still disabled at 3.5 s")
        XCTAssertEqual(bool("timer", "timerDone"), false)
        h.advance(to: t0 + 3.999)
        XCTAssertFalse(enabled("doneButton"))
        h.advance(to: t0 + 4)
        XCTAssertTrue(enabled("doneButton"), "enabled at 4 s (spec 06 §5.1)")
        XCTAssertEqual(bool("timer", "timerDone"), true)
        XCTAssertEqual(text("timer"), "0")
        let done = probe("doneButton").drawn
        XCTAssertGreaterThan(count(Self.blue, in: done, tolerance: 12), 20, "blue when enabled")
        XCTAssertEqual(count(Self.disabledGray, in: done, tolerance: 6), 0)
    }

    func testCheck7ShowingTheTimerMovesNothingElse() async throws {
        try openLast()
        let nodes = ["startButton", "doneButton", "rating1", "rating5", "historyButton", "title", "video"]
        let before = nodes.map { probe($0).frame }
        click("startButton")
        XCTAssertTrue(shown("timer"))
        let during = nodes.map { probe($0).frame }
        XCTAssertEqual(before, during, "identical frames with the timer shown")
        h.advance(to: t0 + 1)
        click("startButton")
        XCTAssertNil(h.probe("timer"))
        XCTAssertEqual(nodes.map { probe($0).frame }, before, "and hidden again")
        // The timer sits under the button row, the rating near the bottom of the safe area.
        XCTAssertEqual(probe("video").frame.height, 0.45 * 763, accuracy: 0.5)
        XCTAssertLessThan(probe("startButton").frame.maxY, probe("rating1").frame.minY - 140)
        XCTAssertEqual(probe("historyButton").frame.maxY + 16, 844 - 34, accuracy: 0.5, "History 16 pt above the safe area's bottom")
    }

    func testCheck8DoneShowsTheSuccessSheet() async throws {
        try openLast()
        startWaitDone()
        XCTAssertTrue(shown("successSheet"), "presented in the frame of the click")
        XCTAssertNil(h.probe("timer"), "the timer is hidden underneath")
        XCTAssertFalse(enabled("doneButton"), "Done is disabled underneath")
        XCTAssertEqual(store?.exerciseDays.first?.exercises, ["Sun Salute"])
        h.advance(to: t0 + 4.5)   // the sheet is up (0.4 s slide)
        let hand = probe("image:hand.raised.fill").drawn
        XCTAssertEqual(hand.width, 75, accuracy: 0.5)
        XCTAssertEqual(hand.height, 75, accuracy: 0.5)
        XCTAssertGreaterThan(count(Self.purple, in: hand, tolerance: 12), 1500, "purple")
        XCTAssertEqual(text("text:High Five!"), "High Five!")
        XCTAssertEqual(heavyWeight(), .heavy)
        for line in ["Good job completing all four exercises!", "Remember tomorrow's another day.",
                     "So eat well and get some rest."] {
            XCTAssertTrue(shown("text:" + line), line)
            if case let .color(model, _)? = h.probe("text:" + line)?.value("color") {
                XCTAssertEqual(model, Color.gray, line)
            } else { XCTFail("no colour on \(line)") }
            XCTAssertEqual(probe("text:" + line).drawn.midX, 195, accuracy: 0.5, "centred")
        }
        XCTAssertEqual(text("continueButton"), "Continue")
        XCTAssertGreaterThan(probe("continueButton").frame.minY, 700, "pinned to the bottom")
    }

    /// The weight of the "High Five!" text, found by its string.
    func heavyWeight() -> Font.Weight? {
        guard let scene = h.scene as? ViewScene else { return nil }
        func find(_ e: Element) -> TextElement? {
            if let t = e as? TextElement, t.string == "High Five!" { return t }
            for c in e.children { if let t = find(c) { return t } }
            return nil
        }
        return find(scene.host.root)?.font.weight
    }

    func testCheck9And10ContinueClosesTheSheetOnTheSamePage() async throws {
        try openLast()
        startWaitDone()
        h.advance(to: t0 + 5)
        click("continueButton")
        XCTAssertEqual(bool("doneButton", "showSuccess"), false, "dismissed in the frame of the click")
        h.advance(to: t0 + 5.5)
        XCTAssertNil(h.probe("successSheet"), "gone after its slide")
        XCTAssertEqual(text("title"), "Sun Salute", "the constant selection is unchanged")
        XCTAssertEqual(bool("headerIcon4", "filled"), true)
        XCTAssertNil(h.probe("timer"))
        XCTAssertFalse(enabled("doneButton"))
        // Check 10: a fresh countdown.
        click("startButton")
        XCTAssertEqual(text("timer"), "3")
        h.advance(to: t0 + 6.5)
        XCTAssertEqual(text("timer"), "2")
    }

    func testCheck11And12StartTwiceKeepsDoneEnabled() async throws {
        try openLast()
        click("startButton")
        h.advance(to: t0 + 4)
        XCTAssertTrue(enabled("doneButton"))
        h.advance(to: t0 + 5)
        click("startButton")
        XCTAssertNil(h.probe("timer"), "hidden")
        XCTAssertTrue(enabled("doneButton"), "Done stays enabled")
        h.advance(to: t0 + 6)
        click("startButton")
        XCTAssertEqual(text("timer"), "3", "check 12: a fresh timer")
        XCTAssertTrue(enabled("doneButton"))
    }

    func testCheck13Rating() async throws {
        try openLast()
        func colours() -> [Color?] {
            (1...5).map { i -> Color? in
                if case let .color(model, _)? = h.probe("rating\(i)")?.value("color") { return model }
                return nil
            }
        }
        XCTAssertEqual(colours(), Array(repeating: Color.gray, count: 5))
        click("rating3")
        XCTAssertEqual(colours(), [.red, .red, .red, .gray, .gray])
        if case let .color(m, _)? = h.probe("rating1")?.value("color") {
            let (r, g, b, a) = m.rgba8
            XCTAssertEqual([r, g, b, a], [0xFF, 0x3B, 0x30, 0xFF], "#FF3B30FF")
        } else { XCTFail("no colour") }
        XCTAssertGreaterThan(count(Self.red, in: probe("rating3").drawn, tolerance: 12), 30)
        XCTAssertEqual(count(Self.red, in: probe("rating4").drawn, tolerance: 40), 0)
        XCTAssertGreaterThan(count(Self.gray, in: probe("rating4").drawn, tolerance: 12), 30)
        click("rating1")
        XCTAssertEqual(colours(), [.red, .gray, .gray, .gray, .gray])
    }

    /// Check 6 in a 600 × 500 window: the canvas is scaled by 500/844 and centred; clicks land through the mapping.
    func testAtAnotherWindowSize() async throws {
        try openLast(size: Size(600, 500))
        click("startButton")
        XCTAssertEqual(text("timer"), "3")
        h.advance(to: t0 + 3)
        XCTAssertEqual(text("timer"), "0")
        h.advance(to: t0 + 4)
        XCTAssertTrue(enabled("doneButton"))
        // Done's label is blue in the window, where the mapping puts it.
        let k = 500.0 / 844, ox = (600 - 390 * k) / 2
        let d = probe("doneButton").drawn
        let inWindow = Rect(x: ox + d.minX * k, y: d.minY * k, width: d.width * k, height: d.height * k)
        guard let fb = h.capture() else { return XCTFail("no render") }
        XCTAssertGreaterThan(fb.count(Self.blue, in: inWindow, tolerance: 30), 5)
        XCTAssertEqual(fb.pixel(5, 250).r, 0, "black bar at the side")
        click("doneButton")
        XCTAssertTrue(shown("successSheet"))
    }
}
