import Foundation

/// A PNG file's chunks checked before libpng sees them: libpng prints its own complaints on standard error
/// ("libpng error: Not enough image data", "bad adaptive filter value") before SDL_image fails, and the user should
/// read one line of ours naming the file instead. A truncated file (a chunk running past the end, no IEND) or a
/// damaged one (a chunk whose CRC does not match) is refused here; what is left for libpng is a file whose every
/// chunk arrived intact.
enum PNGIntegrity {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Why the PNG at `url` cannot be decoded, or nil when its chunks are whole (or it is not a PNG at all: SDL_image
    /// then says what it is).
    static func problem(_ url: URL) -> String? {
        guard let data = try? Data(contentsOf: url, options: .mappedIfSafe) else { return nil }
        return data.withUnsafeBytes { problem(Array($0.bindMemory(to: UInt8.self))) }
    }

    static func problem(_ bytes: [UInt8]) -> String? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(be32(bytes, at))
            guard length <= 0x7FFF_FFFF, at + 12 + length <= bytes.count else {
                return "truncated (a chunk runs past the end of the file, at byte \(at))"
            }
            let type = bytes[(at + 4)..<(at + 8)]
            guard crc32(bytes[(at + 4)..<(at + 8 + length)]) == be32(bytes, at + 8 + length) else {
                return "damaged (the \(String(decoding: type, as: UTF8.self)) chunk at byte \(at) fails its CRC)"
            }
            if Array(type) == Array("IEND".utf8) { return nil }
            at += 12 + length
        }
        return "truncated (it ends before its IEND chunk)"
    }

    private static func be32(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    private static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// PNG's CRC-32 (ISO 3309) of the chunk type and data.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = table[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }
}
