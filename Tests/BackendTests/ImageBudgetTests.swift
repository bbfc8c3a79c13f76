@testable import Backend
import Diagnostics
import Foundation
import Stage
import XCTest

/// Issue 9 item 2.2: an image whose header claims 30000×30000 pixels is refused before decoding, with one message,
/// and is never looked at again, however often it is drawn.
final class ImageBudgetTests: XCTestCase {
    private func pngHeader(width: UInt32, height: UInt32) -> Data {
        var d = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13])
        d += Data("IHDR".utf8)
        for v in [width, height] { d += Data([UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]) }
        d += Data([8, 6, 0, 0, 0, 0, 0, 0, 0])      // depth, RGBA, methods, a CRC nobody checks first
        d += Data([0, 0, 0, 0]) + Data("IEND".utf8) + Data([0xAE, 0x42, 0x60, 0x82])
        return d
    }

    func testAnImageOverThePixelBudgetIsRefusedOnceAndDrawnAsThePlaceholder() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-budget-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let header = pngHeader(width: 30000, height: 30000)
        XCTAssertLessThan(header.count, 70)
        try header.write(to: dir.appendingPathComponent("hugeMan.png"))
        let canvas = try HeadlessCanvas(width: 64, height: 64, assets: AssetResolver(roots: [dir]))
        let before = RunLog.shared.messages.filter { $0.contains("\"hugeMan\"") }.count
        let start = Date()
        let quad = [Vertex(Point(0, 0), (255, 255, 255, 255)), Vertex(Point(10, 0), (255, 255, 255, 255), u: 1),
                    Vertex(Point(0, 10), (255, 255, 255, 255), v: 1)]
        for _ in 0..<100 {
            canvas.renderer.drawTriangles(quad, indices: [0, 1, 2], texture: .image("hugeMan"), blend: .alpha)
            canvas.renderer.drawTriangles(quad, indices: [0, 1, 2], texture: .shadow(image: "hugeMan", sigma: 4), blend: .alpha)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "nothing is decoded, frame after frame")
        XCTAssertEqual(canvas.renderer.imageSize("hugeMan"), Size(64, 64), "the placeholder's size")
        let lines = RunLog.shared.messages.filter { $0.contains("\"hugeMan\"") }
        XCTAssertEqual(lines.count - before, 1, "one message: \(lines)")
        XCTAssertTrue(lines.last?.contains("30000×30000") ?? false)
        XCTAssertTrue(ImageHeader.isWithinBudget(Size(8192, 8192)))
        XCTAssertFalse(ImageHeader.isWithinBudget(Size(8193, 10)))
    }
}
