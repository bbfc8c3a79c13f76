import Foundation

/// Writes a 16-bit PCM RIFF/WAVE file incrementally: a 44-byte header with placeholder sizes, the samples as they
/// come, and the real sizes patched into the header by `finish()`.
public final class WAVWriter {
    public let url: URL
    public let sampleRate: Int
    public let channels: Int
    /// Sample frames written so far.
    public private(set) var frameCount = 0
    private var handle: FileHandle?

    public init(url: URL, sampleRate: Int = 44100, channels: Int = 2) throws {
        self.url = url
        self.sampleRate = sampleRate
        self.channels = channels
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Opened in place (not written to a temporary file and renamed over the path), so a device or a link named
        // by the user is written to, never replaced, and a full disk fails the first write.
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path,
                                                                NSLocalizedDescriptionKey: String(cString: strerror(errno))])
        }
        let h = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        handle = h
        try h.write(contentsOf: WAVWriter.header(dataBytes: 0, sampleRate: sampleRate, channels: channels))
    }

    deinit { try? finish() }

    public var isOpen: Bool { handle != nil }

    /// Appends interleaved native-endian samples (this writer assumes a little-endian host, like every Linux target).
    public func append(_ samples: UnsafeBufferPointer<Int16>) throws {
        guard let handle, samples.count > 0 else { return }
        try handle.write(contentsOf: Data(buffer: samples))
        frameCount += samples.count / channels
    }

    public func append(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { try append($0) }
    }

    /// Appends raw little-endian 16-bit interleaved bytes (an SDL audio stream).
    public func append(bytes: Data) throws {
        guard let handle, !bytes.isEmpty else { return }
        try handle.write(contentsOf: bytes)
        frameCount += bytes.count / (2 * channels)
    }

    /// Patches the RIFF and data sizes and closes the file. Idempotent.
    public func finish() throws {
        guard let handle else { return }
        self.handle = nil
        let dataBytes = frameCount * channels * 2
        try handle.seek(toOffset: 0)
        try handle.write(contentsOf: WAVWriter.header(dataBytes: dataBytes, sampleRate: sampleRate, channels: channels))
        try handle.close()
    }

    static func header(dataBytes: Int, sampleRate: Int, channels: Int) -> Data {
        var d = Data()
        func u32(_ v: Int) { withUnsafeBytes(of: UInt32(truncatingIfNeeded: v).littleEndian) { d.append(contentsOf: $0) } }
        func u16(_ v: Int) { withUnsafeBytes(of: UInt16(truncatingIfNeeded: v).littleEndian) { d.append(contentsOf: $0) } }
        d.append(contentsOf: Array("RIFF".utf8)); u32(36 + dataBytes)
        d.append(contentsOf: Array("WAVE".utf8))
        d.append(contentsOf: Array("fmt ".utf8)); u32(16)
        u16(1)                              // PCM
        u16(channels)
        u32(sampleRate)
        u32(sampleRate * channels * 2)      // byte rate
        u16(channels * 2)                   // block align
        u16(16)                             // bits per sample
        d.append(contentsOf: Array("data".utf8)); u32(dataBytes)
        return d
    }
}

/// A 16-bit PCM WAV file read back whole (tests, the harness).
public struct WAVFile {
    public var sampleRate: Int
    public var channels: Int
    /// Interleaved samples.
    public var samples: [Int16]

    public var frameCount: Int { channels > 0 ? samples.count / channels : 0 }
    public var duration: Double { sampleRate > 0 ? Double(frameCount) / Double(sampleRate) : 0 }

    public init(sampleRate: Int, channels: Int, samples: [Int16]) {
        self.sampleRate = sampleRate; self.channels = channels; self.samples = samples
    }

    public enum ReadError: Error, CustomStringConvertible {
        case notWAV(String), unsupported(String)
        public var description: String {
            switch self {
            case .notWAV(let f): return "\(f) is not a RIFF/WAVE file"
            case .unsupported(let why): return "unsupported WAV: \(why)"
            }
        }
    }

    public init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        let bytes = [UInt8](data)
        func u32(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 | Int(bytes[o + 2]) << 16 | Int(bytes[o + 3]) << 24 }
        func u16(_ o: Int) -> Int { Int(bytes[o]) | Int(bytes[o + 1]) << 8 }
        func tag(_ o: Int) -> String { String(decoding: bytes[o..<o + 4], as: UTF8.self) }
        guard bytes.count >= 12, tag(0) == "RIFF", tag(8) == "WAVE" else { throw ReadError.notWAV(url.path) }
        var offset = 12
        var rate = 0, chans = 0, bits = 0, fmtTag = 0
        var pcm: [Int16]? = nil
        while offset + 8 <= bytes.count {
            let id = tag(offset)
            var size = u32(offset + 4)
            let body = offset + 8
            size = min(size, bytes.count - body)
            if id == "fmt " {
                fmtTag = u16(body); chans = u16(body + 2); rate = u32(body + 4); bits = u16(body + 14)
            } else if id == "data" {
                let n = size / 2
                var out = [Int16](repeating: 0, count: n)
                out.withUnsafeMutableBytes { dst in
                    bytes.withUnsafeBytes { src in
                        dst.copyMemory(from: UnsafeRawBufferPointer(rebasing: src[body..<body + n * 2]))
                    }
                }
                pcm = out.map { Int16(littleEndian: $0) }
            }
            offset = body + size + (size & 1)
        }
        guard fmtTag == 1 || fmtTag == 0xFFFE else { throw ReadError.unsupported("format tag \(fmtTag)") }
        guard bits == 16 else { throw ReadError.unsupported("\(bits) bits per sample") }
        guard let pcm else { throw ReadError.unsupported("no data chunk") }
        self.init(sampleRate: rate, channels: chans, samples: pcm)
    }

    /// One channel's samples.
    public func channel(_ c: Int) -> [Int16] {
        guard channels > 0 else { return [] }
        return stride(from: c, to: samples.count, by: channels).map { samples[$0] }
    }
}
