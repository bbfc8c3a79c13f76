import Backend
import Foundation
import Scenes
import Stage

/// The child side of the gallery's pictures (`zoetrope --make-thumbnails DIR …`, started by `ThumbnailService`):
/// each scene is run headless at its reference size on the virtual clock up to its representative moment, drawn by
/// the software renderer exactly as `--headless --screenshot` draws it, shrunk by area averaging and written as a
/// PNG. A child process keeps the window's thread free and a scene that fails from taking the player with it.
enum ThumbnailMaker {
    /// The longest side of a picture in pixels: a card's picture box is about 230 points wide, so this is sharp on
    /// a HiDPI screen too.
    static let maxSide = 400

    /// When and after what input a scene shows what it is about.
    struct Moment {
        var time: Double
        var script = ""
    }
    static let defaultMoment = Moment(time: 2)
    /// Scenes whose first seconds are not their best: the doors open, the swing mid-arc, the flower in bloom.
    static let moments: [String: Moment] = [
        "elevator": Moment(time: 5, script: "at 0.3 click callButton"),
        "ch06-girl-on-swing": Moment(time: 2.5),
        "ch08-breathing-flower": Moment(time: 3),
        "ch3-breathing": Moment(time: 3),
        "snow-blizzard": Moment(time: 4),
        "rainy-street": Moment(time: 3),
        "pipe-smoke": Moment(time: 3),
        "coffee-steam": Moment(time: 3),
        "rocket-fire": Moment(time: 3),
        "ch10-ocean": Moment(time: 3),
        // The strokes are drawn in by 1 s and fade to be drawn again; the snow needs time to fill the sky.
        "ch09-animated-strokes": Moment(time: 1),
        "ch09-we-stroke": Moment(time: 1),
        "ch09-heart-stroke": Moment(time: 1),
        "ch09-swiftui-logo-stroke": Moment(time: 1),
        "ch08-snow": Moment(time: 6),
        // Demos that wait for a tap: tapped, and caught mid-animation.
        "ch2-explicit-spring": Moment(time: 0.8, script: "at 0.2 click button"),
        "ch2-explicit-spring-duration": Moment(time: 0.8, script: "at 0.2 click button"),
        "ch2-explicit-spring-repeat": Moment(time: 1.2, script: "at 0.2 click button"),
        "ch2-implicit-grow": Moment(time: 0.6, script: "at 0.2 click circle"),
        "ch2-implicit-spring-grow": Moment(time: 0.6, script: "at 0.2 click circle"),
        "ch2-stroke": Moment(time: 1.2, script: "at 0.2 click strokeButton"),
    ]

    /// Makes the pictures of `ids` into `cache`, one line per scene on standard output: `made ID` or
    /// `failed ID REASON`. Returns false when one failed.
    static func run(ids: [String], cache: ThumbnailCache, assets: AssetResolver) -> Bool {
        var ok = true
        for id in ids {
            do {
                guard let entry = SceneCatalog.entry(id: id) else { throw ThumbnailCache.Problem("no such scene") }
                let picture = Downscale.fit(try picture(of: entry, assets: assets), maxSide: maxSide)
                let url = cache.url(for: id)
                // Written aside and renamed, so a gallery never reads half a file.
                let part = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid())")
                try picture.savePNG(to: part)
                guard rename(part.path, url.path) == 0 else {
                    throw ThumbnailCache.Problem("cannot rename \(part.path): \(String(cString: strerror(errno)))")
                }
                print("made \(id)")
            } catch {
                ok = false
                print("failed \(id) \(error)".replacingOccurrences(of: "\n", with: " "))
            }
            fflush(nil)
        }
        return ok
    }

    /// The scene at its representative moment, full size.
    static func picture(of entry: SceneEntry, assets: AssetResolver) throws -> Framebuffer {
        let ref = entry.info.referenceSize
        let canvas = try HeadlessCanvas(width: Int(ref.width.rounded()), height: Int(ref.height.rounded()), assets: assets)
        let audio = AudioEngine(mode: .offline, assets: assets, captureURL: nil)
        defer { audio.close() }
        let session = Session(entry: entry, size: ref, sound: audio, assets: assets, catalog: [entry])
        session.measure = { [unowned canvas] in canvas.renderer.measure($0, font: $1) }
        let moment = moments[entry.info.id] ?? defaultMoment
        let driver = ScriptDriver(try Script(parsing: moment.script), session: session, audio: audio)
        driver.output = { _ in }
        // Frame by frame, as a headless run goes: particle layers and per-frame layouts step with each frame.
        let frames = Int((moment.time * 60).rounded())
        for f in 1...max(1, frames) {
            driver.advance(to: Double(f) * HeadlessRun.frameStep)
            session.layout()
        }
        session.draw(on: canvas.renderer)
        return canvas.renderer.readFramebuffer()
    }
}
