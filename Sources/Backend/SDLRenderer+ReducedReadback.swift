import CSDL2

extension SDLRenderer {
    /// Rows read back per call, at most: a strip of a 1280-pixel-wide output is 160 KB. SDL copies each read into a
    /// buffer of its own, allocated per call: below `MallocTuning`'s 256-KB threshold it comes from the heap, while a
    /// 64-row strip (320 KB) was mapped and unmapped each time, its pages faulted in anew (twice the read's time).
    public static let readbackStripRows = 32

    /// The output reduced `levels` times by half each way (1: half, 2: a quarter), each pixel the rounded average of
    /// its block; a last partial row or column of blocks is dropped, and the levels are lowered until the picture is
    /// at least a pixel each way. For pictures that are only glanced at (the scrub bar's previews, issue 24): the
    /// output is read a strip of rows at a time and reduced as it comes, so the full-size picture is never held —
    /// reading it whole took 8 MB at 1280×800 (ours and SDL's flipped copy) for a 250-KB result.
    public func readFramebufferReduced(levels: Int) -> Framebuffer {
        let capture = startReducedCapture(levels: levels)
        _ = continueCapture(capture, strips: Int.max)
        return capture.picture ?? Framebuffer(width: 0, height: 0, pixels: [])
    }

    /// A reduced picture of the output to be read by `continueCapture`, a few strips at a time.
    public func startReducedCapture(levels: Int) -> ReducedCapture {
        let (w, h) = outputSize
        return ReducedCapture(levels: levels, width: Int(w), height: Int(h))
    }

    /// Reads up to `strips` more strips of the output into `capture` (all that are left at most); false, reading
    /// nothing, when the output is no longer the size the capture was started at (it is then of no use).
    public func continueCapture(_ capture: ReducedCapture, strips: Int) -> Bool {
        readingPhysicalPixels { w, h in
            guard w == capture.width, h == capture.height else { return false }
            var left = strips
            while left > 0, !capture.isComplete {
                capture.readStrip { rect, buffer in
                    var r = rect
                    _ = SDL_RenderReadPixels(renderer, &r, SDL_PIXELFORMAT_ARGB8888.rawValue, buffer, Int32(w * 4))
                    DrawCounters.count { $0.readbackPixels += Double(r.w * r.h) }
                }
                left -= 1
            }
            return true
        }
    }
}

/// A picture of the output reduced `levels` times (`SDLRenderer.readFramebufferReduced`), read a strip of rows at a
/// time, over as many frames as its reader likes: the scrub bar reads a quarter of it on each of four frames, so no
/// frame pays for the whole read (7 ms at 1280×800 on llvmpipe, one dropped frame four times a second; issue 24).
/// Strips read on later frames show those frames: for a picture only glanced at.
public final class ReducedCapture {
    /// The output's size in pixels when the capture started.
    public let width: Int, height: Int
    /// Pixels per block side (2^levels, the levels lowered until the picture is at least a pixel each way).
    let block: Int
    let outWidth: Int, outHeight: Int
    private var pixels: [UInt8]
    /// Output rows made so far.
    private var rowsDone = 0
    /// One strip as read (ARGB8888 words: B, G, R, A bytes), reused for every strip.
    private var strip: [UInt32]

    init(levels: Int, width: Int, height: Int) {
        var levels = max(0, levels)
        while levels > 0 && (width >> levels == 0 || height >> levels == 0) { levels -= 1 }
        self.width = width; self.height = height
        block = 1 << levels
        outWidth = max(0, width / block); outHeight = max(0, height / block)
        pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
        strip = outWidth > 0 ? [UInt32](repeating: 0, count: width * max(block, SDLRenderer.readbackStripRows / block * block)) : []
    }

    /// Strips in all.
    public var strips: Int { (outHeight + blockRowsPerStrip - 1) / blockRowsPerStrip }
    public var isComplete: Bool { rowsDone >= outHeight }
    /// The picture, once every strip is read.
    public var picture: Framebuffer? {
        guard isComplete else { return nil }
        return pixels.isEmpty ? Framebuffer(width: 0, height: 0, pixels: []) : Framebuffer(width: outWidth, height: outHeight, pixels: pixels)
    }

    private var blockRowsPerStrip: Int { max(1, SDLRenderer.readbackStripRows / block) }

    /// Reads the next strip with `read(rect, buffer)` (rows of `width` ARGB8888 pixels into `buffer`) and reduces it.
    func readStrip(_ read: (SDL_Rect, UnsafeMutableRawPointer?) -> Void) {
        let blocks = min(blockRowsPerStrip, outHeight - rowsDone)
        guard blocks > 0 else { return }
        let rect = SDL_Rect(x: 0, y: Int32(rowsDone * block), w: Int32(width), h: Int32(blocks * block))
        strip.withUnsafeMutableBytes { read(rect, $0.baseAddress) }
        let first = rowsDone * outWidth * 4
        strip.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                BlockAverage.reduce(src, width: width, blockRows: blocks, block: block,
                                    into: UnsafeMutableBufferPointer(rebasing: dst[first...]), outWidth: outWidth)
            }
        }
        // B, G, R, A in memory → R, G, B, A: a swap per output pixel, a sixteenth of the pixels read.
        for i in stride(from: first, to: first + blocks * outWidth * 4, by: 4) { pixels.swapAt(i, i + 2) }
        rowsDone += blocks
    }
}

/// Averages square blocks of 4-byte pixels, each byte on its own (integer sums, rounded to nearest); the bytes come
/// out in the order they went in.
enum BlockAverage {
    /// Reduces `blockRows` rows of blocks of `src` (rows of `width` pixels) into as many rows of `outWidth` pixels at
    /// the start of `dst`; each output pixel is the average of a `block`×`block` square.
    ///
    /// Two bytes are summed at once in one 64-bit word (one in each 32-bit half: bytes 0 and 2, bytes 1 and 3), so a
    /// pixel costs two additions rather than four loads and four; a half holds any block's sum.
    static func reduce(_ src: UnsafeBufferPointer<UInt32>, width: Int, blockRows: Int, block: Int,
                       into dst: UnsafeMutableBufferPointer<UInt8>, outWidth: Int) {
        let area = UInt64(block * block)
        // Per output pixel of the row of blocks: bytes 0 and 2 (low and high half), bytes 1 and 3.
        var evenSums = [UInt64](repeating: 0, count: outWidth), oddSums = [UInt64](repeating: 0, count: outWidth)
        evenSums.withUnsafeMutableBufferPointer { evens in
            oddSums.withUnsafeMutableBufferPointer { odds in
                for by in 0..<blockRows {
                    for x in 0..<outWidth { evens[x] = 0; odds[x] = 0 }
                    for dy in 0..<block {
                        var a = (by * block + dy) * width
                        for x in 0..<outWidth {
                            var even: UInt64 = 0, odd: UInt64 = 0
                            for _ in 0..<block {
                                let p = UInt64(UInt32(littleEndian: src[a]))
                                even &+= (p & 0xFF) | (p & 0xFF_0000) << 16
                                odd &+= (p >> 8 & 0xFF) | (p & 0xFF00_0000) << 8
                                a += 1
                            }
                            evens[x] &+= even; odds[x] &+= odd
                        }
                    }
                    let base = by * outWidth * 4
                    for x in 0..<outWidth {
                        func mean(_ sum: UInt64) -> UInt8 { UInt8(truncatingIfNeeded: (sum + area / 2) / area) }
                        let o = base + x * 4
                        dst[o] = mean(evens[x] & 0xFFFF_FFFF); dst[o + 1] = mean(odds[x] & 0xFFFF_FFFF)
                        dst[o + 2] = mean(evens[x] >> 32); dst[o + 3] = mean(odds[x] >> 32)
                    }
                }
            }
        }
    }
}
