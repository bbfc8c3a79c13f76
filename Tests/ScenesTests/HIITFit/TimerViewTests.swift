@testable import Scenes
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// Spec 06 §4.1, `hiitfit-timer-view`: the TimerView preview counts 3, 2, 1, 0 from its insertion at load.
@MainActor
final class HIITFitTimerViewTests: HIITFitTestCase {
    func testCheck1And2TheCountdownOnTheSecondGrid() async throws {
        try open("hiitfit-timer-view")
        XCTAssertEqual(text("timer"), "3", "at load")
        for (t, digit) in [(0.99, "3"), (1.0, "2"), (1.99, "2"), (2.0, "1"), (2.99, "1"), (3.0, "0")] {
            h.advance(to: t)
            XCTAssertEqual(text("timer"), digit, "at t = \(t)")
        }
    }

    func testCheck3ItStaysAtZeroAndTheConstantBindingIgnoresWrites() async throws {
        try open("hiitfit-timer-view")
        h.advance(to: 10)
        XCTAssertEqual(text("timer"), "0")
        XCTAssertEqual(bool("timer", "timerDone"), false, "writes to the constant binding are ignored")
        XCTAssertFalse(h.log.contains { $0.lowercased().contains("error") })
    }

    /// Any step size gives the same count (virtual time, README §3.2).
    func testOneBigStepGivesTheSameCount() async throws {
        try open("hiitfit-timer-view")
        h.session.advance(to: 2.5)
        h.session.host.layout()
        XCTAssertEqual(text("timer"), "1")
    }

    func testCheck4NinetyPointRoundedDigitsCentredOnTheCanvas() async throws {
        try open("hiitfit-timer-view")
        let font = try XCTUnwrap(textElement(element("timer"))).font
        XCTAssertEqual(font.size, 90)
        XCTAssertEqual(font.design, .rounded)
        XCTAssertEqual(font.weight, .regular)
        let frame = probe("timer").frame
        XCTAssertEqual(frame.height, 108, "one 90-pt line; with 16 pt padding each side the view is 140 pt tall")
        XCTAssertEqual(frame.midX, 195, accuracy: 0.5)
        XCTAssertEqual(frame.midY, 150, accuracy: 0.5)
        // Black ink inside the digit's box, white around it.
        XCTAssertGreaterThan(count((0, 0, 0), in: frame), 300)
        XCTAssertEqual(count((0, 0, 0), in: Rect(x: 0, y: 0, width: 390, height: frame.minY - 2)), 0)
    }

    func testAtAnotherWindowSizeTheCanvasScales() async throws {
        try open("hiitfit-timer-view", size: Size(780, 900))
        h.advance(to: 1)
        XCTAssertEqual(text("timer"), "2")
        // Scaled 2× (min(780/390, 900/300)) and centred: the digit's ink lies around the window's centre.
        guard let fb = h.capture() else { return XCTFail("no render") }
        XCTAssertGreaterThan(fb.count((0, 0, 0), in: Rect(x: 390 - 50, y: 450 - 90, width: 100, height: 180)), 1000)
        // The 780 × 600 canvas leaves 150-px black bars above and below.
        XCTAssertEqual(fb.count((0, 0, 0), in: Rect(x: 0, y: 0, width: 780, height: 150), tolerance: 2), 780 * 150)
        XCTAssertEqual(fb.count((0, 0, 0), in: Rect(x: 0, y: 152, width: 780, height: 150)), 0, "white canvas above the digit")
    }
}
