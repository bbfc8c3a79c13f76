@testable import Scenes
import Stage
@testable import Views
import XCTest

/// Spec 06 §4.3, `hiitfit-exercise-preview-history`: ExerciseView 0 with a constant selection of 0 and its own
/// store; the History sheet reads the store from the environment.
@MainActor
final class HIITFitHistoryTests: HIITFitTestCase {
    let t0 = 0.5

    func openHistory() throws {
        try open("hiitfit-exercise-preview-history")
        h.advance(to: t0)
    }

    /// Start at `t`, wait 4 s, Done; returns the time after.
    @discardableResult
    func cycle(at t: Double) -> Double {
        h.advance(to: t)
        click("startButton")
        h.advance(to: t + 4)
        click("doneButton")
        return t + 4
    }

    /// The section headers of the open sheet and their rows, in order.
    func sections() -> [(header: String, rows: String)] {
        (1...10).compactMap { i in
            guard let r = h.probe("historyDay\(i)"), !r.hidden, let header = r.text else { return nil }
            return (header, string("historyDay\(i)", "exercises") ?? "")
        }
    }

    func testCheck14TheSheetShowsTheSeededDays() async throws {
        try openHistory()
        click("historyButton")
        XCTAssertTrue(shown("historySheet"), "presented in the frame of the click")
        h.advance(to: t0 + 0.5)
        XCTAssertEqual(text("text:History"), "History", "the sheet's title")
        let s = sections()
        XCTAssertEqual(s.count, 2)
        XCTAssertEqual(s.first?.header, header(daysAgo: 1))
        XCTAssertEqual(s.first?.rows, "Squat, Step Up, Burpee")
        XCTAssertEqual(s.last?.header, header(daysAgo: 2))
        XCTAssertEqual(s.last?.rows, "Step Up, Squat")
        // The rows are real rows of the form, in order, below their header.
        let y1 = probe("historyDay1").frame.maxY
        let rows = ["text:Squat", "text:Step Up", "text:Burpee"].map { probe($0).frame.minY }
        XCTAssertLessThan(y1, rows.min()!)
        // The form's grouped gray beside the white rows.
        XCTAssertGreaterThan(count((242, 242, 247), in: Rect(x: 0, y: 300, width: 10, height: 100), tolerance: 3), 900)
    }

    func testCheck15TheCloseButton() async throws {
        try openHistory()
        click("historyButton")
        h.advance(to: t0 + 0.5)
        click("historyClose")
        XCTAssertEqual(bool("historyButton", "showHistory"), false, "showHistory is false at once")
        h.advance(to: t0 + 1)
        XCTAssertNil(h.probe("historySheet"), "the sheet is gone")
        XCTAssertNil(h.probe("historyDay1"))
    }

    func testCheck16To18DoneAddsToTodayAndStaysOnThePage() async throws {
        try openHistory()
        let logged = printed("Adding Squat"), lines = h.log.count
        let t = cycle(at: t0)
        XCTAssertEqual(text("title"), "Squat", "the constant selection keeps the page")
        XCTAssertNil(h.probe("timer"), "the timer is hidden")
        XCTAssertFalse(enabled("doneButton"))
        let days = try XCTUnwrap(store).exerciseDays
        XCTAssertEqual(days.count, 3)
        XCTAssertTrue(Calendar.current.isDateInToday(days[0].date))
        XCTAssertEqual(days[0].exercises, ["Squat"])
        XCTAssertEqual(printed("Adding Squat"), logged, "a new day logs nothing")
        XCTAssertEqual(Array(h.log[lines...]), [], "check 16: nothing at all is logged")
        // Check 17.
        h.advance(to: t + 0.5)
        click("historyButton")
        h.advance(to: t + 1)
        var s = sections()
        XCTAssertEqual(s.count, 3)
        XCTAssertEqual(s.first?.header, header(daysAgo: 0))
        XCTAssertEqual(s.first?.rows, "Squat")
        click("historyClose")
        // Check 18: the same day again.
        cycle(at: t + 2)
        XCTAssertEqual(printed("Adding Squat"), logged + 1, "stdout got `Adding Squat`")
        h.advance(to: t + 7)
        click("historyButton")
        h.advance(to: t + 7.5)
        s = sections()
        XCTAssertEqual(s.count, 3)
        XCTAssertEqual(s.first?.rows, "Squat, Squat")
        XCTAssertEqual(h.probeAll().filter { $0.name == "text:Squat" && !$0.hidden }.count, 4,
                       "two rows today, one yesterday, one two days ago")
    }

    func testCheck19TheOpenSheetFollowsTheStore() async throws {
        try openHistory()
        click("historyButton")
        h.advance(to: t0 + 0.5)
        XCTAssertEqual(sections().count, 2)
        try XCTUnwrap(store).addDoneExercise("Burpee")
        h.advance(to: t0 + 0.5 + 1.0 / 60)
        let s = sections()
        XCTAssertEqual(s.count, 3, "the new day shows without reopening")
        XCTAssertEqual(s.first?.header, header(daysAgo: 0))
        XCTAssertEqual(s.first?.rows, "Burpee")
        XCTAssertTrue(shown("historySheet"))
        // Drawn too: a row "Burpee" just below the first header.
        let row = h.probeAll().filter { $0.name == "text:Burpee" && !$0.hidden }.map(\.frame.minY).min()!
        XCTAssertLessThan(row, probe("historyDay2").frame.minY)
        XCTAssertGreaterThan(count((0, 0, 0), in: Rect(x: 30, y: row, width: 60, height: 20), tolerance: 60), 20)
    }

    /// The sheet inherits the environment: it shows the store of the preview it was opened from, and a second run's
    /// sheet shows that run's own fresh store, not what the first run added to its store.
    func testTheSheetGetsThePreviewsOwnStore() async throws {
        try openHistory()
        let first = try XCTUnwrap(store)
        first.addDoneExercise("Burpee")
        click("historyButton")
        h.advance(to: t0 + 0.5)
        XCTAssertEqual(sections().map(\.header), [header(daysAgo: 0), header(daysAgo: 1), header(daysAgo: 2)],
                       "the first run's sheet shows its store, today's Burpee included")

        try openHistory()
        XCTAssertFalse(first === store, "each preview run has a fresh store")
        click("historyButton")
        h.advance(to: t0 + 0.5)
        XCTAssertEqual(sections().map(\.header), [header(daysAgo: 1), header(daysAgo: 2)],
                       "the second run's sheet shows only its own two seeded days")
    }
}
