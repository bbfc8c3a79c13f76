import CSDL2

extension SDLRenderer {
    /// Rows read back per call, at most: a strip of a 1280-pixel-wide output is 320 KB.
    static let readbackStripRows = 64

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
            var strip = [UInt8](repeating: 0, count: w * stripBlocks * block * 4)
            var outRow = 0
            while outRow < outH {
                let blocks = min(stripBlocks, outH - outRow)
                var rect = SDL_Rect(x: 0, y: Int32(outRow * block), w: Int32(w), h: Int32(blocks * block))
                strip.withUnsafeMutableBytes { buf in
                    _ = SDL_RenderReadPixels(renderer, &rect, SDL_PIXELFORMAT_RGBA32.rawValue, buf.baseAddress, Int32(w * 4))
                }
                strip.withUnsafeBufferPointer { src in
                    out.withUnsafeMutableBufferPointer { dst in
                        BlockAverage.reduce(src, width: w, blockRows: blocks, block: block,
                                            into: UnsafeMutableBufferPointer(rebasing: dst[(outRow * outW * 4)...]), outWidth: outW)
                    }
                }
                outRow += blocks
            }
            DrawCounters.count { $0.readbackPixels += Double(w * outH * block) }
            return Framebuffer(width: outW, height: outH, pixels: out)
        }
    }
}

/// Averages square blocks of RGBA8 pixels (integer sums, rounded to nearest).
enum BlockAverage {
    /// Reduces `blockRows` rows of blocks of `src` (rows of `width` pixels) into as many rows of `outWidth` pixels at
    /// the start of `dst`; each output pixel is the average of a `block`×`block` square.
    static func reduce(_ src: UnsafeBufferPointer<UInt8>, width: Int, blockRows: Int, block: Int,
                       into dst: UnsafeMutableBufferPointer<UInt8>, outWidth: Int) {
        let area = UInt32(block * block)
        var sums = [UInt32](repeating: 0, count: outWidth * 4)
        sums.withUnsafeMutableBufferPointer { sums in
            for by in 0..<blockRows {
                for i in 0..<sums.count { sums[i] = 0 }
                for dy in 0..<block {
                    let row = (by * block + dy) * width * 4
                    for x in 0..<outWidth {
                        var a = row + x * block * 4
                        let o = x * 4
                        for _ in 0..<block {
                            sums[o] += UInt32(src[a]); sums[o + 1] += UInt32(src[a + 1])
                            sums[o + 2] += UInt32(src[a + 2]); sums[o + 3] += UInt32(src[a + 3])
                            a += 4
                        }
                    }
                }
                let base = by * outWidth * 4
                for i in 0..<sums.count { dst[base + i] = UInt8((sums[i] + area / 2) / area) }
            }
        }
    }
}
