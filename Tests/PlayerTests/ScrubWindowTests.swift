import Foundation
import XCTest
import ZoetropeHarness

/// The scrub bar in a real window under Xvfb: the elevator, called at 0.5 s, is paused with Space at 2 s (a scripted
/// key, so the pause time is exact); the real X pointer drags the playhead to the start and back to the end, and each
/// time the window shows the frame a headless run draws at that time.
@MainActor
final class ScrubWindowTests: XCTestCase {
    func testDraggingThePlayheadShowsTheFrameAtThatTime() async throws {
        try E2E.requireTools(["Xvfb", "xdotool", "import", "convert"])
        let binary = try E2E.binary()
        let out = E2E.outputDirectory

        // The reference frames, headless.
        let h0 = out.appendingPathComponent("scrub-headless-0.png"), h2 = out.appendingPathComponent("scrub-headless-2.png")
        let headless = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script",
                                         "at 0 screenshot \(h0.path); at 0.5 click callButton; at 2 screenshot \(h2.path); at 2.1 quit"],
                                        environment: E2E.environment(setting: ["SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"]),
                                        timeout: 120)
        XCTAssertEqual(headless.status, 0, headless.summary)
        let at0 = try E2EImage(png: h0), at2 = try E2EImage(png: h2)

        let x = try E2EXvfb(screen: "1280x1024x24")
        defer { x.stop() }
        let player = try E2EChild(binary.path, ["--scene", "elevator", "--script", "at 0.5 click callButton; at 2 key space"],
                                  environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy"]))
        defer { player.stop() }
        let found = try x.xdotool(["search", "--sync", "--onlyvisible", "--name", "Need a Lift"], timeout: 30)
        let window = try XCTUnwrap(found.split(separator: "\n").first.map(String.init), "no window\n\(player.stderr)")
        func screenshot(_ name: String) throws -> E2EImage {
            guard player.isRunning else { throw E2E.Failure("the player exited early: \(player.result(timedOut: false).summary)") }
            return try x.screenshot(window: window, to: out.appendingPathComponent(name))
        }
        // The scene above the bar (the bar is at most 46 + 4·17 pixels high).
        let sceneRows = 0..<(759 - 120), columns = 0..<393
        // The window (OpenGL) and headless (software) renderers differ by about 2 levels on average where they draw the
        // same frame; frames 2 s apart differ by about 20.
        func shows(_ image: E2EImage, _ reference: E2EImage) -> Bool {
            image.width == 393 && image.height == 759 && image.meanDifference(to: reference, x: columns, y: sceneRows) < 6
        }
        // The same frame, drawn once from the kept picture of the frame's unchanging start (the paused one) and once
        // anew (the first after a seek): OpenGL rounds a blend into the picture's texture and one into the window a
        // level apart at a few edge pixels. Anything else — the doors a pixel off — differs by far more.
        func sameScene(_ a: E2EImage, _ b: E2EImage) -> Bool {
            guard a.width == b.width, a.height == b.height else { return false }
            return a.changedPixels(to: b, x: columns, y: sceneRows, byMoreThan: 1) == 0
                && a.changedPixels(to: b, x: columns, y: sceneRows, byMoreThan: 0) < 100
        }
        // Paused at 2 s: the bar is drawn over the bottom of the scene (dark), the scene is the frame at 2 s.
        var shot = try screenshot("scrub-paused.png")
        try poll("the paused frame at 2 s with its bar", timeout: 30) {
            shot = try screenshot("scrub-paused.png")
            return shows(shot, at2) && shot.stats(x: 0..<393, y: 745..<755).meanLuma < 120
        }
        XCTAssertLessThan(at0.meanDifference(to: at2, x: columns, y: sceneRows), 0.5 * 255,
                          "sanity: the two reference frames are pictures of the elevator")
        XCTAssertGreaterThan(at0.meanDifference(to: at2, x: columns, y: sceneRows), 2, "the doors moved between 0 and 2 s")
        XCTAssertLessThan(shot.stats(x: 0..<393, y: 745..<755).meanLuma, 120, "the dark bar at the bottom")
        let paused = shot

        // Press on the bar at its far left (t = 0) and hold still: the exact frame at 0 is made.
        try x.xdotool(["mousemove", "--window", window, "4", "745", "mousedown", "1"])
        try poll("the frame at 0 s while the playhead rests there", timeout: 20) {
            shot = try screenshot("scrub-at-0.png")
            return shows(shot, at0)
        }
        XCTAssertTrue(shows(shot, at0), "the frame at 0 s, got a mean difference of \(shot.meanDifference(to: at0, x: columns, y: sceneRows))")

        // Drag to the far right (the latest time, 2 s) and let go.
        try x.xdotool(["mousemove", "--window", window, "200", "745"])
        try x.xdotool(["mousemove", "--window", window, "392", "745", "mouseup", "1"])
        // While the playhead moves the bar shows the kept scrub pictures (a quarter of the size, scaled up: close to the
        // frame, not it); on release the exact frame is made: wait for that.
        try poll("the exact frame at 2 s after the drag back", timeout: 20) {
            shot = try screenshot("scrub-at-2.png")
            return sameScene(shot, paused)
        }
        XCTAssertTrue(shows(shot, at2), "the frame at 2 s, got a mean difference of \(shot.meanDifference(to: at2, x: columns, y: sceneRows))")
        XCTAssertTrue(sameScene(shot, paused), "scrubbing back to 0 and forward to 2 s shows the paused frame: "
            + "\(shot.changedPixels(to: paused, x: columns, y: sceneRows, byMoreThan: 0)) pixels differ, "
            + "\(shot.changedPixels(to: paused, x: columns, y: sceneRows, byMoreThan: 1)) by more than a level")

        // Home goes to 0 as well.
        try x.xdotool(["key", "--window", window, "Home"])
        try poll("the frame at 0 s after Home", timeout: 20) {
            shot = try screenshot("scrub-home.png")
            return shows(shot, at0)
        }
        XCTAssertTrue(shows(shot, at0), "Home shows the frame at 0 s")

        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["key", "--clearmodifiers", "ctrl+q"])
        XCTAssertTrue(player.wait(timeout: 10), "Ctrl+Q did not quit the player")
    }
}
