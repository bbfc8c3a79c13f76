import Diagnostics
import Foundation

/// One entry point for particle files (the player's `--emitter FILE`, `--dump` and drag-and-drop).
///
/// `.sks` → `SKSFile`, `.json` → `EffectJSON`; any other extension (or none) is decided by the content:
/// `bplist00` or an XML/plist prologue → `.sks`, `{` or `[` → JSON.
public enum ParticleFile {
    public enum Format: String, Sendable { case sks, json }

    public static func load(_ url: URL) throws -> LoadResult {
        let data = try read(url)
        return try load(data: data, name: url.lastPathComponent)
    }

    /// Loads bytes whose file name (for the extension and the messages) is `name`.
    public static func load(data: Data, name: String) throws -> LoadResult {
        switch try format(of: data, name: name) {
        case .sks: return try SKSFile.load(data: data, name: name)
        case .json: return try EffectJSON.decode(data, name: name)
        }
    }

    /// The format chosen for a file: by extension (`sks`, `json`, case-insensitive), else by sniffing.
    public static func format(of data: Data, name: String) throws -> Format {
        switch (name as NSString).pathExtension.lowercased() {
        case "sks": return .sks
        case "json": return .json
        default:
            if let f = sniff(data) { return f }
            throw ParticleFileError(file: name, problem: .unrecognisedFormat,
                                    message: "neither a SpriteKit particle file (.sks property list) nor a JSON effect")
        }
    }

    /// Guesses the format from the first bytes; nil when it looks like neither.
    public static func sniff(_ data: Data) -> Format? {
        let head = data.prefix(256)
        if head.starts(with: Array("bplist".utf8)) { return .sks }
        var bytes = Array(head)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }          // UTF-8 BOM
        let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = text.first else { return nil }
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return .json }
        if first == UInt8(ascii: "<") {
            let s = String(decoding: text, as: UTF8.self)
            if s.hasPrefix("<?xml") || s.hasPrefix("<!DOCTYPE plist") || s.hasPrefix("<plist") { return .sks }
        }
        return nil
    }

    /// Reads a file, refusing what is not a regular file (a folder, a FIFO, `/dev/zero`) and files larger than
    /// 64 MiB, with the real reason (`PosixFile`).
    static func read(_ url: URL) throws -> Data {
        do {
            return try PosixFile.read(url.path, maxBytes: FileLimits.maxFileBytes)
        } catch let e as PosixFile.Failure {
            throw ParticleFileError(file: url.lastPathComponent, problem: .unreadable, message: "\(e.reason) (\(url.path))")
        }
    }
}
