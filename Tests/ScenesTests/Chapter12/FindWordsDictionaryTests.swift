import Foundation
@testable import Scenes
import Stage
import XCTest

/// The real dictionary (spec 04 §2.9, libhunspell with Debian's en_US, es_ES, it_IT) and the generated base-word
/// lists (§2.10).
@MainActor
final class FindWordsDictionaryTests: XCTestCase {
    var warnings: [String] = []
    lazy var lists = FW.WordLists(roots: [AssetResolver.bundledRoot()!])

    func testHunspellAcceptsInflectionsAndRejectsNonWords() async {
        let d = FW.HunspellDictionary(fallback: lists, warn: { self.warnings.append($0) })
        for w in ["example", "ample", "maps", "exams", "walked"] { XCTAssertTrue(d.isWord(w, in: .english), w) }
        for w in ["pexa", "paris", "two words", "", "exam "] { XCTAssertFalse(d.isWord(w, in: .english), "\"\(w)\"") }
        for w in ["ruido", "rendí", "camiones", "zurriendo"] { XCTAssertTrue(d.isWord(w, in: .spanish), w) }
        XCTAssertFalse(d.isWord("rendi", in: .spanish), "accents matter")
        for w in ["casa", "città", "parlavano"] { XCTAssertTrue(d.isWord(w, in: .italian), w) }
        XCTAssertFalse(d.isWord("house", in: .italian), "each language its own dictionary (F3)")
        XCTAssertEqual(warnings, [])
    }

    func testAMissingDictionaryWarnsOnceAndFallsBackToTheLists() async {
        let d = FW.HunspellDictionary(directory: "/nonexistent", fallback: lists, warn: { self.warnings.append($0) })
        let base = lists.words(named: "8LetterWordsEn")!.first!
        XCTAssertTrue(d.isWord(base, in: .english), "a listed word")
        XCTAssertFalse(d.isWord("map", in: .english), "only exact list entries")
        XCTAssertFalse(d.isWord("zzzz", in: .english))
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        XCTAssertTrue(warnings.first?.contains("/nonexistent/en_US") ?? false)
    }

    /// libhunspell is opened with dlopen at the first check: without it one warning names the library and its
    /// package, and every language is checked against its base-word lists; the game goes on.
    func testWithoutLibhunspellOneWarningAndTheListsDecide() async {
        let d = FW.HunspellDictionary(fallback: lists, warn: { self.warnings.append($0) },
                                      library: HunspellLibrary.load("libhunspell-missing.so.0"))
        let base = lists.words(named: "8LetterWordsEn")!.first!
        XCTAssertTrue(d.isWord(base, in: .english), "a listed word")
        XCTAssertFalse(d.isWord("maps", in: .english), "an inflection Hunspell would accept is no list entry")
        XCTAssertTrue(d.isWord(lists.words(named: "7LetterWords\(FW.Language.spanish.code)")!.first!, in: .spanish))
        XCTAssertFalse(d.isWord("ruido", in: .spanish))
        XCTAssertEqual(warnings.count, 1, "\(warnings)")
        let warning = warnings.first ?? ""
        XCTAssertTrue(warning.hasPrefix("Find Words: cannot load libhunspell-missing.so.0 ("), warning)
        XCTAssertTrue(warning.contains("install libhunspell-1.7-0"), warning)
    }

    /// Every committed list follows §2.10 and every entry passes its language's dictionary check.
    func testTheGeneratedListsFollowTheRules() async throws {
        let root = try XCTUnwrap(AssetResolver.bundledRoot())
        let d = FW.HunspellDictionary(fallback: lists, warn: { self.warnings.append($0) })
        let letters: [FW.Language: String] = [.english: "", .spanish: "áéíóúüñ", .italian: "àèéìíòóù"]
        for language in FW.Language.allCases {
            let allowed = Set("abcdefghijklmnopqrstuvwxyz" + letters[language]!)
            for n in 7...9 {
                let name = "\(n)LetterWords\(language.code)"
                let data = try Data(contentsOf: root.appendingPathComponent("Words/\(name).txt"))
                let text = try XCTUnwrap(String(data: data, encoding: .utf8))
                XCTAssertFalse(text.hasSuffix("\n"), "\(name): no trailing empty line")
                XCTAssertFalse(text.contains("\r"), name)
                let entries = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                XCTAssertGreaterThan(entries.count, 1000, name)
                XCTAssertEqual(entries, entries.sorted { Array($0.unicodeScalars.map(\.value)).lexicographicallyPrecedes($1.unicodeScalars.map(\.value)) }, "\(name) sorted")
                XCTAssertEqual(Set(entries).count, entries.count, "\(name) has no duplicates")
                var rejected: [String] = []
                for w in entries {
                    XCTAssertEqual(w.count, n, "\(name): \(w)")
                    XCTAssertTrue(w.allSatisfy(allowed.contains), "\(name): \(w)")
                    XCTAssertEqual(w, w.precomposedStringWithCanonicalMapping, "\(name): NFC")
                    if !d.isWord(w, in: language) { rejected.append(w) }
                }
                XCTAssertEqual(rejected, [], "\(name): words the dictionary rejects")
            }
        }
    }
}
