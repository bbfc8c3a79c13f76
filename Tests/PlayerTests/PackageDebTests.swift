import Foundation
import XCTest
import ZoetropeHarness

/// scripts/package-deb (issue 26): the package's control data and contents, and its unpacked tree running the
/// player with the Swift runtime it carries.
@MainActor
final class PackageDebTests: XCTestCase {
    func testThePackageCarriesThePlayerAndItsRuntime() async throws {
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

        try installWithDpkg(deb, control: info.stdout, in: root.appendingPathComponent("dpkg-root"), environment: env)
    }

    /// `dpkg -i` into an empty root of its own (no chroot needed): dpkg unpacks and configures the package, the
    /// installed player runs, every `Depends:` is a package apt can satisfy here (installed on this machine, as
    /// `apt-get -f install` would fetch them), and `dpkg -r` leaves no file of it behind.
    private func installWithDpkg(_ deb: URL, control: String, in dpkgRoot: URL, environment env: [String: String]) throws {
        let admin = dpkgRoot.appendingPathComponent("var/lib/dpkg")
        for folder in ["updates", "info"] {
            try FileManager.default.createDirectory(at: admin.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["status", "available"] { _ = FileManager.default.createFile(atPath: admin.appendingPathComponent(file).path, contents: nil) }
        let dpkg = ["--root=\(dpkgRoot.path)", "--force-not-root", "--force-script-chrootless"]
        // The empty root has none of the dependencies; they are checked against this machine below.
        let install = try E2E.run("/usr/bin/env", ["dpkg"] + dpkg + ["--force-depends", "-i", deb.path], timeout: 300)
        XCTAssertEqual(install.status, 0, install.summary)
        let status = try E2E.run("/usr/bin/env", ["dpkg", "--root=\(dpkgRoot.path)", "-s", "zoetrope"], timeout: 30)
        XCTAssertTrue(status.stdout.contains("Status: install ok installed"), status.summary)

        let list = try E2E.run(dpkgRoot.appendingPathComponent("usr/bin/zoetrope").path, ["--list"], environment: env, timeout: 60)
        XCTAssertEqual(list.status, 0, list.summary)
        XCTAssertTrue(list.stdout.contains("elevator\t"), list.stdout)

        let depends = try XCTUnwrap(control.split(separator: "\n").first { $0.hasPrefix(" Depends:") || $0.hasPrefix("Depends:") })
        let packages = depends.split(separator: ":", maxSplits: 1)[1].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).components(separatedBy: " ")[0]
        }
        XCTAssertGreaterThan(packages.count, 10)
        for package in packages {
            let query = try E2E.run("/usr/bin/env", ["dpkg-query", "-W", "-f=${Status}", package], timeout: 30)
            XCTAssertEqual(query.stdout, "install ok installed", "Depends: \(package) is not a package apt can satisfy here")
        }

        let remove = try E2E.run("/usr/bin/env", ["dpkg"] + dpkg + ["-r", "zoetrope"], timeout: 120)
        XCTAssertEqual(remove.status, 0, remove.summary)
        let left = FileManager.default.enumerator(at: dpkgRoot, includingPropertiesForKeys: [.isRegularFileKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true }
            .map { $0.path.replacingOccurrences(of: dpkgRoot.path, with: "") }
            .filter { !$0.hasPrefix("/var/lib/dpkg/") } ?? []
        XCTAssertEqual(left, [], "dpkg -r left files behind")
    }
}
