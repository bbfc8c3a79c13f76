import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Sounds FFmpeg decoded, kept on disk as raw PCM in the mixer's format, so that a later run plays them without
/// opening FFmpeg at all (issue 24: FFmpeg and the ~85 libraries it pulls in are 16–23 MB of a window's memory and
/// ~100 ms of its first `.m4a` sound). Folder: `$XDG_CACHE_HOME/zoetrope/sounds/` (else `~/.cache/…`); one file per
/// source path, named by a hash of the path, so the folder holds one entry per sound file ever played, and a
/// changed source (size or modification time) replaces its entry. At most `maxEntries` are kept (the oldest go).
///
/// A file is a 40-byte header — magic, the source's size and modification time, sample rate, channels, sample
/// count — then the samples (native-endian Int16, interleaved). Anything that does not match (another source, another
/// format, a short or damaged file) is a miss, and the sound is decoded again. Failing to write is silent: the store
/// only saves work.
public struct DecodedSoundStore: Sendable {
    public let folder: URL
    public let maxEntries: Int

    static let magic: UInt64 = 0x314D_4350_5A54_455A   // "ZETZPCM1", little-endian
    static let headerBytes = 40

    public init(folder: URL, maxEntries: Int = 64) {
        self.folder = folder
        self.maxEntries = maxEntries
    }

    /// The user's store: `$XDG_CACHE_HOME/zoetrope/sounds` (an absolute XDG path only), else `$HOME/.cache/…`.
    public static func user(environment: [String: String] = ProcessInfo.processInfo.environment) -> DecodedSoundStore? {
        UserCacheFolder.named("sounds", environment: environment).map { DecodedSoundStore(folder: $0) }
    }

    /// What identifies a decoded sound: its source file as it is now, and the PCM format asked for.
    struct Key: Equatable {
        var sourceSize: Int64
        var sourceTime: Int64
        var sampleRate: Int32
        var channels: Int32
    }

    func key(for source: URL, sampleRate: Int, channels: Int) -> Key? {
        guard let stamp = UserCacheFolder.stamp(of: source) else { return nil }
        return Key(sourceSize: stamp.size, sourceTime: stamp.time, sampleRate: Int32(sampleRate), channels: Int32(channels))
    }

    /// The file that holds `source`'s PCM: FNV-1a of its absolute path.
    func entry(for source: URL) -> URL {
        folder.appendingPathComponent(UserCacheFolder.entryName(for: source, suffix: ".pcm"))
    }

    /// The PCM saved for `source` in this format, read into a new allocation of `byteCount` bytes that the caller
    /// owns; nil when there is none that matches.
    func load(_ source: URL, sampleRate: Int, channels: Int) -> (bytes: UnsafeMutableRawPointer, byteCount: Int)? {
        guard let key = key(for: source, sampleRate: sampleRate, channels: channels) else { return nil }
        let fd = open(entry(for: source).path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        var header = [UInt8](repeating: 0, count: Self.headerBytes)
        guard header.withUnsafeMutableBytes({ Self.readFully(fd, into: $0) }), let count = Self.sampleCount(header, matching: key),
              Int(st.st_size) == Self.headerBytes + 2 * count else { return nil }
        let byteCount = 2 * count
        let bytes = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 4), alignment: 16)
        guard Self.readFully(fd, into: UnsafeMutableRawBufferPointer(start: bytes, count: byteCount)) else {
            bytes.deallocate()
            return nil
        }
        return (bytes, byteCount)
    }

    /// Saves `samples` as `source`'s PCM in this format (to a temporary name, then renamed, so a reader never sees
    /// half a file), then trims the folder to `maxEntries`.
    func save(_ samples: [Int16], for source: URL, sampleRate: Int, channels: Int) {
        guard let key = key(for: source, sampleRate: sampleRate, channels: channels),
              (try? PosixFile.makeFolders(folder.path)) != nil else { return }
        let target = entry(for: source)
        let temporary = target.path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        let header = Self.header(key, sampleCount: samples.count)
        let written = header.withUnsafeBytes { PosixFile.writeAll(fd, $0) }
            && samples.withUnsafeBytes { PosixFile.writeAll(fd, $0) }
        close(fd)
        guard written, rename(temporary, target.path) == 0 else { unlink(temporary); return }
        trim()
    }

    /// Removes the oldest entries (by modification time) beyond `maxEntries`.
    private func trim() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path), names.count > maxEntries else { return }
        let dated: [(path: String, time: Int)] = names.filter { $0.hasSuffix(".pcm") }.compactMap { name in
            let path = folder.appendingPathComponent(name).path
            var st = stat()
            return stat(path, &st) == 0 ? (path, st.st_mtim.tv_sec) : nil
        }
        for old in dated.sorted(by: { $0.time < $1.time }).dropLast(maxEntries) { unlink(old.path) }
    }

    static func header(_ key: Key, sampleCount: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(headerBytes)
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        put(magic); put(key.sourceSize); put(key.sourceTime); put(key.sampleRate); put(key.channels)
        put(Int64(sampleCount))
        return out
    }

    /// The header's sample count when it is ours and matches `key` (a whole number of frames), else nil.
    static func sampleCount(_ header: [UInt8], matching key: Key) -> Int? {
        guard header.count == headerBytes else { return nil }
        func get<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
            header.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: T.self)) }
        }
        let found = Key(sourceSize: get(8, Int64.self), sourceTime: get(16, Int64.self),
                        sampleRate: get(24, Int32.self), channels: get(28, Int32.self))
        let count = get(32, Int64.self)
        guard get(0, UInt64.self) == magic, found == key, count >= 0, count < Int64(Int32.max),
              key.channels > 0, count % Int64(key.channels) == 0 else { return nil }
        return Int(count)
    }

    /// Fills `buffer` from `fd`; false on an error or a file that ends first.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        PosixFile.readAll(fd, into: buffer) == buffer.count
    }
}
