import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// `ch4-record-player`'s music on the virtual clock (spec 01 §2.4.1 "Audio"), through the built player: it starts
/// with the Play click to the sample, stops with the Stop click to the sample, and a file that cannot be decoded
/// prints the book's line on every Play while the scene goes on.
@MainActor
final class RecordPlayerAudioTests: XCTestCase {
    let rate = 44100

    /// A folder holding `music.wav`: a 0.5-amplitude 440 Hz tone, 10 s, so the mix is loud from its first sample.
    func toneAssets() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-music-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        var samples: [Int16] = []
        for i in 0..<(10 * rate) {
            let v = Int16(16384 * sin(2 * Double.pi * 440 * Double(i) / Double(rate) + 0.3))
            samples += [v, v]
        }
        let writer = try WAVWriter(url: dir.appendingPathComponent("music.wav"))
        try samples.withUnsafeBufferPointer { try writer.append($0) }
        try writer.finish()
        return dir
    }

    func testTheMusicStartsAndStopsWithTheClicksToTheSample() async throws {
        let assets = try toneAssets()
        let wav = assets.appendingPathComponent("mix.wav")
        let r = try E2E.zoetrope(["--headless", "--scene", "ch4-record-player", "--assets", assets.path, "--audio-out", wav.path,
                                  "--script", "at 0.5 click button; at 0.6 audio; at 3.5 click button; at 3.6 audio; at 5 quit"],
                                 timeout: 120)
        XCTAssertEqual(r.status, 0, r.summary)
        let audio = r.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"audio\"") }
        XCTAssertEqual(audio.count, 2, r.stdout)
        XCTAssertTrue(audio.first?.contains("\"asset\":\"music\"") ?? false, "playing at 0.6: \(audio)")
        XCTAssertTrue(audio.first?.contains("\"position\":0.1") ?? false, "from its start: \(audio)")
        XCTAssertEqual(audio.last.map(String.init), "{\"audio\":{\"playing\":[],\"system\":[],\"haptics\":[]}}")

        let left = try WAVFile(contentsOf: wav).channel(0)
        XCTAssertEqual(left.count, 5 * rate)
        let start = Int(0.5 * Double(rate)), stop = Int(3.5 * Double(rate))
        XCTAssertEqual(left[..<start].map { abs(Int($0)) }.max(), 0, "silent before Play")
        // The tone's first sample is 16384·sin(0.3) ≈ 4842: the music begins on the click's own frame.
        XCTAssertEqual(Int(left[start]), 4842, accuracy: 2)
        XCTAssertGreaterThan(left[start..<stop].map { abs(Int($0)) }.max() ?? 0, 16000, "playing between the clicks")
        XCTAssertEqual(left[stop...].map { abs(Int($0)) }.max(), 0, "silent from the Stop click on, no fade")
    }

    func testAnUndecodableFilePrintsTheBookLineOnEveryPlayAndTheSceneGoesOn() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-music-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        try Data("no music in here".utf8).write(to: dir.appendingPathComponent("music.m4a"))
        let r = try E2E.zoetrope(["--headless", "--scene", "ch4-record-player", "--assets", dir.path, "--script",
                                  "at 0.5 click button; at 1 click button; at 1.5 click button; at 2.5 probe record; at 3 quit"],
                                 timeout: 120)
        XCTAssertEqual(r.status, 0, r.summary)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0 == "Could not find and play the sound file" }.count, 2, "one per Play: \(r.stdout)")
        XCTAssertEqual(r.stderr.split(separator: "\n").filter { $0.contains("music.m4a") }.count, 1, "the file named once: \(r.stderr)")
        // The scene goes on: 1.0 s after the second Play the record still waits out its 1.5-s delay at 0°.
        XCTAssertTrue(lines.contains { $0.hasPrefix("{\"probe\":\"record\"") && $0.contains("\"presented\":0") }, r.stdout)
    }
}
