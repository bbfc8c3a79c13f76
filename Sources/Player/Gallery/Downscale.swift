import Backend

/// Shrinks a picture for a card by area averaging: each output pixel is the exact coverage-weighted mean of the
/// input pixels under it, in premultiplied colour. Thin lines and small text then fade evenly instead of breaking
/// up, as they would if the picture were sampled at a few points (nearest or bilinear).
enum Downscale {
    /// The picture scaled to fit `maxSide` pixels (never enlarged).
    static func fit(_ image: Framebuffer, maxSide: Int) -> Framebuffer {
        let longest = max(image.width, image.height)
        guard longest > maxSide, maxSide > 0 else { return image }
        let s = Double(maxSide) / Double(longest)
        let w = max(1, Int((Double(image.width) * s).rounded())), h = max(1, Int((Double(image.height) * s).rounded()))
        return area(image, width: w, height: h)
    }

    /// For each output column (or row), the input columns it covers and how much of each.
    static func weights(from n: Int, to m: Int) -> [[(index: Int, weight: Float)]] {
        let step = Double(n) / Double(m)
        return (0..<m).map { o in
            let a = Double(o) * step, b = Double(o + 1) * step
            var out: [(Int, Float)] = []
            var i = Int(a.rounded(.down))
            while Double(i) < b && i < n {
                let cover = min(b, Double(i + 1)) - max(a, Double(i))
                if cover > 1e-9 { out.append((i, Float(cover / step))) }
                i += 1
            }
            return out
        }
    }

    static func area(_ image: Framebuffer, width: Int, height: Int) -> Framebuffer {
        let (w, h) = (image.width, image.height)
        guard w > 0, h > 0, width > 0, height > 0 else { return image }
        // Premultiplied floats, so a transparent pixel's colour does not bleed into its neighbours.
        var src = [Float](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) {
            let a = Float(image.pixels[i * 4 + 3]) / 255
            for c in 0..<3 { src[i * 4 + c] = Float(image.pixels[i * 4 + c]) / 255 * a }
            src[i * 4 + 3] = a
        }
        let xs = weights(from: w, to: width), ys = weights(from: h, to: height)
        // Columns first (h × width), then rows (height × width).
        var mid = [Float](repeating: 0, count: h * width * 4)
        for y in 0..<h {
            for (ox, ws) in xs.enumerated() {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (i, wt) in ws {
                    let p = (y * w + i) * 4
                    acc.0 += src[p] * wt; acc.1 += src[p + 1] * wt; acc.2 += src[p + 2] * wt; acc.3 += src[p + 3] * wt
                }
                let o = (y * width + ox) * 4
                mid[o] = acc.0; mid[o + 1] = acc.1; mid[o + 2] = acc.2; mid[o + 3] = acc.3
            }
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for (oy, ws) in ys.enumerated() {
            for x in 0..<width {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (i, wt) in ws {
                    let p = (i * width + x) * 4
                    acc.0 += mid[p] * wt; acc.1 += mid[p + 1] * wt; acc.2 += mid[p + 2] * wt; acc.3 += mid[p + 3] * wt
                }
                let o = (oy * width + x) * 4
                let a = acc.3
                func byte(_ v: Float) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
                out[o] = a > 0 ? byte(acc.0 / a) : 0
                out[o + 1] = a > 0 ? byte(acc.1 / a) : 0
                out[o + 2] = a > 0 ? byte(acc.2 / a) : 0
                out[o + 3] = byte(a)
            }
        }
        return Framebuffer(width: width, height: height, pixels: out)
    }
}
