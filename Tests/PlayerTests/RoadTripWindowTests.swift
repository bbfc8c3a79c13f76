import Foundation
import XCTest
import ZoetropeHarness

/// `roadtrip-test-drive` in a real window under Xvfb, driven with the real X pointer (xdotool), checked from window
/// pixels (spec 06 §1.B.5, checks 40 and 44): a drag moves the car under the pointer, a click on Test Drive drives it
/// up the dragged column.
@MainActor
final class RoadTripWindowTests: XCTestCase {
    func testDragTheCarThenDriveInARealWindow() async throws {
        try E2E.requireTools(["Xvfb", "xdotool", "import", "convert"])
        let binary = try E2E.binary()
        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let player = try E2EChild(binary.path, ["--scene", "roadtrip-test-drive"],
                                  environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy"]))
        defer { player.stop() }
        let found = try x.xdotool(["search", "--sync", "--onlyvisible", "--name", "RoadTrip"], timeout: 30)
        let window = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window\n\(player.stderr)")
        let out = E2E.outputDirectory
        func screenshot(_ name: String) throws -> E2EImage {
            guard player.isRunning else { throw E2E.Failure("the player exited early: \(player.result(timedOut: false).summary)") }
            return try x.screenshot(window: window, to: out.appendingPathComponent(name))
        }
        /// Pink car-body pixels in a box (the backdrop has none).
        func pink(_ image: E2EImage, x xs: Range<Int>, y ys: Range<Int>) -> Int {
            var n = 0
            for yy in ys where yy >= 0 && yy < image.height {
                for xx in xs where xx >= 0 && xx < image.width {
                    let p = image.pixel(xx, yy)
                    if p.r > 200 && p.r - p.g > 40 && p.b - p.g > 20 { n += 1 }
                }
            }
            return n
        }
        // The canvas is 320 × 568 at 1:1: the car is at (160, 468), the button at (160, 284).
        var idle = try screenshot("roadtrip-idle.png")
        try poll("the scene to be drawn", timeout: 15) {
            idle = try screenshot("roadtrip-idle.png")
            return idle.width == 320 && pink(idle, x: 135..<185, y: 418..<518) > 500
        }
        XCTAssertGreaterThan(pink(idle, x: 135..<185, y: 418..<518), 500, "the car at its load pose")

        try x.xdotool(["mousemove", "--window", window, "150", "480", "mousedown", "1"])
        // Each step waits until the car is drawn under the pointer there.
        for (px, py) in [(140, 420), (120, 320), (100, 200)] {
            try x.xdotool(["mousemove", "--window", window, "\(px)", "\(py)"])
            try poll("the car under the pointer at (\(px), \(py))", timeout: 10) {
                pink(try screenshot("roadtrip-dragging.png"), x: px - 25..<px + 25, y: py - 50..<py + 50) > 500
            }
        }
        try x.xdotool(["mouseup", "1"])
        let dragged = try screenshot("roadtrip-dragged.png")
        XCTAssertGreaterThan(pink(dragged, x: 75..<125, y: 150..<250), 500, "the car under the pointer at (100, 200)")
        XCTAssertLessThan(pink(dragged, x: 135..<185, y: 418..<518), 20, "gone from its load pose")

        try x.xdotool(["mousemove", "--window", window, "160", "284", "click", "1"])
        // Turning on top of x = 100 (3–6 s after the tap): its centre at (100, 50).
        var top = try screenshot("roadtrip-top.png")
        try poll("the car at the top of x = 100, clear of (100, 200)", timeout: 15) {
            top = try screenshot("roadtrip-top.png")
            return pink(top, x: 40..<160, y: 0..<110) > 500 && pink(top, x: 75..<125, y: 150..<250) < 20
        }
        XCTAssertGreaterThan(pink(top, x: 40..<160, y: 0..<110), 500, "the car drove straight up x = 100")
        XCTAssertLessThan(pink(top, x: 75..<125, y: 150..<250), 20, "and left (100, 200)")

        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["key", "--clearmodifiers", "ctrl+q"])
        XCTAssertTrue(player.wait(timeout: 10), "Ctrl+Q did not quit the player")
    }
}
