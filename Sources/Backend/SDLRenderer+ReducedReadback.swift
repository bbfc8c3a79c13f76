import CSDL2

extension SDLRenderer {
    /// Rows read back per call, at most: a strip of a 1280-pixel-wide output is 160 KB. SDL copies each read into a
    /// buffer of its own, allocated per call: below `MallocTuning`'s 256-KB threshold it comes from the heap, while a
    /// 64-row strip (320 KB) was mapped and unmapped each time, its pages faulted in anew (twice the read's time).
    static let readbackStripRows = 32

    /// The output reduced `levels` times by half each way (1: half, 2: a quarter), each pixel the rounded average of
    /// its block; a last partial row or column of blocks is dropped, and the levels are lowered until the picture is
    /// at least a pixel each way. For pictures that are only glanced at (the scrub bar's previews, issue 24): the
    /// output is read a strip of rows at a time and reduced as it comes, so the full-size picture is never held —
    /// reading it whole took 8 MB at 1280×800 (ours and SDL's flipped copy) for a 250-KB result.
    public func readFramebufferReduced(levels: Int) -> Framebuffer {
        readingPhysicalPixels { w, h in
            var levels = max(0, levels)
            while levels > 0 && (w >> levels == 0 || h >> levels == 0) { levels -= 1 }
            let block = 1 << levels
            let outW = w / block, outH = h / block
            guard outW > 0, outH > 0 else { return Framebuffer(width: 0, height: 0, pixels: []) }
            var out = [UInt8](repeating: 0, count: outW * outH * 4)
            let stripBlocks = max(1, Self.readbackStripRows / block)
            // Read in the output's own format (ARGB8888 words: B, G, R, A bytes), which SDL copies as it is; asking
            // for RGBA32 made it swizzle every pixel, a third of the read's time on llvmpipe.
            var strip = [UInt32](repeating: 0, count: w * stripBlocks * block)
            var outRow = 0
            while outRow < outH {
                let blocks = min(stripBlocks, outH - outRow)
                var rect = SDL_Rect(x: 0, y: Int32(outRow * block), w: Int32(w), h: Int32(blocks * block))
                strip.withUnsafeMutableBytes { buf in
                    _ = SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_ARGB8888.rawValue, buf.baseAddress, Int32(w * 4))
                }
                strip.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer { dst in
                        BlockAverage.reduce(src, width: w, blockRows: blocks, block: block,
                                            into: UnsafeMutableBufferPointer(rebasing: dst[(outRow * outW * 4)...]), outWidth: outW)
                    }
                }
                outRow += blocks
            }
            // B, G, R, A in memory → R, G, B, A: a swap per output pixel, a sixteenth of the pixels read.
            for i in stride(from: 0, to: out.count, by: 4) { out.swapAt(i, i + 2) }
            DrawCounters.count { $0.readbackPixels += Double(w * outH * block) }
            return Framebuffer(width: outW, height: outH, pixels: out)
        }
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
