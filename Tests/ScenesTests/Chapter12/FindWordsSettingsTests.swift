import Foundation
@testable import Scenes
import Stage
import XCTest

/// The settings file of spec 04 §2.4: `$XDG_CONFIG_HOME/zoetrope/find-words.json`, written atomically; a corrupt or
/// unreadable file gives the defaults with one warning and stays untouched until a setting changes; a folder that
/// cannot be written gives one warning and the game goes on.
@MainActor
final class FindWordsSettingsTests: FindWordsTestCase {
    func store() -> FW.SettingsStore { FW.SettingsStore(directory: settingsDirectory, warn: { self.warnings.append($0) }) }

    func testTheFileLocation() async {
        XCTAssertEqual(FW.SettingsStore.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"])?.path,
                       "/x/cfg/zoetrope")
        XCTAssertEqual(FW.SettingsStore.defaultDirectory(environment: ["HOME": "/home/u"])?.path, "/home/u/.config/zoetrope")
        XCTAssertEqual(FW.SettingsStore.defaultDirectory(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"])?.path,
                       "/home/u/.config/zoetrope", "a relative XDG_CONFIG_HOME is ignored (XDG spec)")
        XCTAssertNil(FW.SettingsStore.defaultDirectory(environment: [:]))
    }

    func testEveryChangeIsSavedWithTheBooksKeys() async throws {
        let s = store()
        s.setSelectedSegment(2)
        s.select(.spanish)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: settingsFile)) as? [String: Any])
        XCTAssertEqual(Set(json.keys), ["selectedSegment", "englishIsOn", "spanishIsOn", "italianIsOn"])
        XCTAssertEqual(json["selectedSegment"] as? Int, 2)
        XCTAssertEqual(json["spanishIsOn"] as? Bool, true)
        // Atomic: no temporary file is left beside it.
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: settingsDirectory.path), ["find-words.json"])
        let again = store()
        XCTAssertEqual(again.selectedSegment, 2)
        XCTAssertEqual(again.language, .spanish)
        XCTAssertEqual(warnings, [])
    }

    func testACorruptFileGivesTheDefaultsWithOneWarningAndIsNotOverwritten() async throws {
        for bad in ["{not json", #"{"selectedSegment": "two"}"#, #"{"selectedSegment": 7}"#, #"{"englishIsOn": 1}"#, "[]", ""] {
            warnings = []
            try writeSettings(bad)
            let s = store()
            XCTAssertEqual(s.selectedSegment, 0, bad)
            XCTAssertNil(s.language, bad)
            XCTAssertEqual(warnings.count, 1, "one warning for \(bad)")
            XCTAssertTrue(warnings.first?.contains(settingsFile.path) ?? false, "the warning names the file")
            XCTAssertEqual(String(data: try Data(contentsOf: settingsFile), encoding: .utf8), bad, "left as it is")
            s.select(.italian)
            XCTAssertEqual(store().language, .italian, "a change writes a good file")
            XCTAssertEqual(warnings.count, 1)
        }
    }

    func testAnUnreadableFileGivesTheDefaultsWithOneWarning() async throws {
        // A folder where the file should be: unreadable as a file, even for root.
        try FileManager.default.createDirectory(at: settingsFile, withIntermediateDirectories: true)
        let s = store()
        XCTAssertEqual(s.selectedSegment, 0)
        XCTAssertNil(s.language)
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("cannot read") ?? false, warnings.first ?? "")
        s.setSelectedSegment(1)   // cannot replace a folder: one more warning, and the value holds for the run
        s.setSelectedSegment(2)
        XCTAssertEqual(s.selectedSegment, 2)
        XCTAssertEqual(warnings.count, 2)
    }

    func testAFolderThatCannotBeWrittenGivesOneWarningAndTheGameGoesOn() async throws {
        // A plain file where the folder should be: nothing can be created under it, even as root.
        try Data("x".utf8).write(to: settingsDirectory)
        words.files["7LetterWordsEn"] = ["example"]
        try openFindWords(render: false)
        clickSegment(0)
        XCTAssertEqual(probe("segmentedPicker").text, "7 Letter", "the choice holds for the run")
        settings.select(.english)
        settings.select(.spanish)
        settings.select(.english)
        XCTAssertEqual(warnings.count, 1, "one warning, not one per change: \(warnings)")
        XCTAssertTrue(warnings.first?.contains("\(settingsDirectory.path) is a file, not a folder") ?? false, warnings.first ?? "")
        XCTAssertTrue(warnings.first?.contains("last until the scene is left") ?? false, warnings.first ?? "")
        clickNewWord()
        XCTAssertEqual(probe("baseWord").text, "example")
        XCTAssertEqual(probe("caption").text, "🇱🇷 7 letter word - English 🇱🇷")
        try FileManager.default.removeItem(at: settingsDirectory)
    }

    func testACorruptFileInTheSceneLeavesTheDefaultsAndTheFile() async throws {
        try writeSettings("{\"selectedSegment\": 3, \"italianIsOn\": tru")
        try openFindWords(render: false)
        XCTAssertNil(probe("segmentedPicker").text)
        XCTAssertEqual(probe("caption").text, "")
        XCTAssertEqual(warnings.count, 1)
        clickNewWord()
        XCTAssertEqual(words.loaded.last, FW.DataModel.fallbackFile)
        XCTAssertEqual(String(data: try Data(contentsOf: settingsFile), encoding: .utf8), "{\"selectedSegment\": 3, \"italianIsOn\": tru")
        clickSegment(2)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: settingsFile)) as? [String: Any]
        XCTAssertEqual(json?["selectedSegment"] as? Int, 3, "rewritten once the user changes a setting")
        XCTAssertEqual(json?["italianIsOn"] as? Bool, false, "with the defaults it fell back to")
    }
}
