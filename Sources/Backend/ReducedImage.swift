import Foundation
import Stage

/// An image halved `levels` times by averaging 2×2 blocks in premultiplied colour (a mipmap level), returned as
/// straight RGBA again. A picture drawn many times smaller than it is (a 502-pixel snowflake as a 12-pixel flake)
/// then shows its average, not a few scattered texels: SDL's renderers have no mipmaps.
enum ReducedImage {
    /// `image` halved `levels` times (fewer once it is one pixel).
    ///
    /// Made a row at a time, level by level (each level keeps only the two rows the next one averages), so an image
    /// is never held as floats at full size: the find-words background (1242×2688) took a 51-MB buffer to be drawn
    /// as a 125×50 button (issue 24). The sums are the same, in the same order, as halving the whole image each time.
    static func halved(_ image: Framebuffer, levels: Int) -> Framebuffer {
        // The sizes of the levels made: halving stops at one pixel (a 1×2 or 2×1 edge is folded into its last block).
        var sizes = [(w: image.width, h: image.height)]
        for _ in 0..<max(0, levels) {
            let (w, h) = sizes[sizes.count - 1]
            guard w > 1 || h > 1 else { break }
            sizes.append((max(1, w / 2), max(1, h / 2)))
        }
        var rows = LevelRows(image: image, sizes: sizes)
        let last = sizes.count - 1
        let (w, h) = sizes[last]
        var out = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            let px = rows.row(last, y)
            for x in 0..<w {
                let i = x * 4, o = (y * w + x) * 4
                let a = px[i + 3]
                for c in 0..<3 { out[o + c] = a > 0 ? UInt8(max(0, min(255, (px[i + c] / a * 255).rounded()))) : 0 }
                out[o + 3] = UInt8(max(0, min(255, (a * 255).rounded())))
            }
        }
        return Framebuffer(width: w, height: h, pixels: out)
    }

    /// Rows of the levels of one image, premultiplied, as Float, made on demand from the level above; rows are asked
    /// for in order, so each level keeps its last two.
    private struct LevelRows {
        let image: Framebuffer
        let sizes: [(w: Int, h: Int)]
        var kept: [[(y: Int, px: [Float])]]

        init(image: Framebuffer, sizes: [(w: Int, h: Int)]) {
            self.image = image; self.sizes = sizes
            kept = Array(repeating: [], count: sizes.count)
        }

        mutating func row(_ level: Int, _ y: Int) -> [Float] {
            if let r = kept[level].first(where: { $0.y == y }) { return r.px }
            let made = level == 0 ? source(y) : halve(level, y)
            kept[level].append((y, made))
            if kept[level].count > 2 { kept[level].removeFirst() }
            return made
        }

        /// Row `y` of the image, premultiplied (the level-0 row).
        private func source(_ y: Int) -> [Float] {
            let w = sizes[0].w
            var px = [Float](repeating: 0, count: w * 4)
            image.pixels.withUnsafeBufferPointer { src in
                for x in 0..<w {
                    let i = (y * w + x) * 4
                    let a = Float(src[i + 3]) / 255
                    for c in 0..<3 { px[x * 4 + c] = Float(src[i + c]) / 255 * a }
                    px[x * 4 + 3] = a
                }
            }
            return px
        }

        /// Row `y` of `level`: each texel the average of a 2×2 block of the level above.
        private mutating func halve(_ level: Int, _ y: Int) -> [Float] {
            let (w, h) = sizes[level - 1], nw = sizes[level].w
            let r0 = row(level - 1, min(h - 1, 2 * y)), r1 = row(level - 1, min(h - 1, 2 * y + 1))
            var next = [Float](repeating: 0, count: nw * 4)
            for x in 0..<nw {
                let x0 = min(w - 1, 2 * x) * 4, x1 = min(w - 1, 2 * x + 1) * 4
                for k in 0..<4 { next[x * 4 + k] = (r0[x0 + k] + r0[x1 + k] + r1[x0 + k] + r1[x1 + k]) / 4 }
            }
            return next
        }
    }

    /// The sides of the squares a batch's picture spans (texels) and covers (pixels at `scale`), judged by its first
    /// triangle: a batch draws its picture at one scale throughout. Nil for a batch without a triangle of both.
    static func sides(ofFirstTriangleOf batch: TriangleBatch, texels: Size, scale: Double) -> (image: Double, drawn: Double)? {
        let v = batch.vertices, i = batch.indices
        guard i.count >= 3, i.prefix(3).allSatisfy({ $0 >= 0 && Int($0) < v.count }) else { return nil }
        let a = v[Int(i[0])], b = v[Int(i[1])], c = v[Int(i[2])]
        let pixels = abs(Double((b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x))) * scale * scale
        let spanned = abs(Double((b.u - a.u) * (c.v - a.v) - (b.v - a.v) * (c.u - a.u))) * texels.width * texels.height
        guard pixels > 0, spanned > 0 else { return nil }
        return (spanned.squareRoot(), pixels.squareRoot())
    }

    /// How many halvings suit an image of `imageSide` pixels drawn `drawnSide` pixels across: the largest level that
    /// still has at least as many texels as drawn pixels — but none unless it is drawn at a quarter of its size or
    /// less, where a linear filter's scattered samples show (a picture drawn at half size keeps its own pixels).
    /// `from`: the fewest halvings worth making (below it, none); a hue-rotated copy is halved from one on
    /// (`HueRotatedPictures`), since it is made on the CPU anyway.
    static func level(imageSide: Double, drawnSide: Double, from fewest: Int = 2) -> Int {
        guard imageSide > 0, drawnSide > 0, imageSide.isFinite, drawnSide.isFinite else { return 0 }
        let level = max(0, min(16, Int(log2(imageSide / drawnSide).rounded(.down))))
        return level >= fewest ? level : 0
    }
}
