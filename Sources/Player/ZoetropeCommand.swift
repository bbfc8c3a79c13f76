import ArgumentParser
import Backend
import Diagnostics
import Foundation
import Particles
import Scenes
import Stage

/// `zoetrope`: the command line. `Sendable` (as its options) so that `run` can hand it to the main actor.
public struct ZoetropeCommand: ParsableCommand, Sendable {
    public static let configuration = CommandConfiguration(
        commandName: "zoetrope",
        abstract: "Plays the animation projects of \"Animating SwiftUI Applications\" on Linux.",
        discussion: """
        Keys: Esc back to the menu · Space pause · . step one frame while paused · ←/→ (Shift: a second), Home, End \
        while paused: scrub the timeline · S slow motion (x0.1) · \
        F11 fullscreen · R start/stop recording (into $XDG_VIDEOS_DIR) · F12 screenshot · Ctrl+Q quit.
        Script commands (T in seconds, X,Y in logical pixels of the content area): at T click X,Y|NODE · \
        at T press X,Y|NODE · at T move X,Y · at T release X,Y|NODE · at T drag X1,Y1 -> X2,Y2 over D · \
        at T key NAME · at T type TEXT · at T resize WxH · at T seek S · at T screenshot PATH.png · at T probe NODE|* · \
        at T audio · at T quit
        """,
        version: zoetropeVersion,
        subcommands: [RunCommand.self, OpenCommand.self])

    @OptionGroup var player: PlayerOptions

    @Option(help: ArgumentHelp("Preview a particle effect file (.sks or .json): emitter at the centre, drag to move it.", valueName: "FILE"))
    var emitter: String?

    @Flag(help: "With --emitter: print the loaded emitter as JSON with SpriteKit's property names, then exit.")
    var dump = false

    // The gallery's picture makers (Gallery/ThumbnailService.swift starts them).
    @Option(name: .customLong("make-thumbnails"), help: .hidden)
    var makeThumbnails: String?
    @Option(name: .customLong("thumbnail-build"), help: .hidden)
    var thumbnailBuild: String?
    @Option(name: .customLong("thumbnail-scenes"), help: .hidden)
    var thumbnailScenes: String?

    public init() {}

    /// ArgumentParser's commands are nonisolated; it calls `run` on the thread that parsed the command line, the main
    /// thread (Sources/zoetrope/main.swift), where the player runs.
    public func run() throws { try MainActor.assumeIsolated { try start() } }

    @MainActor
    private func start() throws {
        if let makeThumbnails {
            let cache = ThumbnailCache(folder: URL(fileURLWithPath: makeThumbnails),
                                       build: thumbnailBuild ?? ThumbnailCache.buildKey(executable: ThumbnailCache.executablePath))
            let ids = (thumbnailScenes ?? "").split(separator: ",").map(String.init)
            Foundation.exit(ThumbnailMaker.run(ids: ids, cache: cache, assets: Session.bundledAssets) ? 0 : 1)
        }
        if player.list {
            for e in SceneCatalog.all { print("\(e.info.id)\t\(e.info.chapter)\t\(e.info.title)") }
            return
        }
        if let id = player.scene, SceneCatalog.entry(id: id) == nil {
            fail(Session.UnknownScene(id: id, catalog: SceneCatalog.all).description, code: 2)
        }
        var entry = try player.scene.map(Session.entry)
        if let emitter {
            let url = URL(fileURLWithPath: emitter)
            let loaded: LoadResult
            do { loaded = try ParticleFile.load(url) } catch { fail("\(error)", code: 1) }
            // Clamped values and unknown fields are said once each, on standard error.
            for warning in loaded.warnings { logger.warning("\(warning)") }
            guard let first = loaded.emitters.first else { fail("\(emitter): no emitter in the file", code: 1) }
            if dump {
                // One JSON document: an object for one emitter, an array for a scene file with several.
                print(String(decoding: EffectJSON.encode(loaded.emitters), as: UTF8.self), terminator: "")
                return
            }
            entry = EmitterPreviewScene.entry(config: first.config, title: url.lastPathComponent)
        } else if dump {
            fail("--dump needs --emitter FILE", code: 2)
        }
        player.play(entry: entry)
    }

}

/// Says `message` (`zoetrope: MESSAGE` on standard error, through the run's log) and exits with `code`.
func fail(_ message: String, code: Int32) -> Never {
    logger.critical("\(message)")
    Foundation.exit(code)
}

/// The options of a run, the same for the book's scenes and for a project of your own (`zoetrope run DIR`).
public struct PlayerOptions: ParsableArguments, Sendable {
    @Flag(help: "Print one line per scene: id<TAB>chapter<TAB>title.")
    var list = false

    @Option(help: "Start on this scene (see --list).")
    var scene: String?

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Content size in logical pixels, e.g. 393x759, each from 1 to 16384, at most 4096x4096 pixels in all (default: the scene's reference size).", valueName: "WxH"),
            transform: ContentSize.init(parsing:))
    var size: ContentSize?

    @Flag(help: "No window and no audio device: the clock advances 1/60 s per frame as fast as the machine goes.")
    var headless = false

    @Option(help: ArgumentHelp("Timed input: a file, or commands separated by ';' or newlines.", valueName: "FILE_OR_TEXT"))
    var script: String?

    @Option(name: .customLong("audio-out"), help: ArgumentHelp("Write the mixed audio to this WAV file.", valueName: "FILE.wav"))
    var audioOut: String?

    @Option(help: ArgumentHelp("Record the run to a video: .mp4 (H.264 + AAC), .webm (VP9 + Vorbis) or .gif (30 fps). Headless: every frame on the virtual clock; in a window: what is on screen until the player quits.", valueName: "FILE"))
    var record: String?

    @Option(name: .customLong("frame-stats"), help: ArgumentHelp("At exit, write frame times, CPU time and peak memory to this JSON file.", valueName: "FILE.json"))
    var frameStats: String?

    @Option(name: .customLong("assets"), help: ArgumentHelp("A folder of your own images and sounds, searched before the bundled ones (repeatable; Xcode .xcassets catalogs work).", valueName: "DIR"))
    var assets: [String] = []

    @Option(help: "Seed of the scenes' random generators.")
    var seed: UInt64 = 0

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Headless: stop after this many seconds, from 0 to 86400 (default: the script's quit, else its last event + 1 s, else 5 s; with both, the earlier).", valueName: "SECONDS"),
            transform: Seconds.init(parsing:))
    var duration: Seconds?

    public init() {}

    /// Checks the options and plays `entry` (nil: the menu of `catalog`) in a window or headless; exits on failure.
    @MainActor
    func play(entry: SceneEntry?, catalog: [SceneEntry] = SceneCatalog.all, reload: LiveReload? = nil) -> Never {
        if let record {
            // "dir.mp4/" names a folder; URL would quietly drop the slash and write the file "dir.mp4".
            var isFolder: ObjCBool = false
            if record.hasSuffix("/") || (FileManager.default.fileExists(atPath: record, isDirectory: &isFolder) && isFolder.boolValue) {
                fail("--record \(record) names a folder, not a video file (such as out.mp4)", code: 2)
            }
            do { _ = try RecordingFormat(url: URL(fileURLWithPath: record)) } catch { fail(error.description, code: 2) }
        }
        var parsedScript: Script?
        if let script {
            do { parsedScript = try Script.load(script) } catch let e as Script.ParseError {
                fail(e.description, code: 2)
            } catch let e as Script.FileError {
                fail(e.description, code: 2)
            } catch {
                fail("cannot read the script: \(error.localizedDescription)", code: 2)
            }
        }
        var roots = assets.map { URL(fileURLWithPath: $0) } + (reload?.assetRoots ?? [])
        for root in roots where !FileManager.default.fileExists(atPath: root.path) {
            logger.warning("asset folder \(root.path) does not exist")
        }
        let userRoots = roots.count
        if let bundled = AssetResolver.bundledRoot() { roots.append(bundled) } else {
            logger.warning("bundled resources not found (set ZOETROPE_RESOURCES to the Resources folder)")
        }
        let options = RunOptions(entry: entry, catalog: catalog, size: size?.size,
                                 script: parsedScript ?? (try! Script(parsing: "")),
                                 audioOut: audioOut.map { URL(fileURLWithPath: $0) },
                                 assets: AssetResolver(roots: roots, userRootCount: userRoots), seed: seed,
                                 duration: duration?.seconds, frameStats: frameStats.map { URL(fileURLWithPath: $0) },
                                 record: record.map { URL(fileURLWithPath: $0) }, reload: reload)
        do {
            StopSignal.install()
            let ok = headless ? try HeadlessRun(options).run() : try WindowRun(options).run()
            StopSignal.exitIfRequested()   // after the run returned, so the WAV capture is finished
            // A probe or click named a missing node, or a WAV or screenshot could not be written (each said on
            // standard error when it happened).
            Foundation.exit(!ok || RunLog.shared.hasOutputFailures ? 1 : 0)
        } catch let e as BackendError {
            fail(e.description, code: 1)
        } catch {
            fail("\(error)", code: 1)
        }
    }
}

/// `--size WxH`: a size `CanvasSize` allows, like the script's `resize`.
public struct ContentSize: ExpressibleByArgument, Sendable {
    public let size: Size
    public init(parsing text: String) throws {
        do { size = try CanvasSize.parse(text) } catch { throw ValidationError("\(error)") }
    }
    public init?(argument: String) { try? self.init(parsing: argument) }
}

/// `--duration SECONDS`: a finite number of seconds from 0 to `Script.latestTime` (one day), like script times.
public struct Seconds: ExpressibleByArgument, Sendable {
    public let seconds: Double
    public init(parsing text: String) throws {
        guard let t = Double(text) else { throw ValidationError("not a number of seconds") }
        guard t.isFinite else { throw ValidationError("must be finite (not inf or nan)") }
        guard t >= 0, t <= Script.latestTime else {
            throw ValidationError("must be from 0 to \(Int(Script.latestTime)) seconds (one day)")
        }
        seconds = t
    }
    public init?(argument: String) { try? self.init(parsing: argument) }
}

/// Everything a run needs, parsed and checked.
struct RunOptions {
    var entry: SceneEntry?
    /// The scenes the menu offers (the book's, or a project's app and previews).
    var catalog: [SceneEntry] = SceneCatalog.all
    var size: Size?
    var script: Script
    var audioOut: URL?
    var assets: AssetResolver
    var seed: UInt64
    var duration: Double?
    /// `--frame-stats FILE.json`: frame times, CPU and memory written at exit.
    var frameStats: URL?
    /// `--record FILE`: a video of the run (.mp4, .webm, .gif).
    var record: URL? = nil
    /// `zoetrope run DIR` in a window: rebuilds the project when its files change.
    var reload: LiveReload? = nil
}
