import Foundation
import ZoetropeHarness

/// The player opened without a scene in a real X window (Xvfb): the gallery, 1280×800, with its pictures in a cache
/// of this run's own. The screen is 1600×1200 so the gallery fits (a window takes at most 90 % of the screen).
@MainActor
final class E2EGalleryWindow {
    let x: E2EXvfb
    let player: E2EChild
    let window: String
    private let out: URL

    init(out: URL, cacheName: String) throws {
        try E2E.requireTools(["Xvfb", "xdotool", "import", "convert"])
        self.out = out
        x = try E2EXvfb(screen: "1600x1200x24")
        let cache = out.appendingPathComponent(cacheName).path
        player = try E2EChild(try E2E.binary().path, [],
                              environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy", "XDG_CACHE_HOME": cache]))
        let found: String
        do { found = try x.xdotool(["search", "--sync", "--onlyvisible", "--name", "^Zoetrope$"], timeout: 30) } catch {
            player.stop(); x.stop()
            throw E2E.Failure("no Zoetrope window appeared within 30 s: \(error)\n\(E2EGalleryWindow.log(of: player))")
        }
        guard let id = found.split(separator: "\n").first.map(String.init) else {
            player.stop(); x.stop()
            throw E2E.Failure("no Zoetrope window\n\(E2EGalleryWindow.log(of: player))")
        }
        window = id
    }

    /// The player's last words, for failure messages.
    var playerLog: String { E2EGalleryWindow.log(of: player) }
    private static func log(of player: E2EChild) -> String { "player stderr:\n" + player.stderr.suffix(2000) }

    /// The window's pixels now, saved as `name` in the test output folder.
    func screenshot(_ name: String) throws -> E2EImage {
        guard player.isRunning else { throw E2E.Failure("the player exited early: \(player.result(timedOut: false).summary)") }
        return try x.screenshot(window: window, to: out.appendingPathComponent(name))
    }

    /// The gallery's grey header is at (240, 40) once it is drawn.
    static func showsGallery(_ image: E2EImage) -> Bool { image.pixel(240, 40, is: 0xF2F2F7) }

    func stop() { player.stop(); x.stop() }
}
