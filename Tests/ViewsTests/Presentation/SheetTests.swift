import Motion
import Stage
@testable import Views
import XCTest

/// Find Words' settings sheet, reduced: a language button, a field, a Done button that calls `dismiss()`.
@MainActor
private struct LanguageSettings: View {
    @Environment(\.dismiss) var dismiss
    @Binding var english: Bool
    @State private var note = ""
    var body: some View {
        VStack(spacing: 20) {
            Text("Language Settings").named("sheetTitle")
            Button("English") { english = true }
            TextField("Note", text: $note).named("note")
            Button("Done") { dismiss() }
        }
    }
}

@MainActor
private struct Screen: View {
    @State var showSettings = false
    @State var english = false
    @State var dismissals = 0
    @State var taps = 0
    var body: some View {
        VStack(spacing: 20) {
            Button("Info") { showSettings = true }.named("info")
            Button("Beneath") { taps += 1 }.named("beneath")
        }
        .sheet(isPresented: $showSettings, onDismiss: { dismissals += 1 }) {
            LanguageSettings(english: $english)
        }
    }
}

@MainActor
final class SheetTests: XCTestCase {
    private let size = Size(390, 844)
    private let present = Animation.easeOut(duration: 0.4)
    private let dismiss = Animation.easeOut(duration: 0.35)
    /// Travel of the panel: its height (844 − 10) plus the corner radius, so it is wholly below.
    private let travel = 834.0 + 10

    private func opened(at t: Double = 1) -> TestScene {
        let s = TestScene(size: size) { Screen() }
        s.advance(to: t)
        s.click("info")
        return s
    }

    /// How far the sheet's content is drawn below its place.
    private func offset(_ s: TestScene) -> Double {
        let r = s.probe("sheetTitle")!
        return r.drawn.minY - r.frame.minY
    }

    func testSlidesUpEaseOutInFourTenthsAndLeavesATenPointGap() async {
        let s = opened()
        XCTAssertEqual(s.bool("info", "showSettings"), true)
        XCTAssertEqual(offset(s), travel, accuracy: 0.01)
        for dt in [0.1, 0.2, 0.3] {
            s.advance(to: 1 + dt)
            XCTAssertEqual(offset(s), travel * (1 - present.progress(at: dt)), accuracy: 0.01, "at +\(dt)")
        }
        s.advance(to: 1.4)
        XCTAssertEqual(offset(s), 0, accuracy: 1e-9)
        let panel = s.overlays[0].children[0]
        XCTAssertEqual(panel.frame, Rect(x: 0, y: 10, width: 390, height: 834))
        // The content is centred in the panel.
        XCTAssertEqual(s.frame("sheetTitle").midX, 195, accuracy: 6)
    }

    func testEscSlidesItDownAndRunsOnDismissOnce() async {
        let s = opened()
        s.advance(to: 2)
        XCTAssertTrue(s.key("escape"))
        XCTAssertEqual(s.bool("info", "showSettings"), false)
        XCTAssertEqual(s.number("info", "dismissals"), 1)
        s.advance(to: 2.1)
        XCTAssertEqual(offset(s), travel * dismiss.progress(at: 0.1), accuracy: 0.01)
        s.advance(to: 2.35)
        XCTAssertEqual(s.overlays.count, 0)
        XCTAssertEqual(s.number("info", "dismissals"), 1)
    }

    func testDismissFromInsideAndButtonsInsideWork() async {
        let s = opened()
        s.advance(to: 1.5)
        s.click("text:English")
        XCTAssertEqual(s.bool("info", "english"), true)
        XCTAssertEqual(s.bool("info", "showSettings"), true)
        s.click("text:Done")
        XCTAssertEqual(s.bool("info", "showSettings"), false)
        XCTAssertEqual(s.number("info", "dismissals"), 1)
    }

    func testDismissOutsideASheetDoesNothing() async {
        struct Lonely: View {
            @Environment(\.dismiss) var dismiss
            @State var clicks = 0
            var body: some View { Button("Close") { dismiss(); clicks += 1 }.named("close") }
        }
        let s = TestScene { Lonely() }
        s.click("close")
        XCTAssertEqual(s.number("close", "clicks"), 1)
    }

    func testTheEnvironmentWrapperReadsAnyValue() async {
        struct Reader: View {
            @Environment(\.font) var font
            var body: some View { Text(font == .title ? "title" : "other").named("t") }
        }
        let s = TestScene { Reader().font(.title) }
        XCTAssertEqual(s.probe("t")?.text, "title")
    }

    func testNothingBeneathReactsAndTabStaysInside() async {
        let s = opened()
        s.advance(to: 1.5)
        // The dimmed gap above the sheet, and the sheet over the button beneath.
        s.click(at: Point(195, 5))
        let beneath = s.host.root.children[0]
        _ = beneath
        s.click(at: Point(195, 422))
        XCTAssertEqual(s.number("info", "taps"), 0)
        // Tab: the sheet's two buttons and its field, nothing beneath.
        for _ in 0..<4 {
            s.key("tab")
            XCTAssertTrue(s.host.activeModal!.contains(s.host.focus.focused!))
        }
        // A field inside takes typing.
        s.click("note")
        s.type("hi")
        XCTAssertEqual(s.probe("note")?.text, "hi")
        s.key("escape")
        s.advance(to: 1.5 + 1.0 / 60)
        s.click("beneath")
        XCTAssertEqual(s.number("info", "taps"), 1, "input reaches beneath from the next frame")
    }

    func testDraggingPastAThirdClosesAndTheSheetFollowsThePointer() async {
        let s = opened()
        s.advance(to: 2)
        let start = Point(195, 120)
        s.press(at: start)
        s.advance(to: 2.1)
        s.move(to: Point(195, 220))
        XCTAssertEqual(offset(s), 100, accuracy: 0.01, "follows the pointer")
        s.advance(to: 2.5)
        s.move(to: Point(195, 420))
        XCTAssertEqual(offset(s), 300, accuracy: 0.01)
        s.advance(to: 3)
        s.release(at: Point(195, 420))
        XCTAssertEqual(s.bool("info", "showSettings"), false, "300 > 834/3")
        XCTAssertEqual(s.number("info", "dismissals"), 1)
        s.advance(to: 3.1)
        XCTAssertEqual(offset(s), 300 + (travel - 300) * dismiss.progress(at: 0.1), accuracy: 0.01)
    }

    func testAShortSlowDragSpringsBack() async {
        let s = opened()
        s.advance(to: 2)
        s.press(at: Point(195, 120))
        s.advance(to: 2.2)
        s.move(to: Point(195, 250))
        s.advance(to: 2.6)
        s.move(to: Point(195, 320))
        s.advance(to: 3)
        s.release(at: Point(195, 320))
        XCTAssertEqual(s.bool("info", "showSettings"), true, "200 < 834/3, slow")
        XCTAssertEqual(offset(s), 200, accuracy: 0.01)
        s.advance(to: 3.2)
        XCTAssertLessThan(offset(s), 100)
        s.advance(to: 4)
        XCTAssertEqual(offset(s), 0, accuracy: 0.5)
        XCTAssertEqual(s.number("info", "dismissals"), 0)
    }

    func testADownwardFlickCloses() async {
        let s = opened()
        s.advance(to: 2)
        s.press(at: Point(195, 120))
        s.advance(to: 2 + 1.0 / 60)
        s.move(to: Point(195, 150))
        s.advance(to: 2 + 2.0 / 60)
        s.move(to: Point(195, 190))
        s.release(at: Point(195, 190))
        XCTAssertEqual(s.bool("info", "showSettings"), false, "70 pt, but at 2400 pt/s")
    }

    func testADragOnAButtonInsideIsTheButtonsNotTheSheets() async {
        let s = opened()
        s.advance(to: 2)
        let done = s.probe("text:Done")!.drawn.center
        s.press(at: done)
        s.move(to: Point(done.x, done.y + 300))
        XCTAssertEqual(offset(s), 0, accuracy: 0.01)
        s.release(at: Point(done.x, done.y + 300))
        XCTAssertEqual(s.bool("info", "showSettings"), true)
    }
}
