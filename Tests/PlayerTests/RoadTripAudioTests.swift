import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// `roadtrip-test-drive`'s two players through the built binary (spec 06 §1.B.4, §2.7, checks 31 and 38): the tap at
/// 0.5 s plays BurnRubber on the system-sound service, the engine loop starts 0.2 s later, both play together, the
/// loop runs seamlessly until A4's completion at 12.5 s stops it; the `audio` lines report both.
@MainActor
final class RoadTripAudioTests: XCTestCase {
    let rate = 44100

    /// The samples of a 16-bit mono AIFF as scripts/lib/roadtrip.py writes it (big-endian, one SSND chunk).
    func aiff(_ name: String) throws -> [Int16] {
        let data = try Data(contentsOf: E2E.packageRoot.appendingPathComponent("Resources/Sounds/roadtrip/\(name).aif"))
        let bytes = [UInt8](data)
        let ssnd = try XCTUnwrap(data.range(of: Data("SSND".utf8))).lowerBound
        let size = Int(bytes[ssnd + 4]) << 24 | Int(bytes[ssnd + 5]) << 16 | Int(bytes[ssnd + 6]) << 8 | Int(bytes[ssnd + 7])
        let start = ssnd + 16, count = (size - 8) / 2
        return (0..<count).map { Int16(bitPattern: UInt16(bytes[start + 2 * $0]) << 8 | UInt16(bytes[start + 2 * $0 + 1])) }
    }

    func testBurnRubberThenTheEngineLoopUntilTheDriveEnds() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-roadtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("mix.wav")
        let r = try E2E.zoetrope(["--headless", "--scene", "roadtrip-test-drive", "--size", "80x142", "--audio-out", wav.path,
                                  "--script", "at 0.5 click testDrive; at 0.6 audio; at 12.4 audio; at 12.6 audio; at 13 quit"],
                                 timeout: 300)
        XCTAssertEqual(r.status, 0, r.summary)
        let audio = r.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"audio\"") }.map(String.init)
        XCTAssertEqual(audio, [
            "{\"audio\":{\"playing\":[{\"asset\":\"BurnRubber\",\"channel\":\"effect.0\",\"position\":0.1}],\"system\":[\"BurnRubber\"],\"haptics\":[]}}",
            "{\"audio\":{\"playing\":[{\"asset\":\"CarRunning\",\"channel\":\"player\",\"position\":2.7}],\"system\":[\"BurnRubber\"],\"haptics\":[]}}",
            "{\"audio\":{\"playing\":[],\"system\":[\"BurnRubber\"],\"haptics\":[]}}",
        ])

        let mix = try WAVFile(contentsOf: wav)
        let left = mix.channel(0), right = mix.channel(1)
        XCTAssertEqual(left.count, 13 * rate)
        let burn = try aiff("BurnRubber"), engine = try aiff("CarRunning")
        XCTAssertEqual(burn.count, 8820, "0.2 s")
        XCTAssertEqual(engine.count, 3 * rate, "a 3-s loop")
        func frame(_ t: Double) -> Int { Int((t * Double(rate)).rounded()) }
        let tap = frame(0.5), start = frame(0.7), stop = frame(12.5)
        XCTAssertEqual(left[..<tap].map { abs(Int($0)) }.max(), 0, "silent before the tap")
        // 0.5–0.7 s: the squeal alone, from the tap's own sample; it ends as the engine starts. (SDL_mixer's mono →
        // stereo conversion of this chunk rounds some samples down by one.)
        var differing = 0
        for i in tap..<start where abs(Int(left[i]) - Int(burn[i - tap])) > 1 || left[i] != right[i] { differing += 1 }
        XCTAssertEqual(differing, 0, "the mix is BurnRubber from the tap's sample")
        // 0.7–12.5 s: the engine from its first sample, looping without a restart gap (its 4th loop starts at 9.7 s).
        differing = 0
        for i in start..<stop where Int(left[i]) != Int(engine[(i - start) % engine.count]) { differing += 1 }
        XCTAssertEqual(differing, 0, "the mix is CarRunning looped from 0.2 s after the tap")
        XCTAssertEqual(left[stop...].map { abs(Int($0)) }.max(), 0, "silent from A4's completion at t = 12 of the drive")
        // Normalised below BurnRubber (spec 06 §3.2).
        XCTAssertLessThan(engine.map { abs(Int($0)) }.max()!, burn.map { abs(Int($0)) }.max()! / 2)
    }

    /// A second drive: its squeal from its tap's sample, then the engine resumes where the first drive stopped it,
    /// 2.8 s into the loop (not rewound, spec 06 §5.9).
    func testTheSecondDriveResumesTheLoopWhereItStopped() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-roadtrip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("mix.wav")
        let r = try E2E.zoetrope(["--headless", "--scene", "roadtrip-test-drive", "--size", "80x142", "--audio-out", wav.path,
                                  "--script", "at 0 click testDrive; at 12.5 click testDrive; at 12.8 audio; at 13 quit"],
                                 timeout: 300)
        XCTAssertEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stdout.contains("{\"asset\":\"CarRunning\",\"channel\":\"player\",\"position\":2.9}"), r.stdout)
        XCTAssertTrue(r.stdout.contains("\"system\":[\"BurnRubber\",\"BurnRubber\"]"), r.stdout)
        let left = try WAVFile(contentsOf: wav).channel(0)
        let engine = try aiff("CarRunning"), burn = try aiff("BurnRubber")
        let tap = Int((12.5 * Double(rate)).rounded())
        XCTAssertEqual((0..<burn.count).filter { abs(Int(left[tap + $0]) - Int(burn[$0])) > 1 }.count, 0, "the squeal")
        // From 12.7 s the engine resumes at 2.8 s into its loop.
        let resume = Int((12.7 * Double(rate)).rounded()), at = Int((2.8 * Double(rate)).rounded())
        var differing = 0
        for i in resume..<left.count where Int(left[i]) != Int(engine[(at + i - resume) % engine.count]) { differing += 1 }
        XCTAssertEqual(differing, 0)
    }
}
