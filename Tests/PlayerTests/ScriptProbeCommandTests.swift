import Foundation
import XCTest
import Stage
@testable import Player

/// The script commands of spec README §3.17 beyond click/drag/key/screenshot/quit: parsing, the JSON lines, and the
/// default probe of plain Stage scenes.
@MainActor
final class ScriptProbeCommandTests: XCTestCase {
    private typealias Ev = Script.Event

    private func events(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Script.Event] {
        do { return try Script(parsing: text).events } catch {
            XCTFail("\(error)", file: file, line: line); return []
        }
    }

    // MARK: Parsing

    func testPressMoveReleaseAtPoints() async {
        XCTAssertEqual(events("at 1 press 10,20; at 1.5 move 30.5,-4; at 2 release 30,40"), [
            Ev(time: 1, action: .press(Point(10, 20))), Ev(time: 1.5, action: .move(Point(30.5, -4))),
            Ev(time: 2, action: .release(Point(30, 40))),
        ])
        XCTAssertEqual(events("at 1 click .5,+2"), [Ev(time: 1, action: .press(Point(0.5, 2))),
                                                     Ev(time: 1, action: .release(Point(0.5, 2)))])
    }

    func testNodeNamesRunToTheEndOfTheCommand() async {
        XCTAssertEqual(events("at 0.5 click callButton"), [Ev(time: 0.5, action: .clickNode("callButton"))])
        XCTAssertEqual(events("at 1 click text:Change name  # a comment"), [Ev(time: 1, action: .clickNode("text:Change name"))])
        XCTAssertEqual(events("at 1 click image:info.circle; at 2 quit"),
                       [Ev(time: 1, action: .clickNode("image:info.circle")), Ev(time: 2, action: .quit)])
        XCTAssertEqual(events("at 1 press text:Continue Playing?\nat 2 release   text:A  B  "),
                       [Ev(time: 1, action: .pressNode("text:Continue Playing?")), Ev(time: 2, action: .releaseNode("text:A  B"))])
        XCTAssertEqual(events("at\t1\tclick\tleftDoor"), [Ev(time: 1, action: .clickNode("leftDoor"))])
    }

    func testProbeAudioTypeAndResize() async {
        XCTAssertEqual(events("at 1 probe greeting"), [Ev(time: 1, action: .probe("greeting"))])
        XCTAssertEqual(events("at 1 probe *"), [Ev(time: 1, action: .probe("*"))])
        XCTAssertEqual(events("at 1 probe text:Hello, Jack"), [Ev(time: 1, action: .probe("text:Hello, Jack"))])
        XCTAssertEqual(events("at 1.2 audio"), [Ev(time: 1.2, action: .audio)])
        XCTAssertEqual(events("at 2 type Jack Sparrow"), [Ev(time: 2, action: .text("Jack Sparrow"))])
        XCTAssertEqual(events("at 2 type x"), [Ev(time: 2, action: .text("x"))])
        XCTAssertEqual(events("at 3 resize 800x600"), [Ev(time: 3, action: .resize(Size(800, 600)))])
        XCTAssertEqual(events("at 3 resize 10X20"), [Ev(time: 3, action: .resize(Size(10, 20)))])
    }

    /// Reads at T see every input at T whatever the written order; quit comes last; inputs keep their order.
    func testReadsRunAfterTheInputsAtTheSameTime() async {
        XCTAssertEqual(events("at 1 quit; at 1 audio; at 1 probe a; at 1 click b; at 1 key x; at 0.5 probe c").map(\.action), [
            .probe("c"), .clickNode("b"), .key(Key("x")), .audio, .probe("a"), .quit,
        ])
    }

    func testMalformedNewCommandsReportTheirLineNumber() async {
        let cases: [(String, String)] = [
            ("at 1 probe", "probe without name"),
            ("at 1 audio now", "audio with args"),
            ("at 1 type", "type without text"),
            ("at 1 resize", "resize without size"),
            ("at 1 resize 0x10", "zero width"),
            ("at 1 resize 10", "no height"),
            ("at 1 resize 10x", "empty height"),
            ("at 1 resize 1.5x2", "fractional size"),
            ("at 1 resize 20000x10", "too large"),
            ("at 1 resize 10x10 20x20", "two sizes"),
            ("at 1 move", "move without point"),
            ("at 1 move callButton", "move takes a point only"),
            ("at 1 press", "press without target"),
            ("at 1 press 1,2 3,4", "press with two points"),
            ("at 1 release 1,", "bad point"),
            ("at 1 click -1,x", "a number-like argument must be a point"),
            ("at 1 click 1,2,3", "three coordinates"),
        ]
        for (bad, why) in cases {
            for (prefix, line) in [("", 1), ("at 0 key a\n", 2), ("# header\n\nat 0 probe x\n", 4)] {
                do {
                    _ = try Script(parsing: prefix + bad + "\nat 9 quit")
                    XCTFail("\"\(bad)\" should not parse (\(why))")
                } catch let e as Script.ParseError {
                    XCTAssertEqual(e.line, line, why)
                    XCTAssertTrue(e.description.contains("line \(line)"), e.description)
                } catch { XCTFail("\(error)") }
            }
        }
    }

    // MARK: JSON

    func testNumbersAreShortAndAlwaysValidJSON() async {
        XCTAssertEqual(JSON.format(1), "1")
        XCTAssertEqual(JSON.format(1.5), "1.5")
        XCTAssertEqual(JSON.format(-0.25), "-0.25")
        XCTAssertEqual(JSON.format(1.2371234567), "1.237123")
        XCTAssertEqual(JSON.format(0.1 + 0.2), "0.3")
        XCTAssertEqual(JSON.format(-0.0), "0")
        XCTAssertEqual(JSON.format(-1e-9), "0")
        XCTAssertEqual(JSON.format(.nan), "null")
        XCTAssertEqual(JSON.format(.infinity), "null")
        XCTAssertEqual(JSON.format(-.infinity), "null")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data("[\(JSON.format(1e300))]".utf8)))
    }

    func testStringsAreEscaped() async throws {
        let s = "quote \" back \\ nl \n tab \t bell \u{7} é 🎈 \u{2028}"
        let text = JSON.quote(s)
        XCTAssertFalse(text.contains("\n"))
        let parsed = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8), options: []) as? [String]
        XCTAssertEqual(parsed, [s])
    }

    func testProbeLineHasTheSpecsShape() async throws {
        let report = ProbeReport(name: "greeting", frame: Rect(x: 10, y: 20, width: 100, height: 22),
                                 drawn: Rect(x: 5, y: 18.5, width: 110, height: 25), text: "Hello, \"Jack\"",
                                 hidden: false, enabled: true, values: [
                                    ("scale", .number(model: 1.5, presented: 1.2371234)),
                                    ("state.name", .state(.string("Jack"))), ("state.on", .state(.bool(true))),
                                    ("state.count", .state(.number(3))),
                                    ("color", .color(model: Color(255, 59, 48), presented: Color(r: 0, g: 0, b: 1, a: 0.5))),
                                 ])
        let line = JSON.probe(report, time: 1).text
        XCTAssertEqual(line, ##"{"probe":"greeting","t":1,"frame":[10,20,100,22],"drawn":[5,18.5,110,25],"text":"Hello, \"Jack\"","hidden":false,"enabled":true,"values":{"scale":{"model":1.5,"presented":1.237123},"state.name":"Jack","state.on":true,"state.count":3,"color":{"model":"#FF3B30FF","presented":"#0000FF80"}}}"##)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        // No text, no text key.
        let plain = JSON.probe(ProbeReport(name: "a", frame: .zero, drawn: .zero, hidden: true, enabled: false), time: 0.5).text
        XCTAssertEqual(plain, #"{"probe":"a","t":0.5,"frame":[0,0,0,0],"drawn":[0,0,0,0],"hidden":true,"enabled":false,"values":{}}"#)
    }

    // MARK: The default probe of plain Stage scenes

    func testStageProbeReportsNamedNodesAndUnnamedTexts() async throws {
        let host = SceneHost(entry: SceneEntry(ProbeTestScene.self), sound: SilentSoundPlayer(), windowSize: Size(200, 100))
        host.layout()
        let scene = host.scene
        let reports = StageProbe(scene).probeAll(at: 0)
        XCTAssertEqual(reports.map(\.name), ["root", "panel", "badge", "rename", "text:Change name", "hiddenGroup", "ghost"])

        let badge = try XCTUnwrap(reports.first { $0.name == "badge" })
        // The panel is offset by (10, 5): the badge's frame takes it, its own offset (3, 0) and scale only `drawn`.
        XCTAssertEqual(badge.frame, Rect(x: 30, y: 25, width: 20, height: 10))
        XCTAssertEqual(badge.drawn, Rect(x: 26, y: 20, width: 40, height: 20))
        XCTAssertEqual(badge.value("offset.x"), .number(model: 3, presented: 1.5))
        XCTAssertEqual(badge.value("opacity"), .number(model: 0.5, presented: 0.5))
        XCTAssertEqual(badge.values.map(\.key), ["offset.x", "opacity"])
        XCTAssertNil(badge.text)

        let rename = try XCTUnwrap(reports.first { $0.name == "rename" })
        XCTAssertEqual(rename.text, "Change name")
        XCTAssertFalse(rename.enabled)
        XCTAssertEqual(reports.first { $0.name == "text:Change name" }?.text, "Change name")
        // Hidden with its parent.
        XCTAssertEqual(reports.first { $0.name == "ghost" }?.hidden, true)
        XCTAssertEqual(reports.first { $0.name == "panel" }?.hidden, false)
        XCTAssertNil(StageProbe(scene).probe("nope", at: 0))
        XCTAssertEqual(StageProbe(scene).probe("text:Change name", at: 0)?.frame, Rect(x: 110, y: 55, width: 60, height: 20))
    }
}

/// A small scene of plain nodes for the default probe.
@MainActor
final class ProbeTestScene: Scene, AnimatableProperties {
    static let info = SceneInfo(id: "probe-test", chapter: "Test", title: "Probe test", referenceSize: Size(200, 100),
                                mapping: .responsive)
    let root = Node(name: "root")
    let panel = Node(name: "panel")
    let badge = Node(name: "badge", content: .shape(.rect, fill: .black, stroke: nil))
    let rename = LabelledControl(name: "rename")
    let label = Node(content: .text("Change name", .system(17), .black))
    let hiddenGroup = Node(name: "hiddenGroup")
    let ghost = Node(name: "ghost")
    let unnamed = Node()

    init(context: SceneContext) {
        root.add([panel, hiddenGroup])
        panel.add([badge, rename, unnamed])
        rename.add(label)
        hiddenGroup.add(ghost)
        hiddenGroup.isHidden = true
        badge.opacity = 0.5
    }

    func layout(size: Size, time: Double) {
        root.frame = Rect(origin: .zero, size: size)
        panel.frame = Rect(x: 0, y: 0, width: 150, height: 80)
        panel.transforms = [.offset(10, 5)]
        badge.frame = Rect(x: 20, y: 20, width: 20, height: 10)
        badge.transforms = [.offset(3, 0), .scale(2, 2)]
        rename.frame = Rect(x: 100, y: 50, width: 60, height: 20)
        label.frame = rename.frame
    }

    func animatableProperty(_ key: String, at time: Double) -> (presented: Double, model: Double)? {
        key == "badge.offset.x" ? (1.5, 3) : nil
    }
}

/// A switched-off control whose child is its label: probes report the label's text and `enabled` false.
@MainActor
final class LabelledControl: Node {
    override var isInteractive: Bool { false }
    override var isEnabled: Bool { false }
    override var probeText: String? { labelText }
}
