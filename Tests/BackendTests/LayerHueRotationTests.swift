@testable import Backend
import Stage
import XCTest

/// The one-pass hue rotation of a layer that is only hue-rotated (LayerHueRotation.swift): the README §3.8 matrix on
/// the straight colour of premultiplied pixels, clamped, rounded, alpha unchanged, transparent pixels left at zero.
final class LayerHueRotationTests: XCTestCase {
    func testMatchesTheMatrixOnStraightColour() {
        var rng = SystemRandomNumberGenerator()
        var px: [UInt8] = []
        for _ in 0..<4000 {
            let a = UInt8.random(in: 0...255, using: &rng)
            let c = (0..<3).map { _ in UInt8((Double(UInt8.random(in: 0...255, using: &rng)) * Double(a) / 255).rounded()) }
            px += c + [a]
        }
        px += [0, 0, 0, 0, 255, 0, 0, 255, 200, 30, 30, 255]
        let n = px.count / 4
        for degrees in [0.5, 45, 90, 180, 270, 359.5, -30] {
            let out = LayerEffects.apply(px, width: n, height: 1, blur: 0, hueRotation: degrees, shadow: nil)
            let m = ColorMatrix.hueRotation(degrees: degrees)
            for i in 0..<n {
                let a = Double(px[i * 4 + 3])
                XCTAssertEqual(out[i * 4 + 3], px[i * 4 + 3], "alpha unchanged")
                guard a > 0 else { XCTAssertEqual(Array(out[i * 4..<i * 4 + 3]), [0, 0, 0]); continue }
                let c = m.apply(Color(r: Double(px[i * 4]) / a, g: Double(px[i * 4 + 1]) / a, b: Double(px[i * 4 + 2]) / a))
                for (k, v) in [c.r, c.g, c.b].enumerated() {
                    XCTAssertLessThanOrEqual(abs(Int(out[i * 4 + k]) - Int((v * 255).rounded())), 1, "pixel \(i) at \(degrees)°")
                }
            }
            // The spec's reference colours (02 §2.1), opaque.
            if degrees == 180 {
                XCTAssertEqual(Array(out[(n - 2) * 4..<(n - 2) * 4 + 3]), [0, 109, 109])
                XCTAssertEqual(Array(out[(n - 1) * 4..<(n - 1) * 4 + 3]), [0, 102, 102])
            }
        }
    }

    /// A picture large enough to be turned in several runs at once: every pixel as the matrix says, the runs' seams
    /// included.
    func testALargePictureIsTurnedWholeInRuns() {
        let n = 300 * 300
        var px = [UInt8](repeating: 0, count: n * 4)
        for i in 0..<n {
            let a = UInt8(i % 251 + 5)
            px[i * 4] = UInt8(Int(a) * (i % 7) / 7); px[i * 4 + 1] = UInt8(Int(a) * (i % 5) / 5)
            px[i * 4 + 2] = UInt8(Int(a) * (i % 3) / 3); px[i * 4 + 3] = a
        }
        let out = LayerEffects.apply(px, width: 300, height: 300, blur: 0, hueRotation: 120, shadow: nil)
        let m = ColorMatrix.hueRotation(degrees: 120)
        var wrong: [Int] = []
        for i in 0..<n {
            let a = Double(px[i * 4 + 3])
            let c = m.apply(Color(r: Double(px[i * 4]) / a, g: Double(px[i * 4 + 1]) / a, b: Double(px[i * 4 + 2]) / a))
            let expected = [c.r, c.g, c.b].map { Int(($0 * 255).rounded()) }
            if out[i * 4 + 3] != px[i * 4 + 3] || (0..<3).contains(where: { abs(Int(out[i * 4 + $0]) - expected[$0]) > 1 }) {
                wrong.append(i)
            }
        }
        XCTAssertEqual(wrong.count, 0, "first wrong pixels: \(wrong.prefix(5))")
    }
}
