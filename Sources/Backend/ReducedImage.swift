import Foundation

/// An image halved `levels` times by averaging 2×2 blocks in premultiplied colour (a mipmap level), returned as
/// straight RGBA again. A picture drawn many times smaller than it is (a 502-pixel snowflake as a 12-pixel flake)
/// then shows its average, not a few scattered texels: SDL's renderers have no mipmaps.
enum ReducedImage {
    static func halved(_ image: Framebuffer, levels: Int) -> Framebuffer {
        var (w, h) = (image.width, image.height)
        // Premultiplied, as Float, so the average of a transparent and an opaque texel keeps the opaque one's colour.
        var px = [Float](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = Float(image.pixels[i * 4 + 3]) / 255
            for c in 0..<3 { px[i * 4 + c] = Float(image.pixels[i * 4 + c]) / 255 * a }
            px[i * 4 + 3] = a
        }
        for _ in 0..<levels where w > 1 || h > 1 {
            let nw = max(1, w / 2), nh = max(1, h / 2)
            var next = [Float](repeating: 0, count: nw * nh * 4)
            px.withUnsafeBufferPointer { src in
                next.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<nh {
                        // The 2×2 block (1×2 or 2×1 at an odd edge is folded into its last block).
                        let r0 = min(h - 1, 2 * y) * w, r1 = min(h - 1, 2 * y + 1) * w
                        for x in 0..<nw {
                            let x0 = min(w - 1, 2 * x), x1 = min(w - 1, 2 * x + 1)
                            let a = (r0 + x0) * 4, b = (r0 + x1) * 4, c = (r1 + x0) * 4, d = (r1 + x1) * 4
                            let o = (y * nw + x) * 4
                            for k in 0..<4 { dst[o + k] = (src[a + k] + src[b + k] + src[c + k] + src[d + k]) / 4 }
                        }
                    }
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

    /// How many halvings suit an image of `imageSide` pixels drawn `drawnSide` pixels across: the largest level that
    /// still has at least as many texels as drawn pixels — but none unless it is drawn at a quarter of its size or
    /// less, where a linear filter's scattered samples show (a picture drawn at half size keeps its own pixels).
    static func level(imageSide: Double, drawnSide: Double) -> Int {
        guard imageSide > 0, drawnSide > 0, imageSide.isFinite, drawnSide.isFinite else { return 0 }
        let level = max(0, min(16, Int(log2(imageSide / drawnSide).rounded(.down))))
        return level >= 2 ? level : 0
    }
}
