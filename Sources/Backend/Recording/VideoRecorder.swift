import CFFmpeg
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes what the player draws, and the mixed audio, to an `.mp4`, `.webm` or `.gif` file with FFmpeg's libraries.
///
/// The caller hands in one frame per tick of a 60-Hz clock (`addFrame`) and the mix as it is made (`addAudio`,
/// 16-bit stereo 44.1 kHz): frame n is shown at n/60 s and audio sample n at n/44100 s, so the two stay in step
/// whatever the wall clock does. The video keeps the size of the first frame it was opened with; a frame of another
/// size (a resize during the recording) is drawn at its top-left corner, cropped or padded with black.
///
/// - MP4: H.264 by libx264 (crf 18, preset fast, rc-lookahead 10, yuv420p, BT.601 limited range; a keyframe every 2 s); AAC 160 kb/s.
///   4:2:0 H.264 needs an even width and height: an odd one gets one more column or row, a copy of the last.
/// - WebM: VP9 by libvpx-vp9 (crf 24, realtime deadline, speed 8), any size; Vorbis 128 kb/s.
/// - GIF: see `GIFPalette`; frames wait in an unlinked temporary file until `finish`, which makes the one palette from
///   every frame's colours and then encodes them.
///
/// The file is written in place at the path the user named (a device path stays a device). Output is bit-exact for
/// the same input and the same FFmpeg build: the muxers run with `bitexact` (no random WebM segment id, no version
/// string), the encoders with fixed thread counts.
///
/// Not thread-safe: once made, it is used from one serial queue at a time (the player's recording queue).
public final class VideoRecorder: @unchecked Sendable {
    public let url: URL
    public let format: RecordingFormat
    /// The video's size in pixels (H.264: rounded up to even).
    public let width: Int, height: Int
    /// The picture's own size (the first frames').
    private let sourceWidth: Int, sourceHeight: Int
    /// Frames handed in so far (60-Hz clock ticks), and the seconds they cover.
    public private(set) var frameCount = 0
    public var duration: Double { Double(frameCount) / 60 }
    /// Audio frames (stereo samples) handed in so far.
    public private(set) var audioFrames = 0

    private let ffmpeg: FFmpegEncoderLibrary
    private var output: UnsafeMutablePointer<AVFormatContext>?
    private var video: Stream
    private var audio: Stream?
    private var sws: OpaquePointer?
    private var swscale: SwscaleLibrary?
    /// The frame in the encoder's size, RGBA (the caller's frame padded or cropped).
    private var canvas: [UInt8]
    /// Interleaved S16 samples waiting for a whole audio frame.
    private var pendingAudio: [Int16] = []
    private var failure: RecordingError?
    private var finished = false
    // GIF
    private var gifFrames: FileHandle?
    private var gifFrameCount = 0
    private var histogram = ColorHistogram()

    /// One encoder and its stream.
    private struct Stream {
        var codec: UnsafeMutablePointer<AVCodecContext>?
        let stream: UnsafeMutablePointer<AVStream>
        var frame: UnsafeMutablePointer<AVFrame>?
        var nextPTS: Int64 = 0
    }

    /// Opens the encoders and the file for a `width`×`height` picture (pixels). Throws, naming the file and the
    /// reason, when the extension is not one of ours, FFmpeg or an encoder is missing, or the file cannot be created.
    public init(url: URL, width: Int, height: Int) throws(RecordingError) {
        self.url = url
        format = try RecordingFormat(url: url)
        guard width > 0, height > 0 else { throw RecordingError("cannot record a \(width)x\(height) picture") }
        let ffmpeg: FFmpegEncoderLibrary
        switch FFmpegEncoderLibrary.shared {
        case .success(let f): ffmpeg = f
        case .failure(let e): throw RecordingError("cannot record \(url.path): FFmpeg is not available (\(e))")
        }
        self.ffmpeg = ffmpeg
        ffmpeg.av_log_set_level(AV_LOG_QUIET)   // as the decoder: our own messages name the file and the reason
        let even = format == .mp4
        sourceWidth = width
        sourceHeight = height
        self.width = even ? (width + 1) & ~1 : width
        self.height = even ? (height + 1) & ~1 : height
        canvas = [UInt8](repeating: 0, count: self.width * self.height * 4)

        var ctx: UnsafeMutablePointer<AVFormatContext>?
        var rc = ffmpeg.avformat_alloc_output_context2(&ctx, nil, format.muxer, url.path)
        guard rc >= 0, let ctx else {
            throw RecordingError("cannot record \(url.path): no \(format.muxer) muxer (\(ffmpeg.message(rc)))")
        }
        output = ctx
        ctx.pointee.flags |= AVFMT_FLAG_BITEXACT
        // Placeholders until the streams exist (a throw below frees what was made through `deinit`).
        video = Stream(codec: nil, stream: UnsafeMutablePointer(bitPattern: 1)!, frame: nil)
        do throws(RecordingError) {
            video = try openVideo()
            if format.hasAudio { audio = try openAudio() }
            if format == .gif {
                gifFrames = try Self.temporaryFile()
            } else {
                switch SwscaleLibrary.shared {
                case .success(let s): swscale = s
                case .failure(let e): throw RecordingError("cannot record \(url.path): \(e)")
                }
                sws = swscale!.sws_getContext(Int32(self.width), Int32(self.height), AV_PIX_FMT_RGBA,
                                              Int32(self.width), Int32(self.height), AV_PIX_FMT_YUV420P,
                                              SwscaleLibrary.bilinear | SwscaleLibrary.accurateRounding
                                                | SwscaleLibrary.bitExact, nil, nil, nil)
                if sws == nil { throw RecordingError("cannot record \(url.path): swscale refused RGBA → YUV 4:2:0") }
            }
            rc = ffmpeg.avio_open(&ctx.pointee.pb, url.path, AVIO_FLAG_WRITE)
            if rc < 0 { throw RecordingError("cannot write \(url.path): \(ffmpeg.message(rc))") }
            rc = ffmpeg.avformat_write_header(ctx, nil)
            if rc < 0 { throw RecordingError("cannot write \(url.path): \(ffmpeg.message(rc))") }
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    // MARK: - Input

    /// The next frame of the 60-Hz clock, RGBA (the GIF keeps every other one). A failure to write is kept for
    /// `finish`; later frames are then ignored.
    public func addFrame(_ frame: Framebuffer) {
        guard !finished, failure == nil else { return }
        let index = frameCount
        frameCount += 1
        if format == .gif && index % 2 != 0 { return }
        fit(frame)
        do {
            if format == .gif {
                canvas.withUnsafeBufferPointer { histogram.add(rgba: $0, width: width, height: height) }
                // RGBA as drawn; read back by `finish`.
                try gifFrames?.write(contentsOf: canvas)
                gifFrameCount += 1
            } else {
                try encodeVideo()
            }
        } catch let e as RecordingError {
            failure = e
        } catch {
            failure = RecordingError("cannot write \(url.path): \(error.localizedDescription)")
        }
    }

    /// Mixed audio, interleaved 16-bit stereo at 44.1 kHz, continuing what came before.
    public func addAudio(_ samples: UnsafeBufferPointer<Int16>) {
        guard !finished, failure == nil, audio != nil else { return }
        pendingAudio.append(contentsOf: samples)
        audioFrames += samples.count / 2
        do { try drainAudio(final: false) } catch { failure = error }
    }

    /// Flushes the encoders and finishes the file (the video ends after the last frame handed in; the audio is cut
    /// or padded with silence to the same length). Throws the first failure of the recording, if any.
    public func finish() throws(RecordingError) {
        guard !finished else { if let failure { throw failure }; return }
        finished = true
        defer { release() }
        if let failure { closeQuietly(); throw failure }
        do throws(RecordingError) {
            if format == .gif {
                try encodeGIF()
            } else {
                // The audio as long as the video.
                let wanted = Int((Double(frameCount) / 60 * Double(AudioEngine.sampleRate)).rounded())
                if audio != nil {
                    if audioFrames < wanted {
                        pendingAudio.append(contentsOf: [Int16](repeating: 0, count: 2 * (wanted - audioFrames)))
                    } else if audioFrames > wanted {
                        pendingAudio.removeLast(min(pendingAudio.count, 2 * (audioFrames - wanted)))
                    }
                    try drainAudio(final: true)
                    try flush(&audio!)
                }
            }
            try flush(&video)
            let rc = ffmpeg.av_write_trailer(output)
            if rc < 0 { throw RecordingError("cannot finish \(url.path): \(ffmpeg.message(rc))") }
            closeQuietly()
        } catch {
            closeQuietly()
            throw error
        }
    }

    // MARK: - Video

    private func openVideo() throws(RecordingError) -> Stream {
        let (codec, ctx, stream) = try openEncoder(format.videoEncoder)
        ctx.pointee.width = Int32(width)
        ctx.pointee.height = Int32(height)
        var options: OpaquePointer?
        defer { ffmpeg.av_dict_free(&options) }
        switch format {
        case .gif:
            ctx.pointee.pix_fmt = AV_PIX_FMT_PAL8
            ctx.pointee.time_base = AVRational(num: 1, den: 100)   // GIF delays are centiseconds
        case .mp4, .webm:
            ctx.pointee.pix_fmt = AV_PIX_FMT_YUV420P
            ctx.pointee.time_base = AVRational(num: 1, den: 60)
            ctx.pointee.framerate = AVRational(num: 60, den: 1)
            ctx.pointee.gop_size = 120
            ctx.pointee.color_range = AVCOL_RANGE_MPEG
            ctx.pointee.colorspace = AVCOL_SPC_SMPTE170M   // swscale's default matrix for YUV, BT.601
            ctx.pointee.thread_count = 4                 // fixed, so the output does not depend on the machine
            if format == .mp4 {
                _ = ffmpeg.av_dict_set(&options, "crf", "18", 0)
                _ = ffmpeg.av_dict_set(&options, "preset", "fast", 0)
                // libx264 keeps `rc-lookahead` frames (30 with preset fast) in flight on top of its threads' own:
                // 10 halves what a 1280x1024 recording holds, for a few percent of bitrate.
                _ = ffmpeg.av_dict_set(&options, "rc-lookahead", "10", 0)
            } else {
                _ = ffmpeg.av_dict_set(&options, "crf", "24", 0)
                _ = ffmpeg.av_dict_set(&options, "b", "0", 0)
                _ = ffmpeg.av_dict_set(&options, "deadline", "realtime", 0)
                _ = ffmpeg.av_dict_set(&options, "cpu-used", "8", 0)
                _ = ffmpeg.av_dict_set(&options, "row-mt", "1", 0)
            }
        }
        stream.pointee.time_base = ctx.pointee.time_base
        try open(codec, ctx, stream, options: &options)
        guard let frame = ffmpeg.av_frame_alloc() else { throw RecordingError("out of memory") }
        frame.pointee.format = ctx.pointee.pix_fmt.rawValue
        frame.pointee.width = ctx.pointee.width
        frame.pointee.height = ctx.pointee.height
        if ffmpeg.av_frame_get_buffer(frame, 0) < 0 { throw RecordingError("out of memory") }
        return Stream(codec: ctx, stream: stream, frame: frame)
    }

    /// Copies `frame` into `canvas` at the top left: a frame of the recording's own size with its last column/row
    /// repeated into H.264's even padding, a frame of another size cropped or padded with black.
    private func fit(_ frame: Framebuffer) {
        if frame.width == width && frame.height == height {
            canvas.withUnsafeMutableBufferPointer { dst in
                frame.pixels.withUnsafeBufferPointer { dst.baseAddress!.update(from: $0.baseAddress!, count: width * height * 4) }
            }
            return
        }
        let repeatEdge = frame.width == sourceWidth && frame.height == sourceHeight
        let w = min(frame.width, width)
        canvas.withUnsafeMutableBufferPointer { dst in
            frame.pixels.withUnsafeBufferPointer { src in
                for y in 0..<height {
                    let row = dst.baseAddress! + y * width * 4
                    let sy = y < frame.height ? y : (repeatEdge ? frame.height - 1 : -1)
                    if sy >= 0 { row.update(from: src.baseAddress! + sy * frame.width * 4, count: w * 4) }
                    for x in (sy >= 0 ? w : 0)..<width {
                        if repeatEdge && sy >= 0 {
                            (row + x * 4).update(from: row + (w - 1) * 4, count: 4)
                        } else {
                            row[x * 4] = 0; row[x * 4 + 1] = 0; row[x * 4 + 2] = 0; row[x * 4 + 3] = 255
                        }
                    }
                }
            }
        }
    }

    private func encodeVideo() throws(RecordingError) {
        guard let frame = video.frame, let sws, let swscale else { return }
        if ffmpeg.av_frame_make_writable(frame) < 0 { throw RecordingError("out of memory") }
        let planes = Self.planes(frame)
        canvas.withUnsafeBufferPointer { src in
            var srcSlice: [UnsafePointer<UInt8>?] = [src.baseAddress, nil, nil, nil]
            var srcStride: [Int32] = [Int32(width * 4), 0, 0, 0]
            var dst = planes.data
            var dstStride = planes.linesize
            _ = swscale.sws_scale(sws, &srcSlice, &srcStride, 0, Int32(height), &dst, &dstStride)
        }
        frame.pointee.pts = video.nextPTS
        video.nextPTS += 1
        try send(frame, to: &video)
    }

    private func encodeGIF() throws(RecordingError) {
        guard let file = gifFrames, let frame = video.frame else { return }
        var palette = GIFPalette(histogram)
        let argb = palette.argb
        do { try file.seek(toOffset: 0) } catch { throw RecordingError("cannot read back the GIF frames: \(error)") }
        let bytes = width * height * 4
        for j in 0..<gifFrameCount {
            let data: Data?
            do { data = try file.read(upToCount: bytes) } catch { throw RecordingError("cannot read back the GIF frames: \(error)") }
            guard let data, data.count == bytes else { throw RecordingError("cannot read back the GIF frames") }
            if ffmpeg.av_frame_make_writable(frame) < 0 { throw RecordingError("out of memory") }
            let planes = Self.planes(frame)
            data.withUnsafeBytes { raw in
                palette.map(rgba: raw.bindMemory(to: UInt8.self), width: width, height: height,
                            into: planes.data[0]!, linesize: Int(planes.linesize[0]))
            }
            argb.withUnsafeBytes { planes.data[1]!.update(from: $0.bindMemory(to: UInt8.self).baseAddress!, count: 1024) }
            // Frame j of 30 fps at round(j · 10/3) cs: delays of 3, 3, 4 cs, exact every 0.1 s.
            frame.pointee.pts = Int64((Double(j) * 100 / 30).rounded())
            try send(frame, to: &video)
        }
    }

    // MARK: - Audio

    private func openAudio() throws(RecordingError) -> Stream {
        guard let name = format.audioEncoder else { throw RecordingError("no audio encoder") }
        let (codec, ctx, stream) = try openEncoder(name)
        ctx.pointee.sample_fmt = AV_SAMPLE_FMT_FLTP
        ctx.pointee.sample_rate = Int32(AudioEngine.sampleRate)
        ffmpeg.av_channel_layout_default(&ctx.pointee.ch_layout, Int32(AudioEngine.outputChannels))
        ctx.pointee.bit_rate = format == .mp4 ? 160_000 : 128_000
        ctx.pointee.time_base = AVRational(num: 1, den: Int32(AudioEngine.sampleRate))
        ctx.pointee.flags |= Int32(AV_CODEC_FLAG_BITEXACT)
        stream.pointee.time_base = ctx.pointee.time_base
        var options: OpaquePointer?
        defer { ffmpeg.av_dict_free(&options) }
        try open(codec, ctx, stream, options: &options)
        return Stream(codec: ctx, stream: stream, frame: nil)
    }

    /// Encodes whole audio frames of the pending samples (and, when `final`, the rest as a short last frame).
    private func drainAudio(final: Bool) throws(RecordingError) {
        guard var a = audio, let ctx = a.codec else { return }
        defer { audio = a }
        let size = ctx.pointee.frame_size > 0 ? Int(ctx.pointee.frame_size) : 1024
        var offset = 0
        while pendingAudio.count - offset >= 2 * size || (final && pendingAudio.count > offset) {
            let n = min(size, (pendingAudio.count - offset) / 2)
            guard let frame = ffmpeg.av_frame_alloc() else { throw RecordingError("out of memory") }
            var f: UnsafeMutablePointer<AVFrame>? = frame
            defer { ffmpeg.av_frame_free(&f) }
            frame.pointee.format = AV_SAMPLE_FMT_FLTP.rawValue
            frame.pointee.nb_samples = Int32(n)
            frame.pointee.sample_rate = Int32(AudioEngine.sampleRate)
            ffmpeg.av_channel_layout_default(&frame.pointee.ch_layout, Int32(AudioEngine.outputChannels))
            if ffmpeg.av_frame_get_buffer(frame, 0) < 0 { throw RecordingError("out of memory") }
            let planes = Self.planes(frame)
            pendingAudio.withUnsafeBufferPointer { src in
                for c in 0..<AudioEngine.outputChannels {
                    let dst = UnsafeMutableRawPointer(planes.data[c]!).assumingMemoryBound(to: Float.self)
                    for i in 0..<n { dst[i] = Float(src[offset + 2 * i + c]) / 32768 }
                }
            }
            offset += 2 * n
            frame.pointee.pts = a.nextPTS
            a.nextPTS += Int64(n)
            try send(frame, to: &a)
        }
        pendingAudio.removeFirst(offset)
    }

    // MARK: - Encoders and muxing

    private func openEncoder(_ name: String) throws(RecordingError)
        -> (UnsafePointer<AVCodec>, UnsafeMutablePointer<AVCodecContext>, UnsafeMutablePointer<AVStream>) {
        guard let codec = ffmpeg.avcodec_find_encoder_by_name(name) else {
            throw RecordingError("cannot record \(url.path): this FFmpeg has no \(name) encoder")
        }
        guard let stream = ffmpeg.avformat_new_stream(output, nil), let ctx = ffmpeg.avcodec_alloc_context3(codec) else {
            throw RecordingError("out of memory")
        }
        // Kept so `release` frees it even when opening fails.
        if name == format.videoEncoder { video.codec = ctx } else { audio = Stream(codec: ctx, stream: stream) }
        return (codec, ctx, stream)
    }

    private func open(_ codec: UnsafePointer<AVCodec>, _ ctx: UnsafeMutablePointer<AVCodecContext>,
                      _ stream: UnsafeMutablePointer<AVStream>, options: inout OpaquePointer?) throws(RecordingError) {
        if let oformat = output?.pointee.oformat, oformat.pointee.flags & AVFMT_GLOBALHEADER != 0 {
            ctx.pointee.flags |= Int32(AV_CODEC_FLAG_GLOBAL_HEADER)
        }
        var rc = ffmpeg.avcodec_open2(ctx, codec, &options)
        if rc < 0 {
            throw RecordingError("cannot record \(url.path): the \(String(cString: codec.pointee.name)) encoder "
                                 + "did not open (\(ffmpeg.message(rc)))")
        }
        rc = ffmpeg.avcodec_parameters_from_context(stream.pointee.codecpar, ctx)
        if rc < 0 { throw RecordingError("cannot record \(url.path): \(ffmpeg.message(rc))") }
    }

    private static let again = -EAGAIN
    private static let endOfFile: Int32 = -0x2046_4F45   // AVERROR_EOF, FFERRTAG('E','O','F',' ')

    private func send(_ frame: UnsafeMutablePointer<AVFrame>?, to s: inout Stream) throws(RecordingError) {
        let rc = ffmpeg.avcodec_send_frame(s.codec, frame)
        if rc < 0 && rc != Self.endOfFile {
            throw RecordingError("cannot encode \(url.path): \(ffmpeg.message(rc))")
        }
        try receive(&s)
    }

    private func flush(_ s: inout Stream) throws(RecordingError) {
        guard s.codec != nil else { return }
        try send(nil, to: &s)
    }

    private func receive(_ s: inout Stream) throws(RecordingError) {
        guard let packet = ffmpeg.av_packet_alloc() else { throw RecordingError("out of memory") }
        var p: UnsafeMutablePointer<AVPacket>? = packet
        defer { ffmpeg.av_packet_free(&p) }
        while true {
            let rc = ffmpeg.avcodec_receive_packet(s.codec, packet)
            if rc == Self.again || rc == Self.endOfFile { return }
            if rc < 0 { throw RecordingError("cannot encode \(url.path): \(ffmpeg.message(rc))") }
            ffmpeg.av_packet_rescale_ts(packet, s.codec!.pointee.time_base, s.stream.pointee.time_base)
            packet.pointee.stream_index = s.stream.pointee.index
            let wr = ffmpeg.av_interleaved_write_frame(output, packet)
            if wr < 0 { throw RecordingError("cannot write \(url.path): \(ffmpeg.message(wr))") }
        }
    }

    // MARK: - Freeing

    private func closeQuietly() {
        if let output, output.pointee.pb != nil { _ = ffmpeg.avio_closep(&output.pointee.pb) }
    }

    private func release() {
        if let sws, let swscale { swscale.sws_freeContext(sws) }
        sws = nil
        if video.frame != nil { ffmpeg.av_frame_free(&video.frame) }
        if video.codec != nil { ffmpeg.avcodec_free_context(&video.codec) }
        if audio?.codec != nil { ffmpeg.avcodec_free_context(&audio!.codec) }
        if let output {
            closeQuietly()
            ffmpeg.avformat_free_context(output)
        }
        output = nil
        try? gifFrames?.close()
        gifFrames = nil
    }

    /// An unlinked file in the temporary directory (gone when closed, or when the process dies).
    private static func temporaryFile() throws(RecordingError) -> FileHandle {
        let path = NSTemporaryDirectory() + "/zoetrope-gif-\(getpid())-\(UUID().uuidString).rgba"
        let fd = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw RecordingError("cannot make a temporary file for the GIF's frames in \(NSTemporaryDirectory())") }
        unlink(path)
        return FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    /// An AVFrame's plane pointers and line sizes as arrays.
    private static func planes(_ frame: UnsafeMutablePointer<AVFrame>)
        -> (data: [UnsafeMutablePointer<UInt8>?], linesize: [Int32]) {
        let data = withUnsafeBytes(of: frame.pointee.data) { Array($0.bindMemory(to: UnsafeMutablePointer<UInt8>?.self)) }
        let linesize = withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
        return (data, linesize)
    }
}
