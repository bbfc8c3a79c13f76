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
        let m = ColorMatrix.hueRotation(degrees: degrees).m.map(Float.init)
        let (m00, m01, m02) = (m[0], m[1], m[2]), (m10, m11, m12) = (m[5], m[6], m[7]), (m20, m21, m22) = (m[10], m[11], m[12])
        var out = [UInt8](repeating: 0, count: n * 4)
        // In as many runs as there are cores: it is made while the GPU's threads wait for the frame (the kaleidoscope's
        // 640×640 picture every frame).
        let runs = n >= 65_536 ? max(1, min(4, ProcessInfo.processInfo.activeProcessorCount)) : 1
        px.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                // Each run writes only its own pixels.
                nonisolated(unsafe) let (src, dst) = (src, dst)
                DispatchQueue.concurrentPerform(iterations: runs) { run in
                    for i in (n * run / runs)..<(n * (run + 1) / runs) {
                        let a = src[i * 4 + 3]
                        guard a > 0 || !premultiplied else { continue }
                        // Straight colour ×255: premultiplied / alpha.
                        let k = premultiplied ? 255 / Float(a) : 1
                        let r = Float(src[i * 4]) * k, g = Float(src[i * 4 + 1]) * k, b = Float(src[i * 4 + 2]) * k
                        dst[i * 4] = UInt8(min(255, max(0, m00 * r + m01 * g + m02 * b)) + 0.5)
                        dst[i * 4 + 1] = UInt8(min(255, max(0, m10 * r + m11 * g + m12 * b)) + 0.5)
                        dst[i * 4 + 2] = UInt8(min(255, max(0, m20 * r + m21 * g + m22 * b)) + 0.5)
                        dst[i * 4 + 3] = a
                    }
                }
            }
        }
        return out
    }
}
