/// Gives fully transparent pixels next to visible ones the average colour of those neighbours (alpha stays 0).
/// Linear filtering mixes a texel's colour with its neighbours' even where their alpha is 0, so without this the
/// black of an SVG's empty background bleeds into the edges of a white template icon as a dark rim once it is
/// tinted and scaled.
enum AlphaBleed {
    /// `pixels`: RGBA32 rows of `pitch` bytes.
    static func apply(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, pitch: Int) {
        guard width > 0, height > 0 else { return }
        var alpha = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height { for x in 0..<width { alpha[y * width + x] = pixels[y * pitch + x * 4 + 3] } }
        for y in 0..<height {
            for x in 0..<width where alpha[y * width + x] == 0 {
                var sum = (0, 0, 0), n = 0
                for dy in -1...1 {
                    let yy = y + dy
                    guard yy >= 0, yy < height else { continue }
                    for dx in -1...1 {
                        let xx = x + dx
                        guard xx >= 0, xx < width, alpha[yy * width + xx] > 0 else { continue }
                        let p = yy * pitch + xx * 4
                        sum.0 += Int(pixels[p]); sum.1 += Int(pixels[p + 1]); sum.2 += Int(pixels[p + 2]); n += 1
                    }
                }
                guard n > 0 else { continue }
                let p = y * pitch + x * 4
                pixels[p] = UInt8(sum.0 / n); pixels[p + 1] = UInt8(sum.1 / n); pixels[p + 2] = UInt8(sum.2 / n)
            }
        }
    }
}
