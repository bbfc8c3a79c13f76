@testable import Backend
import Foundation
import XCTest

/// The recorder's parts without the player: formats by extension, the GIF palette, the encoder's sizes and errors.
/// (Whole recordings are decoded with ffprobe/ffmpeg in PlayerTests' RecordTests.)
final class RecordingTests: XCTestCase {
    func testFormatsByExtension() throws {
        XCTAssertEqual(try RecordingFormat(url: URL(fileURLWithPath: "/tmp/a.mp4")), .mp4)
        XCTAssertEqual(try RecordingFormat(url: URL(fileURLWithPath: "/tmp/a.MP4")), .mp4)
        XCTAssertEqual(try RecordingFormat(url: URL(fileURLWithPath: "a.webm")), .webm)
        XCTAssertEqual(try RecordingFormat(url: URL(fileURLWithPath: "a.gif")), .gif)
        XCTAssertEqual(RecordingFormat.gif.framesPerSecond, 30)
        XCTAssertEqual(RecordingFormat.mp4.framesPerSecond, 60)
        XCTAssertThrowsError(try RecordingFormat(url: URL(fileURLWithPath: "/tmp/a.avi"))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains(".avi") && text.contains(".mp4") && text.contains(".webm") && text.contains(".gif"), text)
        }
        XCTAssertThrowsError(try RecordingFormat(url: URL(fileURLWithPath: "/tmp/video"))) { error in
            XCTAssertTrue("\(error)".contains("no extension"), "\(error)")
        }
    }

    /// RGBA pixels of `width`×`height`, coloured by `color(x, y)`.
    private func image(_ width: Int, _ height: Int, _ color: (Int, Int) -> (UInt8, UInt8, UInt8)) -> [UInt8] {
        var px = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = color(x, y), i = (y * width + x) * 4
                px[i] = c.0; px[i + 1] = c.1; px[i + 2] = c.2
            }
        }
        return px
    }

    func testAFewFlatColoursKeepTheirExactValues() {
        let flat: [(UInt8, UInt8, UInt8)] = [(172, 172, 172), (255, 59, 48), (0, 0, 0), (13, 200, 97)]
        let px = image(64, 64) { x, y in flat[(x / 32) + 2 * (y / 32)] }
        var histogram = ColorHistogram()
        px.withUnsafeBufferPointer { histogram.add(rgba: $0, width: 64, height: 64) }
        var palette = GIFPalette(histogram)
        XCTAssertEqual(palette.colors.count, 4)
        for c in flat { XCTAssertTrue(palette.colors.contains { $0 == c }, "\(c) in the palette") }
        var indices = [UInt8](repeating: 0, count: 64 * 64)
        px.withUnsafeBufferPointer { src in
            indices.withUnsafeMutableBufferPointer { palette.map(rgba: src, width: 64, height: 64, into: $0.baseAddress!, linesize: 64) }
        }
        for y in 0..<64 {
            for x in 0..<64 {
                let c = palette.colors[Int(indices[y * 64 + x])], want = flat[(x / 32) + 2 * (y / 32)]
                XCTAssertTrue(c == want, "pixel \(x),\(y): \(c), want \(want)")
                if c != want { return }
            }
        }
        XCTAssertEqual(palette.argb[255] >> 24, 0, "entry 255 is the transparent one")
        XCTAssertFalse(indices.contains(GIFPalette.transparentIndex))
    }

    func testAGradientGets255ColoursAndDithersClose() {
        // A smooth two-axis gradient: many more colours than a GIF holds.
        let w = 256, h = 128
        let px = image(w, h) { x, y in (UInt8(x), UInt8(2 * y), UInt8((x + 2 * y) / 3)) }
        var histogram = ColorHistogram()
        px.withUnsafeBufferPointer { histogram.add(rgba: $0, width: w, height: h) }
        var palette = GIFPalette(histogram)
        XCTAssertEqual(palette.colors.count, 255)
        var indices = [UInt8](repeating: 0, count: w * h)
        px.withUnsafeBufferPointer { src in
            indices.withUnsafeMutableBufferPointer { palette.map(rgba: src, width: w, height: h, into: $0.baseAddress!, linesize: w) }
        }
        // Mean over 8×8 blocks (the dither's period) stays close to the original.
        var worst = 0.0
        for by in stride(from: 0, to: h, by: 8) {
            for bx in stride(from: 0, to: w, by: 8) {
                var sum = [0.0, 0.0, 0.0], want = [0.0, 0.0, 0.0]
                for y in by..<by + 8 {
                    for x in bx..<bx + 8 {
                        let c = palette.colors[Int(indices[y * w + x])], i = (y * w + x) * 4
                        sum[0] += Double(c.r); sum[1] += Double(c.g); sum[2] += Double(c.b)
                        for k in 0..<3 { want[k] += Double(px[i + k]) }
                    }
                }
                for k in 0..<3 { worst = max(worst, abs(sum[k] - want[k]) / 64) }
            }
        }
        XCTAssertLessThan(worst, 10, "the worst 8×8 block mean is \(worst) levels off")
    }

    func testVideoSizes() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let mp4 = try VideoRecorder(url: dir.appendingPathComponent("a.mp4"), width: 33, height: 21)
        XCTAssertEqual([mp4.width, mp4.height], [34, 22], "H.264 4:2:0 needs even sizes")
        let webm = try VideoRecorder(url: dir.appendingPathComponent("a.webm"), width: 33, height: 21)
        XCTAssertEqual([webm.width, webm.height], [33, 21])
        // Half a second of red, one frame drawn larger (a resize), and a second of silence.
        let red = Framebuffer(width: 33, height: 21, pixels: [UInt8](repeating: 0, count: 33 * 21 * 4).enumerated().map { $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 255 : 0 })
        let big = Framebuffer(width: 50, height: 40, pixels: [UInt8](repeating: 255, count: 50 * 40 * 4))
        for recorder in [mp4, webm] {
            for i in 0..<30 { recorder.addFrame(i == 10 ? big : red) }
            let silence = [Int16](repeating: 0, count: 2 * 44100)
            silence.withUnsafeBufferPointer { recorder.addAudio($0) }
            XCTAssertEqual(recorder.duration, 0.5)
            try recorder.finish()
            let data = try Data(contentsOf: recorder.url)
            XCTAssertGreaterThan(data.count, 200)
        }
        XCTAssertEqual(String(decoding: try Data(contentsOf: mp4.url)[4..<8], as: UTF8.self), "ftyp")
        XCTAssertEqual(Array(try Data(contentsOf: webm.url).prefix(4)), [0x1A, 0x45, 0xDF, 0xA3], "EBML (Matroska/WebM)")
    }

    func testAFileThatCannotBeWrittenIsRefusedAtOnce() {
        let path = "/nonexistent-\(UUID().uuidString)/a.mp4"
        XCTAssertThrowsError(try VideoRecorder(url: URL(fileURLWithPath: path), width: 32, height: 32)) { error in
            XCTAssertTrue("\(error)".hasPrefix("cannot write \(path)"), "\(error)")
        }
        XCTAssertThrowsError(try VideoRecorder(url: URL(fileURLWithPath: "/tmp/a.mkv"), width: 32, height: 32))
    }

    func testProgressLine() {
        XCTAssertEqual(RecordingProgress.line(12.34, of: 20), "recording: 12.3 s of 20 s")
        XCTAssertEqual(RecordingProgress.line(0, of: 12.5), "recording: 0.0 s of 12.5 s")
    }
}
