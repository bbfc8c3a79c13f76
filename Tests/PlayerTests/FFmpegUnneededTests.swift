import Foundation
import XCTest
import ZoetropeHarness

/// FFmpeg (and the ~85 libraries it pulls in, 16–23 MB of memory) is opened only to decode a sound never decoded
/// before (issue 24): a scene without sounds never opens it, and a sound decoded once is read back from the user's
/// store by the next run, to the same samples. Which libraries a run loaded is read from glibc's `LD_DEBUG=files`.
@MainActor
final class FFmpegUnneededTests: XCTestCase {
    var dir: URL!

    override func setUp() async throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("ffmpeg-unneeded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDown() async throws { try? FileManager.default.removeItem(at: dir) }

    /// Runs the player headless with `arguments`; returns what it loaded (the loader's log) and its result.
    func run(_ name: String, _ arguments: [String]) throws -> (loaded: String, result: E2EResult) {
        let log = dir.appendingPathComponent("ld-\(name)")
        let result = try E2E.zoetrope(["--headless"] + arguments,
                                      environment: E2E.environment(setting: [
                                          "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy",
                                          "XDG_CACHE_HOME": dir.appendingPathComponent("cache").path,
                                          "LD_DEBUG": "files", "LD_DEBUG_OUTPUT": log.path,
                                      ]),
                                      timeout: 120)
        let logs = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("ld-\(name).") }
        let loaded = try logs.map { try String(contentsOf: dir.appendingPathComponent($0), encoding: .utf8) }.joined()
        XCTAssertTrue(loaded.contains("libSDL2"), "the loader's log lists what was loaded (\(logs))")
        return (loaded, result)
    }

    func testAStillSceneDoesNotOpenFFmpeg() async throws {
        let (loaded, result) = try run("still", ["--scene", "ch1-declarative-button", "--script", "at 1 quit"])
        XCTAssertEqual(result.status, 0, result.summary)
        XCTAssertFalse(loaded.contains("libavcodec"), "FFmpeg was loaded by a scene that plays no sound")
    }

    func testASoundDecodedOnceIsReadBackWithoutFFmpeg() async throws {
        // The ocean starts buoyBells at t = 0.
        func ocean(_ name: String) throws -> (loaded: String, audio: Data) {
            let wav = dir.appendingPathComponent("\(name).wav")
            let (loaded, result) = try run(name, ["--scene", "ch10-ocean", "--audio-out", wav.path, "--script", "at 1 quit"])
            XCTAssertEqual(result.status, 0, result.summary)
            return (loaded, try Data(contentsOf: wav))
        }
        let first = try ocean("first")
        XCTAssertTrue(first.loaded.contains("libavcodec"), "the first run decodes with FFmpeg")
        let entries = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("cache/zoetrope/sounds").path)
        XCTAssertEqual(entries.filter { $0.hasSuffix(".pcm") }.count, 1, "one decoded sound kept: \(entries)")
        let second = try ocean("second")
        XCTAssertFalse(second.loaded.contains("libavcodec"), "the second run reads the decoded sound back")
        XCTAssertEqual(second.audio, first.audio, "to the same samples")
    }
}
