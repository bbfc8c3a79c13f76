import Foundation
import XCTest
import ZoetropeHarness

/// Issue 9 item 2.4: every usage error exits 2 with the reason on standard error; `--help` stays a clean exit;
/// `--duration` and a script's `quit` both end a headless run, the earlier one winning.
@MainActor
final class UsageErrorTests: XCTestCase {
    func run(_ args: [String]) throws -> E2EResult {
        try E2E.zoetrope(args, environment: E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy",
                                                                       "SDL_AUDIODRIVER": "dummy"]), timeout: 60)
    }

    func testUsageErrorsExit2NamingTheProblem() async throws {
        let cases: [([String], [String])] = [
            (["--duration", "inf"], ["inf", "--duration", "finite"]),
            (["--duration", "nan"], ["nan", "--duration", "finite"]),
            (["--duration", "-5"], ["-5", "--duration", "86400"]),
            (["--duration", "86401"], ["86401", "--duration", "86400"]),
            (["--size", "0x0"], ["0x0", "--size"]),
            (["--size", "abc"], ["abc", "--size"]),
            (["--frobnicate"], ["--frobnicate"]),
            (["--seed", "x"], ["'x'", "--seed"]),
            (["--script", "at 1e308 quit"], ["script line 1", "1e308"]),
            (["--script", "/nonexistent/file.zt"], ["/nonexistent/file.zt", "no such file"]),
            (["--script", "missing-script.txt"], ["missing-script.txt", "no such file"]),
        ]
        for (args, needles) in cases {
            let r = try run(["--headless", "--scene", "ch1-state-name"] + args)
            XCTAssertTrue(r.exitedNormally, r.summary)
            XCTAssertEqual(r.status, 2, r.summary)
            for needle in needles {
                XCTAssertTrue(r.stderr.contains(needle), "\(args): stderr should name \(needle): \(r.summary)")
            }
            XCTAssertEqual(r.stdout, "", r.summary)
        }
    }

    /// The player's own usage errors are one `zoetrope: …` line on standard error and nothing else.
    func testTheCommandsOwnUsageErrorIsOneLine() async throws {
        let r = try run(["--headless", "--dump"])
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertEqual(r.stderr, "zoetrope: --dump needs --emitter FILE\n", r.summary)
        XCTAssertEqual(r.stdout, "", r.summary)
    }

    func testHelpIsACleanExitOnStandardOutput() async throws {
        let r = try run(["--help"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("--duration"), r.summary)
        XCTAssertEqual(r.stderr, "", r.summary)
    }

    func testInlineScriptWithAPathInsideIsStillInline() async throws {
        let shot = E2E.outputDirectory.appendingPathComponent("usage-\(UUID().uuidString).png")
        addTeardownBlock { try? FileManager.default.removeItem(at: shot) }
        let r = try run(["--headless", "--scene", "ch1-state-name", "--script", "at 0.1 screenshot \(shot.path); at 0.2 quit"])
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot.path), r.summary)
    }

    func testEarlierOfDurationAndQuitEndsTheRun() async throws {
        let script = "at 0.4 probe *; at 1 probe *; at 3 quit"
        let short = try run(["--headless", "--scene", "ch1-state-name", "--duration", "0.5", "--script", script])
        XCTAssertEqual(short.status, 0, short.summary)
        XCTAssertTrue(short.stdout.contains("\"t\":0.4,"), "the probe at 0.4 runs: \(short.summary)")
        XCTAssertFalse(short.stdout.contains("\"t\":1,"), "--duration 0.5 ends the run before 1 s: \(short.summary)")

        // The quit is earlier than --duration: it wins.
        let quit = try run(["--headless", "--scene", "ch1-state-name", "--duration", "5",
                            "--script", "at 0.4 probe *; at 0.5 quit; at 1 probe *"])
        XCTAssertEqual(quit.status, 0, quit.summary)
        XCTAssertTrue(quit.stdout.contains("\"t\":0.4,"), quit.summary)
        XCTAssertFalse(quit.stdout.contains("\"t\":1,"), quit.summary)
    }
}
