import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

@MainActor
private final class Submissions { var texts: [String] = [] }

@MainActor
private struct Form: View {
    @State var word = ""
    @State var other = "abc"
    let log: Submissions
    var body: some View {
        VStack {
            TextField("Enter your word", text: $word).textFieldStyle(.roundedBorder).named("word")
                .onSubmit {
                    log.texts.append(word)
                    word = ""
                }
            TextField("Other", text: $other).named("other")
            Button("ok") {}.named("ok")
        }
    }
}

@MainActor
final class TextFieldTests: XCTestCase {
    // Layout: word 34 (rounded: 22 + 12), other 22, ok 22, gaps 8 → 94 tall, from y 375. Characters are 10 pt.
    private func scene(_ log: Submissions = Submissions()) -> TestScene { TestScene { Form(log: log) } }

    func testLayoutPlaceholderAndProbes() async {
        let s = scene()
        XCTAssertEqual(s.frame("word"), Rect(x: 0, y: 375, width: 390, height: 34), "greedy; the rounded box is 34 tall")
        XCTAssertEqual(s.frame("other"), Rect(x: 0, y: 417, width: 390, height: 22), "plain: one line")
        XCTAssertEqual(s.probe("word")?.text, "")
        XCTAssertEqual(s.probe("other")?.text, "abc")
        let names = s.scene.probeAll(at: 0).map(\.name)
        XCTAssertFalse(names.contains("text:Enter your word"), "a named field is listed by its name")
        let unnamed = TestScene { VStack { TextField("Search", text: .constant("")); TextField("", text: .constant("hi")) } }
        XCTAssertEqual(unnamed.scene.probeAll(at: 0).map(\.name), ["text:Search", "text:hi"])
        let placeholder = s.draw().batches.filter { if case .text("Enter your word", _)? = $0.texture { return true } else { return false } }
        XCTAssertEqual(placeholder.count, 1)
        XCTAssertEqual(Double(placeholder[0].vertices[0].x), 7, accuracy: 1e-6, "inset 7 in the rounded box")
    }

    func testClickFocusesTypingEditsAndClickingElsewhereEndsEditing() async {
        let s = scene()
        XCTAssertFalse(s.type("x"), "no field focused: typed text is not taken")
        s.click("word")
        XCTAssertTrue(s.type("hello"))
        XCTAssertEqual(s.state("word", "word"), .string("hello"))
        XCTAssertEqual(s.probe("word")?.text, "hello")
        s.key("backspace")
        s.key("left"); s.key("left")
        s.type("X")
        XCTAssertEqual(s.probe("word")?.text, "heXll")
        s.key("home"); s.type("A")
        s.key("end"); s.key("left", shift: true); s.key("left", shift: true); s.type("Z")
        XCTAssertEqual(s.probe("word")?.text, "AheXZ", "Shift+← selected the two l's; typing replaced them")
        s.key("home"); s.key("delete")
        XCTAssertEqual(s.probe("word")?.text, "heXZ")
        s.key("backspace", ctrl: true)
        XCTAssertEqual(s.probe("word")?.text, "heXZ", "nothing before the caret")
        s.key("a", ctrl: true); s.type("new")
        XCTAssertEqual(s.probe("word")?.text, "new", "Ctrl+A selected everything")
        s.click(at: Point(300, 700))
        XCTAssertFalse(s.type("q"), "a click elsewhere ended editing")
        XCTAssertEqual(s.probe("word")?.text, "new")
    }

    func testAClickPutsTheCaretAtTheNearestCharacterBoundary() async {
        let s = scene()
        s.click(at: Point(14, 428))    // "abc" starts at x 0 in the plain field; 14 is nearest boundary 10
        s.type("-")
        XCTAssertEqual(s.probe("other")?.text, "a-bc")
        s.click(at: Point(200, 428))   // past the end
        s.type("!")
        XCTAssertEqual(s.probe("other")?.text, "a-bc!")
        // Dragging selects.
        s.press(at: Point(1, 428)); s.move(to: Point(19, 428)); s.release(at: Point(19, 428))
        s.type("A")
        XCTAssertEqual(s.probe("other")?.text, "Abc!", "the drag selected \"a-\"")
    }

    func testReturnSubmitsAndTheFieldKeepsFocus() async {
        let log = Submissions()
        let s = scene(log)
        s.click("word")
        s.type("cat")
        XCTAssertTrue(s.key("return"))
        XCTAssertEqual(log.texts, ["cat"])
        XCTAssertEqual(s.probe("word")?.text, "", "the action cleared the binding; the field follows")
        s.type("dog")
        XCTAssertEqual(s.probe("word")?.text, "dog", "still focused after submitting (spec 04 F9)")
        s.key("return")
        XCTAssertEqual(log.texts, ["cat", "dog"])
    }

    func testTabFocusesFieldsInTreeOrderWithTheirTextSelected() async {
        let s = scene()
        XCTAssertTrue(s.key("tab"))
        s.type("w")
        XCTAssertEqual(s.probe("word")?.text, "w")
        s.key("tab")
        s.type("z")
        XCTAssertEqual(s.probe("other")?.text, "z", "tabbing in selected \"abc\"; typing replaced it")
        s.key("tab", shift: true)
        s.type("2")
        XCTAssertEqual(s.probe("word")?.text, "2")
    }

    func testAFocusedFieldKeepsTypingKeysFromThePlayer() async {
        let s = scene()
        s.click("word")
        XCTAssertTrue(s.key("s"), "S would be slow motion")
        XCTAssertTrue(s.key("space"), "Space would pause")
        XCTAssertTrue(s.key("period"))
        XCTAssertEqual(s.probe("word")?.text, "", "the characters come as text input, not as keys")
        XCTAssertFalse(s.key("escape"))
        XCTAssertFalse(s.key("q", ctrl: true), "Ctrl+Q still quits")
        XCTAssertFalse(s.key("f11"))
    }

    func testALongTextScrollsToKeepTheCaretInViewWhileEditing() async {
        let s = TestScene { TextField("", text: .constant("")).frame(width: 100).named("f") }
        let f = s.frame("f")
        // Where the 150-pt line starts: the field clips it, so from a clipped vertex and its texture coordinate.
        func textX() -> Double? {
            let line = s.draw().batches.first { if case .text? = $0.texture { return true } else { return false } }
            return line.flatMap { $0.vertices.min { $0.x < $1.x } }.map { Double($0.x) - Double($0.u) * 150 }
        }
        s.click("f")
        s.type("abcdefghijklmno")   // 150 pt in a 100-pt field
        XCTAssertEqual(textX()!, f.minX - 52, accuracy: 1e-3, "scrolled so the caret (2 pt) ends at the edge")
        s.key("home")
        XCTAssertEqual(textX()!, f.minX, accuracy: 1e-3)
        s.key("end")
        s.click(at: Point(10, 10))
        XCTAssertEqual(textX()!, f.minX, accuracy: 1e-3, "not editing: the start shows")
    }

    func testACaretBlinksOnTheClockAndAStillSceneWakesOnlyForBlinks() async {
        let s = scene()
        s.advance(to: 1)
        s.click("word")
        s.type("hi")
        func caret() -> [RecordingRenderer.Batch] { s.draw().solidBatches(.blue) }
        XCTAssertEqual(caret().count, 1, "solid right after typing")
        XCTAssertEqual(caret()[0].solidBounds.midX, 7 + 20, accuracy: 0.6, "after \"hi\"")
        let before = s.host.stats
        XCTAssertEqual(s.host.nextChange(after: 1.2), 1.5, "the next blink is due")
        for t in [1.2, 1.3, 1.4] { s.advance(to: t); s.draw() }
        XCTAssertEqual(s.host.stats.draws, before.draws, "between blinks the display list is replayed")
        s.advance(to: 1.5)
        XCTAssertEqual(caret().count, 0, "off for the second half-second")
        XCTAssertEqual(s.host.stats.draws, before.draws + 1)
        XCTAssertEqual(s.host.stats.evaluations, before.evaluations, "a blink evaluates nothing")
        XCTAssertEqual(s.host.stats.layouts, before.layouts, "and lays out nothing")
        XCTAssertEqual(s.host.nextChange(after: 1.6), 2.0)
        s.advance(to: 2.0)
        XCTAssertEqual(caret().count, 1)
        s.advance(to: 2.2)
        s.key("left")
        XCTAssertEqual(s.host.nextChange(after: 2.2), 2.7, "moving the caret makes it solid again")
        s.click(at: Point(300, 700))
        XCTAssertNil(s.host.nextChange(after: 2.3), "no focused field: nothing due until input")
        XCTAssertEqual(caret().count, 0)
    }
}
