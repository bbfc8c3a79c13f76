/// The pixels a parallelogram covers, row by row, with its texture coordinates: what the CPU paths (the particle
/// splat, `CPUComposite`) rasterize, as OpenGL does — a pixel is covered when its centre maps to 0 ≤ s < 1 and
/// 0 ≤ t < 1, where corner `a` is (s 0, t 0), `b` is (1, 0) and `d` is (0, 1).
///
/// Texture coordinates come in texels, 32.32 fixed point: whole-number steps from pixel to pixel and row to row, with
/// no float conversion per row or pixel.
enum QuadSpans {
    /// Calls `span(pixelIndex, count, s, t, ds, dt)` for each row of the quad within `region` (pixels, half-open)
    /// whose rows are in stripe `band` of `bands` (8-row stripes, dealt round the bands; 1 band takes every row):
    /// `pixelIndex` is the row's first covered pixel (y · `width` + x), and s, t its texel coordinates on a `tw`×`th`
    /// texture, which step by ds, dt per pixel. Corners are in pixels. Returns without a call for a quad that is
    /// degenerate or outside the region. With `octagon` (in texels of the texture), only the pixels whose centres map
    /// inside it are walked: the rest of a picture is transparent there.
    @inline(__always)
    static func walk(a: (x: Float, y: Float), b: (x: Float, y: Float), d: (x: Float, y: Float), texels tw: Int, _ th: Int,
                     width: Int, region: PixelRect, band: Int = 0, bands: Int = 1, octagon: TexelOctagon? = nil,
                     _ span: (_ pixel: Int, _ count: Int, _ s: Int64, _ t: Int64, _ ds: Int64, _ dt: Int64) -> Void) {
        let ax = a.x, ay = a.y
        let ux = b.x - ax, uy = b.y - ay
        let vx = d.x - ax, vy = d.y - ay
        let minY = min(ay, ay + uy, ay + vy, ay + uy + vy), maxY = max(ay, ay + uy, ay + vy, ay + uy + vy)
        let minX = min(ax, ax + ux, ax + vx, ax + ux + vx), maxX = max(ax, ax + ux, ax + vx, ax + ux + vx)
        let px0 = max(region.x0, floor(minX)), px1 = min(region.x1, ceiling(maxX))
        let py0 = max(region.y0, floor(minY)), py1 = min(region.y1, ceiling(maxY))
        guard px1 > px0, py1 > py0 else { return }
        let det = ux * vy - uy * vx
        guard abs(det) > 1e-6 else { return }
        let inv = 1 / det
        let twF = Float(tw), thF = Float(th)
        // s and t change linearly along a row.
        let dsdx = vy * inv, dtdx = -uy * inv
        let invS: Float = abs(dsdx) < 1e-12 ? 0 : 1 / dsdx, invT: Float = abs(dtdx) < 1e-12 ? 0 : 1 / dtdx
        let ds = fixed(dsdx * twF), dt = fixed(dtdx * thF)
        // Row by row, s and t at the row's first pixel step by constants too.
        let dsdy = -vx * inv, dtdy = ux * inv
        let dx0 = Float(px0) + 0.5 - ax, dy0 = Float(py0) + 0.5 - ay
        let s0 = (dx0 * vy - dy0 * vx) * inv, t0 = (ux * dy0 - uy * dx0) * inv
        var sRow = fixed(s0 * twF), tRow = fixed(t0 * thF)
        let dsRow = fixed(dsdy * twF), dtRow = fixed(dtdy * thF)
        let width0 = Float(px1 - px0)
        var rowStart = py0 * width + px0
        // The pixels k of a row with 0 ≤ s < 1 lie between the k where s = 0 and s = 1 (likewise t): those bounds
        // step by constants from row to row too.
        var sSlab = Slab(s0, dsdy, invS), tSlab = Slab(t0, dtdy, invT)
        // The octagon's sides, in texels: x and y within its box, x + y and x − y within its diagonals.
        var sums: Slab?, diffs: Slab?
        if let o = octagon {
            sSlab = Slab(s0, dsdy, invS, Float(o.x0) / twF, Float(o.x1) / twF)
            tSlab = Slab(t0, dtdy, invT, Float(o.y0) / thF, Float(o.y1) / thF)
            func diagonal(_ sign: Float, _ low: Int, _ high: Int) -> Slab {
                let perPixel = dsdx * twF + sign * dtdx * thF
                return Slab(s0 * twF + sign * t0 * thF, dsdy * twF + sign * dtdy * thF,
                            abs(perPixel) < 1e-9 ? 0 : 1 / perPixel, Float(low), Float(high))
            }
            sums = diagonal(1, o.sumMin, o.sumMax)
            diffs = diagonal(-1, o.diffMin, o.diffMax)
        }
        for y in py0..<py1 {
            defer {
                sSlab.step(); tSlab.step(); sums?.step(); diffs?.step()
                sRow &+= dsRow; tRow &+= dtRow; rowStart += width
            }
            guard bands == 1 || (y >> 3) % bands == band else { continue }
            var lo: Float = 0, hi = width0
            sSlab.narrow(&lo, &hi)
            tSlab.narrow(&lo, &hi)
            sums?.narrow(&lo, &hi)
            diffs?.narrow(&lo, &hi)
            guard hi > lo else { continue }
            let k0 = ceiling(lo), k1 = min(px1 - px0, ceiling(hi))
            guard k1 > k0 else { continue }
            span(rowStart + k0, k1 - k0, sRow &+ ds &* Int64(k0), tRow &+ dt &* Int64(k0), ds, dt)
        }
    }

    /// `v` in 32.32 fixed point, truncated (2⁻³² of a texel) and bounded (a needle-thin quad's step can be huge; it
    /// then covers one pixel at most).
    @inline(__always)
    static func fixed(_ v: Float) -> Int64 { Int64(max(-1e18, min(1e18, Double(v) * 4_294_967_296))) }

    /// ⌈x⌉ and ⌊x⌋ for |x| < 2⁶³ without a libm call (they run per row and per quad): `Int(x)` truncates toward 0.
    @inline(__always)
    static func ceiling(_ x: Float) -> Int {
        let i = Int(x)
        return Float(i) < x ? i + 1 : i
    }
    @inline(__always)
    static func floor(_ x: Float) -> Int {
        let i = Int(x)
        return Float(i) > x ? i - 1 : i
    }

    /// The pixels k of each row of a quad where low ≤ c < high (0 and 1 unless given), for one linear function c of
    /// the texture coordinates that is c0 at the first pixel of the first row and steps by dcdx per pixel (given as
    /// its inverse, 0 when it is 0) and dcdy per row.
    struct Slab {
        /// The k where c = low and where c = high on this row, least first (or, when c is constant along rows, c
        /// itself).
        var first: Float, last: Float
        let stepPerRow: Float, constantAlongRow: Bool
        let low: Float, high: Float

        @inline(__always)
        init(_ c0: Float, _ dcdy: Float, _ invDcdx: Float, _ low: Float = 0, _ high: Float = 1) {
            constantAlongRow = invDcdx == 0
            self.low = low; self.high = high
            if constantAlongRow {
                first = c0; last = c0; stepPerRow = dcdy
            } else {
                let atLow = (low - c0) * invDcdx, atHigh = (high - c0) * invDcdx
                first = min(atLow, atHigh); last = max(atLow, atHigh); stepPerRow = -dcdy * invDcdx
            }
        }

        @inline(__always)
        mutating func step() { first += stepPerRow; last += stepPerRow }

        /// Narrows [lo, hi) to this row's k.
        @inline(__always)
        func narrow(_ lo: inout Float, _ hi: inout Float) {
            if constantAlongRow {
                if first < low || first >= high { hi = -1 }
            } else {
                lo = max(lo, first); hi = min(hi, last)
            }
        }
    }
}
