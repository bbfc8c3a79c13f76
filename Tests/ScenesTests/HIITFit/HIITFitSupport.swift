import Foundation
import Player
@testable import Scenes
import Stage
@testable import Views
import XCTest
import ZoetropeHarness
import ZoetropeTestSupport

/// HIITFit scenes under the harness (spec 06 §4): probes by the spec's node names, the one history store, and pixels
/// of the real headless render. Times are exact on the virtual clock.
@MainActor
class HIITFitTestCase: ViewSceneTestCase {
    /// The scene's `text:`/named node's text, nil when absent or hidden.
    func text(_ node: String) -> String? {
        guard let r = h.probe(node), !r.hidden else { return nil }
        return r.text
    }

    func shown(_ node: String) -> Bool { h.probe(node).map { !$0.hidden } ?? false }

    func enabled(_ node: String, file: StaticString = #filePath, line: UInt = #line) -> Bool { probe(node, file: file, line: line).enabled }

    func state(_ node: String, _ name: String) -> ProbeValue.StateValue? {
        guard case let .state(v)? = h.probe(node)?.value("state." + name) else { return nil }
        return v
    }

    func bool(_ node: String, _ name: String) -> Bool? {
        if case let .bool(b)? = state(node, name) { return b }
        return nil
    }

    func string(_ node: String, _ name: String) -> String? {
        if case let .string(s)? = state(node, name) { return s }
        return nil
    }

    var selectedTab: Double? {
        if case let .number(n)? = state("pages", "selectedTab") { return n }
        return nil
    }

    /// Clicks a node as drawn now (mapped onto the window); fails when it is absent.
    func click(_ node: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(h.click(node: node), "no \(node) to click", file: file, line: line)
    }

    /// The scene's one history store (a white-box look at the model; the views read the same object).
    var store: HIITFit.HistoryStore? {
        guard let scene = h.scene as? ViewScene else { return nil }
        return scene.host.stateEntries().lazy.compactMap { $0.1 as? HIITFit.HistoryStore }.first
    }

    /// The element a node name is on (its modifier chain down to the drawn leaf is below it).
    func element(_ name: String) -> Element? {
        guard let scene = h.scene as? ViewScene else { return nil }
        func find(_ e: Element) -> Element? {
            if e.name == name { return e }
            for c in e.children.reversed() { if let f = find(c) { return f } }
            return nil
        }
        return find(scene.host.root)
    }

    /// The first text leaf at or under an element.
    func textElement(_ e: Element?) -> TextElement? {
        guard let e else { return nil }
        if let t = e as? TextElement { return t }
        for c in e.children { if let t = textElement(c) { return t } }
        return nil
    }

    /// How many pixels of the current render inside `r` (canvas points at the reference size) are within ±tol of
    /// `rgb`.
    func count(_ rgb: (Int, Int, Int), in r: Rect, tolerance: Int = 30) -> Int {
        guard let fb = h.capture() else { XCTFail("no render"); return 0 }
        if let dir = ProcessInfo.processInfo.environment["ZOETROPE_TEST_SHOTS"] {
            try? fb.savePNG(to: URL(fileURLWithPath: dir + "/\(name)-\(h.time).png"))
        }
        return fb.count(rgb, in: r, tolerance: tolerance)
    }

    /// "MMM d" upper-cased, in local time (a section header of the History sheet).
    func header(daysAgo: Double) -> String {
        let f = DateFormatter()
        f.dateFormat = "MMM d"
        return f.string(from: Date().addingTimeInterval(-86400 * daysAgo)).uppercased()
    }

    /// Lines the scene printed so far that equal `line`.
    func printed(_ line: String) -> Int { h.log.filter { $0 == line || $0.hasSuffix(" " + line) }.count }

    static let blue = (0, 122, 255), red = (255, 59, 48), gray = (142, 142, 147), disabledGray = (197, 197, 199)
    static let purple = (175, 82, 222)
}
