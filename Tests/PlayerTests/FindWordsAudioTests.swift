import Foundation
import XCTest
import ZoetropeHarness

/// `find-words`' click (spec 04 §2.7) through the built player, headless: `buttonClick` starts with each New Word
/// click, its tick ≈55 ms later, peak ≈ −20 dBFS; a second click restarts it (one global player).
@MainActor
final class FindWordsAudioTests: XCTestCase {
    func testTheClickFollowsEachNewWord() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("find-words-audio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let wav = dir.appendingPathComponent("mix.wav")
        let r = try E2E.zoetrope(["--headless", "--scene", "find-words", "--seed", "2", "--audio-out", wav.path,
                                  "--script", "at 0.5 click newWordButton; at 0.52 audio; at 1.0 click newWordButton; at 1.03 click newWordButton; at 1.5 quit"],
                                 environment: E2E.environment(setting: ["XDG_CONFIG_HOME": dir.path]), timeout: 120)
        XCTAssertEqual(r.status, 0, r.summary)
        let audioLine = r.stdout.split(separator: "\n").first { $0.hasPrefix("{\"audio\"") }.map(String.init) ?? ""
        XCTAssertTrue(audioLine.contains("\"asset\":\"buttonClick\""), audioLine)
        XCTAssertTrue(audioLine.contains("\"haptics\":[\"medium\"]"), audioLine)

        let audio = try E2EWAV(contentsOf: wav)
        func onset(from t: Double) -> Double? {
            let a = audio.frame(at: t)
            return (a..<audio.frameCount).first { abs(audio.mono[$0]) > 0.005 }.map { Double($0) / Double(audio.sampleRate) }
        }
        // Silence before the first tick; the tick at click + 55 ms (±10 ms: the tick's ramp, the frame grid).
        XCTAssertEqual(audio.rmsDB(from: 0, to: 0.54), -.infinity)
        XCTAssertEqual(try XCTUnwrap(onset(from: 0)), 0.555, accuracy: 0.01)
        // The restart: the click at 1.0 is cut off by the one at 1.03 before its tick; one tick follows, at 1.085.
        XCTAssertEqual(audio.rmsDB(from: 0.6, to: 1.07), -.infinity, "no tick of the interrupted click")
        XCTAssertEqual(try XCTUnwrap(onset(from: 0.6)), 1.085, accuracy: 0.01)
        let peak = audio.mono[audio.frame(at: 0.5)..<audio.frame(at: 0.7)].map { abs($0) }.max() ?? 0
        XCTAssertEqual(Double(peak), 0.1, accuracy: 0.02, "peak ≈ −20 dBFS")
    }
}
