// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Zoetrope",
    products: [
        .executable(name: "zoetrope", targets: ["zoetrope"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // C libraries from Debian, behind thin module maps. Only Backend imports them.
        .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-mixer-dev", "libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CFFmpeg", pkgConfig: "libavformat", providers: [.apt(["libavformat-dev", "libavcodec-dev", "libavutil-dev", "libswresample-dev"])]),

        // Pure Swift: time, curves, springs, animations, timers.
        .target(name: "Motion"),
        // Pure Swift: SpriteKit-style particle emitters, `.sks` and JSON effect files.
        .target(name: "Particles"),
        // Pure Swift: node tree, geometry, widgets, input routing, asset lookup, drawing and sound protocols.
        .target(name: "Stage", dependencies: ["Motion", "Particles"]),
        // Pure Swift: the SwiftUI-style view layer (view values, state, layout, text, shapes, animation, controls).
        .target(name: "Views", dependencies: ["Stage", "Motion"]),
        // The scenes of the book, one folder per chapter.
        .target(name: "Scenes", dependencies: ["Stage", "Views", "Motion", "Particles"]),
        // SDL2 window, renderer, textures, fonts, audio (SDL_mixer + FFmpeg for .m4a).
        .target(name: "Backend", dependencies: ["Stage", "Particles", "CSDL2", "CFFmpeg"]),
        // The player: command line, menu, run loop, scripted input, test harness.
        .target(name: "Player", dependencies: [
            "Stage", "Views", "Scenes", "Backend", "Motion", "Particles",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "zoetrope", dependencies: ["Player"]),

        .testTarget(name: "MotionTests", dependencies: ["Motion"]),
        .testTarget(name: "ParticlesTests", dependencies: ["Particles"]),
        .testTarget(name: "StageTests", dependencies: ["Stage", "Particles"]),
        .testTarget(name: "ViewsTests", dependencies: ["Views", "Stage", "Motion", "Player", "Scenes", "Backend"]),
        .testTarget(name: "ScenesTests", dependencies: ["Scenes", "Views", "Stage", "Motion", "Player", "Particles"]),
        .testTarget(name: "BackendTests", dependencies: ["Backend", "Stage", "Particles"]),
        .testTarget(name: "PlayerTests", dependencies: ["Player", "Backend", "Scenes", "Stage", "Particles"]),
    ],
    swiftLanguageModes: [.v5]
)
