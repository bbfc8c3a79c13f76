import Foundation
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

@MainActor
private struct Field: View {
    @State var word = ""
    var body: some View {
        TextField("Enter your word", text: $word).textFieldStyle(.roundedBorder).named("word").padding(55)
    }
}

/// Ctrl+C / Ctrl+X / Ctrl+V in a text field, through the scene context's clipboard.
@MainActor
final class TextFieldClipboardTests: XCTestCase {
    private func scene() -> TestScene {
        let s = TestScene { Field() }
        s.click("word")
        return s
    }

    func testPasteInsertsAtTheCaretAndReplacesTheSelection() async {
        let s = scene()
        s.context.clipboard.write("sent")
        XCTAssertTrue(s.key("v", ctrl: true))
        XCTAssertEqual(s.probe("word")?.text, "sent")
        XCTAssertEqual(s.state("word", "word"), .string("sent"), "the binding follows")
        s.key("left", shift: true); s.key("left", shift: true)
        s.context.clipboard.write("ST")
        s.key("v", ctrl: true)
        XCTAssertEqual(s.probe("word")?.text, "seST", "the paste replaced the selected \"nt\"")
        s.type("!")
        XCTAssertEqual(s.probe("word")?.text, "seST!", "the caret is after the pasted text")
    }

    func testLineBreaksAndTabsBecomeSpaces() async {
        let s = scene()
        s.context.clipboard.write("one\ntwo\r\nthree\rfour\tfive\u{7}")
        s.key("v", ctrl: true)
        XCTAssertEqual(s.probe("word")?.text, "one two three four five", "one space per break; other controls dropped")
    }

    func testCopyAndCutTheSelection() async {
        let s = scene()
        s.type("nest egg")
        s.key("c", ctrl: true)
        XCTAssertNil(s.context.clipboard.read(), "nothing selected: nothing copied")
        s.key("left", ctrl: true)
        s.key("end", shift: true)
        XCTAssertTrue(s.key("c", ctrl: true))
        XCTAssertEqual(s.context.clipboard.read(), "egg")
        XCTAssertEqual(s.probe("word")?.text, "nest egg", "copy leaves the text")
        s.key("a", ctrl: true)
        XCTAssertTrue(s.key("x", ctrl: true))
        XCTAssertEqual(s.context.clipboard.read(), "nest egg")
        XCTAssertEqual(s.probe("word")?.text, "", "cut removed it")
        s.key("v", ctrl: true); s.key("v", ctrl: true)
        XCTAssertEqual(s.probe("word")?.text, "nest eggnest egg")
    }

    func testWithoutFocusCtrlVIsNotTheFields() async {
        let s = TestScene { Field() }
        s.context.clipboard.write("x")
        XCTAssertFalse(s.key("v", ctrl: true))
        XCTAssertEqual(s.probe("word")?.text, "")
    }
}
