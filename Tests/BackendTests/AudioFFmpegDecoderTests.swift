import Backend
import Foundation
import XCTest

final class AudioFFmpegDecoderTests: XCTestCase {
    func testDecodesAACToTheRightLengthAndFrequency() throws {
        let dir = try AudioFixtures.tempDir(self)
        let url = dir.appendingPathComponent("tone.m4a")
        try AudioFixtures.aacSine(url, frequency: 880, duration: 1)

        let pcm = try FFmpegDecoder.decode(url, sampleRate: 44100, channels: 2)
        let frames = pcm.count / 2
        XCTAssertEqual(pcm.count % 2, 0)
        // 1 s at 44100 Hz, give or take one AAC frame (1024 samples) of priming/padding.
        XCTAssertEqual(frames, 44100, accuracy: 1024, "decoded \(frames) frames")

        let left = Signal.channel(pcm, 0)
        let right = Signal.channel(pcm, 1)
        let middle = left[4410..<(frames - 4410)]
        XCTAssertEqual(Signal.zeroCrossingFrequency(middle), 880, accuracy: 3)
        // lavfi's sine peaks at 4095 (1/8 of full scale); ffmpeg's mono → stereo upmix puts it at −3 dB per side.
        XCTAssertEqual(Signal.toneAmplitude(middle, frequency: 880), 4095 / 2.0.squareRoot(), accuracy: 150)
        XCTAssertEqual(Signal.rms(right[4410..<(frames - 4410)]), Signal.rms(middle), accuracy: 50, "stereo copy")
        // The priming delay is removed: the tone starts at the first sample, not 1024 (or 2112) samples late.
        let onset = Signal.onset(left, threshold: 1000) ?? -1
        XCTAssertLessThan(onset, 100, "tone starts at sample \(onset)")
    }

    func testResamplesAndDownmixes() throws {
        let dir = try AudioFixtures.tempDir(self)
        let url = dir.appendingPathComponent("tone.m4a")
        try AudioFixtures.aacSine(url, frequency: 880, duration: 1)

        let pcm = try FFmpegDecoder.decode(url, sampleRate: 48000, channels: 1)
        XCTAssertEqual(pcm.count, 48000, accuracy: 1200)
        let x = Signal.channel(pcm, 0, of: 1)
        XCTAssertEqual(Signal.zeroCrossingFrequency(x[4800..<(pcm.count - 4800)], sampleRate: 48000), 880, accuracy: 3)
    }

    func testDecodesOtherFormatsToo() throws {
        let dir = try AudioFixtures.tempDir(self)
        let wav = dir.appendingPathComponent("tone.wav")
        try AudioFixtures.soxSine(wav, frequency: 1000, duration: 0.5)
        let pcm = try FFmpegDecoder.decode(wav, sampleRate: 44100, channels: 2)
        XCTAssertEqual(pcm.count, 22050 * 2)
        XCTAssertEqual(Signal.zeroCrossingFrequency(Signal.channel(pcm, 0)[1000..<21000]), 1000, accuracy: 3)
    }

    func testCorruptFileThrowsAnErrorNamingTheFile() throws {
        let dir = try AudioFixtures.tempDir(self)
        let url = dir.appendingPathComponent("broken.m4a")
        try AudioFixtures.garbage(url)
        XCTAssertThrowsError(try FFmpegDecoder.decode(url, sampleRate: 44100, channels: 2)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("broken.m4a"), text)
            XCTAssertEqual((error as? FFmpegDecoder.DecodeError)?.file, url.path)
        }
    }

    func testTruncatedFileDoesNotCrash() throws {
        let dir = try AudioFixtures.tempDir(self)
        let url = dir.appendingPathComponent("tone.m4a")
        try AudioFixtures.aacSine(url, frequency: 880, duration: 1)
        let data = try Data(contentsOf: url)
        let cut = dir.appendingPathComponent("cut.m4a")
        try data.prefix(data.count / 2).write(to: cut)
        // Either a shorter decode or an error naming the file; never a crash.
        do {
            let pcm = try FFmpegDecoder.decode(cut, sampleRate: 44100, channels: 2)
            XCTAssertLessThanOrEqual(pcm.count, 44100 * 2 + 2048)
        } catch {
            XCTAssertTrue(String(describing: error).contains("cut.m4a"), "\(error)")
        }
    }

    func testMissingFileThrows() {
        let url = URL(fileURLWithPath: "/nonexistent/zoetrope/nothing.m4a")
        XCTAssertThrowsError(try FFmpegDecoder.decode(url, sampleRate: 44100, channels: 2)) { error in
            let text = String(describing: error)
            XCTAssertTrue(text.contains("nothing.m4a"), text)
            XCTAssertTrue(text.contains("not found"), text)
        }
    }

    func testEmptyFileThrows() throws {
        let dir = try AudioFixtures.tempDir(self)
        let url = dir.appendingPathComponent("empty.m4a")
        try Data().write(to: url)
        XCTAssertThrowsError(try FFmpegDecoder.decode(url, sampleRate: 44100, channels: 2)) { error in
            XCTAssertTrue(String(describing: error).contains("empty.m4a"), "\(error)")
        }
    }
}
