import Foundation
import XCTest
import ZoetropeHarness

/// `find-words` in a real window under Xvfb (spec 04 §2.13, end to end): New Word clicked with the real X pointer,
/// words typed with `xdotool type` and Return; the result read from the run's own `--script` probes, the click
/// sound from its `--audio-out` WAV. `--seed` makes the base word known in advance; with the real Hunspell
/// dictionary the base word itself is a valid find. Settings live in a temporary `XDG_CONFIG_HOME`.
@MainActor
final class FindWordsWindowTests: XCTestCase {
    func configHome() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("find-words-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        return dir
    }

    func probedText(_ node: String, in stdout: String) -> String? { E2E.probedText(node, in: stdout) }

    func state(_ key: String, node: String, in stdout: String) -> Any? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("{\"probe\":\"\(node)\"") }),
              let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return (json["values"] as? [String: Any])?["state." + key]
    }

    /// The base word New Word draws first with this seed (headless, the same generator).
    func firstBaseWord(seed: Int, config: URL) throws -> String {
        let r = try E2E.zoetrope(["--headless", "--scene", "find-words", "--seed", "\(seed)",
                                  "--script", "at 0.5 click newWordButton; at 0.6 probe baseWord; at 1 quit"],
                                 environment: E2E.environment(setting: ["XDG_CONFIG_HOME": config.path]), timeout: 120)
        XCTAssertEqual(r.status, 0, r.summary)
        return try XCTUnwrap(probedText("baseWord", in: r.stdout), r.summary)
    }

    func testTypingWordsInARealWindow() async throws {
        try E2E.requireTools(["Xvfb", "xdotool"])
        let binary = try E2E.binary()
        let config = try configHome()
        let word = try firstBaseWord(seed: 5, config: config)
        XCTAssertEqual(word.count, 8, "an 8-letter English word (the fallback list, F2): \(word)")

        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let wav = config.appendingPathComponent("mix.wav")
        // The probes run at scene time 40 s, well after the typing below; then the run quits by itself.
        let player = try E2EChild(binary.path, ["--scene", "find-words", "--seed", "5", "--audio-out", wav.path,
                                                "--script", "at 40 probe *; at 40.5 quit"],
                                  environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy", "XDG_CONFIG_HOME": config.path]))
        defer { player.stop() }
        let found = try x.xdotool(["search", "--sync", "--onlyvisible", "--name", "Find Words"], timeout: 30)
        let window = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window\n\(player.stderr)")
        // Each step waits for what the window shows, read from its pixels.
        func shot() throws -> E2EImage {
            guard player.isRunning else { throw E2E.Failure("the player exited early: \(player.result(timedOut: false).summary)") }
            return try x.screenshot(window: window, to: E2E.outputDirectory.appendingPathComponent("find-words-window.png"))
        }
        /// The pixels of a box round (cx, cy), 2·hw × 2·hh.
        func box(_ image: E2EImage, _ cx: Int, _ cy: Int, _ hw: Int, _ hh: Int) -> [[Int]] {
            (cy - hh..<cy + hh).flatMap { yy in (cx - hw..<cx + hw).map { xx in let p = image.pixel(xx, yy); return [p.r, p.g, p.b] } }
        }
        /// Dark (text) pixels in the text field, whose caret is a thin line and whose placeholder is light grey.
        func fieldInk(_ image: E2EImage) -> Int { box(image, 196, 401, 140, 14).filter { $0.allSatisfy { $0 < 100 } }.count }

        // Content 393×759: New Word's centre (196.5, 253.5), the text field's (196.5, 401.5) (probed headless).
        try poll("the scene drawn: New Word's label", timeout: 20) { Set(box(try shot(), 196, 253, 50, 10)).count > 2 }
        let idle = try shot()
        try x.xdotool(["mousemove", "--window", window, "196", "253", "click", "1"])
        try poll("New Word's flip", timeout: 10) { try shot().rgb != idle.rgb }
        let unfocused = box(try shot(), 196, 401, 140, 14)
        try x.xdotool(["mousemove", "--window", window, "196", "401", "click", "1"])
        try poll("the field's focus", timeout: 10, interval: 0.1) { box(try shot(), 196, 401, 140, 14) != unfocused }
        try x.xdotool(["type", "--delay", "60", word])
        try poll("the typed word in the field", timeout: 10) { fieldInk(try shot()) > 150 }
        try x.xdotool(["key", "Return"])
        try poll("the field emptied by an accepted word", timeout: 10) { fieldInk(try shot()) < 60 }
        try x.xdotool(["type", "--delay", "60", "qqqq"])
        try x.xdotool(["key", "Return"])

        XCTAssertTrue(player.wait(timeout: 60), "the script's quit")
        let out = player.stdout
        XCTAssertEqual(probedText("baseWord", in: out), word, "New Word showed the seeded word\n\(player.stderr)")
        XCTAssertNotNil(out.range(of: "{\"probe\":\"text:\(word)\""), "the base word itself was accepted into the list\n\(out)")
        XCTAssertEqual(probedText("foundWordsCount", in: out), "1")
        XCTAssertEqual(probedText("letterAverageCount", in: out), "8")
        XCTAssertEqual(probedText("textField", in: out), "qqqq", "the rejected word stays in the field")
        XCTAssertEqual(state("errorTitle", node: "baseWord", in: out) as? String, "This word is not possible")

        // The click: silent before it, one tick of about −20 dBFS, within the WAV.
        let audio = try E2EWAV(contentsOf: wav)
        var peak: Float = 0, at = 0
        for (i, v) in audio.mono.enumerated() where abs(v) > peak { peak = abs(v); at = i }
        XCTAssertEqual(Double(peak), 0.1, accuracy: 0.03, "the click's peak (−20 dBFS)")
        let loud = audio.mono.indices.filter { abs(audio.mono[$0]) > 0.01 }
        XCTAssertLessThan(Double(loud.last! - loud.first!) / Double(audio.sampleRate), 0.03, "one short tick, at \(at)")
    }
}
