import CSDL2
import Dispatch
import Stage

/// A stack of overlapping pictures, drawn on the CPU into one texture that is then drawn as one quad over what is
/// beneath (issue 24). Where OpenGL rasterises on the CPU too (Mesa's llvmpipe) every pixel a quad covers runs the
/// whole linear-filter shader, about 8 ns, whatever lies under it: the blizzard's 47 swaying branches, piled eight
/// to fifteen deep over the tree, cost 13.5 ms a frame for 1.5 million such pixels. Here a pixel of a picture costs
/// its four texels and an 8-bit blend, only the octagon round a picture's coloured texels is walked, a pixel already
/// opaque is not sampled again beneath, and the stack's box, a fifth of those pixels, is drawn once. Both cores fill
/// alternate 8-row stripes of the box, each taking every picture, front to back.
///
/// Pictures are sampled bilinearly between texel centres (OpenGL's linear filter, clamped at the edges), from their
/// premultiplied texels, and blended in premultiplied 8-bit colour, rounded at every picture as OpenGL's 8-bit
/// framebuffer is (front to back, "under", which gives what back to front "over" gives, to a level of rounding).
final class PictureStack {
    /// One picture of a stack, in the box's pixels: texel (0, 0) at `a`, the far ends of its top and left edges at
    /// `b` and `d`; `tint` its premultiplied vertex colour; drawn only within `clip`.
    struct Item {
        var texels: Texels
        var a: (x: Float, y: Float), b: (x: Float, y: Float), d: (x: Float, y: Float)
        var tint: SIMD4<UInt16>
        var clip: PixelRect
    }

    /// A picture's texels, premultiplied RGBA8 (R in the low byte, as `SDL_PIXELFORMAT_RGBA32` in memory), in a frame
    /// of `pad` texels that repeat its edge: a bilinear sample at the picture's edge then needs no clamp and reads the
    /// edge, as OpenGL's clamp-to-edge does. With them, the octagon outside which every texel is transparent.
    final class Texels {
        static let pad = 2
        let width: Int, height: Int
        /// Texels per row with the frame, and rows.
        let stride: Int, rows: Int
        let values: [UInt32]
        /// The part of the picture (in its texels, not the frame's) outside which a sample reads only transparent
        /// texels; nil when every texel is transparent.
        let visible: TexelOctagon?

        init(_ image: Framebuffer) {
            let w = image.width, h = image.height, pad = Texels.pad
            width = w; height = h; stride = w + 2 * pad; rows = h + 2 * pad
            let stride = self.stride, rows = self.rows
            var values = [UInt32](repeating: 0, count: stride * rows)
            image.pixels.withUnsafeBufferPointer { p in
                for row in 0..<rows {
                    let y = min(h - 1, max(0, row - pad))
                    for column in 0..<stride {
                        let x = min(w - 1, max(0, column - pad)), k = (y * w + x) * 4
                        values[row * stride + column] = Texels.premultiplied(p[k], p[k + 1], p[k + 2], p[k + 3])
                    }
                }
            }
            // Each row's first and last texel with colour: the octagon round them, grown by one texel so that a
            // bilinear sample beside them is inside it.
            let spans = (0..<h).map { y -> (minX: Int, maxX: Int)? in
                let row = (y + pad) * stride + pad
                guard let first = (0..<w).first(where: { values[row + $0] != 0 }),
                      let last = (0..<w).last(where: { values[row + $0] != 0 }) else { return nil }
                return (first, last)
            }
            self.values = values
            visible = TexelOctagon(rows: spans, width: w, height: h, margin: 1)
        }

        /// A straight-alpha colour premultiplied, rounded, packed.
        static func premultiplied(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8) -> UInt32 {
            func times(_ c: UInt8) -> UInt32 { PictureStack.divide255(UInt32(c) * UInt32(a)) }
            return times(r) | times(g) << 8 | times(b) << 16 | UInt32(a) << 24
        }

        var bytes: Int { values.count * 4 }
    }

    /// A picture at a halving.
    struct TexelsKey: Hashable {
        var name: String
        var level: Int
    }

    /// The premultiplied texels made so far, by picture and halving; a scene stacks a handful.
    private var texels: [TexelsKey: Texels] = [:]
    private var texelBytes = 0
    /// At most this much is kept in `texels` (a scene of many large pictures starts over rather than hold them all).
    static let texelBudget = 32 << 20
    /// Pictures of more texels than this are not stacked (each would hold 4 bytes a texel here).
    static let largestPicture = 2048 * 1024
    /// The box's pixels, premultiplied RGBA8, and the streaming texture they are uploaded to.
    private var pixels: UnsafeMutablePointer<UInt32>?
    private var capacity = 0
    private var texture: OpaquePointer?
    private var textureSize = (w: 0, h: 0)
    /// Both cores (two bands of stripes): on this machine's two (hyper-threaded) cores the fill takes a quarter
    /// less time for a third more CPU, and the blizzard draws more frames for less CPU than with one band.
    private static let bands = 2

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        pixels?.deallocate()
    }

    /// The premultiplied texels of `image`, made once per `key`; nil when the picture has no pixels.
    func texels(_ key: TexelsKey, _ image: () -> Framebuffer?) -> Texels? {
        if let t = texels[key] { return t }
        guard let image = image(), image.width > 0, image.height > 0 else { return nil }
        let t = Texels(image)
        if texelBytes + t.bytes > PictureStack.texelBudget { texels = [:]; texelBytes = 0 }
        texels[key] = t
        texelBytes += t.bytes
        return t
    }

    /// Draws `items` in order within `box` (output pixels, inside the output; items in the output's pixels too) onto
    /// the renderer's output. Returns false, having drawn nothing, when the texture cannot be made.
    func draw(_ items: [Item], box: PixelRect, renderer: OpaquePointer) -> Bool {
        guard !box.isEmpty, !items.isEmpty, prepare(renderer, box) else { return false }
        let rw = box.x1 - box.x0, rh = box.y1 - box.y0
        let out = compose(items, box: box)
        var rect = SDL_Rect(x: 0, y: 0, w: Int32(rw), h: Int32(rh))
        _ = SDL_UpdateTexture(texture, &rect, out, Int32(rw * 4))
        var dst = SDL_Rect(x: Int32(box.x0), y: Int32(box.y0), w: Int32(rw), h: Int32(rh))
        // Drawn in pixels: the texture matches the output exactly.
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderCopy(renderer, texture, &rect, &dst)
        SDL_RenderSetScale(renderer, sx, sy)
        DrawCounters.count { c in
            c.stacks += 1; c.stackedPictures += items.count
            c.uploads += 1; c.uploadBytes += Double(rw * rh * 4); c.layerQuads += 1; c.layerPixels += Double(rw * rh)
        }
        return true
    }

    /// Blends `items` in order within `box` into the box's pixels, premultiplied RGBA8 row by row (`box`'s width a
    /// row), and returns them; valid until the next call. Drawn front to back ("under"): a pixel already opaque
    /// hides the rest of the stack, and the pictures beneath are not sampled there (42 % of the blizzard's pixels).
    func compose(_ items: [Item], box: PixelRect) -> UnsafeMutablePointer<UInt32> {
        let rw = box.x1 - box.x0, rh = box.y1 - box.y0
        reserve(rw * rh)
        let local = PixelRect(x0: 0, y0: 0, x1: rw, y1: rh)
        let shift = (x: Float(box.x0), y: Float(box.y0))
        nonisolated(unsafe) let moved = items.map { item -> Item in
            var m = item
            m.a = (item.a.x - shift.x, item.a.y - shift.y)
            m.b = (item.b.x - shift.x, item.b.y - shift.y)
            m.d = (item.d.x - shift.x, item.d.y - shift.y)
            m.clip = item.clip.shifted(-box.x0, -box.y0).intersection(local)
            return m
        }
        nonisolated(unsafe) let out = pixels!
        DispatchQueue.concurrentPerform(iterations: PictureStack.bands) { band in
            let bands = PictureStack.bands
            var y = band * 8
            while y < rh {
                (out + y * rw).update(repeating: 0, count: min(8, rh - y) * rw)
                y += 8 * bands
            }
            for item in moved.reversed() { PictureStack.fill(item, out, rw, band, bands) }
        }
        return out
    }

    /// Room for `count` pixels; a buffer four times larger than that (the window was made smaller) is let go.
    private func reserve(_ count: Int) {
        guard count > capacity || pixels == nil || capacity > 4 * max(count, PictureStack.smallest) else { return }
        pixels?.deallocate()
        capacity = max(count, textureSize.w * textureSize.h)
        pixels = .allocate(capacity: capacity)
    }

    /// Pixels the box's buffer holds room for (for tests).
    var bufferedPixels: Int { capacity }
    /// Buffers and textures of fewer pixels than this are kept, however small the stack.
    private static let smallest = 256 * 256

    /// A streaming texture at least the box's size (grown in steps of 64 pixels, so a swaying stack
    /// does not make a new one every frame; made again smaller when it is four times the box's size or more).
    private func prepare(_ renderer: OpaquePointer, _ box: PixelRect) -> Bool {
        let w = box.x1 - box.x0, h = box.y1 - box.y0
        let shrunk = textureSize.w * textureSize.h > 4 * max(w * h, PictureStack.smallest)
        if texture == nil || textureSize.w < w || textureSize.h < h || shrunk {
            if let texture { SDL_DestroyTexture(texture) }
            let grown = shrunk ? (w: w, h: h) : (w: max(w, textureSize.w), h: max(h, textureSize.h))
            let size = (w: (grown.w + 63) / 64 * 64, h: (grown.h + 63) / 64 * 64)
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(size.w), Int32(size.h))
            guard let texture else { textureSize = (0, 0); return false }
            let one = SDL_BLENDFACTOR_ONE, rest = SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA
            let premultiplied = SDL_ComposeCustomBlendMode(one, rest, SDL_BLENDOPERATION_ADD, one, rest, SDL_BLENDOPERATION_ADD)
            guard SDL_SetTextureBlendMode(texture, premultiplied) == 0 else {
                SDL_DestroyTexture(texture)
                self.texture = nil
                textureSize = (0, 0)
                return false
            }
            // Always copied pixel for pixel onto the output (`draw`).
            TexelExactFiltering.use(texture, exact: true, renderer: renderer)
            textureSize = size
        }
        return true
    }

    /// Blends a picture's texels under the stripes `band` of `out` (`width` pixels a row), bilinearly between texel
    /// centres, in premultiplied 8-bit colour with 8-bit weights, under what is there. Only the part of the quad over
    /// the octagon round the picture's coloured texels is walked.
    private static func fill(_ item: Item, _ out: UnsafeMutablePointer<UInt32>, _ width: Int, _ band: Int, _ bands: Int) {
        let t = item.texels
        guard !item.clip.isEmpty, let visible = t.visible else { return }
        // Texel centres sit half a texel in: a sample's first texel, in framed texels, is ⌊s − ½⌋ + the frame.
        let offset = (Int64(Texels.pad) << 32) &- (1 << 31)
        // The clamps only absorb rounding and a needle-thin quad's wrapped steps.
        let highX = Int64(t.stride - 2), highY = Int64(t.rows - 2)
        let stride = t.stride
        let tint = item.tint, tinted = tint != SIMD4(repeating: 255)
        t.values.withUnsafeBufferPointer { tex in
            let base = tex.baseAddress!
            QuadSpans.walk(a: item.a, b: item.b, d: item.d, texels: t.width, t.height, width: width, region: item.clip,
                           band: band, bands: bands, octagon: visible) { start, count, s0, t0, ds, dt in
                    var s = s0 &+ offset, tt = t0 &+ offset
                    var pixel = out + start
                    for _ in 0..<count {
                        defer { s &+= ds; tt &+= dt; pixel += 1 }
                        let under = pixel.pointee
                        // Drawn front to back: a pixel already opaque hides the rest of the stack.
                        guard under < 0xFF00_0000 else { continue }
                        let x = Int(min(highX, max(0, s &>> 32))), y = Int(min(highY, max(0, tt &>> 32)))
                        let p = base + (y &* stride &+ x)
                        let q00 = p[0], q01 = p[1], q10 = p[stride], q11 = p[stride + 1]
                        let fx = UInt16(truncatingIfNeeded: s &>> 24) & 0xFF, fy = UInt16(truncatingIfNeeded: tt &>> 24) & 0xFF
                        let top = lerp(wide(q00), wide(q01), fx), bottom = lerp(wide(q10), wide(q11), fx)
                        var src = lerp(top, bottom, fy)
                        if tinted { src = divide255(src &* tint) }
                        // Blended whatever it is (a transparent sample adds nothing): a branch on it would mispredict
                        // every few pixels over the twigs and the gaps between them.
                        let dst = wide(under)
                        pixel.pointee = narrow(dst &+ divide255(src &* (255 &- dst[3])))
                    }
                }
        }
    }

    /// A packed colour's four bytes as 16-bit lanes.
    @inline(__always)
    private static func wide(_ v: UInt32) -> SIMD4<UInt16> {
        SIMD4<UInt16>(truncatingIfNeeded: unsafeBitCast(v, to: SIMD4<UInt8>.self))
    }

    @inline(__always)
    private static func narrow(_ v: SIMD4<UInt16>) -> UInt32 {
        unsafeBitCast(SIMD4<UInt8>(truncatingIfNeeded: v), to: UInt32.self)
    }

    /// a + (b − a)·f/256, rounded (f in 0…255; every sum stays under 2¹⁶).
    @inline(__always)
    private static func lerp(_ a: SIMD4<UInt16>, _ b: SIMD4<UInt16>, _ f: UInt16) -> SIMD4<UInt16> {
        (a &* (256 &- f) &+ b &* f &+ 128) &>> 8
    }

    /// x/255 rounded, for x up to 255·255, per lane.
    @inline(__always)
    static func divide255(_ x: SIMD4<UInt16>) -> SIMD4<UInt16> {
        let t = x &+ 128
        return (t &+ (t &>> 8)) &>> 8
    }

    @inline(__always)
    static func divide255(_ x: UInt32) -> UInt32 {
        let t = x + 128
        return (t + (t >> 8)) >> 8
    }
}

extension PixelRect {
    /// Moved by (dx, dy).
    func shifted(_ dx: Int, _ dy: Int) -> PixelRect { PixelRect(x0: x0 + dx, y0: y0 + dy, x1: x1 + dx, y1: y1 + dy) }
}
