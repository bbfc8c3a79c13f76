import CFFmpeg
import Diagnostics
import Foundation

/// The FFmpeg functions a recording calls, opened with `dlopen` on first use, like `FFmpegLibrary` (the decoder's):
/// linking FFmpeg would make every launch load ~90 more shared libraries that only `--record`, `R` and `.m4a` sounds
/// need. CFFmpeg gives the types, constants and struct layouts of the FFmpeg we compiled against (Debian 12: 5.1), and
/// only those sonames are opened.
final class FFmpegEncoderLibrary: @unchecked Sendable {   // only immutable function pointers, set in `init`
    /// The process's encoder functions, opened on first use; never closed.
    static let shared: Result<FFmpegEncoderLibrary, FFmpegLibrary.LoadError> =
        Result { () throws(FFmpegLibrary.LoadError) in try FFmpegEncoderLibrary(sonames: .compiledAgainst) }

    // libavutil
    let av_log_set_level: @convention(c) (Int32) -> Void
    let av_strerror: @convention(c) (Int32, UnsafeMutablePointer<CChar>?, Int) -> Int32
    let av_frame_alloc: @convention(c) () -> UnsafeMutablePointer<AVFrame>?
    let av_frame_free: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFrame>?>?) -> Void
    let av_frame_get_buffer: @convention(c) (UnsafeMutablePointer<AVFrame>?, Int32) -> Int32
    let av_frame_make_writable: @convention(c) (UnsafeMutablePointer<AVFrame>?) -> Int32
    let av_dict_set: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, UnsafePointer<CChar>?,
                                     UnsafePointer<CChar>?, Int32) -> Int32
    let av_dict_free: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    let av_channel_layout_default: @convention(c) (UnsafeMutablePointer<AVChannelLayout>?, Int32) -> Void

    // libavcodec
    let avcodec_find_encoder_by_name: @convention(c) (UnsafePointer<CChar>?) -> UnsafePointer<AVCodec>?
    let avcodec_alloc_context3: @convention(c) (UnsafePointer<AVCodec>?) -> UnsafeMutablePointer<AVCodecContext>?
    let avcodec_free_context: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVCodecContext>?>?) -> Void
    let avcodec_open2: @convention(c) (UnsafeMutablePointer<AVCodecContext>?, UnsafePointer<AVCodec>?,
                                       UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let avcodec_send_frame: @convention(c) (UnsafeMutablePointer<AVCodecContext>?, UnsafePointer<AVFrame>?) -> Int32
    let avcodec_receive_packet: @convention(c) (UnsafeMutablePointer<AVCodecContext>?,
                                                UnsafeMutablePointer<AVPacket>?) -> Int32
    let avcodec_parameters_from_context: @convention(c) (UnsafeMutablePointer<AVCodecParameters>?,
                                                         UnsafePointer<AVCodecContext>?) -> Int32
    let av_packet_alloc: @convention(c) () -> UnsafeMutablePointer<AVPacket>?
    let av_packet_free: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVPacket>?>?) -> Void
    let av_packet_unref: @convention(c) (UnsafeMutablePointer<AVPacket>?) -> Void
    let av_packet_rescale_ts: @convention(c) (UnsafeMutablePointer<AVPacket>?, AVRational, AVRational) -> Void

    // libavformat
    let avformat_alloc_output_context2: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVFormatContext>?>?,
                                                        UnsafePointer<AVOutputFormat>?, UnsafePointer<CChar>?,
                                                        UnsafePointer<CChar>?) -> Int32
    let avformat_free_context: @convention(c) (UnsafeMutablePointer<AVFormatContext>?) -> Void
    let avformat_new_stream: @convention(c) (UnsafeMutablePointer<AVFormatContext>?,
                                             UnsafePointer<AVCodec>?) -> UnsafeMutablePointer<AVStream>?
    let avio_open: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?, UnsafePointer<CChar>?,
                                   Int32) -> Int32
    let avio_closep: @convention(c) (UnsafeMutablePointer<UnsafeMutablePointer<AVIOContext>?>?) -> Int32
    let avformat_write_header: @convention(c) (UnsafeMutablePointer<AVFormatContext>?,
                                               UnsafeMutablePointer<OpaquePointer?>?) -> Int32
    let av_interleaved_write_frame: @convention(c) (UnsafeMutablePointer<AVFormatContext>?,
                                                    UnsafeMutablePointer<AVPacket>?) -> Int32
    let av_write_trailer: @convention(c) (UnsafeMutablePointer<AVFormatContext>?) -> Int32

    init(sonames: FFmpegLibrary.Sonames) throws(FFmpegLibrary.LoadError) {
        let avutil = try SharedLibrary(sonames.avutil)
        let avcodec = try SharedLibrary(sonames.avcodec)
        let avformat = try SharedLibrary(sonames.avformat)

        av_log_set_level = try avutil.function("av_log_set_level")
        av_strerror = try avutil.function("av_strerror")
        av_frame_alloc = try avutil.function("av_frame_alloc")
        av_frame_free = try avutil.function("av_frame_free")
        av_frame_get_buffer = try avutil.function("av_frame_get_buffer")
        av_frame_make_writable = try avutil.function("av_frame_make_writable")
        av_dict_set = try avutil.function("av_dict_set")
        av_dict_free = try avutil.function("av_dict_free")
        av_channel_layout_default = try avutil.function("av_channel_layout_default")

        avcodec_find_encoder_by_name = try avcodec.function("avcodec_find_encoder_by_name")
        avcodec_alloc_context3 = try avcodec.function("avcodec_alloc_context3")
        avcodec_free_context = try avcodec.function("avcodec_free_context")
        avcodec_open2 = try avcodec.function("avcodec_open2")
        avcodec_send_frame = try avcodec.function("avcodec_send_frame")
        avcodec_receive_packet = try avcodec.function("avcodec_receive_packet")
        avcodec_parameters_from_context = try avcodec.function("avcodec_parameters_from_context")
        av_packet_alloc = try avcodec.function("av_packet_alloc")
        av_packet_free = try avcodec.function("av_packet_free")
        av_packet_unref = try avcodec.function("av_packet_unref")
        av_packet_rescale_ts = try avcodec.function("av_packet_rescale_ts")

        avformat_alloc_output_context2 = try avformat.function("avformat_alloc_output_context2")
        avformat_free_context = try avformat.function("avformat_free_context")
        avformat_new_stream = try avformat.function("avformat_new_stream")
        avio_open = try avformat.function("avio_open")
        avio_closep = try avformat.function("avio_closep")
        avformat_write_header = try avformat.function("avformat_write_header")
        av_interleaved_write_frame = try avformat.function("av_interleaved_write_frame")
        av_write_trailer = try avformat.function("av_write_trailer")
    }

    /// FFmpeg's message for an error code.
    func message(_ code: Int32) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        _ = av_strerror(code, &buffer, buffer.count)
        let text = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: text, as: UTF8.self)
    }
}
