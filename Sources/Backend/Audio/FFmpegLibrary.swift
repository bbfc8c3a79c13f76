import CFFmpeg
import Diagnostics
import Foundation

/// The FFmpeg functions `FFmpegDecoder` calls, opened with `dlopen` on first use rather than linked: linking FFmpeg
/// made every launch load ~90 more shared libraries (~45 ms) that only `.m4a` sounds need. The CFFmpeg module still gives
/// the types, constants and struct layouts; each function here is looked up once, with the C type its header declares.
///
/// `shared` opens the libraries once, thread-safely (a static `let`); `preload()` does it in the background (a sound
/// needed sooner loads it itself, or waits for the load under way). The player no longer preloads at start: FFmpeg
/// and its dependencies are 16–23 MB of memory that a scene without sounds never needs, and what FFmpeg decodes is
/// kept on disk (`DecodedSoundStore`), so FFmpeg opens only for a sound never decoded before. A missing library
/// or symbol gives one `LoadError` naming it, kept for the run: each sound that needs FFmpeg then fails like any
/// undecodable file.
final class FFmpegLibrary: @unchecked Sendable {   // only immutable function pointers, set in `init`
    /// Why FFmpeg could not be used; the description names the library or symbol.
    typealias LoadError = SharedLibrary.LoadError

    /// The four libraries, in dependency order.
    struct Sonames: Sendable {
        var avutil: String
        var swresample: String
        var avcodec: String
        var avformat: String

        /// The sonames of the FFmpeg whose headers we compiled against (Debian 12: .so.57/.so.4/.so.59/.so.59): struct
        /// layouts change between major versions, so another major version must not be picked up.
        static let compiledAgainst = Sonames(avutil: "libavutil.so.\(LIBAVUTIL_VERSION_MAJOR)",
                                             swresample: "libswresample.so.\(LIBSWRESAMPLE_VERSION_MAJOR)",
                                             avcodec: "libavcodec.so.\(LIBAVCODEC_VERSION_MAJOR)",
                                             avformat: "libavformat.so.\(LIBAVFORMAT_VERSION_MAJOR)")
    }

    /// The process's FFmpeg, opened on first use; never closed.
    static let shared = load(.compiledAgainst)

    /// The FFmpeg of these sonames, or why it cannot be used.
    static func load(_ sonames: Sonames) -> Result<FFmpegLibrary, LoadError> {
        Result { () throws(LoadError) in try FFmpegLibrary(sonames: sonames) }
    }

    /// Opens FFmpeg on a utility queue, so that the first `.m4a` sound finds it loaded; returns at once. Call it
    /// after start-up, never before the first frame: while a `dlopen` runs it holds the dynamic
    /// loader's lock, which `pthread_create` and `dlsym` on other threads wait for, and start-up creates threads;
    /// loading at once blocked the main thread ~30 ms before the first frame (seen with strace).
    static func preload() {
        DispatchQueue.global(qos: .utility).async { _ = shared }
    }

    // libavutil
    let av_log_set_level: @convention(c) (Int32) -> Void
    let av_log_get_level: @convention(c) () -> Int32
    let av_strerror: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    let av_frame_alloc: @convention(c) () -> UnsafeMutablePointer<AVFrame>?
    let av_frame_free: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFrame>?>?) -> Void
    let av_frame_unref: @convention(c) (UnsafeMutablePointer<AVFrame>?) -> Void
    let av_channel_layout_copy: @convention(c) (UnsafeMutablePointer<AVChannelLayout>?,
                                                UnsafePointer<AVChannelLayout>?) -> Int32
    let av_channel_layout_default: @convention(c) (UnsafeMutablePointer<AVChannelLayout>?, Int32) -> Void
    let av_channel_layout_uninit: @convention(c) (UnsafeMutablePointer<AVChannelLayout>?) -> Void

    // libswresample
    // (FFmpeg 5.1 declares its two layouts non-const.)
    let swr_alloc_set_opts2: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?,
                                             UnsafeMutablePointer<AVChannelLayout>?, AVSampleFormat, Int32,
                                             UnsafeMutablePointer<AVChannelLayout>?, AVSampleFormat, Int32,
                                             Int32, UnsafeMutableRawPointer?) -> Int32
    let swr_init: @convention(c) (OpaquePointer?) -> Int32
    let swr_free: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    let swr_get_out_samples: @convention(c) (OpaquePointer?, Int32) -> Int32
    let swr_convert: @convention(c) (OpaquePointer?, UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, Int32,
                                     UnsafeMutablePointer<UnsafePointer<UInt8>?>?, Int32) -> Int32

    // libavcodec
    let avcodec_alloc_context3: @convention(c) (UnsafePointer<AVCodec>?) -> UnsafeMutablePointer<AVCodecContext>?
    let avcodec_free_context: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVCodecContext>?>?) -> Void
    let avcodec_parameters_to_context: @convention(c) (UnsafeMutablePointer<AVCodecContext>?,
                                                       UnsafePointer<AVCodecParameters>?) -> Int32
    let avcodec_open2: @convention(c) (UnsafeMutablePointer<AVCodecContext>?, UnsafePointer<AVCodec>?,
                                       UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let avcodec_send_packet: @convention(c) (UnsafeMutablePointer<AVCodecContext>?, UnsafePointer<AVPacket>?) -> Int32
    let avcodec_receive_frame: @convention(c) (UnsafeMutablePointer<AVCodecContext>?,
                                               UnsafeMutablePointer<AVFrame>?) -> Int32
    let av_packet_alloc: @convention(c) () -> UnsafeMutablePointer<AVPacket>?
    let av_packet_free: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVPacket>?>?) -> Void
    let av_packet_unref: @convention(c) (UnsafeMutablePointer<AVPacket>?) -> Void

    // libavformat
    let avformat_open_input: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>?,
                                             UnsafePointer<CChar>?, UnsafePointer<AVInputFormat>?,
                                             UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let avformat_close_input: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>?) -> Void
    let avformat_find_stream_info: @convention(c) (UnsafeMutablePointer<AVFormatContext>?,
                                                   UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let av_find_best_stream: @convention(c) (UnsafeMutablePointer<AVFormatContext>?, AVMediaType, Int32, Int32,
                                             UnsafeMutablePointer<UnsafePointer<AVCodec>?>?, Int32) -> Int32
    let av_read_frame: @convention(c) (UnsafeMutablePointer<AVFormatContext>?, UnsafeMutablePointer<AVPacket>?) -> Int32

    /// Opens the four libraries and looks up every function; throws naming the first library or symbol missing.
    init(sonames: Sonames) throws(LoadError) {
        let avutil = try SharedLibrary(sonames.avutil)
        let swresample = try SharedLibrary(sonames.swresample)
        let avcodec = try SharedLibrary(sonames.avcodec)
        let avformat = try SharedLibrary(sonames.avformat)

        av_log_set_level = try avutil.function("av_log_set_level")
        av_log_get_level = try avutil.function("av_log_get_level")
        av_strerror = try avutil.function("av_strerror")
        av_frame_alloc = try avutil.function("av_frame_alloc")
        av_frame_free = try avutil.function("av_frame_free")
        av_frame_unref = try avutil.function("av_frame_unref")
        av_channel_layout_copy = try avutil.function("av_channel_layout_copy")
        av_channel_layout_default = try avutil.function("av_channel_layout_default")
        av_channel_layout_uninit = try avutil.function("av_channel_layout_uninit")

        swr_alloc_set_opts2 = try swresample.function("swr_alloc_set_opts2")
        swr_init = try swresample.function("swr_init")
        swr_free = try swresample.function("swr_free")
        swr_get_out_samples = try swresample.function("swr_get_out_samples")
        swr_convert = try swresample.function("swr_convert")

        avcodec_alloc_context3 = try avcodec.function("avcodec_alloc_context3")
        avcodec_free_context = try avcodec.function("avcodec_free_context")
        avcodec_parameters_to_context = try avcodec.function("avcodec_parameters_to_context")
        avcodec_open2 = try avcodec.function("avcodec_open2")
        avcodec_send_packet = try avcodec.function("avcodec_send_packet")
        avcodec_receive_frame = try avcodec.function("avcodec_receive_frame")
        av_packet_alloc = try avcodec.function("av_packet_alloc")
        av_packet_free = try avcodec.function("av_packet_free")
        av_packet_unref = try avcodec.function("av_packet_unref")

        avformat_open_input = try avformat.function("avformat_open_input")
        avformat_close_input = try avformat.function("avformat_close_input")
        avformat_find_stream_info = try avformat.function("avformat_find_stream_info")
        av_find_best_stream = try avformat.function("av_find_best_stream")
        av_read_frame = try avformat.function("av_read_frame")
    }
}
