import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// `at T seek S` (issue 14's scrub, headless): the scene made again and its history replayed reproduces the frame at
/// S pixel for pixel, backwards and forwards, with clicks, drags, keys and seeded randomness; input after a seek
/// point is dropped once the scene plays on from it; seeking plays no sound of its own.
@MainActor
final class SeekTests: XCTestCase {
    private func dir(_ name: String) throws -> URL {
        let d = E2E.outputDirectory.appendingPathComponent("seek-\(name)")
        try FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }

    /// Runs the player headless on `scene` with `script` (`%` stands for the output folder) and returns the folder.
    @discardableResult
    private func run(_ name: String, scene: String, seed: Int = 0, _ script: String, extra: [String] = []) throws -> URL {
        let d = try dir(name)
        let r = try E2E.zoetrope(["--headless", "--scene", scene, "--seed", "\(seed)", "--script",
                                  script.replacingOccurrences(of: "%", with: d.path)] + extra,
                                 environment: E2E.environment(setting: ["SDL_AUDIODRIVER": "dummy"]), timeout: 180)
        XCTAssertEqual(r.status, 0, r.summary)
        return d
    }

    private func picture(_ d: URL, _ file: String) throws -> Framebuffer {
        try Framebuffer.loadPNG(d.appendingPathComponent(file))
    }

    private func assertSame(_ d: URL, _ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let x = try picture(d, a), y = try picture(d, b)
        XCTAssertEqual(x.width, y.width, file: file, line: line)
        XCTAssertEqual(x.height, y.height, file: file, line: line)
        var differing = 0
        for i in stride(from: 0, to: min(x.pixels.count, y.pixels.count), by: 4)
        where x.pixels[i] != y.pixels[i] || x.pixels[i + 1] != y.pixels[i + 1] || x.pixels[i + 2] != y.pixels[i + 2] {
            differing += 1
        }
        XCTAssertEqual(differing, 0, "\(a) and \(b) in \(d.path) differ in \(differing) pixels", file: file, line: line)
    }

    private func assertDifferent(_ d: URL, _ a: String, _ b: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let same = try picture(d, a).pixels == picture(d, b).pixels
        XCTAssertFalse(same, "\(a) and \(b) in \(d.path) should differ", file: file, line: line)
    }

    /// The scrub's script: the frame at 5 (and at 0.7) live, then seeks back to them from later times — a seek
    /// backwards, a seek back then forwards at one instant (the forward one goes on from the first), and a seek to a
    /// time that was shown only as a screenshot.
    private func seekScript(_ input: String) -> String {
        """
        \(input)
        at 0.7 screenshot %/live-0.7.png
        at 5 screenshot %/live-5.png
        at 7.9 screenshot %/live-7.9.png
        at 8 seek 5
        at 8 screenshot %/back-5.png
        at 9 seek 2
        at 9 seek 5
        at 9 screenshot %/back-2-then-5.png
        at 10 seek 0.7
        at 10 screenshot %/back-0.7.png
        at 10.5 quit
        """
    }

    private func checkSeeks(_ d: URL) throws {
        try assertDifferent(d, "live-0.7.png", "live-5.png")
        try assertSame(d, "live-5.png", "back-5.png")
        try assertSame(d, "live-5.png", "back-2-then-5.png")
        try assertSame(d, "live-0.7.png", "back-0.7.png")
    }

    func testSeekReproducesTheElevatorWithClicks() async throws {
        let d = try run("elevator", scene: "elevator",
                        seekScript("at 0.5 click callButton\nat 3.2 click callButton"))
        try checkSeeks(d)
        try assertDifferent(d, "live-5.png", "live-7.9.png")
    }

    func testSeekReproducesTheMagicWandWithDragsAndASeed() async throws {
        let d = try run("magic-wand", scene: "magic-wand", seed: 7, seekScript("""
            at 0.5 drag 100,600 -> 300,200 over 2
            at 4 drag 300,300 -> 50,80 over 0.7
            """))
        try checkSeeks(d)
    }

    func testSeekReproducesTheBlizzardWithASeed() async throws {
        // A short run: the blizzard is the heaviest scene to draw headless.
        let d = try run("blizzard", scene: "snow-blizzard", seed: 42, """
            at 0.7 screenshot %/live-0.7.png
            at 2 screenshot %/live-2.png
            at 2.5 seek 2
            at 2.5 screenshot %/back-2.png
            at 3 seek 0.5
            at 3 seek 2
            at 3 screenshot %/back-0.5-then-2.png
            at 3.2 seek 0.7
            at 3.2 screenshot %/back-0.7.png
            at 3.3 quit
            """)
        try assertDifferent(d, "live-0.7.png", "live-2.png")
        try assertSame(d, "live-2.png", "back-2.png")
        try assertSame(d, "live-2.png", "back-0.5-then-2.png")
        try assertSame(d, "live-0.7.png", "back-0.7.png")
    }

    func testSeekReproducesKeysAndClicksInViews() async throws {
        // Find The Color: Tab to the first slider, arrows move it, Check Score shows the score.
        let d = try run("find-the-color", scene: "find-the-color", seed: 3, seekScript("""
            at 0.4 key tab
            at 0.5 key right
            at 0.6 key pageup
            at 0.7 key pageup
            at 1 click check-score-button
            """))
        try checkSeeks(d)
    }

    /// After a seek the scene plays on from the seek point with a new history: the click after it is not replayed.
    /// While the scene sits at the seek point (more seeks at the same instant), the history after it is kept.
    func testInputAfterTheSeekPointIsDroppedWhenTheScenePlaysOn() async throws {
        let d = try run("drop-rule", scene: "elevator", """
            at 1 click callButton
            at 2.5 screenshot %/with-click-2.5.png
            at 3 seek 0.5
            at 3 seek 2.5
            at 3 screenshot %/kept-2.5.png
            at 4 seek 0.5
            at 6 screenshot %/dropped-2.5.png
            at 6.5 seek 2.5
            at 6.5 screenshot %/dropped-replayed-2.5.png
            at 6.6 quit
            """)
        let plain = try run("drop-rule-plain", scene: "elevator", "at 2.5 screenshot %/plain-2.5.png; at 2.6 quit")
        try assertSame(d, "with-click-2.5.png", "kept-2.5.png")
        let dropped = try picture(d, "dropped-2.5.png"), noClick = try picture(plain, "plain-2.5.png")
        XCTAssertTrue(dropped.pixels == noClick.pixels, "at 4 the scene played on from 0.5 without the click at 1")
        XCTAssertTrue(try picture(d, "dropped-replayed-2.5.png").pixels == noClick.pixels,
                       "a later seek replays the new history, without the click at 1")
        try assertDifferent(d, "with-click-2.5.png", "dropped-2.5.png")
    }

    /// Seeking plays nothing of its own: the sound after a seek to S at T is the sound the plain run had from S,
    /// moved to T, sample for sample (the door sound, playing at S, is taken up at its position), and before T the
    /// two runs are the same.
    func testSeekingIsSilentAndTakesUpTheSoundPlayingAtTheSeekPoint() async throws {
        let d = try dir("audio")
        let seekWAV = d.appendingPathComponent("seek.wav"), plainWAV = d.appendingPathComponent("plain.wav")
        try run("audio", scene: "elevator", "at 0.5 click callButton; at 8 seek 3; at 12 quit", extra: ["--audio-out", seekWAV.path])
        try run("audio", scene: "elevator", "at 0.5 click callButton; at 9 quit", extra: ["--audio-out", plainWAV.path])
        let seek = try E2EWAV(contentsOf: seekWAV), plain = try E2EWAV(contentsOf: plainWAV)
        XCTAssertGreaterThan(plain.rmsDB(from: 3, to: 3.5), -40, "the door sound plays at 3 s")
        XCTAssertEqual(Array(seek.samples[0..<(2 * seek.frame(at: 8))]), Array(plain.samples[0..<(2 * plain.frame(at: 8))]),
                       "the same sound up to the seek")
        let from = seek.frame(at: 8), length = plain.frame(at: 7) - plain.frame(at: 3)
        let after = Array(seek.samples[(2 * from)..<(2 * (from + length))])
        let expected = Array(plain.samples[(2 * plain.frame(at: 3))..<(2 * (plain.frame(at: 3) + length))])
        var worst: Float = 0
        for (a, b) in zip(after, expected) { worst = max(worst, abs(a - b)) }
        XCTAssertEqual(worst, 0, "after the seek: the sound of 3 s on, taken up at its position, and nothing else")
    }
}
