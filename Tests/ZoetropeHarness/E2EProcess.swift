import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Running the built `zoetrope` binary (and the X tools of the window test) as subprocesses, with time limits.
nonisolated public enum E2E {
    /// The package root: this file is Tests/ZoetropeHarness/E2EProcess.swift.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where this test run's end-to-end tests leave screenshots, captures and logs for people to look at: a folder of
    /// the test process's own in the temporary directory (`$TMPDIR`, else /tmp; see `makeRunDirectory`), so two runs
    /// at once (two checkouts, or CI and a developer) never write over each other's files. Made, and its path said
    /// on standard error, when a test first asks for it (not while tests are only listed: standard output is then
    /// the list).
    public static let outputDirectory: URL = {
        let dir = makeRunDirectory(in: URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true))
        let note = "end-to-end tests: screenshots, captures and logs of this run are kept in \(dir.path)\n"
        FileHandle.standardError.write(Data(note.utf8))
        return dir
    }()

    public static let runDirectoryPrefix = "zoetrope-e2e-"

    /// Makes `zoetrope-e2e-<date>-<time>-<pid>-<random>` in `parent`, first removing such folders of earlier runs
    /// that are over a day old.
    public static func makeRunDirectory(in parent: URL, now: Date = Date()) -> URL {
        let fm = FileManager.default
        let dayAgo = now.addingTimeInterval(-24 * 3600)
        for name in (try? fm.contentsOfDirectory(atPath: parent.path)) ?? [] where name.hasPrefix(runDirectoryPrefix) {
            let old = parent.appendingPathComponent(name, isDirectory: true)
            if let modified = (try? fm.attributesOfItem(atPath: old.path))?[.modificationDate] as? Date, modified < dayAgo {
                try? fm.removeItem(at: old)
            }
        }
        let stamp = DateFormatter()
        stamp.locale = Locale(identifier: "en_US_POSIX")
        stamp.dateFormat = "yyyyMMdd-HHmmss"
        let random = UUID().uuidString.prefix(8).lowercased()
        let dir = parent.appendingPathComponent("\(runDirectoryPrefix)\(stamp.string(from: now))-\(getpid())-\(random)",
                                                isDirectory: true)
        try? fm.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// The player built next to the running test bundle (the products folder `swift test` built, e.g.
    /// .build/debug), else `<package>/.build/debug/zoetrope`; `ZOETROPE_BIN` overrides both.
    public static func binary() throws -> URL {
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["ZOETROPE_BIN"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        if let me = CommandLine.arguments.first, me.contains("/") {
            // .build/<triple>/debug/ZoetropePackageTests.xctest
            candidates.append(URL(fileURLWithPath: me).resolvingSymlinksInPath().deletingLastPathComponent()
                .appendingPathComponent("zoetrope"))
        }
        candidates.append(packageRoot.appendingPathComponent(".build/debug/zoetrope"))
        for url in candidates where FileManager.default.isExecutableFile(atPath: url.path) { return url }
        throw Failure("the zoetrope binary is missing (looked at \(candidates.map(\.path).joined(separator: ", "))): "
                      + "run scripts/test, or `swift build` before `swift test`")
    }

    /// The full path of `tool` on PATH, or nil.
    public static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Fails unless every tool is installed, telling how to get them.
    public static func requireTools(_ tools: [String]) throws {
        let missing = tools.filter { which($0) == nil }
        guard missing.isEmpty else {
            throw Failure("missing tool(s) \(missing.joined(separator: ", ")): run scripts/test, which installs them "
                          + "(Debian: xvfb xauth xdotool imagemagick sox ffmpeg)")
        }
    }

    /// The test's own environment with `removing` taken out and `setting` added.
    public static func environment(removing: [String] = [], setting: [String: String] = [:]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        for key in removing { env.removeValue(forKey: key) }
        env.merge(setting) { $1 }
        return env
    }

    /// Runs `executable` to the end, or kills it after `timeout` seconds.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                    timeout: Double) throws -> E2EResult {
        let child = try E2EChild(executable, arguments, environment: environment)
        let finished = child.wait(timeout: timeout)
        if !finished { child.stop() }
        return child.result(timedOut: !finished)
    }

    /// Runs the player with `arguments`.
    public static func zoetrope(_ arguments: [String], environment: [String: String]? = nil, timeout: Double) throws -> E2EResult {
        try run(try binary().path, arguments, environment: environment, timeout: timeout)
    }
}

/// How a subprocess ended, and what it printed.
nonisolated public struct E2EResult {
    public var command: String
    /// The exit status, or the signal number when `signaled`.
    public var status: Int32
    public var signaled: Bool
    public var timedOut: Bool
    public var stdout: String
    public var stderr: String

    public var exitedNormally: Bool { !signaled && !timedOut }

    /// For failure messages: how it ended and the tail of its output.
    public var summary: String {
        let how = timedOut ? "timed out and was killed" : signaled ? "was killed by signal \(status)" : "exited \(status)"
        func tail(_ s: String) -> String { s.count > 1500 ? "…" + String(s.suffix(1500)) : s }
        return "`\(command)` \(how)\n--- stdout:\n\(tail(stdout))\n--- stderr:\n\(tail(stderr))"
    }
}

/// A running subprocess whose output goes to files (no pipe can fill up and block it).
nonisolated public final class E2EChild {
    public let process = Process()
    public let command: String
    private let outURL: URL
    private let errURL: URL
    private var stopped = false

    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
        command = ([executable] + arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
        let stem = "\(URL(fileURLWithPath: executable).lastPathComponent)-\(getpid())-\(UUID().uuidString.prefix(8))"
        outURL = E2E.outputDirectory.appendingPathComponent("\(stem).out")
        errURL = E2E.outputDirectory.appendingPathComponent("\(stem).err")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
    }

    public var pid: Int32 { process.processIdentifier }
    public var isRunning: Bool { process.isRunning }

    /// Waits up to `timeout` seconds; true when the process has ended.
    @discardableResult
    public func wait(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() >= deadline { return false }
            usleep(20_000)
        }
        process.waitUntilExit()
        return true
    }

    /// SIGTERM, then SIGKILL after `grace` seconds. Safe to call more than once.
    public func stop(grace: Double = 3) {
        guard !stopped else { return }
        stopped = true
        guard process.isRunning else { return }
        kill(pid, SIGTERM)
        if !wait(timeout: grace) {
            kill(pid, SIGKILL)
            wait(timeout: 10)
        }
    }

    public var stdout: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
    public var stderr: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }

    public func result(timedOut: Bool) -> E2EResult {
        let running = process.isRunning
        return E2EResult(command: command,
                         status: running ? -1 : process.terminationStatus,
                         signaled: !running && process.terminationReason == .uncaughtSignal,
                         timedOut: timedOut, stdout: stdout, stderr: stderr)
    }

    deinit {
        stop(grace: 1)
        try? FileManager.default.removeItem(at: outURL)
        try? FileManager.default.removeItem(at: errURL)
    }
}
