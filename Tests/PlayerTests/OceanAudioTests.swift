import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// `ch10-ocean`'s bells on the virtual clock (spec 03 §3.4, §3.7 check 9), through the built player: the bundled
/// `buoyBells.m4a` starts with the scene at its first sample and plays on unrestarted, so each clang of the clip
/// (scripts/make-sounds puts them at known samples) rings at that sample of the mix; leaving the scene silences it
/// at once; a file that is missing or will not decode prints the book's line once and the scene goes on.
@MainActor
final class OceanAudioTests: XCTestCase {
    let rate = 44100
    /// The clangs of buoyBells.m4a, in samples (scripts/make-sounds, scripts/lib/bells.py).
    let clangs = [0, 66150, 196245, 337365, 396018, 538020, 685755, 749700, 870975, 936243]

    static let bells = E2E.packageRoot.appendingPathComponent("Resources/Sounds/buoyBells.m4a")

    func folder(_ tag: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-ocean-\(tag)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    /// Where a clang starts in `samples` (L + R), searched from 50 ms before `near` to 10 ms after: the first
    /// sample-to-sample step of at least half the largest step in its first 10 ms. A clang's first sample is silent
    /// and its partials rise together in 0.1 ms, so the step is at its second sample; the surf, the last clang's
    /// ring and the codec's pre-echo before it stay under half.
    func onset(in left: [Int16], _ right: [Int16], near n: Int) -> Int? {
        func v(_ i: Int) -> Int { Int(left[i]) + Int(right[i]) }
        let from = max(1, n - rate / 20), to = min(left.count - 1, n + rate / 100)
        let peak = (max(1, n)...to).map { abs(v($0) - v($0 - 1)) }.max() ?? 0
        return (from...to).first { abs(v($0) - v($0 - 1)) * 2 > peak }
    }

    /// The bundled clip: the mix is the decoded file from the scene's first sample, so every clang of the first
    /// 9.5 s rings at its own sample (±1); Escape at 9.5 s leaves the scene and the mix is silent from that sample.
    /// Drawn small (the sound does not depend on the window), so the 10 s run quickly.
    func testTheBellsRingAtTheirSamplesAndStopWhenTheSceneIsLeft() async throws {
        let wav = try folder("mix").appendingPathComponent("mix.wav")
        let r = try E2E.zoetrope(["--headless", "--scene", "ch10-ocean", "--size", "98x213", "--audio-out", wav.path,
                                  "--script", "at 0 audio; at 5 audio; at 9.5 key escape; at 9.6 audio; at 10 quit"],
                                 timeout: 300)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertFalse(r.stdout.contains("could not find and play the sound file"), r.stdout)
        let audio = r.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"audio\"") }.map(String.init)
        XCTAssertEqual(audio, [
            "{\"audio\":{\"playing\":[{\"asset\":\"buoyBells\",\"channel\":\"player\",\"position\":0}],\"system\":[],\"haptics\":[]}}",
            "{\"audio\":{\"playing\":[{\"asset\":\"buoyBells\",\"channel\":\"player\",\"position\":5}],\"system\":[],\"haptics\":[]}}",
            "{\"audio\":{\"playing\":[],\"system\":[],\"haptics\":[]}}",
        ])

        let mix = try WAVFile(contentsOf: wav)
        let left = mix.channel(0), right = mix.channel(1)
        XCTAssertEqual(left.count, 10 * rate)
        let leave = Int(9.5 * Double(rate))
        // The file as FFmpeg decodes it, and the mix, sample for sample up to the moment the scene is left.
        let decoded = try FFmpegDecoder.decode(Self.bells, sampleRate: rate, channels: 2)
        XCTAssertEqual(decoded.count, 2 * 1_058_400, "24.000 s")
        var differing = 0
        for i in 0..<leave where left[i] != decoded[2 * i] || right[i] != decoded[2 * i + 1] { differing += 1 }
        XCTAssertEqual(differing, 0, "the mix is the clip from its first sample on")
        XCTAssertNotEqual(left[0...10].map { abs(Int($0)) }.max(), 0, "sound from the first sample")
        XCTAssertEqual(left[leave...].map { abs(Int($0)) }.max(), 0, "silent from the sample the scene was left")
        XCTAssertEqual(right[leave...].map { abs(Int($0)) }.max(), 0)

        for n in clangs where n < leave - rate / 100 {
            let found = try XCTUnwrap(onset(in: left, right, near: n), "clang at sample \(n)")
            XCTAssertEqual(found, n + 1, accuracy: 1, "clang at sample \(n)")
        }
    }

    /// A stand-in `buoyBells.wav` (a 440 Hz tone, via `--assets`): its first sample is the mix's first sample, so the
    /// scene starts the sound at t = 0 exactly; it stops with Escape at 1.25 s to the sample.
    func testTheSceneStartsTheSoundAtItsFirstSample() async throws {
        let dir = try folder("tone")
        var samples: [Int16] = []
        for i in 0..<(5 * rate) {
            let v = Int16(16384 * sin(2 * Double.pi * 440 * Double(i) / Double(rate) + 0.3))
            samples += [v, v]
        }
        let writer = try WAVWriter(url: dir.appendingPathComponent("buoyBells.wav"))
        try samples.withUnsafeBufferPointer { try writer.append($0) }
        try writer.finish()
        let wav = dir.appendingPathComponent("mix.wav")
        let r = try E2E.zoetrope(["--headless", "--scene", "ch10-ocean", "--size", "98x213", "--assets", dir.path,
                                  "--audio-out", wav.path, "--script", "at 1.25 key escape; at 2 quit"], timeout: 300)
        XCTAssertEqual(r.status, 0, r.summary)
        let left = try WAVFile(contentsOf: wav).channel(0)
        XCTAssertEqual(left.count, 2 * rate)
        // 16384·sin(0.3) ≈ 4842: the tone's own first sample, at the mix's first sample.
        XCTAssertEqual(Int(left[0]), 4842, accuracy: 2)
        let stop = Int(1.25 * Double(rate))
        XCTAssertEqual(Array(left[0..<stop]), Array(samples[0..<(2 * stop)].enumerated().filter { $0.offset % 2 == 0 }.map(\.element)),
                       "the tone as it is, from its start")
        XCTAssertEqual(left[stop...].map { abs(Int($0)) }.max(), 0, "silent from the moment the scene is left")
    }

    /// §3.4: a file that will not decode, or no file at all, prints the book's line once (the scene plays it once)
    /// and the scene goes on.
    func testAMissingOrUndecodableFilePrintsTheBookLineOnce() async throws {
        let bad = try folder("bad")
        try Data("no bells in here".utf8).write(to: bad.appendingPathComponent("buoyBells.m4a"))
        let empty = try folder("empty")
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("Images"), withIntermediateDirectories: true)
        for (arguments, setting) in [(["--assets", bad.path], [String: String]()), ([], ["ZOETROPE_RESOURCES": empty.path])] {
            let r = try E2E.zoetrope(["--headless", "--scene", "ch10-ocean", "--size", "98x213"] + arguments
                                     + ["--script", "at 2.5 probe wave1; at 3 quit"],
                                     environment: E2E.environment(setting: setting), timeout: 300)
            XCTAssertEqual(r.status, 0, r.summary)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.filter { $0 == "could not find and play the sound file" }.count, 1, r.stdout)
            // The scene went on: wave 1 has rocked from −0.05 to flat at 2.5 s.
            let probe = try XCTUnwrap(lines.first { $0.hasPrefix("{\"probe\":\"wave1\"") }, r.stdout)
            let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(probe.utf8)) as? [String: Any])
            let k = try XCTUnwrap(((json["values"] as? [String: Any])?["yOffset"] as? [String: Any])?["presented"] as? Double)
            XCTAssertEqual(k, 0, accuracy: 0.001, probe)
        }
    }
}
