import Motion
import Stage
@testable import Views
import XCTest

/// Find the Color's alert (spec 05 §3.4): two long buttons, a destructive one; a field and a button beneath.
@MainActor
private struct ScoreAlert: View {
    @State var showAlert = false
    @State var resets = 0
    @State var continues = 0
    @State var taps = 0
    @State var name = ""
    var body: some View {
        VStack(spacing: 20) {
            Button("Check Score") { showAlert = true }.named("check")
            Button("Beneath") { taps += 1 }.named("beneath")
            TextField("Name", text: $name).named("field")
            Spacer()
        }
        .alert("Your Score", isPresented: $showAlert) {
            Button("Continue Playing?") { continues += 1 }
            Button("New Game?", role: .destructive) { resets += 1 }
        } message: {
            Text("87")
        }
    }
}

/// Find Words' alert: one OK button; and a second alert with two short buttons, one of them cancel.
@MainActor
private struct WordAlert: View {
    @State var showError = false
    @State var showAsk = false
    @State var cancels = 0
    @State var deletes = 0
    var body: some View {
        VStack(spacing: 20) {
            Button("Submit") { showError = true }.named("submit")
            Button("Ask") { showAsk = true }.named("ask")
        }
        .alert("This word is not possible", isPresented: $showError) {
            Button("OK") {}
        } message: {
            Text("Create only words from the letters in the given word")
        }
        .alert("Delete?", isPresented: $showAsk) {
            Button("Cancel", role: .cancel) { cancels += 1 }
            Button("Delete", role: .destructive) { deletes += 1 }
        }
    }
}

@MainActor
final class AlertTests: XCTestCase {
    private func scoreScene() -> TestScene { TestScene { ScoreAlert() } }

    func testPresentedInTheFrameOfTheClickWithItsTextsAsProbeNodes() async {
        let s = scoreScene()
        s.advance(to: 1)
        XCTAssertNil(s.probe("text:Your Score"))
        s.click("check")
        XCTAssertEqual(s.bool("check", "showAlert"), true)
        let names = s.scene.probeAll(at: s.now).map(\.name)
        for n in ["text:Your Score", "text:87", "text:Continue Playing?", "text:New Game?"] {
            XCTAssert(names.contains(n), "\(n) in \(names)")
        }
        // The alert's nodes come after the scene's own (it is frontmost).
        XCTAssertGreaterThan(names.firstIndex(of: "text:Your Score")!, names.firstIndex(of: "beneath")!)
        XCTAssertEqual(s.overlays.count, 1)
    }

    func testInputBeneathIsBlockedWhileUpAndReachesItFromTheNextFrame() async {
        let s = scoreScene()
        s.advance(to: 1)
        let beneath = s.probe("beneath")!.drawn.center
        s.click(at: beneath)
        XCTAssertEqual(s.number("check", "taps"), 1)
        s.click("check")
        s.click(at: beneath)
        XCTAssertEqual(s.number("check", "taps"), 1, "nothing beneath reacts while the alert is up")
        s.advance(to: 1.5)
        s.click(at: beneath)
        XCTAssertEqual(s.number("check", "taps"), 1)
        s.click("text:Continue Playing?")
        XCTAssertEqual(s.bool("check", "showAlert"), false)
        s.advance(to: 1.5 + 1.0 / 60)
        s.click(at: beneath)
        XCTAssertEqual(s.number("check", "taps"), 2, "beneath reacts again while the alert fades out")
        XCTAssertEqual(s.overlays.count, 1, "still fading out")
    }

    func testButtonSetsBindingFalseAndRunsItsActionInThatFrame() async {
        let s = scoreScene()
        s.advance(to: 1)
        s.click("check")
        s.advance(to: 1.3)
        s.click("text:New Game?")
        XCTAssertEqual(s.bool("check", "showAlert"), false)
        XCTAssertEqual(s.number("check", "resets"), 1)
        XCTAssertEqual(s.number("check", "continues"), 0)
        XCTAssertTrue(s.overlays.allSatisfy(\.transition.isRemoving))
    }

    func testReturnPressesTheDefaultButtonAndEscTheNonDestructiveOne() async {
        let s = scoreScene()
        s.advance(to: 1)
        s.click("check")
        XCTAssertTrue(s.key("return"))
        XCTAssertEqual(s.bool("check", "showAlert"), false)
        XCTAssertEqual(s.number("check", "continues"), 1)
        s.advance(to: 2)
        s.click("check")
        XCTAssertTrue(s.key("escape"), "Esc is the alert's, not the player's")
        XCTAssertEqual(s.bool("check", "showAlert"), false)
        XCTAssertEqual(s.number("check", "continues"), 2)
        XCTAssertEqual(s.number("check", "resets"), 0, "Esc never presses the destructive button")
    }

    func testEnterAndEscCloseAnAlertWithOneButtonAndEscPressesCancel() async {
        let s = TestScene { WordAlert() }
        s.advance(to: 1)
        s.click("submit")
        XCTAssertTrue(s.key("return"))
        XCTAssertEqual(s.bool("submit", "showError"), false)
        s.advance(to: 2)
        s.click("submit")
        XCTAssertTrue(s.key("escape"))
        XCTAssertEqual(s.bool("submit", "showError"), false)
        s.advance(to: 3)
        s.click("ask")
        XCTAssertTrue(s.key("escape"))
        XCTAssertEqual(s.bool("submit", "showAsk"), false)
        XCTAssertEqual(s.number("submit", "cancels"), 1)
        XCTAssertEqual(s.number("submit", "deletes"), 0)
        s.advance(to: 4)
        s.click("ask")
        XCTAssertTrue(s.key("return"), "with only roles, Return is the cancel button")
        XCTAssertEqual(s.number("submit", "cancels"), 2)
    }

    func testKeysAndTypedTextDoNotReachAFocusedFieldBeneathWhichKeepsFocusAfterwards() async {
        let s = scoreScene()
        s.advance(to: 1)
        s.click("field")
        s.type("ab")
        XCTAssertEqual(s.probe("field")?.text, "ab")
        s.click("check")
        s.type("cd")
        XCTAssertEqual(s.probe("field")?.text, "ab", "typing goes nowhere while the alert is up")
        s.advance(to: 1.05)
        // Tab cycles the alert's two buttons only.
        s.key("tab")
        XCTAssertTrue(s.host.activeModal!.contains(s.host.focus.focused!))
        s.key("tab"); s.key("tab")
        XCTAssertTrue(s.host.activeModal!.contains(s.host.focus.focused!))
        s.key("escape")
        s.advance(to: 1.1)
        XCTAssertNil(s.host.activeModal)
    }

    func testTabFocusInsideTheAlertAndSpacePressesTheFocusedButton() async {
        let s = scoreScene()
        s.advance(to: 1)
        s.click("check")
        s.advance(to: 1.1)
        s.key("tab"); s.key("tab")
        XCTAssertTrue(s.key("space"))
        XCTAssertEqual(s.number("check", "resets"), 1, "the second button (New Game?) was focused")
        XCTAssertEqual(s.bool("check", "showAlert"), false)
    }

    func testTwoLongButtonsAreStackedAndTwoShortOnesShareARow() async {
        let s = scoreScene()
        s.advance(to: 1)
        s.click("check")
        s.advance(to: 1.5)
        let cont = s.frame("text:Continue Playing?"), new = s.frame("text:New Game?")
        XCTAssertEqual(cont.width, 270, accuracy: 0.01)
        XCTAssertEqual(new.width, 270, accuracy: 0.01)
        XCTAssertEqual(cont.height, 44, accuracy: 0.01)
        XCTAssertEqual(new.minY, cont.maxY + 1, accuracy: 0.01, "stacked, a hairline apart")
        XCTAssertEqual(cont.midX, 195, accuracy: 0.5, "centred")
        let title = s.frame("text:Your Score"), message = s.frame("text:87")
        XCTAssertEqual(cont.minY - 1 - message.maxY, 20, accuracy: 0.01, "20 pt below the text")
        XCTAssertEqual(title.minY - (cont.minY - 1 - 20 - message.height - 4 - title.height - 20), 20, accuracy: 0.01)

        let w = TestScene { WordAlert() }
        w.advance(to: 1)
        w.click("ask")
        w.advance(to: 1.5)
        let cancel = w.frame("text:Cancel"), delete = w.frame("text:Delete")
        XCTAssertEqual(cancel.minY, delete.minY, accuracy: 0.01)
        XCTAssertEqual(cancel.width, 134.5, accuracy: 0.01)
        XCTAssertEqual(delete.minX, cancel.maxX + 1, accuracy: 0.01)
        XCTAssertEqual(cancel.height, 44, accuracy: 0.01)
    }

    func testFadesInWithAScaleAndOutOverATwoTenthsSecond() async {
        let s = scoreScene()
        s.advance(to: 1)
        s.click("check")
        let alert = s.overlays[0]
        let curve = Animation.easeOut(duration: 0.2)
        XCTAssertEqual(alert.transition.opacity(at: 1), 0, accuracy: 1e-9)
        XCTAssertEqual(alert.transition.opacity(at: 1.1), curve.progress(at: 0.1), accuracy: 1e-6)
        XCTAssertEqual(alert.transition.opacity(at: 1.2), 1, accuracy: 1e-9)
        // The card grows in from 1.1.
        s.advance(to: 1.1)
        let mid = s.probe("text:Continue Playing?")!.drawn.width
        XCTAssertEqual(mid, 270 * (1.1 - 0.1 * curve.progress(at: 0.1)), accuracy: 0.01)
        s.advance(to: 1.5)
        s.click("text:Continue Playing?")
        XCTAssertEqual(alert.transition.opacity(at: 1.6), 1 - curve.progress(at: 0.1), accuracy: 1e-6)
        s.advance(to: 1.7 - 1.0 / 60)
        XCTAssertEqual(s.overlays.count, 1)
        s.advance(to: 1.7)
        XCTAssertEqual(s.overlays.count, 0, "gone when the fade ends")
        XCTAssertFalse(s.host.isAnimating(at: 1.7))
    }

    func testANewAlertMayAppearWhileThePreviousOneFadesOutAndTheFrontmostIsClicked() async {
        let s = scoreScene()
        s.advance(to: 1)
        s.click("check")
        s.advance(to: 1.5)
        s.click("text:Continue Playing?")
        s.advance(to: 1.55)
        s.click("check")
        XCTAssertEqual(s.bool("check", "showAlert"), true)
        XCTAssertEqual(s.overlays.count, 2)
        XCTAssertTrue(s.overlays[0].transition.isRemoving)
        XCTAssertFalse(s.overlays[1].transition.isRemoving)
        XCTAssertTrue(s.host.activeModal === s.overlays[1])
        s.advance(to: 1.6)
        s.click("text:New Game?")
        XCTAssertEqual(s.number("check", "resets"), 1)
        XCTAssertEqual(s.bool("check", "showAlert"), false)
    }

    func testAnimationsBeneathKeepRunning() async {
        struct Spinner: View {
            @State var on = false
            @State var show = false
            var body: some View {
                Button("Go") { withAnimation(.linear(duration: 1)) { on = true }; show = true }
                    .scaleEffect(on ? 2 : 1).named("go")
                    .alert("Hi", isPresented: $show) { Button("OK") {} }
            }
        }
        let s = TestScene { Spinner() }
        s.advance(to: 1)
        s.click("go")
        s.advance(to: 1.5)
        XCTAssertEqual(s.presented("go", "scale") ?? 0, 1.5, accuracy: 1e-6)
        XCTAssertNotNil(s.host.activeModal)
    }
}
