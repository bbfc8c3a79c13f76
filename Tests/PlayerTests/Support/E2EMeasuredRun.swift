import Foundation
import XCTest
import ZoetropeHarness

/// A headless run of the built player for the hostile-input tests (issue 27): fresh `XDG_*` folders of its own (no
/// settings or videos of the person running the tests are read or written), the script in a file (a generated
/// script may be megabytes, past what one argument can hold), and `--frame-stats` read back for the peak memory.
@MainActor
struct E2EMeasuredRun {
    let result: E2EResult
    /// The player's own peak resident memory, from `--frame-stats`.
    let peakRSSMB: Double
    /// The player's own CPU time (all its threads) from its first frame to its end, from `--frame-stats`: the
    /// work a hostile input cost, which a busy machine (other processes waiting for the same cores) does not inflate
    /// as it does the wall-clock time.
    let cpuSeconds: Double
    /// The run's folder: `config`, `data`, `videos`, `pictures` (the XDG homes) and what the test put there.
    let home: URL

    /// Runs `--headless --scene SCENE --script <file> ARGS`; `prepare` fills the fresh home before the start.
    static func run(scene: String, script: String, arguments: [String] = [], environment: [String: String] = [:],
                    timeout: Double = 120, prepare: (URL) throws -> Void = { _ in },
                    in test: XCTestCase) throws -> E2EMeasuredRun {
        let fm = FileManager.default
        let home = fm.temporaryDirectory.appendingPathComponent("zoetrope-hostile-\(UUID().uuidString)", isDirectory: true)
        for sub in ["config", "data", "videos", "pictures"] {
            try fm.createDirectory(at: home.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        test.addTeardownBlock { try? FileManager.default.removeItem(at: home) }
        try prepare(home)
        let scriptFile = home.appendingPathComponent("script.txt"), stats = home.appendingPathComponent("stats.json")
        try Data(script.utf8).write(to: scriptFile)
        var env = E2E.environment(setting: ["SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                                            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                                            "XDG_VIDEOS_DIR": home.appendingPathComponent("videos").path,
                                            "XDG_PICTURES_DIR": home.appendingPathComponent("pictures").path])
        env.merge(environment) { $1 }
        let r = try E2E.zoetrope(["--headless", "--scene", scene, "--script", scriptFile.path,
                                  "--frame-stats", stats.path] + arguments, environment: env, timeout: timeout)
        let json = (try? Data(contentsOf: stats)).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        return E2EMeasuredRun(result: r, peakRSSMB: json?["peak_rss_mb"] as? Double ?? 0,
                              cpuSeconds: json?["cpu_s"] as? Double ?? .infinity, home: home)
    }

    /// The `"text"` of the probe line of node `name` on standard output.
    func probedText(_ name: String) -> String? { E2E.probedText(name, in: result.stdout) }

    /// The lines of standard error that contain `needle`.
    func stderrLines(containing needle: String) -> [String] {
        result.stderr.split(separator: "\n").map(String.init).filter { $0.contains(needle) }
    }
}

@MainActor
extension E2E {
    /// The `"text"` of the first probe line for `node` in `stdout` (the JSON parsed: searching megabytes of output for
    /// a long expected string is quadratic).
    static func probedText(_ node: String, in stdout: String) -> String? {
        guard let line = stdout.split(separator: "\n").first(where: { $0.hasPrefix("{\"probe\":\"\(node)\"") }),
              let json = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
        return json["text"] as? String
    }
}
