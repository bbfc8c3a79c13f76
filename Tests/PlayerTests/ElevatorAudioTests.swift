import Backend
import Player
import Stage
import XCTest

/// The ride as the mixer plays it: our own .m4a files decoded with FFmpeg, mixed on the virtual clock.
final class ElevatorAudioTests: XCTestCase {
    func testAudioStateDuringARide() throws {
        let h = try Harness(scene: "elevator", size: Size(393, 759))
        h.click(393.0 / 33, 379.5)
        h.advance(to: 0.4)
        XCTAssertNil(h.nowPlaying())
        h.advance(to: 1.0)
        let door = try XCTUnwrap(h.nowPlaying())
        XCTAssertEqual(door.name, "doorsOpenClose")
        XCTAssertEqual(door.position, 0.5, accuracy: 0.001)
        h.advance(to: 6)
        XCTAssertNil(h.nowPlaying(), "the 3.8-s door sound has ended")
        h.click(393.0 / 33, 379.5)        // ride at 6
        h.advance(to: 11.6)
        XCTAssertEqual(h.nowPlaying()?.name, "elevatorChime")
        XCTAssertEqual(h.nowPlaying()?.position ?? 0, 0.1, accuracy: 0.001)
        h.advance(to: 14.6)
        XCTAssertEqual(h.nowPlaying()?.name, "doorsOpenClose", "the door sound cut the chime at 14.5")
        XCTAssertEqual(h.nowPlaying()?.position ?? 0, 0.1, accuracy: 0.001)
    }

    func testCapturedRideHasEachSoundAtItsTime() throws {
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-ride-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        do {
            let h = try Harness(scene: "elevator", size: Size(393, 759), audioOut: wav)
            h.advance(to: 0.5)
            h.click(393.0 / 33, 379.5)    // call: door sound at 1.0
            h.advance(to: 6)
            h.click(393.0 / 33, 379.5)    // ride: door 6.5, chime 11.5, door 14.5
            h.advance(to: 16)
            h.audio.close()
        }
        let file = try WAVFile(contentsOf: wav)
        let left = file.channel(0)
        func rms(_ t: Double, _ d: Double = 0.01) -> Double {
            let a = Int(t * 44100), b = min(left.count, Int((t + d) * 44100))
            guard b > a else { return 0 }
            let s = left[a..<b].reduce(0.0) { $0 + Double($1) * Double($1) }
            return (s / Double(b - a)).squareRoot() / 32768
        }
        func firstLoud(after t: Double, until end: Double, threshold: Double = 0.01) -> Double? {
            var x = t
            while x < end { if rms(x) > threshold { return x }; x += 0.001 }
            return nil
        }
        XCTAssertEqual(rms(0, 1.0), 0, "silence before the first door sound")
        // The door sound is silent for its first 0.15 s, then rises (our recording: above −40 dBFS at 0.155 s).
        XCTAssertEqual(try XCTUnwrap(firstLoud(after: 0.9, until: 2)) - 1.0, 0.155, accuracy: 0.02)
        XCTAssertEqual(try XCTUnwrap(firstLoud(after: 6.4, until: 7.5)) - 6.5, 0.155, accuracy: 0.02)
        // The chime strikes at once: loud from its first 10 ms, while the door sound has long ended.
        XCTAssertLessThan(rms(11.40, 0.09), 0.001)
        XCTAssertEqual(try XCTUnwrap(firstLoud(after: 11.3, until: 12)), 11.5, accuracy: 0.012)
        // At 14.5 the door sound replaces the chime: its silent lead-in shows the chime is gone within 20 ms.
        XCTAssertGreaterThan(rms(14.45, 0.04), 0.00001, "the chime's tail still rings before 14.5")
        XCTAssertEqual(rms(14.52, 0.1), 0, "silent after the cut: the door sound starts with 0.15 s of silence")
    }
}
