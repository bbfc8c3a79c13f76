import Backend
import Diagnostics
import Foundation
import Stage
import XCTest

/// A broken sound asset says so once, in one line naming the file and the problem, and FFmpeg's own log is silenced.
final class AudioBadAssetTests: XCTestCase {
    func testEmptyAndGarbageM4AWarnOnceEachOverManyPlays() throws {
        let dir = try AudioFixtures.tempDir(self)
        try Data().write(to: dir.appendingPathComponent("emptyClip.m4a"))
        try AudioFixtures.garbage(dir.appendingPathComponent("garbageClip.m4a"))

        let log = RunLog.shared
        let sink = log.sink
        var printed: [String] = []
        log.sink = { printed.append($0) }
        defer { log.sink = sink }
        let before = log.messages.count

        let engine = AudioEngine(mode: .offline, assets: AssetResolver(roots: [dir]), captureURL: nil, log: log.audio)
        defer { engine.close() }
        XCTAssertTrue(engine.canLoadSounds)
        for i in 0..<5 {
            engine.play("emptyClip", on: .player, at: Double(i) * 0.1)
            engine.play("garbageClip", on: .effect(0), at: Double(i) * 0.1)
            engine.advance(to: Double(i) * 0.1 + 0.05)
        }
        XCTAssertNil(engine.load("emptyClip"))
        XCTAssertNil(engine.load("garbageClip"))

        let messages = Array(log.messages[before...])
        let empty = messages.filter { $0.contains("emptyClip.m4a") }
        let garbage = messages.filter { $0.contains("garbageClip.m4a") }
        XCTAssertEqual(empty.count, 1, "\(messages)")
        XCTAssertEqual(garbage.count, 1, "\(messages)")
        XCTAssertTrue(empty.first?.contains(dir.appendingPathComponent("emptyClip.m4a").path) ?? false, "\(empty)")
        XCTAssertTrue(empty.first?.contains("empty (0 bytes)") ?? false, "names the problem: \(empty)")
        XCTAssertTrue(garbage.first?.contains("cannot decode sound file") ?? false, "\(garbage)")
        // Nothing else (the book's own line is the scene's to print).
        let others = messages.filter { !$0.contains("Clip.m4a") }
        XCTAssertEqual(others, [], "\(messages)")
        XCTAssertEqual(printed.filter { $0.contains("Clip.m4a") }.count, 2, "\(printed)")

        // FFmpeg's raw stderr lines ("moov atom not found", …) are off.
        XCTAssertEqual(FFmpegDecoder.libraryLogLevel, FFmpegDecoder.quietLogLevel)
    }
    // That FFmpeg is quiet from its very first use, in a fresh process, is PlayerTests/FFmpegFirstUseTests.
}
