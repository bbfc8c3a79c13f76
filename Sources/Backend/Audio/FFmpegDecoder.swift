import CFFmpeg
import Foundation

/// Decodes any FFmpeg-readable audio file (used for `.m4a`, i.e. AAC in MP4, which stock SDL_mixer 2.6 cannot
/// decode) to interleaved signed 16-bit PCM at a given rate and channel count (README §3.10).
///
/// Priming and padding: the MP4 demuxer applies the file's edit list (AAC encoder delay) by attaching skip-samples
/// side data to the first packets, which libavcodec honours, so the result starts at the first real sample.
///
/// FFmpeg is not linked: every call goes through `FFmpegLibrary`, loaded on first use. Without it, each decode throws
/// a `DecodeError` saying which library or function is missing.
public enum FFmpegDecoder {
    /// Why a file could not be decoded; the description names the file.
    public struct DecodeError: Error, CustomStringConvertible, Equatable {
        public let file: String
        public let reason: String
        public init(file: String, reason: String) { self.file = file; self.reason = reason }
        public var description: String { "cannot decode sound file \(file): \(reason)" }
        public var localizedDescription: String { description }
    }

    /// FFmpeg's own log (e.g. "moov atom not found", one line per damaged packet) goes to stderr by default; the
    /// player reports a bad file itself, in one line naming it (`DecodeError`). Silenced once, on first use.
    private static let quietLibraryLog: Void = {
        if case .success(let ffmpeg) = FFmpegLibrary.shared { ffmpeg.av_log_set_level(AV_LOG_QUIET) }
    }()

    /// Silences FFmpeg's stderr log (idempotent; `decode` calls it). Loads FFmpeg if it is not yet loaded.
    public static func silenceLibraryLog() { _ = quietLibraryLog }

    /// FFmpeg's current log level (`av_log_get_level()`; nil when FFmpeg cannot be loaded), and the quiet one, for
    /// tests.
    public static var libraryLogLevel: Int32? { try? FFmpegLibrary.shared.get().av_log_get_level() }
    public static let quietLogLevel: Int32 = AV_LOG_QUIET

    /// Decodes the first audio stream of `url` to interleaved native-endian Int16 samples
    /// (`frames × channels` values) at `sampleRate` Hz with `channels` channels.
    public static func decode(_ url: URL, sampleRate: Int, channels: Int) throws -> [Int16] {
        try decode(url, sampleRate: sampleRate, channels: channels, library: FFmpegLibrary.shared)
    }

    /// `decode` with the FFmpeg to use (tests pass one that failed to load).
    static func decode(_ url: URL, sampleRate: Int, channels: Int,
                       library: Result<FFmpegLibrary, FFmpegLibrary.LoadError>) throws -> [Int16] {
        let path = url.path
        func fail(_ reason: String) -> DecodeError { DecodeError(file: path, reason: reason) }
        guard sampleRate > 0, channels > 0 else { throw fail("invalid output format \(sampleRate) Hz × \(channels) ch") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else { throw fail("file not found") }
        guard !isDir.boolValue else { throw fail("is a directory") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber, size.intValue == 0 {
            throw fail("the file is empty (0 bytes)")
        }
        let ffmpeg: FFmpegLibrary
        switch library {
        case .success(let loaded): ffmpeg = loaded
        case .failure(let error): throw fail("FFmpeg is unavailable: \(error)")
        }
        silenceLibraryLog()
        func errorString(_ code: Int32) -> String { Self.errorString(code, ffmpeg) }

        // Demuxer.
        var format: UnsafeMutablePointer<AVFormatContext>? = nil
        var rc = ffmpeg.avformat_open_input(&format, path, nil, nil)
        guard rc >= 0, let fmt = format else { throw fail("cannot open (\(errorString(rc)))") }
        defer { ffmpeg.avformat_close_input(&format) }
        rc = ffmpeg.avformat_find_stream_info(fmt, nil)
        guard rc >= 0 else { throw fail("cannot read stream info (\(errorString(rc)))") }

        var codec: UnsafePointer<AVCodec>? = nil
        let streamIndex = ffmpeg.av_find_best_stream(fmt, AVMEDIA_TYPE_AUDIO, -1, -1, &codec, 0)
        guard streamIndex >= 0 else {
            throw fail(streamIndex == averrorDecoderNotFound ? "no decoder for its audio stream" : "no audio stream")
        }
        guard let decoderCodec = codec else { throw fail("no decoder for its audio stream") }
        guard let stream = fmt.pointee.streams[Int(streamIndex)] else { throw fail("no audio stream") }
        // Only the audio stream's packets matter.
        for i in 0..<Int(fmt.pointee.nb_streams) where i != Int(streamIndex) {
            fmt.pointee.streams[i]?.pointee.discard = AVDISCARD_ALL
        }

        // Decoder.
        var codecContext = ffmpeg.avcodec_alloc_context3(decoderCodec)
        guard let ctx = codecContext else { throw fail("out of memory") }
        defer { ffmpeg.avcodec_free_context(&codecContext) }
        rc = ffmpeg.avcodec_parameters_to_context(ctx, stream.pointee.codecpar)
        guard rc >= 0 else { throw fail("bad codec parameters (\(errorString(rc)))") }
        ctx.pointee.pkt_timebase = stream.pointee.time_base
        rc = ffmpeg.avcodec_open2(ctx, decoderCodec, nil)
        guard rc >= 0 else { throw fail("cannot open the \(String(cString: decoderCodec.pointee.name)) decoder (\(errorString(rc)))") }

        var packet = ffmpeg.av_packet_alloc()
        var frame = ffmpeg.av_frame_alloc()
        defer { ffmpeg.av_packet_free(&packet); ffmpeg.av_frame_free(&frame) }
        guard let pkt = packet, let frm = frame else { throw fail("out of memory") }

        var converter = Converter(ffmpeg: ffmpeg, path: path, outRate: sampleRate, outChannels: channels)
        defer { converter.free() }
        var output: [Int16] = []

        /// Pulls every frame the decoder has ready.
        func drain() throws {
            while true {
                let r = ffmpeg.avcodec_receive_frame(ctx, frm)
                if r == averrorEAGAIN || r == averrorEOF { return }
                guard r >= 0 else { throw fail("decoding failed (\(errorString(r)))") }
                try converter.convert(frm, into: &output)
                ffmpeg.av_frame_unref(frm)
            }
        }

        var decodedPackets = 0
        var badPackets = 0
        var lastError: Int32 = 0
        while true {
            let r = ffmpeg.av_read_frame(fmt, pkt)
            if r == averrorEOF { break }
            if r < 0 {
                // A truncated or damaged file: keep what decoded so far, if anything.
                lastError = r
                break
            }
            defer { ffmpeg.av_packet_unref(pkt) }
            guard pkt.pointee.stream_index == streamIndex else { continue }
            let s = ffmpeg.avcodec_send_packet(ctx, pkt)
            if s < 0 && s != averrorEAGAIN {
                badPackets += 1; lastError = s
                continue
            }
            decodedPackets += 1
            try drain()
        }
        // Flush the decoder, then the resampler.
        _ = ffmpeg.avcodec_send_packet(ctx, nil)
        try drain()
        try converter.flush(into: &output)

        if output.isEmpty {
            if lastError != 0 { throw fail("no audio could be decoded (\(errorString(lastError)))") }
            if decodedPackets == 0 && badPackets == 0 { throw fail("the audio stream holds no data") }
            throw fail("no audio could be decoded")
        }
        return output
    }

    // MARK: - Resampling

    /// libswresample context, created from the first decoded frame (whose layout/rate/format are authoritative).
    private struct Converter {
        let ffmpeg: FFmpegLibrary
        let path: String
        let outRate: Int
        let outChannels: Int
        var swr: OpaquePointer? = nil
        var inRate: Int32 = 0
        var inFormat: Int32 = -1
        var inChannels: Int32 = 0

        init(ffmpeg: FFmpegLibrary, path: String, outRate: Int, outChannels: Int) {
            self.ffmpeg = ffmpeg; self.path = path; self.outRate = outRate; self.outChannels = outChannels
        }

        private func errorString(_ code: Int32) -> String { FFmpegDecoder.errorString(code, ffmpeg) }

        mutating func free() { if swr != nil { ffmpeg.swr_free(&swr) } }

        private mutating func setUp(for frame: UnsafeMutablePointer<AVFrame>) throws {
            var inLayout = AVChannelLayout()
            if frame.pointee.ch_layout.order != AV_CHANNEL_ORDER_UNSPEC && frame.pointee.ch_layout.nb_channels > 0 {
                _ = ffmpeg.av_channel_layout_copy(&inLayout, &frame.pointee.ch_layout)
            } else {
                ffmpeg.av_channel_layout_default(&inLayout, max(1, frame.pointee.ch_layout.nb_channels))
            }
            defer { ffmpeg.av_channel_layout_uninit(&inLayout) }
            var outLayout = AVChannelLayout()
            ffmpeg.av_channel_layout_default(&outLayout, Int32(outChannels))
            defer { ffmpeg.av_channel_layout_uninit(&outLayout) }
            if swr != nil { ffmpeg.swr_free(&swr) }
            var rc = ffmpeg.swr_alloc_set_opts2(&swr, &outLayout, AV_SAMPLE_FMT_S16, Int32(outRate),
                                                &inLayout, AVSampleFormat(frame.pointee.format),
                                                frame.pointee.sample_rate, 0, nil)
            guard rc >= 0, swr != nil else {
                throw DecodeError(file: path, reason: "cannot set up resampling (\(errorString(rc)))")
            }
            rc = ffmpeg.swr_init(swr)
            guard rc >= 0 else { throw DecodeError(file: path, reason: "cannot set up resampling (\(errorString(rc)))") }
            inRate = frame.pointee.sample_rate
            inFormat = frame.pointee.format
            inChannels = frame.pointee.ch_layout.nb_channels
        }

        mutating func convert(_ frame: UnsafeMutablePointer<AVFrame>, into output: inout [Int16]) throws {
            guard frame.pointee.nb_samples > 0 else { return }
            if swr == nil || frame.pointee.sample_rate != inRate || frame.pointee.format != inFormat
                || frame.pointee.ch_layout.nb_channels != inChannels {
                if swr != nil { try flush(into: &output) }
                try setUp(for: frame)
            }
            let input = UnsafeMutablePointer<UnsafePointer<UInt8>?>(OpaquePointer(frame.pointee.extended_data))
            try run(input: input, count: frame.pointee.nb_samples, into: &output)
        }

        mutating func flush(into output: inout [Int16]) throws {
            guard swr != nil else { return }
            try run(input: nil, count: 0, into: &output)
        }

        private func run(input: UnsafeMutablePointer<UnsafePointer<UInt8>?>?, count: Int32,
                         into output: inout [Int16]) throws {
            let capacity = Int(ffmpeg.swr_get_out_samples(swr, count)) + 32
            guard capacity > 0 else { return }
            var buffer = [Int16](repeating: 0, count: capacity * outChannels)
            let produced: Int32 = buffer.withUnsafeMutableBytes { raw in
                var planes: [UnsafeMutablePointer<UInt8>?] = [raw.baseAddress!.assumingMemoryBound(to: UInt8.self)]
                return planes.withUnsafeMutableBufferPointer { p in
                    ffmpeg.swr_convert(swr, p.baseAddress, Int32(capacity), input, count)
                }
            }
            guard produced >= 0 else {
                throw DecodeError(file: path, reason: "resampling failed (\(errorString(produced)))")
            }
            output.append(contentsOf: buffer[0..<(Int(produced) * outChannels)])
        }
    }

    // MARK: - Errors

    /// FFERRTAG(a, b, c, d) = -MKTAG(a, b, c, d); the C macros do not import into Swift.
    private static func errTag(_ b: [UInt8]) -> Int32 {
        return -Int32(bitPattern: UInt32(b[0]) | UInt32(b[1]) << 8 | UInt32(b[2]) << 16 | UInt32(b[3]) << 24)
    }
    static let averrorEOF = errTag(Array("EOF ".utf8))
    static let averrorDecoderNotFound = errTag([0xF8] + Array("DEC".utf8))
    static let averrorEAGAIN = -Int32(EAGAIN)

    static func errorString(_ code: Int32, _ ffmpeg: FFmpegLibrary) -> String {
        var buf = [CChar](repeating: 0, count: 256)
        if ffmpeg.av_strerror(code, &buf, buf.count) == 0 { return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        return "error \(code)"
    }
}
