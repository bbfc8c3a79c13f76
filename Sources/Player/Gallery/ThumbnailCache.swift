import Foundation

/// Where the gallery's pictures are kept: `$XDG_CACHE_HOME/zoetrope/thumbnails/` (else `~/.cache/…`), one PNG per
/// scene and build, `<scene id>-<build>.png`. A new build makes new pictures: scenes change between builds.
nonisolated struct ThumbnailCache {
    let folder: URL
    /// Names the build the pictures were made with.
    let build: String

    /// The folder the XDG base directory spec gives for this user's cache.
    static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            let home = environment["HOME"] ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home).appendingPathComponent(".cache")
        }
        return base.appendingPathComponent("zoetrope/thumbnails")
    }

    /// The running player's build: its version, and the size and time of its executable (a rebuild changes them).
    static func buildKey(executable: String?) -> String {
        var text = zoetropeVersion
        if let executable, let a = try? FileManager.default.attributesOfItem(atPath: executable) {
            let size = (a[.size] as? NSNumber)?.int64Value ?? 0
            let time = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            text += "-\(size)-\(Int64(time * 1000))"
        }
        // FNV-1a: short, stable across runs (Swift's Hasher is seeded per process).
        var h: UInt64 = 0xcbf29ce484222325
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        return String(h, radix: 16)
    }

    /// The running executable (children are started from it).
    static var executablePath: String? {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments.first
    }

    /// The picture file of scene `id` (an id is kept to characters safe in a file name).
    func url(for id: String) -> URL {
        let safe = String(id.unicodeScalars.map { s -> Character in
            s.properties.isAlphabetic || s.properties.numericType != nil || s == "-" || s == "_" ? Character(s) : "_"
        })
        return folder.appendingPathComponent("\(safe)-\(build).png")
    }

    /// Makes the folder and proves a file can be written in it; throws a message naming the reason.
    func prepare() throws {
        let fm = FileManager.default
        do { try fm.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw Problem("cannot create \(folder.path): \(Self.reason(error))")
        }
        let probe = folder.appendingPathComponent(".write-test-\(getpid())")
        guard fm.createFile(atPath: probe.path, contents: Data()) else {
            throw Problem("cannot write in \(folder.path): \(String(cString: strerror(errno)))")
        }
        try? fm.removeItem(at: probe)
    }

    /// Removes other builds' pictures not written for a week: every build leaves about 2 MB, and a recent one may
    /// still be in use (a debug and a release build, two checkouts) — removing those would only make them again.
    func pruneOtherBuilds(olderThan age: TimeInterval = 7 * 86400, now: Date = Date()) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names where name.hasSuffix(".png") && !name.hasSuffix("-\(build).png") {
            let url = folder.appendingPathComponent(name)
            guard let date = (try? fm.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date,
                  now.timeIntervalSince(date) > age else { continue }
            try? fm.removeItem(at: url)
        }
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
        init(_ d: String) { description = d }
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let u = ns.userInfo[NSUnderlyingErrorKey] as? NSError, u.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(u.code)))
        }
        return ns.localizedDescription
    }
}
