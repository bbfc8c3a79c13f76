import Foundation
import XCTest

/// Issue 27, points 1 and 2: text of any length in a text field, typed or pasted, draws without crashing, in bounded
/// memory and time (the field holds at most 100,000 characters; past that, one message).
@MainActor
final class HostileTextTests: XCTestCase {
    /// 20,000 typed characters made one text surface some 190,000 pixels wide, past SDL's limits: SIGSEGV in SDL.
    /// Now the line is drawn in pieces, and the field shows the end of the text with the caret after it.
    func testTwentyThousandTypedCharactersDrawWithoutCrashing() async throws {
        let run = try E2EMeasuredRun.run(scene: "find-words", script: """
            at 0.5 click textField
            at 0.9 screenshot BEFORE
            at 1 type \(String(repeating: "a", count: 20_000))
            at 1.2 screenshot AFTER
            at 1.3 probe textField
            at 2 quit
            """.replacingOccurrences(of: "BEFORE", with: NSTemporaryDirectory() + "hostile-before-\(getpid()).png")
               .replacingOccurrences(of: "AFTER", with: NSTemporaryDirectory() + "hostile-after-\(getpid()).png"),
            in: self)
        let r = run.result
        XCTAssertTrue(r.exitedNormally, r.summary)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(run.probedText("textField"), String(repeating: "a", count: 20_000), "the field holds all 20,000")
        // The text shows: the field gains dark pixels of glyphs.
        let dark: ((Int, Int, Int)) -> Bool = { $0.0 < 90 && $0.1 < 90 && $0.2 < 90 }
        let before = try PNGPixels(path: NSTemporaryDirectory() + "hostile-before-\(getpid()).png").count(where: dark)
        let after = try PNGPixels(path: NSTemporaryDirectory() + "hostile-after-\(getpid()).png").count(where: dark)
        XCTAssertGreaterThan(after, before + 300, "the typed a's are drawn")
        XCTAssertLessThan(run.peakRSSMB, 400, "memory follows what is shown")
        XCTAssertLessThan(run.cpuSeconds, 30, "a bound on the work, which was unbounded (a crash)")
    }

    /// A 1,000,000-character paste took 1.5 GB and crashed. The field keeps its first 100,000 characters, says
    /// once that the rest was dropped, and the run ends normally within seconds and well under 1 GB.
    func testAMegabytePasteIsCutToTheBoundWithOneMessage() async throws {
        let run = try E2EMeasuredRun.run(scene: "find-words", script: """
            at 0.5 click textField
            at 1 clipboard \(String(repeating: "b", count: 1_000_000))
            at 1.5 key ctrl+v
            at 1.6 key ctrl+v
            at 1.7 probe textField
            at 2 quit
            """, in: self)
        let r = run.result
        XCTAssertTrue(r.exitedNormally, r.summary)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertEqual(run.probedText("textField"), String(repeating: "b", count: 100_000), "cut to 100,000")
        XCTAssertEqual(run.stderrLines(containing: "a text field holds at most 100000 characters").count, 1, r.stderr)
        XCTAssertLessThan(run.peakRSSMB, 600, "bounded memory")
        XCTAssertLessThan(run.cpuSeconds, 40, "seconds of work, not minutes")
    }
}
