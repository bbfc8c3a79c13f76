@testable import Scenes
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

/// Spec 06 §4.4, `hiitfit-app`: Welcome plus four exercise pages in a paged TabView, one store for the run.
@MainActor
final class HIITFitAppTests: HIITFitTestCase {
    func openApp(size: Size? = nil) throws {
        try open("hiitfit-app", size: size)
        h.advance(to: 0.5)
    }

    /// Start now, wait 4 s, Done.
    func doExercise() {
        click("startButton")
        h.advance(to: h.time + 4)
        click("doneButton")
        h.advance(to: h.time + 0.1)
    }

    /// A slow rightward swipe of 250 pt across the middle of the page (to the previous page), settled.
    func swipeRight() {
        let t = h.time
        h.press(70, 420)
        for k in 1...10 { h.advance(to: t + 0.05 * Double(k)); h.move(70 + 25 * Double(k), 420) }
        h.release(320, 420)
        h.advance(to: t + 1)
    }

    func testCheck20Launch() async throws {
        try openApp()
        XCTAssertEqual(selectedTab, 9)
        XCTAssertEqual(text("title"), "Welcome")
        for i in 1...4 { XCTAssertEqual(bool("headerIcon\(i)", "filled"), false, "icon \(i)") }
        XCTAssertTrue(shown("text:Get fit"))
        let subtitle = probe("text:with high intensity interval training")
        XCTAssertGreaterThan(subtitle.frame.height, 22, "the subtitle wraps")
        // Its frame; the picture inside overflows it (scaled to fill) and is clipped to the circle.
        let picture = probe("stepUpImage").frame
        XCTAssertEqual(picture.width, 240, accuracy: 0.5)
        XCTAssertEqual(picture.height, 240, accuracy: 0.5)
        XCTAssertEqual(text("getStarted"), "Get Started")
        XCTAssertEqual(text("historyButton"), "History")
        XCTAssertGreaterThan(probe("historyButton").frame.minY, 700, "History at the bottom")
        XCTAssertTrue(probe("pages").hidden == false)
        guard let fb = h.capture() else { return XCTFail("no render") }
        // The picture is clipped to a circle: its corners are the white page, its middle is not.
        XCTAssertEqual(fb.count((255, 255, 255), in: Rect(x: picture.minX + 2, y: picture.minY + 2, width: 20, height: 20), tolerance: 3), 400)
        XCTAssertLessThan(fb.count((255, 255, 255), in: Rect(x: picture.midX - 10, y: picture.midY - 10, width: 20, height: 20), tolerance: 3), 10)
        // Get Started sits in a 2-pt gray rounded outline, 16 pt outside its label.
        let label = probe("getStarted").frame
        XCTAssertGreaterThan(fb.count(Self.gray, in: Rect(x: label.midX - 10, y: label.minY - 17.5, width: 20, height: 3), tolerance: 30), 15)
        XCTAssertGreaterThan(fb.count(Self.blue, in: label, tolerance: 30), 50, "a blue label")
        // No page dots (they would be 12 pt above the container's bottom, 791–798): white under History's label.
        XCTAssertEqual(fb.count((255, 255, 255), in: Rect(x: 150, y: 795, width: 90, height: 3), tolerance: 3), 90 * 3)
        // Only Welcome's nodes are visible; the exercise pages' are off to the side.
        XCTAssertEqual(h.probeAll().filter { $0.name == "title" && !$0.hidden }.map(\.text), ["Welcome"])
    }

    func testCheck21GetStartedShowsSquatAtOnce() async throws {
        try openApp()
        click("getStarted")
        XCTAssertEqual(selectedTab, 0)
        XCTAssertEqual(presented("pages", "page"), 1, "instantly, no slide")
        XCTAssertEqual(text("title"), "Squat")
        XCTAssertEqual(bool("headerIcon1", "filled"), true)
        XCTAssertEqual(probe("title").drawn.midX, 195, accuracy: 0.5, "in view")
    }

    func testChecks22To25TheWholeWorkout() async throws {
        try openApp()
        click("getStarted")
        // Check 22.
        doExercise()
        XCTAssertEqual(selectedTab, 1)
        XCTAssertEqual(text("title"), "Step Up")
        let s = try XCTUnwrap(store)
        XCTAssertTrue(Calendar.current.isDateInToday(s.exerciseDays[0].date))
        XCTAssertEqual(s.exerciseDays[0].exercises, ["Squat"])
        // Check 23: back to Welcome by two swipes; its History shows the same store.
        swipeRight()
        XCTAssertEqual(selectedTab, 0)
        swipeRight()
        XCTAssertEqual(selectedTab, 9)
        XCTAssertEqual(text("title"), "Welcome")
        click("historyButton")
        h.advance(to: h.time + 0.5)
        XCTAssertEqual(text("historyDay1"), header(daysAgo: 0))
        XCTAssertEqual(string("historyDay1", "exercises"), "Squat")
        click("historyClose")
        h.advance(to: h.time + 0.5)
        // Check 24: Step Up (header icon 2), then Burpee and Sun Salute.
        click("headerIcon2")
        XCTAssertEqual(selectedTab, 1)
        doExercise()
        XCTAssertEqual(text("title"), "Burpee")
        doExercise()
        XCTAssertEqual(text("title"), "Sun Salute")
        XCTAssertNil(h.probe("successSheet"))
        doExercise()
        XCTAssertTrue(shown("successSheet"), "after Sun Salute's Done")
        XCTAssertEqual(selectedTab, 3)
        // Check 25.
        h.advance(to: h.time + 0.5)
        click("continueButton")
        XCTAssertEqual(selectedTab, 9)
        h.advance(to: h.time + 0.5)
        XCTAssertNil(h.probe("successSheet"), "dismissed")
        XCTAssertEqual(text("title"), "Welcome")
        click("historyButton")
        h.advance(to: h.time + 0.5)
        XCTAssertEqual(text("historyDay1"), header(daysAgo: 0))
        XCTAssertEqual(string("historyDay1", "exercises"), "Squat, Step Up, Burpee, Sun Salute")
        XCTAssertNil(h.probe("historyDay4"), "still three days")
    }

    func testCheck26HeaderIconsJump() async throws {
        try openApp()
        click("headerIcon3")
        XCTAssertEqual(selectedTab, 2)
        XCTAssertEqual(text("title"), "Burpee")
        click("headerIcon4")
        XCTAssertEqual(selectedTab, 3)
        click("headerIcon3")
        XCTAssertEqual(selectedTab, 2)
        XCTAssertEqual(bool("headerIcon3", "filled"), true)
    }

    func testCheck27AFreshLaunchForgetsTheHistory() async throws {
        try openApp()
        click("getStarted")
        doExercise()
        XCTAssertEqual(store?.exerciseDays.count, 3)
        try openApp()
        click("historyButton")
        h.advance(to: 1.5)
        XCTAssertEqual(text("historyDay1"), header(daysAgo: 1))
        XCTAssertEqual(string("historyDay1", "exercises"), "Squat, Step Up, Burpee")
        XCTAssertEqual(text("historyDay2"), header(daysAgo: 2))
        XCTAssertNil(h.probe("historyDay3"))
    }

    /// Each page keeps its state, and a timer keeps running on a page swiped away (spec 06 §5.16); arrow keys page.
    func testPagesKeepTheirStateAndKeysPage() async throws {
        try openApp()
        click("getStarted")
        click("rating2")
        click("startButton")
        h.advance(to: 1.5)
        h.key("right")
        XCTAssertEqual(selectedTab, 1)
        h.advance(to: 2)
        XCTAssertEqual(text("title"), "Step Up")
        XCTAssertFalse(shown("timer"), "Step Up has no timer; Squat's is off to the side")
        h.advance(to: 4.5)
        h.key("left")
        h.advance(to: 5)
        XCTAssertEqual(text("title"), "Squat")
        XCTAssertEqual(text("timer"), "0", "it kept counting")
        XCTAssertTrue(enabled("doneButton"))
        if case let .color(m, _)? = h.probe("rating2")?.value("color") { XCTAssertEqual(m, Color.red) } else { XCTFail("no colour") }
    }

    /// The whole app in a 500 × 700 window (scale 700/844, centred): the same behaviour through the mapping.
    func testAtAnotherWindowSize() async throws {
        try openApp(size: Size(500, 700))
        click("getStarted")
        XCTAssertEqual(selectedTab, 0)
        doExercise()
        XCTAssertEqual(selectedTab, 1)
        XCTAssertEqual(probe("title").drawn.midX, 195, accuracy: 0.5, "probes stay in canvas points")
        guard let fb = h.capture() else { return XCTFail("no render") }
        XCTAssertEqual(fb.pixel(2, 350).r, 0, "black bar")
        let k = 700.0 / 844, ox = (500 - 390 * k) / 2
        let icon = probe("headerIcon2").drawn
        XCTAssertGreaterThan(fb.count(Self.blue, in: Rect(x: ox + icon.minX * k, y: icon.minY * k, width: icon.width * k,
                                                          height: icon.height * k), tolerance: 30), 60, "the filled 2")
    }
}
