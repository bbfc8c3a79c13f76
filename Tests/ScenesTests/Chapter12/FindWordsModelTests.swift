import Foundation
@testable import Scenes
import XCTest

/// The rules of spec 04 §2.5 on the model alone (no window): checks 5, 6 and 11 at the level of `DataModel`, with
/// a test dictionary and a seeded generator.
@MainActor
final class FindWordsModelTests: XCTestCase {
    var warnings: [String] = []

    func model(base: String, dictionary: [FW.Language: Set<String>] = [:], language: FW.Language? = nil) -> FW.DataModel {
        let store = FW.SettingsStore(directory: nil, warn: { self.warnings.append($0) })
        if let language { store.select(language) }
        let services = FW.Services(words: TestWords([FW.DataModel.fallbackFile: [base]]), dictionary: TestDictionary(dictionary),
                                   settings: store, randomIndex: { _ in 0 },   // one word per file here
                                   measure: { s, f in f.estimatedSize(of: s) }, warn: { self.warnings.append($0) })
        let m = FW.DataModel(services: services)
        m.getRandomWord()
        XCTAssertEqual(m.baseWord, base)
        return m
    }

    func submit(_ m: FW.DataModel, _ text: String) { m.userEnteredWord = text; m.addWordToList() }

    func testCheck5OnTheModel() async {
        let m = model(base: "example", dictionary: [.english: ["ample", "maple", "map", "lamp", "pale", "exam", "eel"]])
        submit(m, "a")
        XCTAssertFalse(m.errorMessageIsShown, "one letter: nothing at all")
        XCTAssertEqual(m.userEnteredWord, "a")
        submit(m, " ")
        XCTAssertFalse(m.errorMessageIsShown)
        submit(m, "  MAP\n")
        XCTAssertEqual(m.userEnteredWordsArray, ["map"], "trimmed (newlines too) and lower-cased")
        XCTAssertEqual(m.userEnteredWord, "")
        submit(m, "map")
        XCTAssertEqual(m.errorTitle, "You already used this word")
        submit(m, "lamps")
        XCTAssertEqual(m.errorTitle, "This word is not possible")
        submit(m, "pexa")
        XCTAssertEqual(m.errorTitle, "This is not a valid word")
        XCTAssertEqual(m.errorDescription, "Use only real words")
        submit(m, "eeel")
        XCTAssertEqual(m.errorTitle, "This word is not possible", "three e, and \"example\" has two")
        submit(m, "eel")
        submit(m, "ex am")
        XCTAssertEqual(m.errorTitle, "This word is not possible", "inner spaces are kept, and \"example\" has none")
        XCTAssertEqual(m.userEnteredWordsArray, ["eel", "map"])
    }

    func testTheBaseWordCountsAndDuplicatesSpanBaseWords() async {
        let m = model(base: "example", dictionary: [.english: ["example", "map"]])
        submit(m, "Example")
        XCTAssertEqual(m.userEnteredWordsArray, ["example"], "the base word itself is a find")
        m.baseWord = "maps"
        submit(m, "map")
        m.baseWord = "pam"
        submit(m, "map")
        XCTAssertEqual(m.errorTitle, "You already used this word", "duplicates across base words")
    }

    func testCheck6Average() async {
        let m = model(base: "x")
        XCTAssertEqual(m.letterAverage, 0)
        m.userEnteredWordsArray = ["sent", "set"]
        XCTAssertEqual(m.letterAverage, 3)
        m.userEnteredWordsArray = ["ab", "abcd", "abcdefg"]
        XCTAssertEqual(m.letterAverage, 4, "13 div 3")
    }

    func testCheck11Accents() async {
        let m = model(base: "zurriendo", dictionary: [.spanish: ["rendí", "ruido"]], language: .spanish)
        XCTAssertFalse(m.isWordFoundInBaseWord(userGuessWord: "rendí"))
        XCTAssertTrue(m.isWordFoundInBaseWord(userGuessWord: "ruido"))
        XCTAssertFalse(m.isWordFoundInBaseWord(userGuessWord: "Ruido"), "case-sensitive")
        // Canonical equivalence: a decomposed "í" is the same character as the composed one.
        m.baseWord = "rend\u{00ED}"
        XCTAssertTrue(m.isWordFoundInBaseWord(userGuessWord: "rendi\u{0301}"))
        submit(m, "ruido")
        XCTAssertEqual(m.errorTitle, "This word is not possible")
    }

    func testFileNamesAndCaption() async {
        let m = model(base: "x")
        XCTAssertEqual(m.setWordLengthAndLanguage(), "", "neither chosen")
        m.settings.setSelectedSegment(2)
        XCTAssertEqual(m.setWordLengthAndLanguage(), "", "no language")
        XCTAssertEqual(m.letterCount, "")
        for (lang, code) in [(FW.Language.english, "En"), (.spanish, "ES"), (.italian, "It")] {
            m.settings.select(lang)
            for (segment, n) in [(1, 7), (2, 8), (3, 9)] {
                m.settings.setSelectedSegment(segment)
                XCTAssertEqual(m.setWordLengthAndLanguage(), "\(n)LetterWords\(code)")
                XCTAssertEqual(m.letterCount, "\u{1F1F1}\u{1F1F7} \(n) letter word - \(lang.rawValue) \u{1F1F1}\u{1F1F7}")
            }
        }
    }

    func testAnEmptyOrMissingFile() async {
        let m = model(base: "x")
        (m.settings).select(.italian)
        m.settings.setSelectedSegment(1)   // 7LetterWordsIt is not in the test words
        m.getRandomWord()
        XCTAssertEqual(m.baseWord, "x", "unchanged when the file cannot be read")
        XCTAssertEqual(warnings.count, 1)
    }

    func testTheLoaderTrimsAndSkipsEmptyLines() async {
        XCTAssertEqual(FW.WordLists.parse("airport \n\n  cassidy\n\n"), ["airport", "cassidy"])
        XCTAssertEqual(FW.WordLists.parse(""), [])
        XCTAssertEqual(FW.WordLists.parse("uno\r\n\tdos \t\r\n"), ["uno", "dos"], "Windows line ends and tabs")
    }
}
