import Backend
import Foundation
import Stage
import XCTest
@testable import Player

/// The script driver both run loops use (spec README §3.17), in process on the virtual clock: reads at their exact
/// times, clicks by node name, text input, resize, unknown nodes.
@MainActor
final class ScriptDriverTests: XCTestCase {
    /// Runs `script` on `session` frame by frame at 1/60 s to `end`, returning the stdout lines and stderr messages.
    private func run(_ script: String, _ session: Session, to end: Double,
                     configure: (ScriptDriver) -> Void = { _ in }) throws -> (driver: ScriptDriver, out: [String], err: [String]) {
        // The driver reads the mixer the session plays into.
        let own = session.sound is AudioEngine ? nil : AudioEngine(mode: .offline, assets: session.assets, captureURL: nil)
        defer { own?.close() }
        let audio = session.sound as? AudioEngine ?? own!
        let driver = ScriptDriver(try Script(parsing: script), session: session, audio: audio)
        var out: [String] = [], err: [String] = []
        driver.output = { out.append($0) }
        driver.errors = { err.append($0) }
        configure(driver)
        var frame = 0
        while session.time < end && !driver.quitReached {
            frame += 1
            driver.advance(to: min(end, Double(frame) / 60))
        }
        return (driver, out, err)
    }

    private func object(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    }

    private func elevator() throws -> Session {
        let audio = AudioEngine(mode: .offline, assets: Session.bundledAssets, captureURL: nil)
        addTeardownBlock { audio.close() }
        return try Session(sceneID: "elevator", size: nil, sound: audio)
    }

    func testProbesRunAtTheirExactTimeBetweenFrames() async throws {
        let s = try elevator()
        let r = try run("at 0.5 click callButton; at 1.234567 probe leftDoor; at 1 probe leftDoor", s, to: 1.5)
        XCTAssertEqual(r.err, [])
        XCTAssertEqual(r.out.count, 2)
        let first = try object(r.out[0]), second = try object(r.out[1])
        XCTAssertEqual(first["t"] as? Double, 1)
        XCTAssertEqual(second["t"] as? Double, 1.234567)
        // The click at 0.5 triggered the doors: the model is open (−W/2), the presented offset on its way.
        let values = try XCTUnwrap(second["values"] as? [String: Any])
        let offset = try XCTUnwrap(values["offset.x"] as? [String: Double])
        XCTAssertEqual(offset["model"], -393.0 / 2)
        XCTAssertLessThan(try XCTUnwrap(offset["presented"]), 4)
    }

    func testAProbeAtTSeesTheClickAtT() async throws {
        let s = try elevator()
        let r = try run("at 0.5 probe leftDoor; at 0.5 click callButton", s, to: 0.6)
        let values = try XCTUnwrap(try object(r.out[0])["values"] as? [String: Any])
        XCTAssertEqual((values["offset.x"] as? [String: Double])?["model"], -393.0 / 2)
    }

    func testUnknownNodesAreReportedAndTheRunGoesOn() async throws {
        let s = try elevator()
        let r = try run("at 0.2 click nope; at 0.3 probe text:Missing one; at 0.4 probe callButton", s, to: 0.5)
        XCTAssertTrue(r.driver.missedNode)
        XCTAssertEqual(r.err.count, 2)
        XCTAssertTrue(r.err[0].contains("\"nope\"") && r.err[0].contains("leftDoor") && r.err[0].contains("callButton"), r.err[0])
        XCTAssertTrue(r.err[1].contains("\"text:Missing one\""), r.err[1])
        XCTAssertEqual(r.out.count, 1, "the later probe still runs")
        XCTAssertFalse(try run("at 0.1 probe leftDoor", try elevator(), to: 0.2).driver.missedNode)
    }

    func testProbeStarListsEveryNodeInTreeOrder() async throws {
        let r = try run("at 0.1 probe *", try elevator(), to: 0.2)
        let names = try r.out.map { try object($0)["probe"] as? String }
        XCTAssertEqual(names.first, "root")
        XCTAssertTrue(names.contains("leftDoor") && names.contains("callButton") && names.contains("text:1"), "\(names)")
        XCTAssertLessThan(try XCTUnwrap(names.firstIndex(of: "leftDoor")), try XCTUnwrap(names.firstIndex(of: "callButton")))
    }

    func testAudioLineNamesWhatPlays() async throws {
        let r = try run("at 0.2 audio; at 0.5 click callButton; at 1.25 audio", try elevator(), to: 1.3)
        XCTAssertEqual(r.out[0], #"{"audio":{"playing":[],"system":[],"haptics":[]}}"#)
        let audio = try XCTUnwrap(try object(r.out[1])["audio"] as? [String: Any])
        let playing = try XCTUnwrap(audio["playing"] as? [[String: Any]])
        XCTAssertEqual(playing.first?["asset"] as? String, "doorsOpenClose")
        XCTAssertEqual(playing.first?["channel"] as? String, "player")
        // The door sound starts 0.5 s after the click.
        XCTAssertEqual(try XCTUnwrap(playing.first?["position"] as? Double), 0.25, accuracy: 0.01)
    }

    /// Text input, a click by a `text:` name, and a fixed canvas shown larger: the click lands on the drawn button.
    func testTypeAndClickByTextOnAFixedCanvas() async throws {
        let s = Session(entry: SceneEntry(TypingScene.self), size: Size(400, 200), sound: SilentSoundPlayer())
        _ = try run("at 0.1 type Jack Sparrow; at 0.2 type !; at 0.3 click text:Change name; at 0.4 click field", s, to: 0.5)
        let scene = try XCTUnwrap(s.host.scene as? TypingScene)
        XCTAssertEqual(scene.typed, "Jack Sparrow!")
        XCTAssertEqual(scene.clicks, [0.3])
    }

    func testResizeGivesTheContentAreaTheNewSize() async throws {
        let s = try elevator()
        var sizes: [Size] = []
        let r = try run("at 0.2 resize 300x500; at 0.3 probe leftDoor", s, to: 0.4) { driver in
            let resize = driver.resize
            driver.resize = { sizes.append($0); resize($0) }
        }
        XCTAssertEqual(sizes, [Size(300, 500)])
        XCTAssertEqual(s.size, Size(300, 500))
        XCTAssertEqual(try object(r.out[0])["frame"] as? [Double], [0, 0, 146, 500])
    }
}

/// A fixed-canvas scene with a text label button and a typing target.
@MainActor
final class TypingScene: Scene {
    static let info = SceneInfo(id: "typing-test", chapter: "Test", title: "Typing", referenceSize: Size(200, 100),
                                mapping: .fixedCanvas)
    let root = Node(name: "root")
    let field = Node(name: "field", content: .shape(.rect, fill: .white, stroke: nil))
    let button = LabelButton()
    private let context: SceneContext
    var typed = ""
    var clicks: [Double] = []

    init(context: SceneContext) {
        self.context = context
        button.add(Node(content: .text("Change name", .system(12), .black)))
        root.add([field, button])
        button.action = { [unowned self] in clicks.append(self.context.clock.now) }
    }

    func layout(size: Size, time: Double) {
        root.frame = Rect(origin: .zero, size: size)
        field.frame = Rect(x: 10, y: 10, width: 80, height: 20)
        button.frame = Rect(x: 150, y: 70, width: 40, height: 20)
        button.children[0].frame = button.frame
    }

    func textInput(_ text: String) -> Bool { typed += text; return true }
}

/// A push button for node-scene tests: its child is its label (probes report the label's text); the action runs when
/// a press is released inside it.
@MainActor
final class LabelButton: Node {
    var action: () -> Void = {}
    private var pressed = false

    override var isInteractive: Bool { true }
    override var probeText: String? { labelText }
    override func pointerPressed(at point: Point, time: Double) { pressed = true }
    override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        if pressed && inside { action() }
        pressed = false
    }
    override func pointerCancelled(time: Double) { pressed = false }
}
