import Foundation
import Stage
@testable import Backend
import XCTest

/// `ReducedImage.halved` is made a row at a time (issue 24: no full-size float copy of the image) and gives exactly
/// the pixels of halving the whole image level by level, as it was made before.
final class ReducedImageRowsTests: XCTestCase {
    /// The whole-image halving, as `ReducedImage` did it before it went row by row.
    func wholeImageHalved(_ image: Framebuffer, levels: Int) -> Framebuffer {
        var (w, h) = (image.width, image.height)
        var px = [Float](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = Float(image.pixels[i * 4 + 3]) / 255
            for c in 0..<3 { px[i * 4 + c] = Float(image.pixels[i * 4 + c]) / 255 * a }
            px[i * 4 + 3] = a
        }
        for _ in 0..<levels where w > 1 || h > 1 {
            let nw = max(1, w / 2), nh = max(1, h / 2)
            var next = [Float](repeating: 0, count: nw * nh * 4)
            for y in 0..<nh {
                let r0 = min(h - 1, 2 * y) * w, r1 = min(h - 1, 2 * y + 1) * w
                for x in 0..<nw {
                    let x0 = min(w - 1, 2 * x), x1 = min(w - 1, 2 * x + 1)
                    let a = (r0 + x0) * 4, b = (r0 + x1) * 4, c = (r1 + x0) * 4, d = (r1 + x1) * 4
                    for k in 0..<4 { next[(y * nw + x) * 4 + k] = (px[a + k] + px[b + k] + px[c + k] + px[d + k]) / 4 }
                }
            }
            (px, w, h) = (next, nw, nh)
        }
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = px[i * 4 + 3]
            for c in 0..<3 { out[i * 4 + c] = a > 0 ? UInt8(max(0, min(255, (px[i * 4 + c] / a * 255).rounded()))) : 0 }
            out[i * 4 + 3] = UInt8(max(0, min(255, (a * 255).rounded())))
        }
        return Framebuffer(width: w, height: h, pixels: out)
    }

    func testRowByRowGivesTheSamePixelsAsTheWholeImage() {
        var random = SystemRandomNumberGenerator()
        for (w, h) in [(1, 1), (1, 7), (9, 1), (13, 11), (64, 40), (101, 3)] {
            let pixels = (0..<(w * h * 4)).map { i in
                // Some transparent and some opaque texels, the rest anything.
                i % 4 == 3 ? [0, 255, UInt8.random(in: 0...255, using: &random)][i % 3] : UInt8.random(in: 0...255, using: &random)
            }
            let image = Framebuffer(width: w, height: h, pixels: pixels)
            for levels in 0...8 {
                let rows = ReducedImage.halved(image, levels: levels), whole = wholeImageHalved(image, levels: levels)
                XCTAssertEqual([rows.width, rows.height], [whole.width, whole.height], "\(w)x\(h) levels \(levels)")
                XCTAssertEqual(rows.pixels, whole.pixels, "\(w)x\(h) levels \(levels)")
            }
        }
    }
}
