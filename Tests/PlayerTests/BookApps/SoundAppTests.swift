import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// The SoundBoard test app through `zoetrope run --audio-out`: `AVAudioPlayer` made from `Bundle.main` paths and
/// URLs plays the project's own files on the scene clock, from the click's time.
@MainActor
final class SoundAppTests: XCTestCase {
    func run(_ script: String, _ test: String) throws -> (E2EResult, E2EWAV) {
        let wav = BookApp.outputs(test).appendingPathComponent("mix.wav")
        let r = try BookApp.run(BookApp.folder.appendingPathComponent("SoundBoard"), script: script, ["--audio-out", wav.path])
        XCTAssertEqual(r.status, 0, r.summary)
        return (r, try E2EWAV(contentsOf: wav))
    }

    /// The chime (a bell struck at its first sample) starts at the click, within a frame, on the player channel.
    func testTheChimeStartsAtTheClick() async throws {
        let (r, wav) = try run("at 1 click text:Chime; at 1.5 audio; at 2.5 quit", "sound-chime")
        XCTAssertLessThan(wav.rmsDB(from: 0, to: 0.99), -90, "silent before the click")
        let onset = try XCTUnwrap(wav.firstWindow(above: -40, from: 0, to: 2.5, window: 0.002, hop: 0.0005))
        XCTAssertEqual(onset, 1.0, accuracy: 1.0 / 60)
        XCTAssertGreaterThan(wav.rmsDB(from: 1.0, to: 1.5), -30, "the bell rings on")
        let audio = r.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"audio\"") }
        XCTAssertEqual(audio.count, 1)
        XCTAssertTrue(audio.first?.contains("{\"asset\":\"chime\",\"channel\":\"player\",\"position\":0.5}") ?? false,
                      String(audio.first ?? ""))
    }

    /// The hum (a 0.5-s 440 Hz tone at half scale) loops without a gap from its click until Quiet stops it.
    func testTheHumLoopsUntilStopped() async throws {
        let (_, wav) = try run("at 0.5 click text:Hum; at 2.3 click text:Quiet; at 3 quit", "sound-hum")
        let onset = try XCTUnwrap(wav.firstWindow(above: -40, from: 0, to: 3, window: 0.002, hop: 0.0005))
        XCTAssertEqual(onset, 0.5, accuracy: 1.0 / 60)
        // Every 20 ms from the start to the stop holds the tone at about −9 dB (half scale: −6 dBFS peak, −9 RMS);
        // the loop seams at 1.0, 1.5 and 2.0 s are inside.
        var t = 0.52
        while t < 2.28 {
            XCTAssertEqual(wav.toneDB(440, from: t, to: t + 0.02), -6, accuracy: 2.5, "at \(t)")
            t += 0.02
        }
        XCTAssertLessThan(wav.rmsDB(from: 2.32, to: 3), -90, "stopped")
    }

    /// A sound the project does not have is only reported (the book's own message), and the app plays on.
    func testAMissingSoundIsReportedAndTheAppGoesOn() async throws {
        let (r, wav) = try run("at 0.5 click text:Missing; at 1 click text:Chime; at 1.5 quit", "sound-missing")
        XCTAssertTrue(r.stdout.contains("No gong.wav in the app"), r.stdout)
        XCTAssertLessThan(wav.rmsDB(from: 0, to: 0.99), -90)
        let onset = try XCTUnwrap(wav.firstWindow(above: -40, from: 0, to: 1.5, window: 0.002, hop: 0.0005))
        XCTAssertEqual(onset, 1.0, accuracy: 1.0 / 60)
    }
}
