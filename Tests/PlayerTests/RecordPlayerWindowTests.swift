import Foundation
import XCTest
import ZoetropeHarness

/// `ch4-record-player` in a real window under Xvfb, clicked with the real X pointer (xdotool), checked from window
/// pixels: Play turns the label to Stop with a red square, swings the arm onto the record and spins it.
@MainActor
final class RecordPlayerWindowTests: XCTestCase {
    func testPlayInARealWindow() async throws {
        try E2E.requireTools(["Xvfb", "xdotool", "import", "convert"])
        let binary = try E2E.binary()
        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let player = try E2EChild(binary.path, ["--scene", "ch4-record-player"],
                                  environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy"]))
        defer { player.stop() }
        let found = try x.xdotool(["search", "--sync", "--onlyvisible", "--name", "Record Player"], timeout: 30)
        let window = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window\n\(player.stderr)")
        let out = E2E.outputDirectory
        func screenshot(_ name: String) throws -> E2EImage {
            guard player.isRunning else { throw E2E.Failure("the player exited early: \(player.result(timedOut: false).summary)") }
            return try x.screenshot(window: window, to: out.appendingPathComponent(name))
        }
        // The content is 390×844 (the screen is 1024 high): C = (195, 422), the button at C + (−105, 135).
        var idle = try screenshot("record-idle.png")
        try poll("the record player to be drawn", timeout: 15) {
            idle = try screenshot("record-idle.png")
            return idle.width == 390 && idle.pixel(195, 172, is: 0xACACAC, tolerance: 4)
        }
        XCTAssertTrue(idle.pixel(195, 172, is: 0xACACAC, tolerance: 4), "the backdrop's grey, got \(idle.describe(195, 172))")
        XCTAssertTrue(idle.pixel(195, 252, is: 0x000000, tolerance: 10), "the box border, got \(idle.describe(195, 252))")
        let button = (x: 90, y: 557)
        // System red pixels right of the label (where the stop square appears).
        func red(_ image: E2EImage) -> Int {
            var n = 0
            for yy in button.y - 10..<button.y + 10 {
                for xx in button.x..<button.x + 40 where image.pixel(xx, yy, is: 0xFF3B30, tolerance: 30) { n += 1 }
            }
            return n
        }
        XCTAssertEqual(red(idle), 0, "no red in the button before the click")

        try x.xdotool(["mousemove", "--window", window, "\(button.x)", "\(button.y)", "click", "1"])
        // The record turns from 1.5 s after the click and the arm swings in over 2 s: wait until both show.
        var playing = try screenshot("record-playing.png")
        try poll("the record turning and the arm in", timeout: 15) {
            playing = try screenshot("record-playing.png")
            return red(playing) > 40 && playing.meanDifference(to: idle, x: 150..<240, y: 377..<467) > 15
                && playing.meanDifference(to: idle, x: 270..<330, y: 440..<510) > 5
        }
        XCTAssertGreaterThan(red(playing), 40, "a red stop square in the button after the click")
        XCTAssertGreaterThan(playing.meanDifference(to: idle, x: 150..<240, y: 377..<467), 15, "the label turned with the record")
        XCTAssertGreaterThan(playing.meanDifference(to: idle, x: 270..<330, y: 440..<510), 5, "the arm swung in")

        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["key", "--clearmodifiers", "ctrl+q"])
        XCTAssertTrue(player.wait(timeout: 10), "Ctrl+Q did not quit the player")
    }
}
