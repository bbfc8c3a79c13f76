import Backend
import Foundation
@testable import Player
import Stage
import Views
import XCTest
import ZoetropeHarness

/// "Show the code" (`c`): the right file for each scene, scrolled to the view last clicked, tabs and scrolling, the
/// scene beside it, a missing checkout said in the panel, and `probe codePanel` from a script.
@MainActor
final class CodePanelTests: XCTestCase {
    let scenes = E2E.packageRoot.appendingPathComponent("Sources/Scenes")

    /// The 1-based line of the first line of `file` (under Sources/Scenes) that starts with `prefix` after its indent.
    func line(_ file: String, _ prefix: String) throws -> Int {
        let text = try String(contentsOf: scenes.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let i = try XCTUnwrap(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix(prefix) }, "\(prefix) in \(file)")
        return i + 1
    }

    func report(_ h: Harness) -> ProbeReport { h.session.codePanelReport() }
    func number(_ r: ProbeReport, _ key: String) -> Double? {
        if case let .state(.number(x))? = r.value(key) { return x }
        return nil
    }

    func testTheRightFileForThreeScenes() async throws {
        let cases: [(scene: String, file: String, declaration: String)] = [
            ("ch4-record-player", "Chapter04/RecordPlayer.swift", "struct RecordPlayer"),
            ("elevator", "Elevator/ContentView.swift", "struct ContentView"),
            ("pipe-smoke", "SpriteKitParticles/PipeSmokeScene.swift", "public final class PipeSmokeScene"),
        ]
        for c in cases {
            let h = try Harness(scene: c.scene)
            XCTAssertFalse(h.session.codePanel.isOpen)
            h.key("c")
            let r = report(h)
            XCTAssertFalse(r.hidden, c.scene)
            XCTAssertEqual(r.text, "Sources/Scenes/" + c.file, c.scene)
            XCTAssertEqual(number(r, "line"), Double(try line(c.file, c.declaration)), c.scene)
            // The scene lays out beside the panel, in the rest of the window.
            XCTAssertEqual(h.session.host.windowSize.width, h.session.size.width - r.frame.width, c.scene)
            XCTAssertEqual(r.frame.maxX, h.session.size.width)
            h.key("c")
            XCTAssertTrue(report(h).hidden, "c again closes it (\(c.scene))")
            XCTAssertEqual(h.session.host.windowSize, h.session.size)
        }
    }

    func testTheScenesOwnFilesAreItsTabs() async throws {
        let h = try Harness(scene: "ch4-record-player")
        h.key("c")
        XCTAssertEqual(h.session.codePanel.filePaths, [
            "Sources/Scenes/Chapter04/RecordPlayer.swift", "Sources/Scenes/Chapter04/PlaySound.swift",
            "Sources/Scenes/Chapter04/RecordButtonArmView.swift", "Sources/Scenes/Chapter04/RecordPlayerBox.swift",
        ], "the files it uses; not the chapter's registry")
        let e = try Harness(scene: "elevator")
        e.key("c")
        XCTAssertEqual(e.session.codePanel.filePaths, ["Sources/Scenes/Elevator/ContentView.swift", "Sources/Scenes/Elevator/DataModel.swift"])
        // HIITFit's and chapter 14's `ContentView`s are theirs, not the elevator's.
        let f = try Harness(scene: "find-the-color")
        f.key("c")
        XCTAssertEqual(report(f).text, "Sources/Scenes/Chapter14/FindTheColor.swift")
    }

    func testAClickScrollsToTheClickedView() async throws {
        // The elevator's call button: ContentView's declaration, and the button's own `.named("callButton")`.
        let h = try Harness(scene: "elevator")
        h.advance(by: 0.2)
        XCTAssertTrue(h.click(node: "callButton"))
        h.key("c")
        var r = report(h)
        XCTAssertEqual(r.text, "Sources/Scenes/Elevator/ContentView.swift")
        XCTAssertEqual(number(r, "line"), Double(try line("Elevator/ContentView.swift", "struct ContentView")))
        let named = try line("Elevator/ContentView.swift", ".named(\"callButton\")")
        XCTAssertEqual(number(r, "elementLine"), Double(named))
        let top = try XCTUnwrap(number(r, "topLine"))
        XCTAssertTrue(top <= Double(named) && Double(named) < top + 30, "the button's line is in view (top \(top))")

        // The record player's Play button is RecordButtonArmView's.
        let p = try Harness(scene: "ch4-record-player")
        XCTAssertTrue(p.click(node: "button"))
        p.key("c")
        r = report(p)
        XCTAssertEqual(r.text, "Sources/Scenes/Chapter04/RecordButtonArmView.swift")
        XCTAssertEqual(number(r, "line"), Double(try line("Chapter04/RecordButtonArmView.swift", "struct RecordButtonArmView")))
        XCTAssertEqual(number(r, "elementLine"), Double(try line("Chapter04/RecordButtonArmView.swift", ".named(\"button\")")))
        XCTAssertEqual(number(r, "tab"), 2)
        // While open, a click elsewhere in the scene moves the panel to that view.
        XCTAssertTrue(p.click(node: "record"))
        r = report(p)
        XCTAssertEqual(r.text, "Sources/Scenes/Chapter04/RecordPlayer.swift")
        XCTAssertEqual(number(r, "elementLine"), Double(try line("Chapter04/RecordPlayer.swift", ".named(\"record\")")))

        // Find The Color's slider: the nested `Chapter14.SliderView` in SlidersView.swift.
        let f = try Harness(scene: "find-the-color")
        XCTAssertTrue(f.click(node: "slider-red"))
        f.key("c")
        r = report(f)
        XCTAssertEqual(r.text, "Sources/Scenes/Chapter14/SlidersView.swift")
        XCTAssertEqual(number(r, "line"), Double(try line("Chapter14/SlidersView.swift", "struct SliderView")))
        if case let .state(.string(type))? = r.value("state.type") { XCTAssertEqual(type, "Chapter14.SliderView") } else { XCTFail("no type") }
    }

    func testANodeSceneShowsItsSceneClass() async throws {
        let h = try Harness(scene: "magic-wand")
        h.click(200, 400)
        h.key("c")
        let r = report(h)
        XCTAssertEqual(r.text, "Sources/Scenes/SpriteKitParticles/MagicWandScene.swift")
        XCTAssertEqual(number(r, "line"), Double(try line("SpriteKitParticles/MagicWandScene.swift", "public final class MagicWandScene")))
    }

    func testTabsScrollingAndInputStayInThePanel() async throws {
        let h = try Harness(scene: "ch4-record-player", size: Size(900, 844))
        h.key("c")
        var r = report(h)
        XCTAssertEqual(number(r, "files"), 4)
        XCTAssertEqual(number(r, "topLine"), 1)
        h.key("ctrl+pagedown")
        XCTAssertEqual(report(h).text, "Sources/Scenes/Chapter04/PlaySound.swift")
        h.key("ctrl+pageup")
        h.key("ctrl+pageup")
        XCTAssertEqual(report(h).text, "Sources/Scenes/Chapter04/RecordPlayerBox.swift")
        // A click on a tab: the tabs sit under the 26-pt title, left to right.
        r = report(h)
        h.click(r.frame.minX + 20, 26 + 13)
        XCTAssertEqual(report(h).text, "Sources/Scenes/Chapter04/RecordPlayer.swift")
        // The elevator's ContentView is longer than the panel: PgDn, PgUp and the wheel scroll it.
        let e = try Harness(scene: "elevator", size: Size(900, 759))
        e.key("c")
        let visible = Int((759.0 - 26 - 26 - 4) / 17)
        XCTAssertEqual(number(report(e), "topLine"), Double(try line("Elevator/ContentView.swift", "struct ContentView") - 3))
        e.key("pagedown")
        XCTAssertEqual(number(report(e), "topLine"), Double(3 + visible - 2))
        e.key("pageup")
        XCTAssertEqual(number(report(e), "topLine"), 3)
        let panel = report(e).frame
        e.session.advance(to: e.time, inputs: [(e.time, .pointer(.wheel(Point(panel.midX, 400), 2)))])
        XCTAssertEqual(number(report(e), "topLine"), 9, "two wheel lines: six lines of code")
        // A press on the panel is not the scene's.
        e.click(panel.midX, 500)
        if case let .state(.string(type))? = report(e).value("state.type") { XCTAssertEqual(type, "") } else { XCTFail("no type") }
        // Esc closes the panel (not the scene).
        h.key("escape")
        XCTAssertFalse(h.session.codePanel.isOpen)
        XCTAssertEqual(h.session.host.info.id, "ch4-record-player")
    }

    func testMissingSourcesAreSaidInThePanel() async throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-nosrc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("Scenes"), withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: empty) }
        let h = try Harness(scene: "elevator", render: true)
        h.session.codePanel.sourcesRoot = empty
        h.key("c")
        let r = report(h)
        XCTAssertFalse(r.hidden)
        XCTAssertTrue(r.text?.contains("is not in") == true, r.text ?? "")
        XCTAssertEqual(number(r, "files"), 0)
        XCTAssertNotNil(h.capture(), "drawn without a file")
        h.key("pagedown")
        h.click(r.frame.midX, 200)
        // A checkout nowhere: the binary with ZOETROPE_SOURCES at a folder that does not exist.
        let run = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script", "at 0.2 key c; at 0.3 probe codePanel; at 0.4 quit"],
                                   environment: E2E.environment(setting: ["ZOETROPE_SOURCES": empty.appendingPathComponent("gone").path]),
                                   timeout: 60)
        XCTAssertEqual(run.status, 0, run.summary)
        XCTAssertTrue(run.stdout.contains("\"probe\":\"codePanel\""), run.stdout)
        XCTAssertTrue(run.stdout.contains("is not in"), run.stdout)
    }

    /// `c` typed into a focused text field is the field's letter, not the panel's key.
    func testATextFieldKeepsTheLetter() async throws {
        struct Field: View {
            @State var text = ""
            var body: some View { TextField("Name", text: $text).named("field") }
        }
        let entry = SceneEntry.view("test-field", chapter: "Test", title: "Field") { Field() }
        let session = Session(entry: entry, size: Size(400, 300), sound: RecordingSoundPlayerStub())
        let probe = { session.probe.probe("field", at: session.sceneTime) }
        let p = try XCTUnwrap(probe()).frame.center
        session.advance(to: 0.1, inputs: [(0.1, .pointer(.press(p))), (0.1, .pointer(.release(p)))])
        session.advance(to: 0.2, inputs: [(0.2, .key(Key("c"))), (0.2, .text("c"))])
        XCTAssertFalse(session.codePanel.isOpen)
        XCTAssertEqual(probe()?.text, "c")
        // Unfocused (Esc ends editing? a click elsewhere does), `c` opens the panel.
        session.advance(to: 0.3, inputs: [(0.3, .pointer(.press(Point(390, 290)))), (0.3, .pointer(.release(Point(390, 290))))])
        session.advance(to: 0.4, inputs: [(0.4, .key(Key("c")))])
        XCTAssertTrue(session.codePanel.isOpen)
    }

    /// The harness command: `probe codePanel` through the built player.
    func testProbeFromAScript() async throws {
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script",
                                  "at 0.3 click callButton; at 0.5 key c; at 0.6 probe codePanel; at 0.7 key c; at 0.8 probe codePanel; at 0.9 quit"],
                                 timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        let lines = r.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"probe\"") }
        XCTAssertEqual(lines.count, 2, r.stdout)
        let open = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        XCTAssertEqual(open["text"] as? String, "Sources/Scenes/Elevator/ContentView.swift")
        XCTAssertEqual(open["hidden"] as? Bool, false)
        let values = try XCTUnwrap(open["values"] as? [String: Any])
        XCTAssertEqual(values["line"] as? Double, Double(try line("Elevator/ContentView.swift", "struct ContentView")))
        let closed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        XCTAssertEqual(closed["hidden"] as? Bool, true)
    }

    func testTokenizerColours() async {
        let lines = SwiftTokenizer.lines(of: """
        @State private var n = 42 // count
        let s = "a \\(n + 1) \\"q\\"" /* one
        two */ struct Door: View {}
        """)
        func kinds(_ i: Int) -> [(SwiftTokenizer.Kind, String)] { lines[i].filter { $0.kind != .plain }.map { ($0.kind, $0.text) } }
        XCTAssertEqual(kinds(0).map(\.0), [.attribute, .keyword, .keyword, .number, .comment])
        XCTAssertEqual(kinds(0).last?.1, "// count")
        XCTAssertEqual(kinds(1).map(\.0), [.keyword, .string, .comment])
        XCTAssertEqual(kinds(1)[1].1, "\"a \\(n + 1) \\\"q\\\"\"", "interpolation and escapes stay in the string")
        XCTAssertEqual(kinds(2).map(\.0), [.comment, .keyword, .type, .type])
        XCTAssertEqual(lines[1].first?.start, 0)
        XCTAssertEqual(lines[2].first { $0.kind == .keyword }?.start, 7, "columns")
    }
}

/// A sound player that plays nothing.
private final class RecordingSoundPlayerStub: SoundPlayer {
    func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart { .missing }
    func stop(_ channel: SoundChannel?, at time: Double) {}
}
