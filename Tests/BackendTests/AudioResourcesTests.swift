import Backend
import Diagnostics
import Foundation
import Stage
import XCTest

/// The repository's own sounds (Resources/Sounds), decoded and played through the engine with the checkout's
/// Resources folder as the asset root.
final class AudioResourcesTests: XCTestCase {
    /// <checkout>/Resources, found from this file's path (Tests/BackendTests/…).
    static let resources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Resources").resolvingSymlinksInPath()

    func requireSound(_ file: String) throws {
        let url = Self.resources.appendingPathComponent("Sounds").appendingPathComponent(file)
        guard FileManager.default.fileExists(atPath: url.path) else { throw MissingSound(path: url.path) }
    }

    struct MissingSound: Error, CustomStringConvertible {
        let path: String
        var description: String { "missing bundled sound \(path) (04 §1.9)" }
    }

    func makeEngine(capture: URL?) -> (AudioEngine, RunLog) {
        let log = RunLog.quiet()
        let engine = AudioEngine(mode: .offline, assets: AssetResolver(roots: [Self.resources]), captureURL: capture,
                                 log: log.audio)
        addTeardownBlock { engine.close() }
        return (engine, log)
    }

    /// 04 §1.9: doorsOpenClose 3.800 s, elevatorChime 3.367 s, AAC-LC 44.1 kHz; both decode through FFmpeg.
    func testElevatorSoundsDecodeThroughTheEngine() throws {
        try requireSound("doorsOpenClose.m4a")
        try requireSound("elevatorChime.m4a")
        let (engine, log) = makeEngine(capture: nil)
        for (name, duration) in [("doorsOpenClose", 3.800), ("elevatorChime", 3.367)] {
            let sound = try XCTUnwrap(engine.load(name), "\(name): \(log.messages)")
            XCTAssertEqual(sound.url.lastPathComponent, name + ".m4a")
            XCTAssertEqual(engine.duration(of: name) ?? 0, duration, accuracy: 0.05, name)
            let x = Signal.channel(sound.samples, 0)[...]
            let peak = Signal.peak(x)
            XCTAssertGreaterThan(peak, 0.05 * 32768, "\(name) is almost silent")
            XCTAssertLessThan(peak, 32767, "\(name) clips")
            // Direct decode agrees with the engine's chunk.
            let pcm = try FFmpegDecoder.decode(sound.url, sampleRate: 44100, channels: 2)
            XCTAssertEqual(pcm.count, sound.samples.count, name)
        }
        XCTAssertTrue(log.messages.isEmpty, "\(log.messages)")
    }

    /// 01 §2.4.1: the record player's `music`, AAC-LC in m4a, 30–120 s, sound from its first instant (the music
    /// starts with the click), not clipped, and fading out at its end.
    func testRecordPlayerMusicDecodesThroughTheEngine() throws {
        try requireSound("music.m4a")
        let (engine, log) = makeEngine(capture: nil)
        let sound = try XCTUnwrap(engine.load("music"), "\(log.messages)")
        let duration = try XCTUnwrap(engine.duration(of: "music"))
        XCTAssertTrue((30...120).contains(duration), "\(duration) s")
        let x = Signal.channel(sound.samples, 0)
        XCTAssertLessThan(Signal.peak(x[...]), 32767, "clips")
        XCTAssertGreaterThan(Signal.peak(x[..<2205]), 0.2 * 32768, "loud within the first 50 ms")
        XCTAssertLessThan(Signal.peak(x[(x.count - 441)...]), 0.01 * 32768, "faded out at its end")
        XCTAssertTrue(log.messages.isEmpty, "\(log.messages)")
    }

    /// The elevator's ride (04 §1.12 checks 3 and 7) on the virtual clock: doors at 0.5, chime at 5.5, doors at 8.5
    /// cutting the chime.
    func testElevatorRideCapture() throws {
        try requireSound("doorsOpenClose.m4a")
        try requireSound("elevatorChime.m4a")
        let dir = try AudioFixtures.tempDir(self)
        let out = dir.appendingPathComponent("ride.wav")
        let (engine, _) = makeEngine(capture: out)
        engine.play("doorsOpenClose", on: .player, at: 0.5)
        engine.play("elevatorChime", on: .player, at: 5.5)
        engine.play("doorsOpenClose", on: .player, at: 8.5)
        var reports: [Double: String] = [:]
        for frame in 1...(13 * 60) {
            let t = Double(frame) / 60
            engine.advance(to: t)
            if [1.0, 6.0, 9.0].contains(where: { abs($0 - t) < 1e-9 }) { reports[t] = engine.nowPlaying(.player)?.name }
        }
        let door = try XCTUnwrap(engine.load("doorsOpenClose")).samples
        let chime = try XCTUnwrap(engine.load("elevatorChime")).samples
        engine.close()
        XCTAssertEqual(reports[1.0], "doorsOpenClose")
        XCTAssertEqual(reports[6.0], "elevatorChime")
        XCTAssertEqual(reports[9.0], "doorsOpenClose")

        let wav = try WAVFile(contentsOf: out)
        XCTAssertEqual(wav.frameCount, 13 * 44100)
        let s = wav.samples
        // Nothing before 0.5 s; the door sound exactly from 0.5 s; the chime exactly from 5.5 s until 8.5 s; the door
        // again exactly from 8.5 s (the chime is cut at once).
        XCTAssertTrue(s[0..<(22050 * 2)].allSatisfy { $0 == 0 })
        XCTAssertEqual(Array(s[(22050 * 2)..<(22050 * 2 + door.count)]), door)
        XCTAssertTrue(s[(22050 * 2 + door.count)..<(5 * 44100 * 2 + 22050 * 2)].allSatisfy { $0 == 0 })
        let chimeStart = 5 * 44100 + 22050, doorAgain = 8 * 44100 + 22050
        let chimePart = min(chime.count, (doorAgain - chimeStart) * 2)
        XCTAssertEqual(Array(s[(chimeStart * 2)..<(chimeStart * 2 + chimePart)]), Array(chime[0..<chimePart]))
        XCTAssertEqual(Array(s[(doorAgain * 2)..<(doorAgain * 2 + door.count)]), door)
    }
}
