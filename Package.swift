// swift-tools-version:6.2
import PackageDescription

/// swift-log's API (`Logger`); the handler is our own (`Diagnostics`).
let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")

/// The modules of the UI: everything in them runs on the main thread (the window's or the headless loop's), so their
/// declarations are `@MainActor` unless marked `nonisolated` (SE-0466), as SwiftUI's views are. The lower modules
/// (Motion, Particles, Stage, Backend) stay nonisolated and mark their few UI types `@MainActor` themselves: their
/// values and pixel work are used on other threads too. A book project is compiled the same way (`BookCompiler`).
let mainActorByDefault: [SwiftSetting] = [.defaultIsolation(MainActor.self)]

let package = Package(
    name: "Zoetrope",
    products: [
        .executable(name: "zoetrope", targets: ["zoetrope"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // 1.16 for `LogHandler.log(event:)` (the flat `log(level:message:…)` is deprecated there).
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    ],
    targets: [
        // C libraries from Debian, behind thin module maps. Only Backend imports them. SDL2 and SDL_ttf are linked;
        // SDL_mixer and SDL_image are opened with dlopen (Backend's `SDLMixerLibrary`, `SDLImageLibrary`) and
        // Hunspell too (Scenes' `HunspellLibrary`, needing no header), so launching does not load the ~45 libraries
        // they pull in before `main` (issue 24: the first frame). No pkgConfig for SDL2: its headers are included as
        // <SDL2/…> from the default include path, and pkg-config's -D_REENTRANT (which SwiftPM refuses, with a
        // warning at every build) is not needed.
        .systemLibrary(name: "CSDL2", providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-mixer-dev", "libsdl2-ttf-dev"])]),
        // FFmpeg: headers only (in the default include path /usr/include/x86_64-linux-gnu), no pkgConfig (it would add
        // -lavformat); Backend's `FFmpegLibrary` opens the libraries with dlopen when a `.m4a` sound needs them.
        .systemLibrary(name: "CFFmpeg", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswresample-dev"])]),

        // Pure Swift: time, curves, springs, animations, timers.
        .target(name: "Motion"),
        // Pure Swift: SpriteKit-style particle emitters, `.sks` and JSON effect files, the seeded random generator.
        .target(name: "Particles", dependencies: ["Diagnostics"]),
        // Pure Swift: what the player tells the user, through swift-log: `RunLogHandler` says each warning once,
        // counts outputs that could not be written, and prints the scenes' own lines; the executable bootstraps it.
        .target(name: "Diagnostics", dependencies: [logging]),
        // Pure Swift: node tree, geometry, widgets, input routing, asset lookup (paths, image sizes and their
        // budget), probes, drawing and sound protocols.
        .target(name: "Stage", dependencies: ["Motion", "Particles", "Diagnostics",
                                              logging]),
        // Pure Swift: the SwiftUI-style view layer (view values, state, layout, text, shapes, animation, controls).
        .target(name: "Views", dependencies: ["Stage", "Motion", "Particles", "Diagnostics",
                                              logging],
                swiftSettings: mainActorByDefault),
        // Apple's module names over the engine, so that a book's own files compile unchanged (`zoetrope run DIR`).
        // UIKit and Core Animation names (UIColor, UIScreen, UIView hosting CAEmitterLayer, haptics).
        .target(name: "UIKit", dependencies: ["Views", "Stage", "Particles"], swiftSettings: mainActorByDefault),
        .target(name: "SwiftUI", dependencies: ["UIKit", "Views", "Stage", "Motion"], swiftSettings: mainActorByDefault),
        // SpriteKit's nodes, actions, emitters (`.sks` files) and views over the engine's particle layer.
        .target(name: "SpriteKit", dependencies: ["SwiftUI", "UIKit", "Views", "Stage", "Particles", "Motion",
                                                  logging],
                swiftSettings: mainActorByDefault),
        // AVFoundation's `AVAudioPlayer` over the running scene's sound player.
        .target(name: "AVFoundation", dependencies: ["Views", "Stage"], swiftSettings: mainActorByDefault),
        // The ConfettiSwiftUI package's name for the engine's confetti cannon.
        .target(name: "ConfettiSwiftUI", dependencies: ["SwiftUI"], swiftSettings: mainActorByDefault),
        // The scenes of the book, one folder per chapter.
        .target(name: "Scenes", dependencies: ["Stage", "Views", "Motion", "Particles", "Diagnostics",
                                               logging],
                swiftSettings: mainActorByDefault),
        // SDL2 window, renderer, textures (and the CPU Gaussian blur of offscreen layers and shadows), fonts, audio
        // (SDL_mixer + FFmpeg for .m4a).
        .target(name: "Backend", dependencies: ["Stage", "Particles", "Diagnostics", "CSDL2", "CFFmpeg",
                                                logging]),
        // The player: command line, menu, run loops, scripted input and `--script` probes.
        .target(name: "Player", dependencies: [
            "Stage", "Views", "Scenes", "Backend", "Motion", "Particles", "Diagnostics", "SwiftUI", "SpriteKit",
            "AVFoundation", "ConfettiSwiftUI",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            logging,
        ], swiftSettings: mainActorByDefault),
        // The executable: bootstraps logging, parses the command line, runs the player.
        // Its symbols are exported (--export-dynamic): a book project compiled by `zoetrope run` is a shared
        // library whose references to SwiftUI, Views, … bind to this very executable when it is loaded, so both
        // share one copy of every type and global.
        .executableTarget(name: "zoetrope", dependencies: ["Player", "Diagnostics",
                                                           logging],
                          linkerSettings: [.unsafeFlags(["-Xlinker", "--export-dynamic"])]),

        // `zoetrope-bench`: the engine's halves of scripts/bench (particles in a real window against LÖVE, the view
        // layer's cost per frame), apart from the player. It draws with SDL directly, as LÖVE does with GL.
        .executableTarget(name: "zoetrope-bench", dependencies: ["Backend", "Views", "Stage", "Particles", "Motion", "CSDL2"],
                          path: "Sources/Benchmarks"),

        // For tests only (no production target depends on these). Test doubles of the Stage protocols: a renderer
        // that records batches, a sound player that records requests; colours read from a real render.
        .target(name: "ZoetropeTestSupport", dependencies: ["Stage", "Particles", "Backend"], path: "Tests/ZoetropeTestSupport"),
        // For tests only: the harness of spec README §3.2 (load a scene, step the virtual clock, inject input, read
        // properties, pixels, sounds and the log) over a real `Session` and the offline audio engine.
        .target(name: "ZoetropeHarness", dependencies: ["Player", "Backend", "Stage", "Views", "Diagnostics", "ZoetropeTestSupport"],
                path: "Tests/ZoetropeHarness", swiftSettings: mainActorByDefault),

        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ParticlesTests", dependencies: ["Particles"]),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", logging]),
        .testTarget(name: "StageTests", dependencies: ["Stage", "Particles", "ZoetropeTestSupport"]),
        // The view layer on its own: views in a test scene, drawn by Backend's software renderer for real pixels.
        .testTarget(name: "ViewsTests", dependencies: ["Views", "Stage", "Motion", "Backend", "Diagnostics",
                                                       "ZoetropeTestSupport"]),
        // Every scene's checks (spec 01–06) through the harness, one folder per chapter or project.
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Views", "Stage", "Motion", "Player", "Particles",
                                                        "Backend", "Diagnostics", "ZoetropeTestSupport", "ZoetropeHarness"]),
        .testTarget(name: "BackendTests", dependencies: ["Backend", "Stage", "Particles", "Diagnostics", logging]),
        .testTarget(name: "SpriteKitTests", dependencies: ["SpriteKit", "Stage", "Particles", "Views", "UIKit"]),
        .testTarget(name: "AVFoundationTests", dependencies: ["AVFoundation", "Stage", "Views", "Motion"]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "Backend", "Scenes", "Stage", "Particles",
                                                        "ZoetropeTestSupport", "ZoetropeHarness"]),
    ],
    swiftLanguageModes: [.v6]
)
