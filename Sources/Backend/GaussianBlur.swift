import Foundation
import Stage

/// Blurs a single-channel image with a Gaussian of standard deviation σ, approximated by three box blurs whose
/// widths are chosen to match σ (Kovesi's method): O(pixels), independent of σ, good to a few percent.
enum GaussianBlur {
    /// Box widths (odd) for three passes approximating a Gaussian of `sigma`.
    static func boxSizes(sigma: Double, passes n: Int = 3) -> [Int] {
        let ideal = (12 * sigma * sigma / Double(n) + 1).squareRoot()
        var wl = Int(ideal.rounded(.down)); if wl % 2 == 0 { wl -= 1 }
        let wu = wl + 2
        let mIdeal = (12 * sigma * sigma - Double(n * wl * wl) - Double(4 * n * wl) - Double(3 * n)) / Double(-4 * wl - 4)
        let m = Int(mIdeal.rounded())
        return (0..<n).map { $0 < m ? wl : wu }
    }

    /// Blurs `plane` (row-major, `width`×`height`, values 0…1) in place. Outside the image counts as 0.
    static func blur(_ plane: inout [Float], width: Int, height: Int, sigma: Double) {
        guard sigma > 0.3, width > 0, height > 0 else { return }
        let radii = boxSizes(sigma: sigma).map { ($0 - 1) / 2 }
        var scratch = [Float](repeating: 0, count: plane.count)
        // The rows, then the columns as rows of a transposed copy: every pass reads memory in order.
        for r in radii { boxRows(plane, &scratch, rows: height, length: width, radius: r); swap(&plane, &scratch) }
        transpose(plane, &scratch, width: width, height: height); swap(&plane, &scratch)
        for r in radii { boxRows(plane, &scratch, rows: width, length: height, radius: r); swap(&plane, &scratch) }
        transpose(plane, &scratch, width: height, height: width); swap(&plane, &scratch)
    }

    /// One running-sum box blur of radius `r` along each row.
    private static func boxRows(_ src: [Float], _ dst: inout [Float], rows: Int, length: Int, radius r: Int) {
        let scale = 1 / Float(2 * r + 1)
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for row in 0..<rows {
                    let sp = s.baseAddress! + row * length, dp = d.baseAddress! + row * length
                    var acc: Float = 0
                    for i in 0...min(r, length - 1) { acc += sp[i] }
                    for i in 0..<length {
                        dp[i] = acc * scale
                        let add = i + r + 1, sub = i - r
                        if add < length { acc += sp[add] }
                        if sub >= 0 { acc -= sp[sub] }
                    }
                }
            }
        }
    }

    /// `dst` (height×width) = `src` (width×height) transposed, in tiles that stay in cache.
    private static func transpose(_ src: [Float], _ dst: inout [Float], width: Int, height: Int) {
        let tile = 32
        src.withUnsafeBufferPointer { s in
            dst.withUnsafeMutableBufferPointer { d in
                for y0 in stride(from: 0, to: height, by: tile) {
                    for x0 in stride(from: 0, to: width, by: tile) {
                        for y in y0..<min(y0 + tile, height) {
                            for x in x0..<min(x0 + tile, width) { d[x * height + y] = s[y * width + x] }
                        }
                    }
                }
            }
        }
    }

    /// A shadow texture from RGBA8 pixels: the alpha silhouette padded by `ShadowGeometry.padding(sigma)` on every
    /// side and blurred; returns white RGBA8 pixels with the blurred alpha, and the new size. A wide blur (σ ≥ 8
    /// image pixels, e.g. a big picture drawn small with a 1-pt shadow) is made at 1/⌊σ/4⌋ of the resolution from
    /// block averages: the texture spans the same padded area, so it is drawn in the same quad, and a blur of σ/k ≥ 4
    /// texels hides the blocks — a wooden 1242×2688 plank texture's shadow costs 1/100 of the work.
    static func shadowTexture(rgba: [UInt8], width: Int, height: Int, sigma: Double,
                              reduce: Bool = true) -> (pixels: [UInt8], width: Int, height: Int) {
        let pad = ShadowGeometry.padding(sigma)
        let spanW = width + 2 * pad, spanH = height + 2 * pad
        let k = reduce && sigma >= 8 ? Int(sigma / 4) : 1
        let w = (spanW + k - 1) / k, h = (spanH + k - 1) / k
        // Each image pixel adds its alpha to the texel covering it; a texel averages the span it stands for.
        let sx = Double(w) / Double(spanW), sy = Double(h) / Double(spanH)
        let weight = Float(sx * sy) / 255
        var plane = [Float](repeating: 0, count: w * h)
        rgba.withUnsafeBufferPointer { src in
            plane.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = min(h - 1, Int((Double(y + pad) + 0.5) * sy)) * w
                    for x in 0..<width {
                        let col = min(w - 1, Int((Double(x + pad) + 0.5) * sx))
                        dst[row + col] += Float(src[(y * width + x) * 4 + 3]) * weight
                    }
                }
            }
        }
        blur(&plane, width: w, height: h, sigma: sigma / Double(k))
        var out = [UInt8](repeating: 255, count: w * h * 4)
        for i in 0..<(w * h) { out[i * 4 + 3] = UInt8(max(0, min(255, (plane[i] * 255).rounded()))) }
        return (out, w, h)
    }
}
