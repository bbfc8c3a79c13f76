import XCTest
@testable import Stage

@MainActor
final class KeyTests: XCTestCase {
    func testParsesNamesLettersAndModifiers() async throws {
        let cases: [(String, String, Bool)] = [
            ("escape", "escape", false), ("esc", "escape", false), ("ctrl+q", "q", true), ("Ctrl+Q", "q", true),
            ("control+s", "s", true), (".", "period", false), ("S", "s", false), ("f11", "f11", false),
            ("F1", "f1", false), ("f12", "f12", false), ("1", "1", false), ("return", "return", false),
            ("enter", "return", false), ("pgdn", "pagedown", false), ("pageup", "pageup", false),
            ("space", "space", false), ("ctrl+.", "period", true),
            // Spec README §3.17: every named key, any single letter, digit or punctuation, ctrl+ before any of them.
            ("tab", "tab", false), ("backspace", "backspace", false), ("Esc", "escape", false), ("left", "left", false),
            ("right", "right", false), ("up", "up", false), ("down", "down", false), ("pagedown", "pagedown", false),
            ("home", "home", false), ("end", "end", false), ("period", "period", false), ("z", "z", false),
            ("0", "0", false), ("9", "9", false), (",", ",", false), ("/", "/", false), ("-", "-", false),
            ("+", "+", false), ("ctrl++", "+", true), ("'", "'", false), ("[", "[", false), ("?", "?", false),
            ("ctrl+tab", "tab", true), ("ctrl+f5", "f5", true), ("CTRL+Backspace", "backspace", true),
            ("ctrl+1", "1", true), ("ctrl+,", ",", true),
        ] + (1...12).map { ("f\($0)", "f\($0)", false) } + (1...12).map { ("ctrl+F\($0)", "f\($0)", true) }
        for (text, name, ctrl) in cases {
            let key = try XCTUnwrap(Key(parsing: text), text)
            XCTAssertEqual(key.name, name, text)
            XCTAssertEqual(key.ctrl, ctrl, text)
        }
    }

    func testRejectsMalformedKeys() async {
        for text in ["ctrl+", "foo", "", "ctrl+ctrl+", "\t", "alt+q", "shift+ctrl+q", "f13", "f0", "ctrl+foo", "qq"] {
            XCTAssertNil(Key(parsing: text), "\"\(text)\" should not parse")
        }
    }

    func testEqualityAndDescription() async {
        XCTAssertEqual(Key(parsing: "ctrl+q"), Key("q", ctrl: true))
        XCTAssertNotEqual(Key(parsing: "q"), Key("q", ctrl: true))
        XCTAssertEqual(Key("Q"), Key("q"))
        XCTAssertEqual(Key("q", ctrl: true).description, "ctrl+q")
        XCTAssertEqual(Key("escape").description, "escape")
    }
}
