import Foundation
@testable import Scenes
import Stage
import XCTest
import ZoetropeHarness

typealias FW = Chapter12

/// Word files for tests: names to words; records every name asked for.
@MainActor
final class TestWords: FW.WordSource {
    var files: [String: [String]]
    private(set) var loaded: [String] = []
    init(_ files: [String: [String]]) { self.files = files }
    func words(named name: String) -> [String]? { loaded.append(name); return files[name] }
}

/// A dictionary for tests: the words each language knows; records every check.
@MainActor
final class TestDictionary: FW.WordChecker {
    var words: [FW.Language: Set<String>]
    private(set) var asked: [(String, FW.Language)] = []
    init(_ words: [FW.Language: Set<String>]) { self.words = words }
    func isWord(_ word: String, in language: FW.Language) -> Bool {
        asked.append((word, language))
        return words[language]?.contains(word) ?? false
    }
}

/// Find Words under the harness with injected words, dictionary and settings folder (spec 04 §2.13: "seedable
/// random generator and injectable word source/dictionary required"). The seed is the harness's.
@MainActor
class FindWordsTestCase: ViewSceneTestCase {
    var words = TestWords([FW.DataModel.fallbackFile: ["example"]])
    var dictionary = TestDictionary([.english: ["ample", "maple", "map", "lamp", "pale", "exam", "eel"]])
    /// A fresh settings folder per test (the scene's `$XDG_CONFIG_HOME/zoetrope`).
    var settingsDirectory: URL!
    var settings: FW.SettingsStore!
    var warnings: [String] = []

    override func setUp() async throws {
        settingsDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("find-words-\(UUID().uuidString)")
        warnings = []
    }

    override func tearDown() async throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: settingsDirectory.path)
        try? FileManager.default.removeItem(at: settingsDirectory)
    }

    var settingsFile: URL { settingsDirectory.appendingPathComponent("find-words.json") }

    func writeSettings(_ json: String) throws {
        try FileManager.default.createDirectory(at: settingsDirectory, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: settingsFile)
    }

    /// Opens the scene; `dictionary: nil` uses the real Hunspell dictionaries.
    func openFindWords(size: Size? = nil, seed: UInt64 = 1, realDictionary: Bool = false, render: Bool = true) throws {
        // The entry is made and run on the main actor, as this test.
        let test = self, words = words, dictionary = dictionary
        let dir = settingsDirectory
        h = try Harness(entry: FW.entry { context in
            let warn: (String) -> Void = { [unowned test] in test.warnings.append($0) }
            let store = FW.SettingsStore(directory: dir, warn: warn)
            test.settings = store
            let lists = FW.WordLists(roots: context.assets.roots)
            return FW.Services(words: words,
                               dictionary: realDictionary ? FW.HunspellDictionary(fallback: lists, warn: warn) : dictionary,
                               settings: store,
                               randomIndex: { Int.random(in: 0..<$0, using: &context.random) },
                               measure: { context.measure($0, $1) },
                               warn: warn)
        }, size: size, seed: seed, render: render)
    }

    /// A state variable of the scene (`state.NAME` in every probe).
    func state(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> ProbeValue.StateValue? {
        let v = probe("baseWord", file: file, line: line).values.first { $0.key == "state." + name }?.value
        guard case let .state(s)? = v else { XCTFail("no state.\(name)", file: file, line: line); return nil }
        return s
    }
    func string(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        if case let .string(s)? = state(name, file: file, line: line) { return s }
        return nil
    }
    func bool(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> Bool? {
        if case let .bool(b)? = state(name, file: file, line: line) { return b }
        return nil
    }

    func clickNewWord(file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(h.click(node: "newWordButton"), "New Word", file: file, line: line)
    }

    /// Types `text` over whatever the field holds and presses Return.
    func submit(_ text: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(h.click(node: "textField"), "the text field", file: file, line: line)
        h.key("ctrl+a")
        h.type(text)
        h.key("return")
    }

    /// Clicks segment `i` (0, 1, 2) of the length picker.
    func clickSegment(_ i: Int) {
        let f = probe("segmentedPicker").frame
        let p = Point(f.minX + (Double(i) + 0.5) * f.width / 3, f.midY)
        h.click(p.x, p.y)
    }

    /// The rows of the list, top first (their texts, without the ring numbers).
    var listWords: [String] {
        let list = probe("wordList").frame
        return h.probeAll().filter { $0.name.hasPrefix("text:") && list.contains(Point($0.frame.midX, $0.frame.midY)) }
            .map { String($0.name.dropFirst(5)) }.filter { Int($0) == nil }
    }

    var footer: (count: String?, average: String?) { (probe("foundWordsCount").text, probe("letterAverageCount").text) }
}

/// The spring progress of spec 04 §0.2: response 0.55 s, damping ζ, from rest.
@MainActor
func springProgress(_ t: Double, damping z: Double, response r: Double = 0.55) -> Double {
    let w = 2 * Double.pi / r, wd = w * (1 - z * z).squareRoot()
    return 1 - exp(-z * w * t) * (cos(wd * t) + z * w / wd * sin(wd * t))
}
