import XCTest
import Stage
@testable import Player

@MainActor
final class ScriptTests: XCTestCase {
    private typealias Ev = Script.Event

    private func events(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [Script.Event] {
        do { return try Script(parsing: text).events } catch {
            XCTFail("\(error)", file: file, line: line); return []
        }
    }

    /// The 1-based line a malformed script is reported at.
    private func errorLine(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Int? {
        do {
            _ = try Script(parsing: text)
            XCTFail("\"\(text)\" should not parse", file: file, line: line)
            return nil
        } catch let e as Script.ParseError {
            XCTAssertFalse(e.reason.isEmpty, file: file, line: line)
            XCTAssertTrue(e.description.contains("line \(e.line)"), e.description, file: file, line: line)
            return e.line
        } catch {
            XCTFail("unexpected error \(error)", file: file, line: line)
            return nil
        }
    }

    func testClickIsPressAndReleaseAtTheSameTime() async {
        XCTAssertEqual(events("at 0.5 click 11.9,379.5"), [
            Ev(time: 0.5, action: .press(Point(11.9, 379.5))),
            Ev(time: 0.5, action: .release(Point(11.9, 379.5))),
        ])
        XCTAssertEqual(events("at 3 click -4,1e2"), [
            Ev(time: 3, action: .press(Point(-4, 100))), Ev(time: 3, action: .release(Point(-4, 100))),
        ])
    }

    func testKeyScreenshotAndQuit() async throws {
        XCTAssertEqual(events("at 2 key escape"), [Ev(time: 2, action: .key(Key("escape")))])
        XCTAssertEqual(events("at 2 key ctrl+q"), [Ev(time: 2, action: .key(Key("q", ctrl: true)))])
        XCTAssertEqual(events("at 2 key ."), [Ev(time: 2, action: .key(Key("period")))])
        XCTAssertEqual(events("at 4.5 screenshot out/open.png"), [Ev(time: 4.5, action: .screenshot("out/open.png"))])
        XCTAssertEqual(events("at 4.5 screenshot SHOT.PNG"), [Ev(time: 4.5, action: .screenshot("SHOT.PNG"))])
        let s = try Script(parsing: "at 9 quit")
        XCTAssertEqual(s.events, [Ev(time: 9, action: .quit)])
        XCTAssertEqual(s.quitTime, 9)
        XCTAssertEqual(s.lastTime, 9)
        XCTAssertNil(try Script(parsing: "at 1 key a").quitTime)
        XCTAssertEqual(try Script(parsing: "").lastTime, 0)
        XCTAssertEqual(try Script(parsing: "").events, [])
    }

    func testDragExpandsToPressMovesAt60HzAndRelease() async throws {
        let ev = events("at 1 drag 10,10 -> 200,300 over 0.5")
        XCTAssertEqual(ev.first, Ev(time: 1, action: .press(Point(10, 10))))
        XCTAssertEqual(ev.last, Ev(time: 1.5, action: .release(Point(200, 300))))
        let moves = ev.dropFirst().dropLast()
        XCTAssertTrue(moves.allSatisfy { if case .move = $0.action { return true } else { return false } })
        // 0.5 s at 60 Hz: 30 moves, evenly spaced, the last at the end point.
        XCTAssertEqual(moves.count, 30)
        let times = moves.map(\.time)
        for (a, b) in zip([1.0] + times, times) { XCTAssertEqual(b - a, 0.5 / Double(moves.count), accuracy: 1e-9) }
        XCTAssertEqual(try XCTUnwrap(times.last), 1.5, accuracy: 1e-12)
        XCTAssertEqual(moves.last?.action, .move(Point(200, 300)))
        // Points lie on the segment at the fraction of the time elapsed.
        for m in moves {
            guard case let .move(p) = m.action else { continue }
            let u = (m.time - 1) / 0.5
            assertScriptPoint(p, 10 + 190 * u, 10 + 290 * u, accuracy: 1e-9)
        }
        // Other durations keep the rate: ⌈D·60⌉ moves.
        for (d, n) in [(0.1, 6), (0.25, 15), (0.7, 42), (2.0, 120), (0.01, 1)] {
            let count = events("at 0 drag 0,0 -> 100,0 over \(d)").filter { if case .move = $0.action { return true } else { return false } }.count
            XCTAssertEqual(count, n, "over \(d)")
        }
    }

    func testZeroLengthDragStillMovesOnce() async {
        XCTAssertEqual(events("at 2 drag 1,2 -> 3,4 over 0"), [
            Ev(time: 2, action: .press(Point(1, 2))), Ev(time: 2, action: .move(Point(3, 4))),
            Ev(time: 2, action: .release(Point(3, 4))),
        ])
    }

    func testSemicolonsAndNewlinesSeparateCommands() async {
        let expected = [Ev(time: 1, action: .key(Key("a"))), Ev(time: 2, action: .key(Key("b"))), Ev(time: 3, action: .quit)]
        XCTAssertEqual(events("at 1 key a; at 2 key b; at 3 quit"), expected)
        XCTAssertEqual(events("at 1 key a\nat 2 key b\nat 3 quit\n"), expected)
        XCTAssertEqual(events("at 1 key a;at 2 key b\n  at 3 quit  ;"), expected)
    }

    func testEventsAreSortedByTimeWithTiesInWrittenOrder() async {
        let ev = events("""
            at 2 key b
            at 1 key a
            at 1 key c
            at 0.5 click 5,5
            at 1 key d
            """)
        XCTAssertEqual(ev, [
            Ev(time: 0.5, action: .press(Point(5, 5))), Ev(time: 0.5, action: .release(Point(5, 5))),
            Ev(time: 1, action: .key(Key("a"))), Ev(time: 1, action: .key(Key("c"))), Ev(time: 1, action: .key(Key("d"))),
            Ev(time: 2, action: .key(Key("b"))),
        ])
        // A click written during a drag interleaves by time; at the drag's end its release comes before a later-written tie.
        let mixed = events("at 0 drag 0,0 -> 10,0 over 0.1\nat 0.05 key x\nat 0.1 key y")
        let keyX = mixed.firstIndex { $0.action == .key(Key("x")) }!
        XCTAssertTrue(mixed[..<keyX].allSatisfy { $0.time <= 0.05 })
        XCTAssertTrue(mixed[(keyX + 1)...].allSatisfy { $0.time >= 0.05 })
        XCTAssertEqual(mixed.suffix(2).map(\.action), [.release(Point(10, 0)), .key(Key("y"))])
        XCTAssertEqual(mixed.map(\.time), mixed.map(\.time).sorted())
    }

    func testCommentsAndBlankLinesAreSkipped() async {
        let ev = events("""
            # a script
               # indented comment

            at 1 quit
            \t
            """)
        XCTAssertEqual(ev, [Ev(time: 1, action: .quit)])
        XCTAssertEqual(events("#only a comment"), [])
    }

    func testMalformedLinesReportTheirLineNumber() async {
        let good = "at 0 key a\n"
        let cases: [(String, String)] = [
            ("click 1,1", "missing at"),
            ("at 1", "missing command"),
            ("at x quit", "bad time"),
            ("at -1 quit", "negative time"),
            ("at nan quit", "NaN time"),
            ("at inf quit", "infinite time"),
            ("at 1 click 1;2", "bad point (the ; splits it)"),
            ("at 1 click 1,x", "bad point"),
            ("at 1 click 1,2,3", "bad point"),
            ("at 1 click", "click without point"),
            ("at 1 click 1,1 2,2", "click with two points"),
            ("at 1 jump 1,1", "unknown command"),
            ("AT 1 quit", "at is lower case"),
            ("at 1 key foo", "unknown key"),
            ("at 1 key", "key without name"),
            ("at 1 key a b", "two keys"),
            ("at 1 screenshot out.jpg", "screenshot without .png"),
            ("at 1 screenshot", "screenshot without path"),
            ("at 1 quit now", "quit with args"),
            ("at 1 drag 1,1 -> 2,2", "drag without over"),
            ("at 1 drag 1,1 2,2 over 1", "drag without arrow"),
            ("at 1 drag 1,1 -> 2,2 over -1", "negative duration"),
            ("at 1 drag 1,1 -> 2,2 over x", "bad duration"),
            ("at 1 drag 1,1 -> 2 over 1", "bad end point"),
        ]
        for (bad, why) in cases {
            XCTAssertEqual(errorLine(bad), 1, why)
            XCTAssertEqual(errorLine(good + bad), 2, why)
            XCTAssertEqual(errorLine("# header\n\n" + good + bad + "\nat 9 quit"), 4, why)
        }
    }

    func testFirstMalformedLineIsReported() async throws {
        XCTAssertEqual(errorLine("at 1 key a\nat 2 bogus\nat x quit"), 2)
        do {
            _ = try Script(parsing: "at 1 key a\n  at 2 key nope  ")
            XCTFail("should not parse")
        } catch let e as Script.ParseError {
            XCTAssertEqual(e.line, 2)
            XCTAssertEqual(e.text, "at 2 key nope")
            XCTAssertTrue(e.reason.contains("nope"))
        }
    }

    func testLoadReadsAFileOrParsesText() async throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-script-\(UUID().uuidString).txt")
        try "at 1 key a\nat 2 quit\n".write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        XCTAssertEqual(try Script.load(url.path).events, [Ev(time: 1, action: .key(Key("a"))), Ev(time: 2, action: .quit)])
        XCTAssertEqual(try Script.load("at 3 quit").events, [Ev(time: 3, action: .quit)])
        XCTAssertThrowsError(try Script.load("not a script or a file"))
    }
}

@MainActor
private func assertScriptPoint(_ p: Point, _ x: Double, _ y: Double, accuracy: Double,
                         file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(p.x, x, accuracy: accuracy, file: file, line: line)
    XCTAssertEqual(p.y, y, accuracy: accuracy, file: file, line: line)
}


/// Regressions: line numbers per physical line, CRLF scripts, absurd drags, tabs and trailing comments.
@MainActor
final class ScriptRegressionTests: XCTestCase {
    func testLineNumbersCountPhysicalLines() async {
        XCTAssertThrowsError(try Script(parsing: "at 1 key a; at 2 key b\nat x quit")) { error in
            XCTAssertEqual((error as? Script.ParseError)?.line, 2)
        }
    }

    func testWindowsLineEndings() async throws {
        let s = try Script(parsing: "at 1 key a\r\nat 2 quit\r\n")
        XCTAssertEqual(s.events.count, 2)
        XCTAssertEqual(s.quitTime, 2)
        XCTAssertThrowsError(try Script(parsing: "at 1 key a\r\nat 2 jump\r\n")) { error in
            XCTAssertEqual((error as? Script.ParseError)?.line, 2)
        }
    }

    func testHugeDragIsRejectedNotExpanded() async {
        for d in ["1e300", "1e7", "3601"] {
            XCTAssertThrowsError(try Script(parsing: "at 0 drag 0,0 -> 1,1 over \(d)"), d)
        }
        XCTAssertNoThrow(try Script(parsing: "at 0 drag 0,0 -> 1,1 over 3600"))
    }

    func testTabsAndTrailingComments() async throws {
        let s = try Script(parsing: "at\t1\tkey\tspace   # pause\nat 2 quit # done")
        XCTAssertEqual(s.events.map(\.time), [1, 2])
    }

    /// Issue 9 item 2.8: 200 long drags used 4.8 GB; the expanded script is bounded and refused with the line named.
    func testLongDragsAreBoundedInTotal() async throws {
        let line = "at 1 drag 0,0 -> 100,100 over 3000"
        let text = Array(repeating: line, count: 200).joined(separator: "\n")
        let start = Date()
        XCTAssertThrowsError(try Script(parsing: text)) { error in
            let e = error as? Script.ParseError
            XCTAssertEqual(e?.line, 2, "the second 50-minute drag exceeds the budget: \(error)")
            XCTAssertTrue("\(error)".contains("\(Script.maxEvents)"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertNoThrow(try Script(parsing: "at 1 drag 0,0 -> 100,100 over 60"), "a minute of dragging is fine")
    }
}
