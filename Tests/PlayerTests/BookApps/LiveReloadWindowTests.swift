import Foundation
import XCTest
import ZoetropeHarness

/// `zoetrope run DIR` in a real window: saving a file rebuilds the app and brings it back to the same moment by
/// replaying what happened (the tap); a compile error keeps the last good build running, with the error shown.
@MainActor
final class LiveReloadWindowTests: XCTestCase {
    func testSavingRebuildsAndReplaysToTheSameMoment() async throws {
        try E2E.requireTools(["Xvfb", "xdotool", "import", "convert"])
        let binary = try E2E.binary()
        let app = try BookApp.copy("TapToGrow", in: self)
        let source = app.appendingPathComponent("ContentView.swift")
        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-cache-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: cache) }
        let env = x.environment(setting: ["SDL_AUDIODRIVER": "dummy", "XDG_CACHE_HOME": cache.path])
        let out = BookApp.outputs("live-reload")

        /// Starts the app in a window, taps the circle at 0.5 s, and waits for `done` on the window's pixels.
        func start(_ name: String) throws -> (E2EChild, String) {
            let player = try E2EChild(binary.path, ["run", app.path, "--script", "at 0.5 click 195,450"], environment: env)
            do {
                return (player, try x.window(named: "TapToGrow", timeout: 60))
            } catch {
                throw E2E.Failure("\(error)\n\(player.result(timedOut: false).summary)")
            }
        }
        func shot(_ window: String, _ name: String) throws -> E2EImage {
            try x.screenshot(window: window, to: out.appendingPathComponent(name))
        }
        // The circle's centre is (195, ~454); 80 pt right of it is inside the grown circle (radius 100) only.

        // 1. Play, tap: the circle grows red.
        var (player, window) = try start("first")
        var image = try shot(window, "tapped.png")
        try poll("the tapped circle to be red and grown", timeout: 30) {
            image = try shot(window, "tapped.png")
            return image.pixel(195 + 80, 454, is: 0xFF3B30, tolerance: 6)
        }
        // 2. Edit: green instead of red, and save. The new build replays the tap: the grown circle turns green.
        var text = try String(contentsOf: source, encoding: .utf8)
        text = text.replacingOccurrences(of: "Color.red", with: "Color.green")
        try text.write(to: source, atomically: true, encoding: .utf8)
        try poll("the rebuilt app to show the green circle", timeout: 30) {
            image = try shot(window, "reloaded.png")
            return image.pixel(195 + 80, 454, is: 0x34C759, tolerance: 6)
        }
        // (How long that takes is a benchmark's business: scripts/bench reload.)
        XCTAssertTrue(player.stderr.contains("rebuilt in"), player.stderr)

        // 3. A compile error: the last good build keeps running, the error is said and shown over the top.
        try text.replacingOccurrences(of: "grown.toggle()", with: "grown.toggle(  ").write(to: source, atomically: true, encoding: .utf8)
        try poll("the compile error on standard error", timeout: 30) { player.stderr.contains("ContentView.swift:") && player.stderr.contains(": error:") }
        try poll("the error band over the scene", timeout: 10) {
            image = try shot(window, "error.png")
            // (40, 0, 0) at 225/255 over white: (66, 30, 30).
            return image.pixel(385, 3, is: 0x421E1E, tolerance: 6)
        }
        XCTAssertTrue(image.pixel(195 + 80, 454, is: 0x34C759, tolerance: 6), "the last good build still runs")
        XCTAssertTrue(player.isRunning)
        // 4. Fixed again: a fresh run of the same files with the same tap shows the very same picture.
        try text.write(to: source, atomically: true, encoding: .utf8)
        try poll("the error band to go", timeout: 30) {
            image = try shot(window, "fixed.png")
            return image.pixel(380, 4, is: 0xFFFFFF, tolerance: 2)
        }
        player.stop()
        (player, window) = try start("fresh")
        var fresh = try shot(window, "fresh.png")
        try poll("the fresh run's tapped circle", timeout: 30) {
            fresh = try shot(window, "fresh.png")
            return fresh.pixel(195 + 80, 454, is: 0x34C759, tolerance: 6)
        }
        try await Task.sleep(for: .seconds(1.5))   // the 1-s animation has ended in both pictures
        fresh = try shot(window, "fresh.png")
        image = try E2EImage(png: out.appendingPathComponent("fixed.png"))
        XCTAssertEqual(image.width, fresh.width)
        XCTAssertLessThan(image.meanDifference(to: fresh, x: 0..<image.width, y: 0..<image.height), 0.01,
                          "the reloaded build at its replayed moment equals a fresh run of the same code and input")
        player.stop()
    }
}
