import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// scripts/install and scripts/uninstall (issue 26): the installed player runs from anywhere with its data beside
/// it, its desktop files validate, its man page renders, its bash completion completes, and uninstalling leaves
/// nothing behind.
@MainActor
final class InstallTests: XCTestCase {
    func testInstallRunUninstall() async throws {
        try E2E.requireTools(["desktop-file-validate", "appstreamcli", "man", "rsvg-convert", "bash"])
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-install-\(UUID().uuidString)")
        let prefix = root.appendingPathComponent("prefix"), elsewhere = root.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let scripts = E2E.packageRoot.appendingPathComponent("scripts")
        // This very build (the test's binary's), as `swift test` holds SwiftPM's build folder while it runs.
        let configuration = try E2E.binary().deletingLastPathComponent().lastPathComponent
        // Where the README's screenshots would be published (example.org: a name reserved for examples).
        let screenshotsURL = "https://example.org/zoetrope/docs/screenshots"
        let install = try E2E.run(scripts.appendingPathComponent("install").path,
                                  ["--prefix", prefix.path, "--configuration", configuration, "--no-build",
                                   "--screenshots-url", screenshotsURL], timeout: 300)
        XCTAssertEqual(install.status, 0, install.summary)

        // The installed player, run from a folder with no checkout in reach and no override in the environment.
        let installed = prefix.appendingPathComponent("bin/zoetrope").path
        let env = E2E.environment(removing: ["ZOETROPE_RESOURCES", "ZOETROPE_SOURCES", "ZOETROPE_MODULES", "ZOETROPE_BIN"],
                                  setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                            "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
                                            "XDG_CONFIG_HOME": root.appendingPathComponent("config").path])
        func player(_ binary: String, _ arguments: [String]) throws -> E2EResult {
            try E2E.run("/usr/bin/env", ["-C", elsewhere.path, binary] + arguments, environment: env, timeout: 180)
        }
        let version = try player(installed, ["--version"])
        XCTAssertEqual(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                       try String(contentsOf: E2E.packageRoot.appendingPathComponent("Sources/Player/Version.swift"), encoding: .utf8)
                        .components(separatedBy: "\"")[1])
        let list = try player(installed, ["--list"])
        XCTAssertEqual(list.status, 0, list.summary)
        XCTAssertTrue(list.stdout.contains("elevator\tChapter 11\tNeed a Lift?"), list.stdout)
        // A headless ride: the installed player's picture is the checkout build's.
        let shots = ["installed", "checkout"].map { root.appendingPathComponent("\($0).png").path }
        for (binary, shot) in zip([installed, try E2E.binary().path], shots) {
            let r = try player(binary, ["--headless", "--scene", "elevator",
                                        "--script", "at 0.5 click callButton; at 3 screenshot \(shot); at 3.1 quit"])
            XCTAssertEqual(r.status, 0, r.summary)
            XCTAssertFalse(r.stderr.contains("not found"), r.stderr)
        }
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: shots[0])), try Data(contentsOf: URL(fileURLWithPath: shots[1])))
        // The installed modules compile a book project.
        let app = try player(installed, ["run", E2E.packageRoot.appendingPathComponent("Tests/BookApps/TapToGrow").path, "--list"])
        XCTAssertEqual(app.status, 0, app.summary)
        XCTAssertTrue(app.stdout.hasPrefix("app\t"), app.stdout)

        // The desktop files, the man page and the completion.
        let share = prefix.appendingPathComponent("share")
        let desktop = try E2E.run("/usr/bin/env", ["desktop-file-validate",
                                                  share.appendingPathComponent("applications/app.zoetrope.Zoetrope.desktop").path], timeout: 30)
        XCTAssertEqual(desktop.status, 0, desktop.summary)
        let metainfo = try E2E.run("/usr/bin/env", ["appstreamcli", "validate", "--no-net",
                                                   share.appendingPathComponent("metainfo/app.zoetrope.Zoetrope.metainfo.xml").path], timeout: 60)
        XCTAssertEqual(metainfo.status, 0, metainfo.summary)
        // The README's screenshots, the gallery's first, each a picture that is in the repository.
        let xml = try String(contentsOf: share.appendingPathComponent("metainfo/app.zoetrope.Zoetrope.metainfo.xml"), encoding: .utf8)
        let images = xml.components(separatedBy: "<image>").dropFirst().map { $0.components(separatedBy: "</image>")[0] }
        XCTAssertEqual(images.first, screenshotsURL + "/gallery-1280x800.png", xml)
        XCTAssertEqual(images.count, 2, xml)
        for image in images {
            let name = URL(string: image)!.lastPathComponent
            XCTAssertTrue(FileManager.default.fileExists(atPath: E2E.packageRoot.appendingPathComponent("docs/screenshots/\(name)").path),
                          "the metainfo shows \(name), which docs/screenshots lacks")
        }
        XCTAssertFalse(xml.contains("@"), "a placeholder is left in the metainfo:\n\(xml)")
        let man = try E2E.run("/usr/bin/env", ["man", "-l", share.appendingPathComponent("man/man1/zoetrope.1").path],
                              environment: E2E.environment(setting: ["MANPAGER": "cat", "PAGER": "cat"]), timeout: 60)
        XCTAssertEqual(man.status, 0, man.summary)
        XCTAssertTrue(man.stdout.contains("--scene"), man.stdout)
        for size in [16, 48, 256] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: share.appendingPathComponent("icons/hicolor/\(size)x\(size)/apps/zoetrope.png").path))
        }
        let completion = share.appendingPathComponent("bash-completion/completions/zoetrope").path
        let complete = try E2E.run("/bin/bash", ["-c", """
            shopt -s extglob  # as bash-completion sets it
            source '\(completion)'
            COMP_WORDS=(zoetrope --sce); COMP_CWORD=1; COMP_LINE='zoetrope --sce'; COMP_POINT=${#COMP_LINE}
            _zoetrope zoetrope --sce zoetrope
            printf '%s\\n' "${COMPREPLY[@]}"
            """], timeout: 30)
        XCTAssertEqual(complete.stdout.split(separator: "\n").map(String.init), ["--scene"], complete.summary)

        // Uninstalled: nothing of it is left under the prefix.
        let uninstall = try E2E.run(scripts.appendingPathComponent("uninstall").path, ["--prefix", prefix.path], timeout: 60)
        XCTAssertEqual(uninstall.status, 0, uninstall.summary)
        let left = FileManager.default.enumerator(atPath: prefix.path)?.allObjects as? [String] ?? []
        XCTAssertEqual(left, [], "left behind under the prefix")
    }
}
