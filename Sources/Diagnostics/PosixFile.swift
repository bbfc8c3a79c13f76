import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing small files (settings, effects) with errors that tell the truth: each names the file and
/// the real reason, from `errno` or from what the path turned out to be (a FIFO, a device, a folder, a link to
/// nothing, a file where a folder should be), instead of a Foundation code ("NSCocoaErrorDomain error 256") or a
/// guess ("You don't have permission"). Opening never blocks: a FIFO without a writer is refused, not waited on.
public enum PosixFile {
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let path: String
        public let reason: String
        public var description: String { "\(path): \(reason)" }
        public init(_ path: String, _ reason: String) { self.path = path; self.reason = reason }
        /// The reason for the current `errno`.
        static func errno(_ path: String) -> Failure { Failure(path, String(cString: strerror(Glibc.errno))) }
    }

    /// Whether anything (a file, a folder, even a link to nothing) is at `path`; a path through a file
    /// ("config/zoetrope" where "config" is a file) throws, since nothing can ever be written there.
    public static func exists(_ path: String) throws -> Bool {
        var st = stat()
        if lstat(path, &st) == 0 { return true }
        if Glibc.errno == ENOENT { return false }
        if Glibc.errno == ENOTDIR { throw Failure(path, "\(firstFileAlong(path) ?? "a folder on the path") is a file, not a folder") }
        throw Failure.errno(path)
    }

    /// The contents of the regular file at `path` (at most `maxBytes`).
    public static func read(_ path: String, maxBytes: Int = 16 << 20) throws -> Data {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            var st = stat()
            if Glibc.errno == ENOENT, lstat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFLNK {
                throw Failure(path, "a link to \(linkTarget(path) ?? "?"), which does not exist")
            }
            if Glibc.errno == ENOTDIR { _ = try exists(path) }
            throw Failure.errno(path)
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw Failure.errno(path) }
        if let kind = notRegular(st.st_mode) { throw Failure(path, "\(kind), not a regular file") }
        guard Int(st.st_size) <= maxBytes else { throw Failure(path, "\(st.st_size) bytes, more than the \(maxBytes) read") }
        var data = Data(count: Int(st.st_size))
        guard let done = data.withUnsafeMutableBytes({ readAll(fd, into: $0) }) else { throw Failure.errno(path) }
        return data.prefix(done)
    }

    /// Reads from `fd` until `buffer` is full or the file ends, going on after a signal (EINTR): how many bytes were
    /// read, or nil on an error (`errno` says which).
    public static func readAll(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        var done = 0
        while done < buffer.count {
            let n = Glibc.read(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 && Glibc.errno == EINTR { continue }
            guard n >= 0 else { return nil }
            if n == 0 { break }
            done += n
        }
        return done
    }

    /// Writes all of `buffer` to `fd`, going on after a signal (EINTR); false on an error (`errno` says which).
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < buffer.count {
            let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
            if n < 0 && Glibc.errno == EINTR { continue }
            guard n > 0 else { return false }
            done += n
        }
        return true
    }

    /// Makes the folder `path` and its parents; a file in the way is named.
    public static func makeFolders(_ path: String) throws {
        var st = stat()
        if stat(path, &st) == 0 {
            guard (st.st_mode & S_IFMT) == S_IFDIR else { throw Failure(path, "\(notRegular(st.st_mode) ?? "a file"), not a folder") }
            return
        }
        if Glibc.errno == ENOTDIR { _ = try exists(path) }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try makeFolders(parent) }
        guard mkdir(path, 0o755) == 0 || Glibc.errno == EEXIST else { throw Failure.errno(path) }
    }

    /// Writes `data` to `path` atomically: a temporary `.NAME.<pid>.tmp` beside the file, then a rename over it, so
    /// a crash leaves the old file or the new one, never half of one. A symbolic link is written through: its
    /// target gets the new contents and the link stays (a user's dotfiles keep their links).
    public static func writeAtomically(_ data: Data, to path: String) throws {
        let target = resolvedLinks(path)
        // Only a regular file is replaced: renaming over a link's target `/dev/zero` (as root) would replace the
        // device, and over a FIFO or a folder it is not what the user meant.
        var st = stat()
        if stat(target, &st) == 0, let kind = notRegular(st.st_mode) {
            throw Failure(target == path ? path : "\(path) (a link to \(target))", "\(kind), not a regular file")
        }
        let folder = (target as NSString).deletingLastPathComponent
        try makeFolders(folder.isEmpty ? "." : folder)
        let temp = temporaryPath(for: target, pid: getpid())
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure.errno(folder) }
        var failure: Failure?
        if !data.withUnsafeBytes({ writeAll(fd, $0) }) { failure = Failure.errno(target) }
        if failure == nil && fsync(fd) != 0 { failure = Failure.errno(target) }
        close(fd)
        if failure == nil && rename(temp, target) != 0 { failure = Failure.errno(target) }
        if let failure { unlink(temp); throw failure }
    }

    /// Removes the temporary files `writeAtomically` left beside `path` when a process was killed mid-write
    /// (`.NAME.<pid>.tmp` of a process that no longer runs). A running writer's file is left alone.
    public static func removeStaleTemporaries(of path: String) {
        let target = resolvedLinks(path)
        let folder = (target as NSString).deletingLastPathComponent
        let prefix = "." + (target as NSString).lastPathComponent + "."
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            guard let pid = Int32(name.dropFirst(prefix.count).dropLast(4)) else { continue }
            if pid != getpid() && kill(pid, 0) != 0 && Glibc.errno == ESRCH { unlink(folder + "/" + name) }
        }
    }

    static func temporaryPath(for path: String, pid: Int32) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = "." + (path as NSString).lastPathComponent + ".\(pid).tmp"
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// `path` with symbolic links at its end followed (at most 40, like the kernel), even to a target that does
    /// not exist yet.
    static func resolvedLinks(_ path: String) -> String {
        var p = path
        for _ in 0..<40 {
            guard let target = linkTarget(p) else { return p }
            p = target.hasPrefix("/") ? target : ((p as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        return p
    }

    private static func linkTarget(_ path: String) -> String? {
        var buf = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buf, buf.count - 1)
        guard n >= 0 else { return nil }
        return String(decoding: buf[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What a file that is not a regular file is, in words; nil for a regular file.
    private static func notRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// The first component of `path` that is a file where a folder is needed.
    private static func firstFileAlong(_ path: String) -> String? {
        var p = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/").dropLast() {
            p += "/" + part
            var st = stat()
            if stat(p, &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR { return p }
        }
        return nil
    }
}
