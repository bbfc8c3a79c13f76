import Foundation

/// What a recording can be written as, by the file name's extension.
public enum RecordingFormat: String, CaseIterable, Sendable {
    /// H.264 (libx264, crf 18, preset fast, yuv420p) and AAC in MP4, 60 frames a second.
    case mp4
    /// VP9 (libvpx-vp9, constant quality) and Vorbis in WebM, 60 frames a second.
    case webm
    /// An animated GIF, 30 frames a second (every other frame of the 60-Hz clock), one palette of 255 colours for the
    /// whole recording by median cut, ordered (8×8 Bayer) dithering, no sound.
    case gif

    /// The format of `url`'s extension (any case), or an error naming the ones that work.
    public init(url: URL) throws(RecordingError) {
        let ext = url.pathExtension.lowercased()
        guard let format = RecordingFormat(rawValue: ext) else {
            let what = ext.isEmpty ? "has no extension" : "has the extension .\(ext)"
            throw RecordingError("cannot record to \(url.path): it \(what); use .mp4 (H.264), .webm (VP9) or .gif")
        }
        self = format
    }

    /// Frames per second of the file. GIF delays are whole centiseconds, so 60 fps cannot be written; 30 fps takes
    /// exactly every other frame of the clock (no uneven skipping, as 50 fps would need) with delays of 3, 3, 4 cs
    /// (exact every 0.1 s), at half the size of 60.
    public var framesPerSecond: Int { self == .gif ? 30 : 60 }

    /// Whether the file carries the mixed audio.
    public var hasAudio: Bool { self != .gif }

    var muxer: String {
        switch self {
        case .mp4: return "mp4"
        case .webm: return "webm"
        case .gif: return "gif"
        }
    }

    var videoEncoder: String {
        switch self {
        case .mp4: return "libx264"
        case .webm: return "libvpx-vp9"
        case .gif: return "gif"
        }
    }

    var audioEncoder: String? {
        switch self {
        case .mp4: return "aac"
        case .webm: return "libvorbis"   // Vorbis takes 44.1 kHz as mixed; Opus would need resampling to 48 kHz
        case .gif: return nil
        }
    }
}

/// Why a recording cannot start or could not be finished, said to the user as it is.
public struct RecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
