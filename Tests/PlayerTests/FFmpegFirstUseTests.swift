import Foundation
import XCTest
import ZoetropeHarness

/// A broken `.m4a` met by a fresh player process (FFmpeg opened for the first time there) is told once, in the
/// player's own line, and FFmpeg's own log ("moov atom not found", …) never reaches standard error.
@MainActor
final class FFmpegFirstUseTests: XCTestCase {
    func testAFreshProcessSaysOneLineAndFFmpegNothing() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ffmpeg-first-use-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // An MP4 header with no movie box: FFmpeg's mov demuxer logs "moov atom not found" unless silenced.
        var clip = Data([0, 0, 0, 24]) + Data("ftypM4A ".utf8) + Data([0, 0, 2, 0]) + Data("M4A mp42".utf8)
        clip += Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        let url = dir.appendingPathComponent("buoyBells.m4a")
        try clip.write(to: url)

        // The ocean starts buoyBells at t = 0 (its check 9); --assets is searched before the bundled sounds.
        let run = try E2E.zoetrope(["--headless", "--scene", "ch10-ocean", "--assets", dir.path, "--script", "at 0.5 quit"],
                                   timeout: 120)
        XCTAssertTrue(run.exitedNormally, run.summary)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let foreign = lines.filter { !$0.hasPrefix("zoetrope: ") }
        XCTAssertEqual(foreign, [], "only the player's own lines on standard error:\n\(run.summary)")
        let told = lines.filter { $0.contains(url.lastPathComponent) }
        XCTAssertEqual(told.count, 1, "one line names the file:\n\(run.summary)")
        XCTAssertTrue(told.first?.contains("cannot decode sound file") ?? false, "and says what is wrong: \(told)")
    }
}
