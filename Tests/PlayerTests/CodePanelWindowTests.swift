import Foundation
import XCTest
import ZoetropeHarness

/// `c` in a real window under Xvfb: the window grows to the right by the code panel, the elevator keeps its size
/// beside it, the panel shows coloured Swift source (keywords in Xcode's purple), and `c` again gives the room back.
@MainActor
final class CodePanelWindowTests: XCTestCase {
    func testCOpensTheCodeBesideTheScene() async throws {
        try E2E.requireTools(["Xvfb", "xdotool", "import", "convert"])
        let binary = try E2E.binary()
        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let player = try E2EChild(binary.path, ["--scene", "elevator"],
                                  environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy"]))
        defer { player.stop() }
        let found = try x.xdotool(["search", "--sync", "--onlyvisible", "--name", "Need a Lift"], timeout: 30)
        let window = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window\n\(player.stderr)")
        let out = E2E.outputDirectory
        func screenshot(_ name: String) throws -> E2EImage {
            guard player.isRunning else { throw E2E.Failure("the player exited early: \(player.result(timedOut: false).summary)") }
            return try x.screenshot(window: window, to: out.appendingPathComponent(name))
        }
        var idle = try screenshot("codepanel-closed.png")
        try poll("the elevator to be drawn", timeout: 15) {
            idle = try screenshot("codepanel-closed.png")
            return idle.width == 393 && idle.stats(x: 0..<393, y: 0..<759).meanLuma > 40
        }
        // The call button first: the panel then shows its code.
        try x.xdotool(["mousemove", "--window", window, "12", "380", "click", "1"])
        try await Task.sleep(for: .seconds(0.5))
        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["key", "--clearmodifiers", "c"])
        var open = idle
        try poll("the window to grow by the panel, and the panel to be drawn", timeout: 20) {
            open = try screenshot("codepanel-open.png")
            return open.width == 393 + 560 && open.pixel(400, 320, is: 0xF5F5F7, tolerance: 6)
        }
        XCTAssertEqual(open.height, 759)
        // The panel: a light background, line numbers in its grey gutter, keywords in purple, strings in red.
        func count(_ hex: Int, tolerance: Int) -> Int {
            var n = 0
            for yy in 60..<759 { for xx in 393..<open.width where open.pixel(xx, yy, is: hex, tolerance: tolerance) { n += 1 } }
            return n
        }
        XCTAssertGreaterThan(count(0x9B2393, tolerance: 40), 30, "purple keywords")
        XCTAssertGreaterThan(count(0xC41A16, tolerance: 40), 30, "red strings")
        XCTAssertTrue(open.pixel(400, 320, is: 0xF5F5F7, tolerance: 6), "the gutter, got \(open.describe(400, 320))")
        // The scene beside it is the same elevator at the same size (its doors have opened since the click).
        XCTAssertLessThan(open.meanDifference(to: idle, x: 0..<393, y: 0..<60), 8, "the header is unchanged")

        try x.xdotool(["key", "--clearmodifiers", "c"])
        try poll("the window to give the room back", timeout: 15) { try screenshot("codepanel-closed-again.png").width == 393 }

        try x.xdotool(["key", "--clearmodifiers", "ctrl+q"])
        XCTAssertTrue(player.wait(timeout: 10), "Ctrl+Q did not quit the player")
    }
}
