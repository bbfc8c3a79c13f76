import Foundation
import XCTest
import ZoetropeHarness

/// The built `zoetrope` binary run as a user runs it: command line, exit codes and messages, a real window under
/// Xvfb driven by real X input (xdotool), and the mixed audio of a headless ride.
///
/// Helpers live in Support/: E2EProcess (finding and running the binary with time limits), E2EWAV (RIFF parsing
/// and level measurements), E2EX11 (Xvfb, xdotool, screenshots). Screenshots and captures are left for people to
/// look at in this run's own folder, `E2E.outputDirectory` ($TMPDIR or /tmp, `zoetrope-e2e-…`, printed in the log).
@MainActor
final class EndToEndTests: XCTestCase {
    var out: URL { E2E.outputDirectory }

    // MARK: Command line

    func testListPrintsEveryScene() async throws {
        let r = try E2E.zoetrope(["--list"], timeout: 60)
        XCTAssertTrue(r.exitedNormally && r.status == 0, r.summary)
        XCTAssertTrue(r.stdout.split(separator: "\n").contains("elevator\tChapter 11\tNeed a Lift?"),
                      "--list should print the line elevator<TAB>Chapter 11<TAB>Need a Lift?\n\(r.summary)")
    }

    func testUnknownSceneExits2AndListsTheValidIDs() async throws {
        let r = try E2E.zoetrope(["--headless", "--scene", "no-such-scene"], timeout: 60)
        XCTAssertTrue(r.exitedNormally, r.summary)
        XCTAssertEqual(r.status, 2, r.summary)
        XCTAssertTrue(r.stderr.contains("no-such-scene"), "stderr should name the unknown id\n\(r.summary)")
        XCTAssertTrue(r.stderr.contains("elevator"), "stderr should list the valid scene ids\n\(r.summary)")
        XCTAssertTrue(r.stdout.isEmpty, r.summary)
    }

    func testMalformedScriptExits2AndNamesTheLine() async throws {
        let first = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script", "at x click 1,2"], timeout: 60)
        XCTAssertTrue(first.exitedNormally, first.summary)
        XCTAssertEqual(first.status, 2, first.summary)
        XCTAssertTrue(first.stderr.contains("line 1"), "stderr should name line 1\n\(first.summary)")

        // Line numbers are the script's physical lines (`;` separates commands within a line).
        let second = try E2E.zoetrope(["--headless", "--scene", "elevator", "--script",
                                       "at 0.5 click 11.9,379.5\nat 1 jump 3,4"], timeout: 60)
        XCTAssertTrue(second.exitedNormally, second.summary)
        XCTAssertEqual(second.status, 2, second.summary)
        XCTAssertTrue(second.stderr.contains("line 2"), "stderr should name line 2\n\(second.summary)")
    }

    /// Without --headless and without any display the player must say so and exit, not hang or crash.
    func testNoDisplayFailsWithAClearMessage() async throws {
        let env = E2E.environment(removing: ["DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"],
                                  setting: ["SDL_AUDIODRIVER": "dummy"])
        let r = try E2E.zoetrope(["--scene", "elevator"], environment: env, timeout: 30)
        XCTAssertFalse(r.timedOut, "with no display the player kept running for 30 s instead of exiting\n\(r.summary)")
        XCTAssertFalse(r.signaled && !r.timedOut, "with no display the player crashed\n\(r.summary)")
        XCTAssertNotEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stderr.lowercased().contains("no display"), "stderr should say \"no display\"\n\(r.summary)")
    }

    /// A display named but not there: the window is opened on another thread (X11), and what it throws reaches
    /// the player as the same clear message.
    func testADisplayThatIsNotThereFailsWithAClearMessage() async throws {
        let env = E2E.environment(removing: ["WAYLAND_DISPLAY", "SDL_VIDEODRIVER"],
                                  setting: ["DISPLAY": ":3517", "SDL_AUDIODRIVER": "dummy"])
        let r = try E2E.zoetrope(["--scene", "elevator"], environment: env, timeout: 30)
        XCTAssertFalse(r.timedOut, "with no display the player kept running for 30 s instead of exiting\n\(r.summary)")
        XCTAssertFalse(r.signaled && !r.timedOut, "with no display the player crashed\n\(r.summary)")
        XCTAssertNotEqual(r.status, 0, r.summary)
        XCTAssertTrue(r.stderr.lowercased().contains("no display"), "stderr should say \"no display\"\n\(r.summary)")
    }

    // MARK: A real window under Xvfb

    /// Menu → "Need a Lift?" → call button, with real X pointer and keyboard input, checked from window pixels.
    func testMenuAndElevatorInARealWindowUnderXvfb() async throws {
        // The gallery's pictures go to this run's own cache, not the user's.
        let gallery = try E2EGalleryWindow(out: out, cacheName: "menu-window-cache")
        defer { gallery.stop() }
        let (x, player, window) = (gallery.x, gallery.player, gallery.window)
        func playerLog() -> String { gallery.playerLog }
        func screenshot(_ name: String) throws -> E2EImage { try gallery.screenshot(name) }

        // The window appears with the gallery: 1280×800, grey header, then chapter 1's heading and cards.
        var menu = try screenshot("menu.png")
        try poll("the menu to be drawn", timeout: 15) {
            menu = try screenshot("menu.png")
            return menu.pixel(240, 40, is: 0xF2F2F7)
        }
        XCTAssertEqual(menu.width, 1280); XCTAssertEqual(menu.height, 800)
        XCTAssertTrue(menu.pixel(240, 40, is: 0xF2F2F7), "header grey expected at (240, 40), got \(menu.describe(240, 40))")
        // The "Chapter 1" heading (y 76–120), then the first card (x 24–257 from y 120), selected: a blue border.
        XCTAssertLessThan(menu.stats(x: 24..<140, y: 86..<112).meanLuma, 236, "no \"Chapter 1\" heading at x 24–140, y 86–112")
        XCTAssertTrue(menu.pixel(24, 220, is: 0x007AFF, tolerance: 40), "the first card's blue border expected at (24, 220), got \(menu.describe(24, 220))")
        XCTAssertTrue(menu.pixel(1268, 400, is: 0xFFFFFF), "grid background expected white at (1268, 400), got \(menu.describe(1268, 400))")

        // Type part of the title to find the card, then Return: the elevator opens at its reference size.
        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["type", "--delay", "50", "need"])
        try x.xdotool(["key", "Return"])
        var size = (width: 0, height: 0)
        try poll("the window to resize to 393×759", timeout: 15) {
            let g = try x.geometry(of: window)
            size = (g.width, g.height)
            return size == (393, 759)
        }
        XCTAssertTrue(size == (393, 759), "window is \(size.width)×\(size.height), expected 393×759")
        var closed = try screenshot("elevator-closed.png")
        try poll("the elevator to be drawn", timeout: 15) {
            closed = try screenshot("elevator-closed.png")
            // The call button's black background disc, left of centre.
            return closed.width == 393 && closed.pixel(5, 379, is: 0x000000, tolerance: 40)
        }
        // What window managers show: _NET_WM_NAME (xdotool reads it first, then WM_NAME).
        let title = try x.xdotool(["getwindowname", window]).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertTrue(title.contains("Need a Lift?"), "the window title should name the scene, got \"\(title)\"")
        // Closed: brushed steel (grey, no colour) over the left door, and the button's centre is black.
        let closedPeople = closed.stats(x: 60..<180, y: 300..<500)
        XCTAssertLessThan(closedPeople.saturatedFraction, 0.01, "doors should be closed (steel grey) before the click")
        XCTAssertTrue((100.0...240.0).contains(closedPeople.meanLuma), "steel doors expected, mean luma \(closedPeople.meanLuma)")
        XCTAssertTrue(closed.pixel(12, 379, is: 0x000000, tolerance: 40), "button centre black, got \(closed.describe(12, 379))")

        // Call the car: the doors open 0.3 s → 4.19 s after the click.
        try x.xdotool(["mousemove", "--window", window, "12", "380", "click", "1"])
        let clicked = Date()
        try await Task.sleep(for: .seconds(clicked.addingTimeInterval(5.5).timeIntervalSinceNow))
        let open = try screenshot("elevator-open.png")
        XCTAssertEqual(open.width, 393); XCTAssertEqual(open.height, 759)
        let openPeople = open.stats(x: 60..<180, y: 300..<500)
        XCTAssertGreaterThan(openPeople.saturatedFraction, 0.2, "doors should be open (car and people visible) 5.5 s after the click")
        XCTAssertGreaterThan(open.meanDifference(to: closed, x: 60..<180, y: 300..<500), 40, "open vs closed: left door region")
        XCTAssertGreaterThan(open.meanDifference(to: closed, x: 60..<180, y: 100..<200), 10, "open vs closed: car ceiling")
        XCTAssertGreaterThan(open.stats(x: 11..<14, y: 378..<381).meanLuma, 200, "button centre white while open, got \(open.describe(12, 379))")

        // Ctrl+Q with the real keyboard quits cleanly.
        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["key", "--clearmodifiers", "ctrl+q"])
        XCTAssertTrue(player.wait(timeout: 10), "Ctrl+Q did not quit the player\n\(playerLog())")
        let end = player.result(timedOut: false)
        XCTAssertTrue(end.exitedNormally && end.status == 0, end.summary)
    }

    // MARK: Audio of a headless ride

    /// Click at 0.5 (call) and at 6 (ride). The doors' sound plays 0.5 s after each click (1.0, 6.5) and again 8.5 s
    /// after the ride (14.5); the chime 5.5 s after the ride (11.5). All sounds share the scene's one player, so
    /// the door sound at 14.5 cuts the chime.
    func testElevatorRideAudioTimeline() async throws {
        let wav = out.appendingPathComponent("elevator-ride.wav")
        try? FileManager.default.removeItem(at: wav)
        let r = try E2E.zoetrope(["--headless", "--scene", "elevator",
                                  "--script", "at 0.5 click 11.9,379.5; at 6 click 11.9,379.5; at 16 quit",
                                  "--audio-out", wav.path], timeout: 600)
        XCTAssertTrue(r.exitedNormally && r.status == 0, r.summary)
        assertRideTimeline(try E2EWAV(contentsOf: wav))
    }

    /// The checks of `testElevatorRideAudioTimeline` on a capture.
    func assertRideTimeline(_ a: E2EWAV) {
        XCTAssertEqual(a.sampleRate, 44100); XCTAssertEqual(a.channels, 2); XCTAssertEqual(a.bitsPerSample, 16)
        XCTAssertEqual(a.duration, 16, accuracy: 0.05)
        guard a.duration > 15.9 else { return }
        func fmt(_ t: Double?) -> String { t.map { String(format: "%.3f s", $0) } ?? "never" }
        func db(_ v: Double) -> String { String(format: "%.1f dBFS", v) }

        // Nothing before the first door sound.
        XCTAssertLessThanOrEqual(a.peak(from: 0, to: 1.0), 2 / 32768, "silence expected before 1.0 s")

        // The doors' sound is silent for its first ~0.15 s (scripts/make-sounds), so it becomes audible (first 10 ms
        // above −40 dBFS) about 0.15–0.2 s after it starts. Started 0.1 s early or late, it would fall outside.
        let door1 = a.firstWindow(above: -40, from: 0, to: 6)
        XCTAssertNotNil(door1, "no door sound after the call click")
        XCTAssertTrue((1.09...1.22).contains(door1 ?? -1), "door sound audible at \(fmt(door1)), expected 1.0 s + its ~0.15 s lead-in")
        // It ends (3.8 s long) well before the ride click's door sound.
        XCTAssertLessThanOrEqual(a.peak(from: 4.9, to: 6.5), 2 / 32768, "silence expected between the two door sounds")

        // Ride click at 6.0: the same sound 0.5 s later, so exactly 5.5 s after the first one.
        let door2 = a.firstWindow(above: -40, from: 6.0, to: 11.0)
        XCTAssertNotNil(door2, "no door sound after the ride click")
        if let d1 = door1, let d2 = door2 {
            XCTAssertEqual(d2 - d1, 5.5, accuracy: 0.005, "door sounds at \(fmt(d1)) and \(fmt(d2)): expected 5.5 s apart")
        }

        // The chime at 11.5: a sharp strike out of silence, with its high partials.
        let chime = a.firstWindow(above: -30, from: 11.0, to: 12.0)
        XCTAssertNotNil(chime, "no chime")
        if let c = chime {
            XCTAssertEqual(c, 11.5, accuracy: 0.03, "chime onset at \(fmt(c))")
            XCTAssertLessThan(a.rmsDB(from: 11.40, to: 11.49), -80, "silence expected just before the chime")
            XCTAssertGreaterThan(a.rmsDB(from: 11.50, to: 11.51), -30, "the chime's first 10 ms should be loud")
        }
        for partial in [2242.0, 3944, 5926] {
            let level = a.toneDB(partial, from: 11.5, to: 11.52)
            XCTAssertGreaterThan(level, -45, "chime partial \(Int(partial)) Hz at the strike: \(db(level))")
        }

        // 14.5: the door sound starts on the same player and cuts the chime. By then the chime's partials above
        // 2 kHz have decayed below 16-bit resolution, so the cut is checked on what is left of it (mostly its
        // 902 Hz partial, ≈ −85 dBFS): still sounding up to 14.5, digital silence (the door sound's lead-in) after.
        let tail = a.rmsDB(from: 14.40, to: 14.50)
        XCTAssertGreaterThan(tail, -100, "the chime should still sound just before 14.5 s: \(db(tail))")
        XCTAssertGreaterThan(a.toneDB(902, from: 14.40, to: 14.50), -100, "the chime's 902 Hz partial before 14.5 s")
        let chimeEnd = a.lastSound(from: 14.3, to: 14.62)
        XCTAssertTrue((14.48...14.502).contains(chimeEnd ?? -1), "the chime should stop at 14.5 s; last sound at \(fmt(chimeEnd))")
        XCTAssertLessThanOrEqual(a.peak(from: 14.505, to: 14.6), 2 / 32768, "silence expected right after the cut")
        let door3 = a.firstWindow(above: -40, from: 14.3, to: 16)
        XCTAssertNotNil(door3, "no door sound at 14.5 s")
        if let d1 = door1, let d3 = door3 {
            XCTAssertEqual(d3 - d1, 13.5, accuracy: 0.005, "door sounds at \(fmt(d1)) and \(fmt(d3)): expected 13.5 s apart")
        }
    }
}
