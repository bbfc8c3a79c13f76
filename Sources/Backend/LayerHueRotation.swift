import Foundation
import Stage

extension LayerEffects {
    /// A layer that is only hue-rotated (no blur, no shadow), the kaleidoscope's picture every frame: premultiplied
    /// RGBA in, straight out, the README §3.8 matrix on the straight colour, clamped, alpha unchanged, in one pass
    /// over the bytes (the general path's float planes cost about as much again as the rest of the frame).
    static func hueRotated(_ px: [UInt8], count n: Int, degrees: Double) -> [UInt8] {
        hueRotated(px, count: n, degrees: degrees, premultiplied: true)
    }

    /// Straight RGBA in and out (a picture's texels, `HueRotatedPictures`): every texel turned, the transparent ones
    /// too, whose colour the picture's bled edges blend with.
    static func hueRotated(straight px: [UInt8], count n: Int, degrees: Double) -> [UInt8] {
        hueRotated(px, count: n, degrees: degrees, premultiplied: false)
    }

    private static func hueRotated(_ px: [UInt8], count n: Int, degrees: Double, premultiplied: Bool) -> [UInt8] {
        let terms = HueTerms(degrees: degrees)
        let inverseAlpha = premultiplied ? HueTerms.premultipliedScale : HueTerms.straightScale
        var out = [UInt8](repeating: 0, count: n * 4)
        // In as many runs as there are cores: it is made while the GPU's threads wait for the frame (the kaleidoscope's
        // 640×640 picture every frame).
        let runs = n >= 65_536 ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
        px.withUnsafeBytes { src in
            out.withUnsafeMutableBytes { dst in
                terms.table.withUnsafeBufferPointer { table in
                    inverseAlpha.withUnsafeBufferPointer { inverseAlpha in
                        // Each run writes only its own pixels; a pixel is one 32-bit word, R in its low byte.
                        nonisolated(unsafe) let src = src.bindMemory(to: UInt32.self), dst = dst.bindMemory(to: UInt32.self)
                        nonisolated(unsafe) let (t, k) = (table.baseAddress!, inverseAlpha.baseAddress!)
                        DispatchQueue.concurrentPerform(iterations: runs) { run in
                            for i in (n * run / runs)..<(n * (run + 1) / runs) {
                                let p = UInt32(littleEndian: src[i]), a = Int(p >> 24)
                                guard a > 0 || !premultiplied else { continue }
                                let r = Int(p & 255), g = Int(p >> 8 & 255) + 768, b = Int(p >> 16 & 255) + 1536
                                let ka = k[a]
                                let o0 = HueTerms.byte(t[r] &+ t[g] &+ t[b], ka)
                                let o1 = HueTerms.byte(t[256 + r] &+ t[256 + g] &+ t[256 + b], ka)
                                let o2 = HueTerms.byte(t[512 + r] &+ t[512 + g] &+ t[512 + b], ka)
                                dst[i] = (o0 | o1 << 8 | o2 << 16 | p & 0xff00_0000).littleEndian
                            }
                        }
                    }
                }
            }
        }
        return out
    }
}

/// The hue matrix as sums of looked-up terms: for input channel j and output channel c, entry (j·3 + c)·256 + v
/// holds m[c][j]·v in fixed point (×2¹²), so a pixel costs nine loads and adds where float products and checked
/// conversions cost three to four times as much (the breathing flower's bouquet copy, every frame of a breath).
private struct HueTerms {
    let table: [Int]

    /// What a channel's sum is multiplied by, by alpha (×2¹⁶): 255/alpha for premultiplied colour, 1 for straight.
    /// The matrix is linear, so dividing its sum is dividing its input.
    static let premultipliedScale = (0..<256).map { a in a == 0 ? 0 : ((255 << 16) + a / 2) / a }
    static let straightScale = [Int](repeating: 1 << 16, count: 256)

    init(degrees: Double) {
        let m = ColorMatrix.hueRotation(degrees: degrees).m
        var table = [Int](repeating: 0, count: 9 * 256)
        for j in 0..<3 {
            for c in 0..<3 {
                for v in 0..<256 { table[(j * 3 + c) * 256 + v] = Int((m[c * 5 + j] * Double(v) * 4096).rounded()) }
            }
        }
        self.table = table
    }

    /// A channel's sum (×2¹²) times the colour's scale (×2¹⁶), rounded to a byte and clamped.
    @inline(__always) static func byte(_ sum: Int, _ scale: Int) -> UInt32 {
        let v = (sum &* scale &+ (1 << 27)) >> 28
        return UInt32(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v))
    }
}
