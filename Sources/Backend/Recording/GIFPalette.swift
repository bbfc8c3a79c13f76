/// The colours of every recorded GIF frame, counted in 32×32×32 bins (5 bits a channel) with the exact sums of the
/// colours in each bin, so a flat colour keeps its exact value in the palette.
public struct ColorHistogram {
    var counts = [Int](repeating: 0, count: 32768)
    var sums = [Int](repeating: 0, count: 32768 * 3)

    public init() {}

    static func bin(_ r: Int, _ g: Int, _ b: Int) -> Int { (r >> 3) << 10 | (g >> 3) << 5 | (b >> 3) }

    /// Counts every pixel of an RGBA image.
    public mutating func add(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int) {
        counts.withUnsafeMutableBufferPointer { counts in
            sums.withUnsafeMutableBufferPointer { sums in
                var i = 0
                for _ in 0..<(width * height) {
                    let r = Int(rgba[i]), g = Int(rgba[i + 1]), b = Int(rgba[i + 2])
                    let k = ColorHistogram.bin(r, g, b)
                    counts[k] += 1
                    sums[3 * k] += r; sums[3 * k + 1] += g; sums[3 * k + 2] += b
                    i += 4
                }
            }
        }
    }
}

/// A GIF palette made by median cut over a `ColorHistogram` — the box with the most pixels times its longest side is
/// split at the median of that side, until there are 255 boxes — each colour the mean of its box's pixels; entry 255
/// is transparent (for FFmpeg's GIF encoder, which marks unchanged pixels with it). Pixels are mapped with ordered
/// dithering (an 8×8 Bayer matrix, ±4 levels a channel): unlike error diffusion it is the same for the same pixels, so
/// the parts of a frame that do not change stay identical and the encoder skips them.
public struct GIFPalette {
    public static let colorCount = 255
    public static let transparentIndex: UInt8 = 255
    /// RGB of entries 0..<count.
    public private(set) var colors: [(r: UInt8, g: UInt8, b: UInt8)] = []
    /// Nearest entry for each 6-bit-a-channel colour, filled on first use (−1: not yet).
    private var nearest = [Int16](repeating: -1, count: 1 << 18)

    public init(_ histogram: ColorHistogram) {
        struct Box { var bins: [Int]; var population: Int }
        let filled = (0..<32768).filter { histogram.counts[$0] > 0 }
        func channel(_ bin: Int, _ c: Int) -> Int { (bin >> (10 - 5 * c)) & 31 }
        func longest(_ box: Box) -> (axis: Int, range: Int) {
            var best = (axis: 0, range: -1)
            for c in 0..<3 {
                var lo = 31, hi = 0
                for bin in box.bins { let v = channel(bin, c); lo = min(lo, v); hi = max(hi, v) }
                if hi - lo > best.range { best = (c, hi - lo) }
            }
            return best
        }
        var boxes = filled.isEmpty ? [] : [Box(bins: filled, population: filled.reduce(0) { $0 + histogram.counts[$1] })]
        while boxes.count < GIFPalette.colorCount {
            // The box to split: most pixels × longest side, among boxes of more than one bin.
            var pick = -1, pickScore = -1, pickAxis = 0
            for (i, box) in boxes.enumerated() where box.bins.count > 1 {
                let (axis, range) = longest(box)
                let score = box.population * (range + 1)
                if score > pickScore { pick = i; pickScore = score; pickAxis = axis }
            }
            guard pick >= 0 else { break }
            var bins = boxes[pick].bins
            bins.sort { (channel($0, pickAxis), $0) < (channel($1, pickAxis), $1) }
            // Split where half the pixels lie on each side (each side keeps at least one bin).
            var half = 0, cut = 1
            for (j, bin) in bins.enumerated() {
                half += histogram.counts[bin]
                if half * 2 >= boxes[pick].population { cut = max(1, min(bins.count - 1, j + 1)); break }
            }
            let a = Array(bins[..<cut]), b = Array(bins[cut...])
            boxes[pick] = Box(bins: a, population: a.reduce(0) { $0 + histogram.counts[$1] })
            boxes.append(Box(bins: b, population: b.reduce(0) { $0 + histogram.counts[$1] }))
        }
        colors = boxes.map { box in
            var r = 0, g = 0, b = 0
            for bin in box.bins { r += histogram.sums[3 * bin]; g += histogram.sums[3 * bin + 1]; b += histogram.sums[3 * bin + 2] }
            let n = max(1, box.population)
            return (UInt8((r + n / 2) / n), UInt8((g + n / 2) / n), UInt8((b + n / 2) / n))
        }
        if colors.isEmpty { colors = [(0, 0, 0)] }
    }

    /// The 256 entries as FFmpeg's PAL8 palette wants them: 0xAARRGGBB, entry 255 transparent.
    public var argb: [UInt32] {
        var p = [UInt32](repeating: 0, count: 256)
        for (i, c) in colors.enumerated() { p[i] = 0xFF00_0000 | UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b) }
        p[255] = 0x0000_0000
        return p
    }

    /// The 8×8 Bayer matrix, 0…63: M(2n) = [[4M, 4M + 2], [4M + 3, 4M + 1]] from M(1) = [0].
    private static let bayer: [Int] = {
        var m = [0], n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next; n *= 2
        }
        return m
    }()

    /// Maps an RGBA image to palette indices (`width` indices a row, `linesize` bytes apart).
    public mutating func map(rgba: UnsafeBufferPointer<UInt8>, width: Int, height: Int,
                             into out: UnsafeMutablePointer<UInt8>, linesize: Int) {
        let bayer = GIFPalette.bayer
        let colors = self.colors
        nearest.withUnsafeMutableBufferPointer { nearest in
            for y in 0..<height {
                let row = out + y * linesize
                var i = y * width * 4
                for x in 0..<width {
                    // Offsets −3.9…+3.9 (in eighths of a level: (2v + 1 − 64) / 16).
                    let d = (2 * bayer[(y & 7) * 8 + (x & 7)] + 1 - 64)
                    func level(_ v: UInt8) -> Int { max(0, min(255, (Int(v) * 16 + d) / 16)) }
                    let r = level(rgba[i]), g = level(rgba[i + 1]), b = level(rgba[i + 2])
                    let key = (r >> 2) << 12 | (g >> 2) << 6 | (b >> 2)
                    var index = nearest[key]
                    if index < 0 {
                        let cr = (r >> 2) * 4 + 2, cg = (g >> 2) * 4 + 2, cb = (b >> 2) * 4 + 2
                        var best = 0, bestDistance = Int.max
                        for (k, c) in colors.enumerated() {
                            let dr = Int(c.r) - cr, dg = Int(c.g) - cg, db = Int(c.b) - cb
                            let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                            if distance < bestDistance { bestDistance = distance; best = k }
                        }
                        index = Int16(best)
                        nearest[key] = index
                    }
                    row[x] = UInt8(index)
                    i += 4
                }
            }
        }
    }
}
