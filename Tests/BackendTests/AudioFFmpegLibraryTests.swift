@testable import Backend
import Foundation
import XCTest

/// FFmpeg is opened with dlopen on first use (not linked); a missing library or function is one clear error.
final class AudioFFmpegLibraryTests: XCTestCase {
    func testOpensTheMajorVersionsOfTheHeaders() throws {
        let sonames = FFmpegLibrary.Sonames.compiledAgainst
        for (name, soname) in [("avutil", sonames.avutil), ("swresample", sonames.swresample),
                               ("avcodec", sonames.avcodec), ("avformat", sonames.avformat)] {
            let prefix = "lib\(name).so."
            XCTAssertTrue(soname.hasPrefix(prefix) && Int(soname.dropFirst(prefix.count)) != nil, soname)
        }
        let ffmpeg = try FFmpegLibrary.shared.get()
        var buffer = [CChar](repeating: 0, count: 64)
        XCTAssertEqual(ffmpeg.av_strerror(FFmpegDecoder.averrorEOF, &buffer, buffer.count), 0)
        XCTAssertEqual(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self), "End of file")
    }

    /// Threads asking while a preload may be in flight all get the one instance (a static `let` is initialised once).
    func testEveryThreadGetsTheOneSharedLibrary() {
        assertEveryThreadGetsTheOneInstance(preload: FFmpegLibrary.preload, shared: { try? FFmpegLibrary.shared.get() })
    }

    func testAMissingLibraryIsOneErrorNamingIt() {
        var sonames = FFmpegLibrary.Sonames.compiledAgainst
        sonames.avcodec = "libavcodec-missing.so.0"
        XCTAssertThrowsError(try FFmpegLibrary(sonames: sonames)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("cannot load libavcodec-missing.so.0 ("), text)
        }
    }

    func testAMissingFunctionIsOneErrorNamingIt() {
        // libm opens but has none of FFmpeg's functions: the first one looked up is named.
        let libm = FFmpegLibrary.Sonames(avutil: "libm.so.6", swresample: "libm.so.6", avcodec: "libm.so.6",
                                         avformat: "libm.so.6")
        XCTAssertThrowsError(try FFmpegLibrary(sonames: libm)) { error in
            let text = "\(error)"
            XCTAssertTrue(text.hasPrefix("libm.so.6 has no function av_log_set_level ("), text)
        }
    }

    func testWithoutFFmpegADecodeFailsNamingTheFileAndTheLibrary() throws {
        let dir = try AudioFixtures.tempDir(self)
        let url = dir.appendingPathComponent("tone.m4a")
        try AudioFixtures.aacSine(url, frequency: 440, duration: 0.2)
        var sonames = FFmpegLibrary.Sonames.compiledAgainst
        sonames.avformat = "libavformat-missing.so.0"
        let unavailable = FFmpegLibrary.load(sonames)

        XCTAssertThrowsError(try FFmpegDecoder.decode(url, sampleRate: 44100, channels: 2, library: unavailable)) {
            let error = $0 as? FFmpegDecoder.DecodeError
            XCTAssertEqual(error?.file, url.path)
            XCTAssertTrue(error?.reason.hasPrefix("FFmpeg is unavailable: cannot load libavformat-missing.so.0")
                          ?? false, "\($0)")
        }
        // The same file decodes with the real FFmpeg.
        XCTAssertFalse(try FFmpegDecoder.decode(url, sampleRate: 44100, channels: 2).isEmpty)
    }
}
