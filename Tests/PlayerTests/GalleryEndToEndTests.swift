import Foundation
import XCTest
import ZoetropeHarness

/// The gallery through the built binary (issue 25): its pictures made once per build and reused, a cache that
/// cannot be written, and a real window under Xvfb where a hovered card plays and a scene opens and comes back.
@MainActor
final class GalleryEndToEndTests: XCTestCase {
    var out: URL { E2E.outputDirectory }

    /// The first card's picture box at 1280×800: the card spans x 24–257 from y 120 (below the 76-pt header and the
    /// 44-pt "Chapter 1" heading); its picture is inset 6 pt, 221×180.
    let firstBox = (x: 30..<251, y: 126..<306)

    private func pictures(in cache: URL) -> [String: Date] {
        let folder = cache.appendingPathComponent("zoetrope/thumbnails")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        var out: [String: Date] = [:]
        for n in names where n.hasSuffix(".png") {
            out[n] = (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(n).path))?[.modificationDate] as? Date
        }
        return out
    }

    func testPicturesAreMadeOnceAndReused() async throws {
        let cache = out.appendingPathComponent("gallery-cache")
        try? FileManager.default.removeItem(at: cache)
        let env = E2E.environment(setting: ["XDG_CACHE_HOME": cache.path, "SDL_AUDIODRIVER": "dummy"])
        let list = try E2E.zoetrope(["--list"], timeout: 60)
        let sceneCount = list.stdout.split(separator: "\n").count
        XCTAssertGreaterThan(sceneCount, 50, list.summary)

        // First launch: headless, the gallery waits for its pictures, so its screenshot shows them.
        let first = out.appendingPathComponent("gallery-first.png")
        let r1 = try E2E.zoetrope(["--headless", "--script", "at 0.1 screenshot \(first.path); at 0.2 quit"],
                                  environment: env, timeout: 1200)
        XCTAssertTrue(r1.exitedNormally && r1.status == 0, r1.summary)
        XCTAssertTrue(r1.stderr.contains("gallery: made \(sceneCount) pictures"), r1.summary)
        let made = pictures(in: cache)
        XCTAssertEqual(made.count, sceneCount, "one picture per scene: \(made.keys.sorted())")
        let shot1 = try E2EImage(png: first)
        // The first card ("Declarative button", a white phone screen) shows its picture, not the grey placeholder.
        XCTAssertTrue(shot1.pixel(140, 160, is: 0xFFFFFF), "picture expected in the first card, got \(shot1.describe(140, 160))")
        XCTAssertLessThan(shot1.stats(x: 120..<160, y: 205..<225).meanLuma, 250, "the \"Button\" text of the first picture")

        // Second launch: every picture is in the cache; none is made or written again.
        let second = out.appendingPathComponent("gallery-second.png")
        let r2 = try E2E.zoetrope(["--headless", "--script", "at 0.1 screenshot \(second.path); at 0.2 quit"],
                                  environment: env, timeout: 120)
        XCTAssertTrue(r2.exitedNormally && r2.status == 0, r2.summary)
        XCTAssertFalse(r2.stderr.contains("gallery: made"), "the second launch made pictures\n\(r2.summary)")
        XCTAssertEqual(pictures(in: cache), made, "the cached pictures were written again")
        let shot2 = try E2EImage(png: second)
        XCTAssertEqual(shot2.meanDifference(to: shot1, x: 0..<1280, y: 0..<800), 0, accuracy: 0.01,
                       "the same gallery from the cache")
    }

    /// A cache that cannot be written (its folder's parent is a file; a temporary folder neither) only costs the
    /// pictures: one warning, the gallery shows with placeholders and its cards, and the run succeeds.
    func testAnUnwritableCacheStillShowsTheGallery() async throws {
        let blocker = out.appendingPathComponent("cache-is-a-file")
        try? FileManager.default.removeItem(at: blocker)
        try Data("not a folder".utf8).write(to: blocker)
        let env = E2E.environment(setting: ["XDG_CACHE_HOME": blocker.path, "TMPDIR": blocker.path, "SDL_AUDIODRIVER": "dummy"])
        let shot = out.appendingPathComponent("gallery-unwritable.png")
        let r = try E2E.zoetrope(["--headless", "--script", "at 0.1 screenshot \(shot.path); at 0.2 probe card:elevator; at 0.3 quit"],
                                 environment: env, timeout: 120)
        XCTAssertTrue(r.exitedNormally && r.status == 0, r.summary)
        let warnings = r.stderr.components(separatedBy: "gallery pictures").count - 1
        XCTAssertEqual(warnings, 1, "one warning about the pictures\n\(r.summary)")
        XCTAssertTrue(r.stdout.contains("\"probe\":\"card:elevator\""), r.summary)
        let image = try E2EImage(png: shot)
        XCTAssertTrue(image.pixel(240, 40, is: 0xF2F2F7), "the gallery's header, got \(image.describe(240, 40))")
        XCTAssertTrue(image.pixel(140, 160, is: 0xEFEFF4), "a placeholder in the first card, got \(image.describe(140, 160))")
    }

    /// Hover a card in a real window: its scene plays in it (the picture changes over a second); click opens it,
    /// Esc comes back to the gallery with that card selected.
    func testHoverPlaysOpenAndComeBackUnderXvfb() async throws {
        let gallery = try E2EGalleryWindow(out: out, cacheName: "gallery-window-cache")
        defer { gallery.stop() }
        let (x, player, window) = (gallery.x, gallery.player, gallery.window)
        func playerLog() -> String { gallery.playerLog }
        func screenshot(_ name: String) throws -> E2EImage { try gallery.screenshot(name) }
        var first = try screenshot("gallery-window.png")
        try poll("the gallery to be drawn", timeout: 15) {
            first = try screenshot("gallery-window.png")
            return first.pixel(240, 40, is: 0xF2F2F7)
        }
        guard first.width == 1280, first.height == 800 else {
            return XCTFail("the gallery window is \(first.width)×\(first.height), expected 1280×800")
        }

        // "rain" leaves one card, the first: the rain falls in it while the pointer is over it.
        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["type", "--delay", "50", "rain"])
        try poll("the filter to leave the Rain card first (a dark street)", timeout: 15) {
            try screenshot("gallery-filtered.png").stats(x: 100..<180, y: firstBox.y).meanLuma < 120
        }
        try x.xdotool(["mousemove", "--window", window, "140", "216"])
        try await Task.sleep(for: .seconds(0.5))
        let a = try screenshot("gallery-hover-a.png")
        try await Task.sleep(for: .seconds(1))
        let b = try screenshot("gallery-hover-b.png")
        // About 370–400 of the card's pixels change in a second (the mean over the card is only ≈ 0.3 levels, too
        // close to any threshold); a still card changes none.
        XCTAssertGreaterThan(b.changedPixels(to: a, x: firstBox.x, y: firstBox.y), 100, "the card's rain moves over a second")
        XCTAssertEqual(b.meanDifference(to: a, x: 300..<1280, y: 126..<700), 0, accuracy: 0.05, "only the card changes")

        // Click opens the scene in its own size; Esc comes back to the 1280×800 gallery, the card selected.
        try x.xdotool(["click", "1"])
        var title = ""
        try poll("the scene to open", timeout: 15) {
            title = try x.xdotool(["getwindowname", window]).trimmingCharacters(in: .whitespacesAndNewlines)
            return title != "Zoetrope"
        }
        XCTAssertTrue(title.contains("Rain"), "the window title should name the scene, got \"\(title)\"")
        try x.xdotool(["windowfocus", "--sync", window])
        try x.xdotool(["key", "Escape"])
        var back = try screenshot("gallery-back.png")
        try poll("the gallery to come back at 1280×800", timeout: 15) {
            back = try screenshot("gallery-back.png")
            return back.width == 1280 && back.height == 800 && back.pixel(240, 40, is: 0xF2F2F7)
        }
        // The selected card's blue border (3 pt around a card of about 233×236): over a thousand pixels of it.
        var blue = 0
        for y in 76..<min(772, back.height) { for x in 0..<back.width where back.pixel(x, y, is: 0x007AFF, tolerance: 12) { blue += 1 } }
        XCTAssertGreaterThan(blue, 1000, "the Rain card should be selected and in view")

        try x.xdotool(["key", "--clearmodifiers", "ctrl+q"])
        XCTAssertTrue(player.wait(timeout: 10), "Ctrl+Q did not quit the player\n\(playerLog())")
    }
}
