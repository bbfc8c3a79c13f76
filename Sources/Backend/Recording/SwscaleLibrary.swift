import CFFmpeg
import Diagnostics
import Foundation

/// libswscale, for RGBA → YUV 4:2:0 (SIMD C, fast even in a debug build), opened with `dlopen` when a video is
/// recorded. Debian's libswscale-dev is not needed to build (only the runtime library, which FFmpeg's own packages
/// bring): its three functions are declared here with the C types of `libswscale/swscale.h`.
final class SwscaleLibrary: @unchecked Sendable {
    static let shared: Result<SwscaleLibrary, FFmpegLibrary.LoadError> =
        Result { () throws(FFmpegLibrary.LoadError) in try SwscaleLibrary() }

    /// swscale's major version goes with libavcodec's (FFmpeg 5.1: 59 → 6, 6.0: 60 → 7, 7.0: 61 → 8).
    static let soname = "libswscale.so.\(LIBAVCODEC_VERSION_MAJOR - 53)"

    // swscale.h flags
    static let bilinear: Int32 = 2
    static let accurateRounding: Int32 = 0x40000
    static let bitExact: Int32 = 0x80000

    /// sws_getContext(srcW, srcH, srcFormat, dstW, dstH, dstFormat, flags, srcFilter, dstFilter, param)
    let sws_getContext: @convention(c) (Int32, Int32, AVPixelFormat, Int32, Int32, AVPixelFormat, Int32,
                                        OpaquePointer?, OpaquePointer?, UnsafePointer<Double>?) -> OpaquePointer?
    /// sws_scale(c, srcSlice, srcStride, srcSliceY, srcSliceH, dst, dstStride)
    let sws_scale: @convention(c) (OpaquePointer?, UnsafePointer<UnsafePointer<UInt8>?>?, UnsafePointer<Int32>?,
                                   Int32, Int32, UnsafePointer<UnsafeMutablePointer<UInt8>?>?,
                                   UnsafePointer<Int32>?) -> Int32
    let sws_freeContext: @convention(c) (OpaquePointer?) -> Void

    private init() throws(FFmpegLibrary.LoadError) {
        let library = try SharedLibrary(Self.soname, advice: "install libswscale-dev")
        sws_getContext = try library.function("sws_getContext")
        sws_scale = try library.function("sws_scale")
        sws_freeContext = try library.function("sws_freeContext")
    }
}
