/// Gives fully transparent pixels next to visible ones the average colour of those neighbours (alpha stays 0).
/// Linear filtering mixes a texel's colour with its neighbours' even where their alpha is 0, so without this the
/// black of an SVG's empty background bleeds into the edges of a white template icon as a dark rim once it is
/// tinted and scaled.
enum AlphaBleed {
    private static func hasTransparentPixel(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, pitch: Int) -> Bool {
        for y in 0..<height {
            let row = pixels + y * pitch
            for x in 0..<width where row[x * 4 + 3] == 0 { return true }
        }
        return false
    }

    /// `pixels`: RGBA32 rows of `pitch` bytes.
    static func apply(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, pitch: Int) {
        guard width > 0, height > 0, hasTransparentPixel(pixels, width: width, height: height, pitch: pitch) else { return }
        // Per pixel: is it visible, and is any of it and its left and right neighbours visible (so a transparent
        // pixel looks at three flags, not nine pixels, and most of an empty area is passed over at once).
        var visible = [Bool](repeating: false, count: width * height)
        var near = [Bool](repeating: false, count: width * height)
        visible.withUnsafeMutableBufferPointer { vis in
            near.withUnsafeMutableBufferPointer { nr in
                for y in 0..<height {
                    let row = pixels + y * pitch, o = y * width
                    for x in 0..<width {
                        let v = row[x * 4 + 3] > 0
                        vis[o + x] = v
                    }
                    for x in 0..<width {
                        nr[o + x] = vis[o + x] || (x > 0 && vis[o + x - 1]) || (x + 1 < width && vis[o + x + 1])
                    }
                }
            }
        }
        visible.withUnsafeBufferPointer { vis in
            near.withUnsafeBufferPointer { nr in
                for y in 0..<height {
                    for x in 0..<width where !vis[y * width + x] {
                        let above = y > 0 && nr[(y - 1) * width + x], below = y + 1 < height && nr[(y + 1) * width + x]
                        guard above || below || nr[y * width + x] else { continue }
                        var sum = (0, 0, 0), n = 0
                        for yy in max(0, y - 1)...min(height - 1, y + 1) {
                            for xx in max(0, x - 1)...min(width - 1, x + 1) where vis[yy * width + xx] {
                                let p = yy * pitch + xx * 4
                                sum.0 += Int(pixels[p]); sum.1 += Int(pixels[p + 1]); sum.2 += Int(pixels[p + 2]); n += 1
                            }
                        }
                        let p = y * pitch + x * 4
                        pixels[p] = UInt8(sum.0 / n); pixels[p + 1] = UInt8(sum.1 / n); pixels[p + 2] = UInt8(sum.2 / n)
                    }
                }
            }
        }
    }
}
