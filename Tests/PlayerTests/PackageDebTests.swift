import Foundation
import XCTest

/// scripts/package-deb (issue 26): the package's control data and contents, and its unpacked tree running the
/// player with the Swift runtime it carries.
final class PackageDebTests: XCTestCase {
    func testThePackageCarriesThePlayerAndItsRuntime() throws {
        try E2E.requireTools(["dpkg-deb", "patchelf", "ldd"])
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-deb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let configuration = try E2E.binary().deletingLastPathComponent().lastPathComponent
        let make = try E2E.run(E2E.packageRoot.appendingPathComponent("scripts/package-deb").path,
                               ["--configuration", configuration, "--no-build", "--fast", "--output", root.path], timeout: 600)
        XCTAssertEqual(make.status, 0, make.summary)
        let version = try String(contentsOf: E2E.packageRoot.appendingPathComponent("Sources/Player/Version.swift"), encoding: .utf8)
            .components(separatedBy: "\"")[1]
        let deb = root.appendingPathComponent("zoetrope_\(version)_amd64.deb")
        let info = try E2E.run("/usr/bin/env", ["dpkg-deb", "--info", deb.path], timeout: 60)
        XCTAssertEqual(info.status, 0, info.summary)
        for needed in ["Package: zoetrope", "Version: \(version)", "Architecture: amd64", "libsdl2-mixer-2.0-0",
                       "libavcodec59", "libhunspell-1.7-0", "fonts-dejavu-core", "fonts-inter"] {
            XCTAssertTrue(info.stdout.contains(needed), "control lacks \(needed):\n\(info.stdout)")
        }
        let contents = try E2E.run("/usr/bin/env", ["dpkg-deb", "--contents", deb.path], timeout: 60)
        for path in ["./usr/bin/zoetrope", "./usr/lib/zoetrope/swift/libswiftCore.so", "./usr/lib/zoetrope/swift/libFoundation.so",
                     "./usr/lib/zoetrope/Modules/SwiftUI.swiftmodule", "./usr/share/applications/app.zoetrope.Zoetrope.desktop",
                     "./usr/share/man/man1/zoetrope.1", "./usr/share/zoetrope/Resources/Images/elevator/inside.png"] {
            XCTAssertTrue(contents.stdout.contains(path), "the package lacks \(path)")
        }
        XCTAssertFalse(contents.stdout.contains("install-manifest"), "dpkg keeps the file list itself")

        // Unpacked: the player loads the Swift runtime it carries, not the toolchain's, and plays.
        let tree = root.appendingPathComponent("tree")
        let unpack = try E2E.run("/usr/bin/env", ["dpkg-deb", "-x", deb.path, tree.path], timeout: 120)
        XCTAssertEqual(unpack.status, 0, unpack.summary)
        let player = tree.appendingPathComponent("usr/bin/zoetrope").path
        let ldd = try E2E.run("/usr/bin/env", ["ldd", player], timeout: 30)
        let core = try XCTUnwrap(ldd.stdout.split(separator: "\n").first { $0.contains("libswiftCore.so") })
        XCTAssertTrue(core.contains(tree.appendingPathComponent("usr/bin/../lib/zoetrope/swift/libswiftCore.so").path), String(core))
        let env = E2E.environment(removing: ["ZOETROPE_RESOURCES", "ZOETROPE_SOURCES", "LD_LIBRARY_PATH"],
                                  setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PATH": "/usr/bin:/bin"])
        let shot = root.appendingPathComponent("ride.png").path
        let ride = try E2E.run(player, ["--headless", "--scene", "elevator", "--script", "at 0.5 click callButton; at 2 screenshot \(shot); at 2.1 quit"],
                               environment: env, timeout: 120)
        XCTAssertEqual(ride.status, 0, ride.summary)
        XCTAssertTrue(FileManager.default.fileExists(atPath: shot))
        XCTAssertFalse(ride.stderr.contains("not found"), ride.stderr)
    }
}
