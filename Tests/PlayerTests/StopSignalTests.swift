import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
import ZoetropeHarness
#endif

/// SIGTERM and SIGINT stop a headless run within a second: exit 128 + signal, one line on standard error, and a
/// finished `--audio-out` capture.
@MainActor
final class StopSignalTests: XCTestCase {
    func testSIGTERMStopsCleanly() async throws { try stop(with: SIGTERM, name: "SIGTERM", code: 143) }
    func testSIGINTStopsCleanly() async throws { try stop(with: SIGINT, name: "SIGINT", code: 130) }

    private func stop(with sig: Int32, name: String, code: Int32) throws {
        let wav = E2E.outputDirectory.appendingPathComponent("stop-\(name)-\(UUID().uuidString.prefix(8)).wav")
        addTeardownBlock { try? FileManager.default.removeItem(at: wav) }
        let child = try E2EChild(try E2E.binary().path,
                                 ["--headless", "--scene", "elevator", "--duration", "3600", "--audio-out", wav.path,
                                  "--script", "at 0.5 click callButton"],
                                 environment: E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy",
                                                                        "SDL_AUDIODRIVER": "dummy"]))
        // About 1.5 s, and long enough for the capture to hold 0.6 s of audio (a debug build on a slow machine
        // mixes slower than real time); the run must still be going.
        usleep(1_500_000)
        let wanted = 44 + Int(0.6 * 44100) * 4
        let deadline = Date().addingTimeInterval(60)
        func captured() -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: wav.path))?[.size] as? Int) ?? 0
        }
        while child.isRunning, Date() < deadline, captured() < wanted {
            usleep(50_000)
        }
        XCTAssertTrue(child.isRunning, "a one-hour run is still going: \(child.result(timedOut: false).summary)")
        kill(child.pid, sig)
        let finished = child.wait(timeout: 2)
        let r = child.result(timedOut: !finished)
        XCTAssertTrue(finished, "stopped within 2 s: \(r.summary)")
        XCTAssertFalse(r.signaled, r.summary)
        XCTAssertEqual(r.status, code, r.summary)
        let stderrLines = r.stderr.split(separator: "\n").map(String.init)
        XCTAssertEqual(stderrLines.filter { $0.hasPrefix("zoetrope: stopped by") }, ["zoetrope: stopped by \(name)"],
                       r.summary)

        // The header was patched: RIFF size = file length - 8, data size = the rest after the 44-byte header.
        let bytes = [UInt8](try Data(contentsOf: wav))
        XCTAssertGreaterThan(bytes.count, 44)
        func u32(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24 }
        XCTAssertEqual(String(decoding: bytes[36..<40], as: UTF8.self), "data")
        XCTAssertEqual(u32(4), bytes.count - 8, "RIFF size")
        XCTAssertEqual(u32(40), bytes.count - 44, "data size")
        let audio = try E2EWAV(contentsOf: wav)
        XCTAssertEqual(audio.sampleRate, 44100)
        XCTAssertEqual(audio.channels, 2)
        XCTAssertEqual(audio.frameCount * audio.channels * 2, bytes.count - 44)
        XCTAssertGreaterThan(audio.duration, 0.5, "audio mixed before the signal")
    }
}
