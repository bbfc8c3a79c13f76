import XCTest
import ZoetropeHarness

/// `--duration` ends a window run as it ends a headless one, and `--frame-stats` counts the frames it drew.
@MainActor
final class WindowDurationTests: XCTestCase {
    func testAWindowRunStopsAfterItsDuration() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let stats = FileManager.default.temporaryDirectory.appendingPathComponent("window-duration-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: stats) }
        let started = Date()
        let result = try E2E.zoetrope(["--scene", "elevator", "--duration", "1.5", "--frame-stats", stats.path],
                                      environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy"]), timeout: 30)
        let took = Date().timeIntervalSince(started)
        XCTAssertTrue(result.exitedNormally && result.status == 0, result.summary)
        XCTAssertGreaterThanOrEqual(took, 1.5)
        XCTAssertLessThan(took, 20, "it stops after 1.5 s, not when the test gives up")
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: stats)) as? [String: Any]
        // A still elevator is drawn once (the first frame) and not again: nothing changes.
        XCTAssertGreaterThan(json?["first_frame_ms"] as? Double ?? 0, 0, "\(String(describing: json))")
        XCTAssertEqual(json?["frames"] as? Int, 0, "frames after the first: \(String(describing: json))")
        // It rested from its first frame on: it moved for none of the run (`scripts/bench windows` judges the frames
        // of a scene that rests now and then over the time it moved).
        XCTAssertGreaterThan(json?["wall_s"] as? Double ?? 0, 1, "\(String(describing: json))")
        XCTAssertLessThan(json?["moving_s"] as? Double ?? 1, 0.05, "\(String(describing: json))")
    }
}
