import Foundation
import XCTest
import ZoetropeHarness

/// Issue 9: `--frame-stats FILE.json` is written at exit with the frame count, frame-time percentiles, the process's
/// CPU time since the first frame and its peak memory; an unwritable file is an error.
@MainActor
final class FrameStatsTests: XCTestCase {
    private let environment = E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"])

    func testHeadlessRunWritesItsFrameStatistics() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try E2E.zoetrope(["--headless", "--scene", "ch2-trim", "--duration", "1", "--frame-stats", file.path],
                                 environment: environment, timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        XCTAssertEqual(json["frames"] as? Int, 60, "one second at 60 frames a second")
        let ms = try XCTUnwrap(json["frame_ms"] as? [String: Double])
        XCTAssertLessThanOrEqual(ms["p50"]!, ms["p99"]!)
        XCTAssertLessThanOrEqual(ms["p99"]!, ms["max"]!)
        XCTAssertGreaterThan(ms["p50"]!, 0)
        XCTAssertGreaterThan(json["first_frame_ms"] as? Double ?? 0, 0)
        XCTAssertGreaterThan(json["cpu_s"] as? Double ?? 0, 0)
        // The real time from the first frame to the end is there for `cpu_s / wall_s`, the cores used.
        let wall = try XCTUnwrap(json["wall_s"] as? Double)
        // Headless, every frame is drawn one after the other: no rests, so it moved for all of that time.
        XCTAssertEqual(json["moving_s"] as? Double ?? -1, wall, accuracy: 0.1)
        XCTAssertGreaterThan(json["peak_rss_mb"] as? Double ?? 0, 10)
    }

    /// The peak is the player's own: a player started by a big process (the test runner had grown to 500 MB in CI)
    /// reported that process's peak, since Linux carries `ru_maxrss` across `execve` after `posix_spawn`.
    func testThePeakMemoryIsThePlayersOwnNotItsParents() async throws {
        let ballast = 700 << 20
        let parentMemory = UnsafeMutableRawPointer.allocate(byteCount: ballast, alignment: 4096)
        defer { parentMemory.deallocate() }
        for page in stride(from: 0, to: ballast, by: 4096) { parentMemory.storeBytes(of: 1, toByteOffset: page, as: UInt8.self) }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("stats-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try E2E.zoetrope(["--headless", "--scene", "ch2-trim", "--duration", "0.2", "--frame-stats", file.path],
                                 environment: environment, timeout: 60)
        XCTAssertEqual(r.status, 0, r.summary)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let peak = try XCTUnwrap(json["peak_rss_mb"] as? Double)
        XCTAssertGreaterThan(peak, 10)
        XCTAssertLessThan(peak, 400, "a still scene's own memory, not the 700 MB this test holds")
    }

    func testAnUnwritableStatsFileIsAnError() async throws {
        let r = try E2E.zoetrope(["--headless", "--scene", "ch2-trim", "--duration", "0.2", "--frame-stats", "/dev/full/x.json"],
                                 environment: environment, timeout: 60)
        XCTAssertEqual(r.status, 1, r.summary)
        XCTAssertTrue(r.stderr.contains("/dev/full/x.json"), r.summary)
    }
}
