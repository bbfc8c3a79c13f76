import CSDL2
import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Pictures decoded for textures, kept on disk as the RGBA32 pixels `PictureJob` makes (edges bled) with what the
/// texture cache found in them (opaque or not, the box of visible texels, their outline, the largest opaque rectangles), so that a
/// later window reads them back instead of decoding, bleeding and scanning them again (issue 24: the window's first
/// frame; the elevator's six pictures took ~280 ms of it on a loaded machine, the read-back a few milliseconds).
/// Folder: `$XDG_CACHE_HOME/zoetrope/pictures/` (else `~/.cache/…`); one file per source path, named by a hash of the
/// path, and a changed source (size or modification time) replaces its entry. At most `maxBytes` are kept (the
/// oldest go).
///
/// A file is a header — magic, the source's size and modification time, width, height, the coverage — then the
/// pixels, rows of `width * 4` bytes. Anything that does not match (another source, a short or damaged file) is a
/// miss, and the picture is decoded again. Failing to write is silent: the store only saves work. What a window
/// makes from a picture is kept beside it the same way, as a variant entry: its reduced levels (`ReducedImage`) and its
/// blurred shadows (`GaussianBlur.shadowTexture`, by sigma). Bump `magic` when what `PictureJob.decodeFile`,
/// `TextureCache.coverage`, `ReducedImage.halved` or `GaussianBlur.shadowTexture` make changes, so old entries are
/// not read as new ones.
public struct DecodedPictureStore: Sendable {
    public let folder: URL
    public let maxBytes: Int

    static let magic: UInt64 = 0x3243_4950_5A54_455A   // "ZETZPIC2", little-endian
    /// magic, source size, source time (8 bytes each), then width, height, opaque, visible box present, the box (4),
    /// outline present, the outline (8: box, x + y and x − y bounds), opaque rectangle count (4 bytes each).
    static let fixedHeaderBytes = 24 + 4 * 18
    /// A file with more opaque rectangles than this is not ours.
    static let maxOpaqueRects = 64

    public init(folder: URL, maxBytes: Int = 256 << 20) {
        self.folder = folder
        self.maxBytes = maxBytes
    }

    /// The user's store: `$XDG_CACHE_HOME/zoetrope/pictures` (an absolute XDG path only), else `$HOME/.cache/…`.
    public static func user(environment: [String: String] = ProcessInfo.processInfo.environment) -> DecodedPictureStore? {
        UserCacheFolder.named("pictures", environment: environment).map { DecodedPictureStore(folder: $0) }
    }

    /// What identifies a decoded picture: its source file as it is now.
    struct Key: Equatable {
        var sourceSize: Int64
        var sourceTime: Int64
    }

    func key(for source: URL) -> Key? {
        guard let stamp = UserCacheFolder.stamp(of: source) else { return nil }
        return Key(sourceSize: stamp.size, sourceTime: stamp.time)
    }

    /// The file that holds `source`'s pixels: FNV-1a of its absolute path; a `variant` (a reduced level, a shadow)
    /// is a file of its own beside it.
    func entry(for source: URL, variant: String? = nil) -> URL {
        folder.appendingPathComponent(UserCacheFolder.entryName(for: source, suffix: (variant.map { ".\($0)" } ?? "") + ".rgba"))
    }

    /// What an entry's header says: the size of its pixels and their coverage.
    struct Header {
        let width: Int, height: Int
        let coverage: TextureCache.Coverage
    }

    /// The size and coverage of the picture saved for `source` (or of what was made from it, `variant`), read from
    /// its header alone; nil when there is none that matches. A window knows the size of a picture drawn from a copy
    /// an earlier run kept without reading its pixels (`TextureCache.storedCopy`).
    func header(_ source: URL, variant: String? = nil) -> Header? {
        guard let key = key(for: source) else { return nil }
        return withEntry(source, variant: variant, key: key) { header, _ in header }
    }

    /// The picture saved for `source` (or what was made from it, `variant`) as a new RGBA32 surface (the caller frees
    /// it) and its coverage; nil when there is none that matches.
    func load(_ source: URL, variant: String? = nil) -> (surface: UnsafeMutablePointer<SDL_Surface>, coverage: TextureCache.Coverage)? {
        guard let key = key(for: source) else { return nil }
        return withEntry(source, variant: variant, key: key) { header, fd in
            let w = header.width, h = header.height
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_RGBA32.rawValue),
                  let pixels = surface.pointee.pixels else { return nil }
            let pitch = Int(surface.pointee.pitch)
            var ok = true
            if pitch == w * 4 {
                ok = PosixFile.readAll(fd, into: UnsafeMutableRawBufferPointer(start: pixels, count: w * h * 4)) == w * h * 4
            } else {
                for y in 0..<h where ok {
                    ok = PosixFile.readAll(fd, into: UnsafeMutableRawBufferPointer(start: pixels + y * pitch, count: w * 4)) == w * 4
                }
            }
            guard ok else { SDL_FreeSurface(surface); return nil }
            return (surface, header.coverage)
        }
    }

    /// Opens the entry of `source` (`variant`), reads and checks its header against `key` and the file's length, and
    /// gives `body` the header and the file, positioned at the pixels; nil when the entry is missing or does not match.
    private func withEntry<Result>(_ source: URL, variant: String?, key: Key, _ body: (Header, Int32) -> Result?) -> Result? {
        let fd = open(entry(for: source, variant: variant).path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return nil }
        var fixed = [UInt8](repeating: 0, count: Self.fixedHeaderBytes)
        guard fixed.withUnsafeMutableBytes({ PosixFile.readAll(fd, into: $0) == $0.count }) else { return nil }
        func get<T: FixedWidthInteger>(_ bytes: [UInt8], _ at: Int, _: T.Type) -> T {
            bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: at, as: T.self)) }
        }
        let found = Key(sourceSize: get(fixed, 8, Int64.self), sourceTime: get(fixed, 16, Int64.self))
        let w = Int(get(fixed, 24, Int32.self)), h = Int(get(fixed, 28, Int32.self))
        let opaque = get(fixed, 32, Int32.self), hasBox = get(fixed, 36, Int32.self)
        let box = (x0: Int(get(fixed, 40, Int32.self)), y0: Int(get(fixed, 44, Int32.self)),
                   x1: Int(get(fixed, 48, Int32.self)), y1: Int(get(fixed, 52, Int32.self)))
        let hasOutline = get(fixed, 56, Int32.self)
        let o = (0..<8).map { Int(get(fixed, 60 + 4 * $0, Int32.self)) }
        let outline = TexelOctagon(x0: o[0], y0: o[1], x1: o[2], y1: o[3], sumMin: o[4], sumMax: o[5], diffMin: o[6], diffMax: o[7])
        let rectCount = Int(get(fixed, 92, Int32.self))
        guard get(fixed, 0, UInt64.self) == Self.magic, found == key, w > 0, h > 0, w <= 16_384, h <= 16_384,
              (0...1).contains(opaque), (0...1).contains(hasBox), (0...1).contains(hasOutline),
              (0...Self.maxOpaqueRects).contains(rectCount),
              Int(st.st_size) == Self.fixedHeaderBytes + 16 * rectCount + w * h * 4 else { return nil }
        var rectBytes = [UInt8](repeating: 0, count: 16 * rectCount)
        guard rectBytes.withUnsafeMutableBytes({ PosixFile.readAll(fd, into: $0) == $0.count }) else { return nil }
        let rects = (0..<rectCount).map { i in
            (x0: Int(get(rectBytes, 16 * i, Int32.self)), y0: Int(get(rectBytes, 16 * i + 4, Int32.self)),
             x1: Int(get(rectBytes, 16 * i + 8, Int32.self)), y1: Int(get(rectBytes, 16 * i + 12, Int32.self)))
        }
        let coverage = (isOpaque: opaque == 1, visible: hasBox == 1 ? box : nil, opaque: rects,
                        outline: hasOutline == 1 ? outline : nil)
        return body(Header(width: w, height: h, coverage: coverage), fd)
    }

    /// Saves an RGBA32 `surface` and its coverage as `source`'s picture (to a temporary name, then renamed, so a
    /// reader never sees half a file), then trims the folder to `maxBytes`.
    func save(_ surface: UnsafeMutablePointer<SDL_Surface>, coverage: TextureCache.Coverage, for source: URL,
              variant: String? = nil) {
        let s = surface.pointee
        let w = Int(s.w), h = Int(s.h), pitch = Int(s.pitch)
        guard s.format.pointee.format == SDL_PIXELFORMAT_RGBA32.rawValue, let pixels = s.pixels, w > 0, h > 0,
              coverage.opaque.count <= Self.maxOpaqueRects, w * h * 4 <= maxBytes,
              let key = key(for: source), (try? PosixFile.makeFolders(folder.path)) != nil else { return }
        var header: [UInt8] = []
        header.reserveCapacity(Self.fixedHeaderBytes + 16 * coverage.opaque.count)
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { header.append(contentsOf: $0) } }
        put(Self.magic); put(key.sourceSize); put(key.sourceTime)
        put(Int32(w)); put(Int32(h)); put(Int32(coverage.isOpaque ? 1 : 0)); put(Int32(coverage.visible == nil ? 0 : 1))
        let box = coverage.visible ?? (0, 0, 0, 0)
        for v in [box.x0, box.y0, box.x1, box.y1] { put(Int32(v)) }
        put(Int32(coverage.outline == nil ? 0 : 1))
        let o = coverage.outline ?? TexelOctagon(x0: 0, y0: 0, x1: 0, y1: 0, sumMin: 0, sumMax: 0, diffMin: 0, diffMax: 0)
        for v in [o.x0, o.y0, o.x1, o.y1, o.sumMin, o.sumMax, o.diffMin, o.diffMax] { put(Int32(v)) }
        put(Int32(coverage.opaque.count))
        for r in coverage.opaque { for v in [r.x0, r.y0, r.x1, r.y1] { put(Int32(v)) } }
        let target = entry(for: source, variant: variant)
        let temporary = target.path + ".\(getpid()).\(pthread_self()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return }
        var written = header.withUnsafeBytes { PosixFile.writeAll(fd, $0) }
        if pitch == w * 4 {
            written = written && PosixFile.writeAll(fd, UnsafeRawBufferPointer(start: pixels, count: w * h * 4))
        } else {
            for y in 0..<h where written {
                written = PosixFile.writeAll(fd, UnsafeRawBufferPointer(start: pixels + y * pitch, count: w * 4))
            }
        }
        close(fd)
        guard written, rename(temporary, target.path) == 0 else { unlink(temporary); return }
        trim()
    }

    /// Pixels made from `source` (a reduced level, a blurred shadow: what a window otherwise makes again at every
    /// start, issue 24) as saved by `save(_:for:variant:)`; nil when there are none that match.
    func loadPixels(_ source: URL, variant: String) -> Framebuffer? {
        guard let kept = load(source, variant: variant) else { return nil }
        defer { SDL_FreeSurface(kept.surface) }
        return Framebuffer(rgba32: kept.surface)
    }

    /// Saves pixels made from `source` as its `variant`. Their coverage is not kept (the texture cache scans what it
    /// makes from pixels itself): the entry says "not opaque, no box, no rectangles".
    func save(_ pixels: Framebuffer, for source: URL, variant: String) {
        var bytes = pixels.pixels
        bytes.withUnsafeMutableBytes { buffer in
            guard let surface = SDL_CreateRGBSurfaceWithFormatFrom(buffer.baseAddress, Int32(pixels.width), Int32(pixels.height),
                                                                   32, Int32(pixels.width * 4), SDL_PIXELFORMAT_RGBA32.rawValue)
            else { return }
            defer { SDL_FreeSurface(surface) }
            save(surface, coverage: (isOpaque: false, visible: nil, opaque: [], outline: nil), for: source, variant: variant)
        }
    }

    /// Removes the oldest entries (by modification time) until the folder holds at most `maxBytes`.
    private func trim() {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { return }
        var dated: [(path: String, time: Int, bytes: Int)] = names.filter { $0.hasSuffix(".rgba") }.compactMap { name in
            let path = folder.appendingPathComponent(name).path
            var st = stat()
            return stat(path, &st) == 0 ? (path, st.st_mtim.tv_sec, Int(st.st_size)) : nil
        }
        var total = dated.reduce(0) { $0 + $1.bytes }
        guard total > maxBytes else { return }
        dated.sort { $0.time < $1.time }
        for old in dated where total > maxBytes {
            unlink(old.path)
            total -= old.bytes
        }
    }
}
