import Foundation
import Scenes

/// The gallery's side of its pictures: those in the cache are shown at once; the others are made by two child
/// players (`ThumbnailMaker`) off the window's thread and picked up as they are written. A cache folder that cannot
/// be written costs only time: one warning, and the pictures are made in a temporary folder instead.
/// What the maker threads and the window share is behind `lock`; so the class is nonisolated, and what only the
/// window's thread calls is `@MainActor`.
nonisolated final class ThumbnailService: @unchecked Sendable {
    /// Headless: `start` returns when every picture is made, so a headless screenshot shows them all.
    let waits: Bool
    private let executable: String?
    private let environment: [String: String]
    private(set) var cache: ThumbnailCache?
    private var prepared = false
    private var launched = Set<String>()

    // Shared with the reader threads.
    private let lock = NSLock()
    private var ready: [String: URL] = [:]
    private var running = 0
    private var made = 0
    private var failures: [String] = []
    private var began = Date()
    private var summary: String?
    private let group = DispatchGroup()
    private var children: [Process] = []

    init(waits: Bool, executable: String? = ThumbnailCache.executablePath,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.waits = waits
        self.executable = executable
        self.environment = environment
    }

    /// Pictures written and not yet taken, or the summary not yet said: the gallery should draw.
    var hasNews: Bool { lock.withLock { !ready.isEmpty || summary != nil } }

    /// How many pictures this player made.
    var madeCount: Int { lock.withLock { made } }

    /// The pictures of `ids` that exist now; starts making the others (scenes of the book only: a project's own
    /// previews are not known to a child player).
    @MainActor
    func start(ids: [String]) -> [String: URL] {
        prepare()
        guard let cache else { return [:] }
        var have: [String: URL] = [:]
        var missing: [String] = []
        for id in ids {
            let url = cache.url(for: id)
            if FileManager.default.fileExists(atPath: url.path) { have[id] = url }
            else if !launched.contains(id), SceneCatalog.entry(id: id) != nil { missing.append(id) }
        }
        if !missing.isEmpty, let executable {
            launched.formUnion(missing)
            lock.withLock { began = Date() }
            // Two children, each every other scene: the machine's cores, and the long scenes spread over both.
            let count = min(2, missing.count)
            for k in 0..<count {
                let part = stride(from: k, to: missing.count, by: count).map { missing[$0] }
                launch(executable, ids: part, cache: cache)
            }
        }
        if waits {
            group.wait()
            for (id, url) in takeReady() { have[id] = url }
        }
        return have
    }

    /// Pictures written since the last call (main thread); says the summary once all are done.
    func takeReady() -> [String: URL] {
        let (out, note, failed): ([String: URL], String?, [String]) = lock.withLock {
            defer { ready = [:]; summary = nil; if running == 0 { failures = [] } }
            return (ready, summary, running == 0 ? failures : [])
        }
        if let note { logger.info("\(note)") }
        if !failed.isEmpty {
            logger.warning("could not make the gallery pictures of \(failed.count) scene(s): \(failed.prefix(3).joined(separator: "; "))")
        }
        return out
    }

    /// Stops the picture makers (the player quits): what they wrote stays, a picture half made is never renamed in.
    func stop() {
        for p in lock.withLock({ children }) where p.isRunning { p.terminate() }
    }

    /// The cache folder, or a temporary one when it cannot be written (one warning), or none.
    private func prepare() {
        guard !prepared else { return }
        prepared = true
        let build = ThumbnailCache.buildKey(executable: executable)
        let main = ThumbnailCache(folder: ThumbnailCache.defaultFolder(environment: environment), build: build)
        do {
            try main.prepare()
            cache = main
            main.pruneOtherBuilds()
        } catch {
            let temp = ThumbnailCache(folder: FileManager.default.temporaryDirectory
                .appendingPathComponent("zoetrope-thumbnails-\(getuid())"), build: build)
            if (try? temp.prepare()) != nil {
                cache = temp
                logger.warning("gallery pictures are not cached (\(error)); they are made again each launch, in \(temp.folder.path)")
            } else {
                logger.warning("gallery pictures cannot be made (\(error)); the cards show placeholders")
            }
        }
    }

    private func launch(_ executable: String, ids: [String], cache: ThumbnailCache) {
        lock.withLock { running += 1 }
        group.enter()
        Thread.detachNewThread { [self] in
            defer { finished(); group.leave() }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: executable)
            p.arguments = ["--make-thumbnails", cache.folder.path, "--thumbnail-build", cache.build,
                           "--thumbnail-scenes", ids.joined(separator: ",")]
            var env = environment
            env["SDL_AUDIODRIVER"] = "dummy"
            p.environment = env
            let out = Pipe()
            p.standardOutput = out
            // A scene's own warnings are said when it is opened, not once more from here.
            p.standardError = FileHandle.nullDevice
            do { try p.run(); lock.withLock { children.append(p) } } catch {
                lock.withLock { failures.append("cannot start \(executable): \(error)") }
                return
            }
            var buffer = Data()
            while true {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let nl = buffer.firstIndex(of: 10) {
                    let line = String(decoding: buffer[buffer.startIndex..<nl], as: UTF8.self)
                    buffer.removeSubrange(buffer.startIndex...nl)
                    handle(line, cache: cache)
                }
            }
            p.waitUntilExit()
            if p.terminationReason == .uncaughtSignal {
                lock.withLock { failures.append("a picture maker stopped with signal \(p.terminationStatus)") }
            }
        }
    }

    private func handle(_ line: String, cache: ThumbnailCache) {
        let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
        guard parts.count >= 2 else { return }
        lock.withLock {
            if parts[0] == "made" { ready[parts[1]] = cache.url(for: parts[1]); made += 1 }
            else if parts[0] == "failed" { failures.append("\(parts[1]): \(parts.count > 2 ? parts[2] : "")") }
        }
    }

    private func finished() {
        lock.withLock {
            running -= 1
            if running == 0 {
                let seconds = String(format: "%.1f", Date().timeIntervalSince(began))
                summary = "gallery: made \(made) pictures in \(seconds) s (\(cache?.folder.path ?? ""))"
            }
        }
    }
}
