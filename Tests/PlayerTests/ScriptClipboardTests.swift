import Backend
import Stage
@testable import Views
import XCTest
@testable import Player

@MainActor
private struct Field: View {
    @State var word = ""
    var body: some View {
        TextField("Enter your word", text: $word).textFieldStyle(.roundedBorder).named("word").padding(55)
    }
}

/// `at T clipboard TEXT`: puts text on the session's clipboard so a headless run can paste it with `key ctrl+v`.
@MainActor
final class ScriptClipboardTests: XCTestCase {
    func testParsesTheRestOfTheCommandWithEscapes() async throws {
        let s = try Script(parsing: "at 1 clipboard  hello  world ; at 2 clipboard a\\nb\\tc; at 3 key ctrl+v")
        XCTAssertEqual(s.events.map(\.action), [.clipboard("hello  world"), .clipboard("a\nb\tc"), .key(Key("v", ctrl: true))])
        XCTAssertEqual(s.events.map(\.time), [1, 2, 3])
        XCTAssertThrowsError(try Script(parsing: "at 1 clipboard"), "the text is required")
    }

    func testTheDriverFillsTheSessionClipboardAtItsTime() async throws {
        let audio = AudioEngine(mode: .offline, assets: Session.bundledAssets, captureURL: nil)
        defer { audio.close() }
        let session = try Session(sceneID: "elevator", size: nil, sound: audio)
        let driver = ScriptDriver(try Script(parsing: "at 0.5 clipboard first; at 1 clipboard second"), session: session, audio: audio)
        XCTAssertNil(session.clipboard.read())
        driver.advance(to: 0.75)
        XCTAssertEqual(session.clipboard.read(), "first")
        XCTAssertEqual(session.host.context.clipboard.read(), "first", "the scene's context shares the session's clipboard")
        driver.advance(to: 1)
        XCTAssertEqual(session.clipboard.read(), "second")
        // A scene opened later gets the same clipboard.
        session.open(nil)
        XCTAssertEqual(session.host.context.clipboard.read(), "second")
    }

    /// The script's `clipboard` then `key ctrl+v`, as a headless run does it.
    func testScriptedPaste() async throws {
        let entry = SceneEntry.view("clipboard-test", chapter: "", title: "") { Field() }
        let session = Session(entry: entry, size: Size(393, 759), sound: SilentSoundPlayer())
        let audio = AudioEngine(mode: .offline, assets: AssetResolver(roots: []), captureURL: nil)
        defer { audio.close() }
        let script = try Script(parsing: """
            at 0.5 click word
            at 0.6 clipboard  sent\\nnest
            at 0.7 key ctrl+v
            at 0.8 probe word
            """)
        let driver = ScriptDriver(script, session: session, audio: audio)
        var out: [String] = []
        driver.output = { out.append($0) }
        for frame in 1...60 { driver.advance(to: Double(frame) / 60) }
        XCTAssertEqual(out.count, 1)
        XCTAssertTrue(out.first?.contains("\"text\":\"sent nest\"") == true, out.first ?? "")
    }
}
