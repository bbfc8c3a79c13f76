@testable import Scenes
import Stage
@testable import Views
import XCTest

/// Spec 06 §4.5, `hiitfit-timer-layout-before-tweak` (optional): before "Tweaking the UI" the timer sits between
/// the video and the buttons, so showing it pushes the buttons and the rating down by its height.
@MainActor
final class HIITFitLayoutBeforeTweakTests: HIITFitTestCase {
    func testCheck28TheTimerPushesTheControlsDownAndBack() async throws {
        try open("hiitfit-timer-layout-before-tweak")
        h.advance(to: 0.5)
        let row = probe("buttonRow").frame.minY, rating = probe("rating1").frame.minY
        click("startButton")
        let timer = probe("timer").frame
        XCTAssertEqual(timer.height + 32, 140, "the TimerView: 108-pt digits with 16 pt padding")
        XCTAssertEqual(probe("buttonRow").frame.minY - row, 140, accuracy: 0.5)
        XCTAssertEqual(probe("rating1").frame.minY - rating, 140, accuracy: 0.5)
        XCTAssertLessThan(timer.maxY, probe("buttonRow").frame.minY, "above the buttons")
        h.advance(to: 1)
        click("startButton")
        XCTAssertEqual(probe("buttonRow").frame.minY, row)
        XCTAssertEqual(probe("rating1").frame.minY, rating)
    }
}
