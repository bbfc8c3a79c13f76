import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// Running a test app of Tests/BookApps with `zoetrope run` headless, and reading what it drew.
@MainActor
enum BookApp {
    static let folder = E2E.packageRoot.appendingPathComponent("Tests/BookApps")

    /// A fresh copy of the app `name` in a temporary folder (so a test may edit it), removed after the test.
    static func copy(_ name: String, in test: XCTestCase) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let app = dir.appendingPathComponent(name)
        try FileManager.default.copyItem(at: folder.appendingPathComponent(name), to: app)
        return app
    }

    /// `zoetrope run DIR --headless ARGS…` with the script `script`; its own XDG folders, so no build or setting of
    /// another run is seen.
    static func run(_ app: URL, script: String? = nil, _ arguments: [String] = [], environment extra: [String: String] = [:],
                    timeout: Double = 180) throws -> E2EResult {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let env = E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                            "XDG_CACHE_HOME": home.appendingPathComponent("cache").path,
                                            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path]
                                            .merging(extra) { $1 })
        return try E2E.zoetrope(["run", app.path, "--headless"] + (script.map { ["--script", $0] } ?? []) + arguments,
                                environment: env, timeout: timeout)
    }

    /// A folder for a test's screenshots and captures, kept with the run's other end-to-end output.
    static func outputs(_ name: String) -> URL {
        let dir = E2E.outputDirectory.appendingPathComponent("book-\(name)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }
}
