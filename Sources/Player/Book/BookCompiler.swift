import Foundation
import Synchronization

/// Compiles a book project into a shared library against the engine's Apple-named modules (`SwiftUI`, …), with
/// the Swift compiler of the machine. The library's references to those modules bind to the running player
/// (which exports its symbols), so a build compiles only the project's own files. Nonisolated: live reload
/// compiles off the main thread (it touches only files and the compiler process; loading is `BookLoader`'s).
nonisolated final class BookCompiler {
    struct Failure: Error, CustomStringConvertible {
        /// `ContentView.swift:12: error: …` lines, one per error, naming the project's files.
        let lines: [String]
        var description: String { lines.joined(separator: "\n") }
    }

    private let swiftc: URL
    private let modules: URL
    private let buildFolder: URL
    private var builds = 0
    /// A compile that takes longer than this is stopped (a compiler stuck on one expression).
    static let timeLimit: TimeInterval = 120

    init() throws {
        guard let swiftc = BookCompiler.findCompiler() else {
            throw Failure(lines: ["zoetrope run needs the Swift compiler: put swiftc on PATH (or set ZOETROPE_SWIFTC)"])
        }
        guard let modules = BookCompiler.findModules() else {
            throw Failure(lines: ["the SwiftUI module of this player was not found next to it (set ZOETROPE_MODULES to the folder holding SwiftUI.swiftmodule)"])
        }
        self.swiftc = swiftc
        self.modules = modules
        let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        buildFolder = cache.appendingPathComponent("zoetrope/builds/\(getpid())")
        do {
            try FileManager.default.createDirectory(at: buildFolder, withIntermediateDirectories: true)
        } catch {
            throw Failure(lines: ["cannot create the build folder \(buildFolder.path): \(error.localizedDescription)"])
        }
        BookCompiler.removeStaleBuilds(besides: buildFolder)
        // The player ends with exit(), which runs no deinit: the folder goes at exit.
        BookCompiler.folderToRemove.withLock { $0 = buildFolder }
        atexit { BookCompiler.folderToRemove.withLock { $0 }.map { try? FileManager.default.removeItem(at: $0) } }
    }

    /// Read by the `atexit` handler, on whichever thread exits.
    private static let folderToRemove = Mutex<URL?>(nil)

    /// Compiles `folder` into a new library (a new file and module name each time, so a running process can load
    /// one build after another) and returns its path.
    func compile(_ folder: BookFolder) throws -> URL {
        builds += 1
        let module = "ZoetropeBook\(builds)"
        let glue = buildFolder.appendingPathComponent("\(module)_Glue.swift")
        let library = buildFolder.appendingPathComponent("lib\(module).so")
        try BookGlue(folder: folder).source.write(to: glue, atomically: true, encoding: .utf8)
        // Main-actor isolation by default, as the engine's UI modules and an Xcode 26 app target have it: the
        // project's models and helpers run on the main thread with its views, and may call the views' API.
        let arguments = ["-emit-library", "-parse-as-library", "-swift-version", "5", "-default-isolation", "MainActor", "-Onone",
                         "-module-name", module, "-I", modules.path, "-diagnostic-style", "llvm",
                         "-suppress-warnings", "-o", library.path]
            + folder.sources.map(\.path) + [glue.path]
        let output = try run(arguments)
        guard output.status == 0, FileManager.default.fileExists(atPath: library.path) else {
            throw Failure(lines: errorLines(output.text, folder: folder, glue: glue))
        }
        return library
    }

    /// Says a failed build's lines on standard error, every time and as compilers print them (not through the
    /// run's log, which says a line once and counts it as a failed output), so editors link them to the file.
    static func report(_ lines: [String]) {
        FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    }

    /// Keeps the compiler's `path:line:col: error: message` lines, with paths relative to the project.
    private func errorLines(_ text: String, folder: BookFolder, glue: URL) -> [String] {
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[3] == " error", Int(parts[1]) != nil else {
                if line.hasPrefix("error:") || line.contains(": error: ") && !line.contains(".swift:") {
                    lines.append(String(line))   // the driver's or the linker's own errors
                }
                continue
            }
            let file = parts[0] == glue.path ? "(zoetrope's generated code)" : folder.relativePath(String(parts[0]))
            lines.append("\(file):\(parts[1]): error:\(parts[4])")
        }
        return lines.isEmpty ? ["the Swift compiler failed:\n" + text.suffix(2000)] : lines
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = swiftc
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do { try process.run() } catch {
            throw Failure(lines: ["cannot start \(swiftc.path): \(error.localizedDescription)"])
        }
        // A watchdog stops a compiler that runs past the limit; the output is read while it runs (a full pipe
        // would block it).
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + BookCompiler.timeLimit, execute: watchdog)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        if process.terminationReason == .uncaughtSignal {
            throw Failure(lines: ["the Swift compiler took more than \(Int(BookCompiler.timeLimit)) s and was stopped"])
        }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    private static func findCompiler() -> URL? {
        let env = ProcessInfo.processInfo.environment
        if let path = env["ZOETROPE_SWIFTC"] { return URL(fileURLWithPath: path) }
        for folder in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// `ZOETROPE_MODULES`, else the build's `Modules` folder beside the executable (SwiftPM's layout), else
    /// `../lib/zoetrope/Modules` of an installed player.
    private static func findModules() -> URL? {
        if let path = ProcessInfo.processInfo.environment["ZOETROPE_MODULES"] { return URL(fileURLWithPath: path) }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        return [executable.appendingPathComponent("Modules"),
                executable.appendingPathComponent("../lib/zoetrope/Modules").standardizedFileURL]
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("SwiftUI.swiftmodule").path) }
    }

    /// Build folders of players that are no longer running (killed before they could clean up).
    private static func removeStaleBuilds(besides current: URL) {
        let parent = current.deletingLastPathComponent()
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            guard let pid = Int32(folder), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(folder))
        }
    }
}

/// The one file `zoetrope run` adds to a project: the names Foundation and the engine both declare, settled in the
/// engine's favour (a module's own declarations come before any import, so every file of the project sees them),
/// and the function the player calls after loading the build to learn its app and previews.
nonisolated struct BookGlue {
    let folder: BookFolder

    var source: String {
        var lines = [
            "import SwiftUI",
            "import UIKit",
            "import Views",
            "",
            "// Apple's geometry names are the engine's types; CGFloat is a Double, as on 64-bit Apple systems.",
            "public typealias CGFloat = Double",
            "public typealias CGPoint = Views.Point",
            "public typealias CGSize = Views.Size",
            "public typealias CGRect = Views.Rect",
            "public typealias CGLineCap = Views.StrokeStyle.LineCap",
            "public typealias CGLineJoin = Views.StrokeStyle.LineJoin",
            "// Timers run on the scene's clock, so a run is the same every time and scrubbing replays it.",
            "public typealias Timer = Views.Timer",
            "// The app's bundle is the project folder.",
            "public typealias Bundle = UIKit.ProjectBundle",
            "",
            "@_cdecl(\"\(BookGlue.registerSymbol)\")",
            "public func zoetropeRegisterBook() {",
        ]
        lines += folder.previews.map { "    BookProject.loading.addPreview(\($0).self, name: \"\($0)\")" }
        if let app = folder.appType { lines.append("    \(app).main()") }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static let registerSymbol = "zoetrope_register_book"
}
