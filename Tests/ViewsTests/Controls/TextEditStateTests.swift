@testable import Views
import XCTest

@MainActor
final class TextEditStateTests: XCTestCase {
    func testCaretMovesByCharactersAndSelectionCollapsesWithoutShift() async {
        var e = TextEditState("héllo 👋🏽")
        XCTAssertEqual(e.caret, 7, "grapheme clusters: the waving hand with its skin tone is one")
        e.moveLeft(extend: false)
        e.deleteForward()
        XCTAssertEqual(e.text, "héllo ")
        e.moveLeft(extend: true); e.moveLeft(extend: true)
        XCTAssertEqual(e.selection, 4..<6)
        e.moveRight(extend: false)
        XCTAssertEqual(e.caret, 6, "→ collapses a selection to its end")
        XCTAssertFalse(e.hasSelection)
    }

    func testWordsAndInsertion() async {
        var e = TextEditState("one two  three")
        e.moveLeft(word: true, extend: false)
        XCTAssertEqual(e.caret, 9)
        e.deleteBackward(word: true)
        XCTAssertEqual(e.text, "one three", "the word before and the spaces after it")
        e.move(to: 0, extend: false)
        e.moveRight(word: true, extend: true)
        e.insert("1\n2\t")
        XCTAssertEqual(e.text, "12 three", "control characters are dropped")
        XCTAssertEqual(e.caret, 2)
        e.selectAll()
        e.deleteBackward()
        XCTAssertEqual(e.text, "")
        e.deleteBackward()
        XCTAssertEqual(e.caret, 0)
    }

    /// A field holds at most `maxLength` characters: what would go past is dropped and counted, and a selection
    /// being replaced makes room.
    func testInsertStopsAtTheBoundAndCountsWhatItDropped() async {
        var e = TextEditState(String(repeating: "a", count: TextEditState.maxLength - 3))
        XCTAssertEqual(e.insert("bcdef"), 2)
        XCTAssertEqual(e.characters.count, TextEditState.maxLength)
        XCTAssertEqual(e.text.suffix(4), "abcd")
        XCTAssertEqual(e.paste("x\ny"), 3, "full: nothing more goes in")
        e.selectAll()
        XCTAssertEqual(e.paste("x\ny"), 0, "the selection is replaced")
        XCTAssertEqual(e.text, "x y")
    }
}
