import XCTest
@testable import Backend
import Stage

final class GaussianBlurTests: XCTestCase {
    /// Blurs a single unit pixel at the centre of an n×n plane; returns the plane.
    private func impulse(sigma: Double, size n: Int) -> [Float] {
        var plane = [Float](repeating: 0, count: n * n)
        plane[(n / 2) * n + n / 2] = 1
        GaussianBlur.blur(&plane, width: n, height: n, sigma: sigma)
        return plane
    }

    private func moments(_ plane: [Float], size n: Int) -> (mass: Double, meanX: Double, varX: Double, varY: Double) {
        var mass = 0.0, sx = 0.0, sy = 0.0
        for y in 0..<n { for x in 0..<n { let v = Double(plane[y * n + x]); mass += v; sx += v * Double(x); sy += v * Double(y) } }
        let mx = sx / mass, my = sy / mass
        var vx = 0.0, vy = 0.0
        for y in 0..<n { for x in 0..<n {
            let v = Double(plane[y * n + x]); vx += v * (Double(x) - mx) * (Double(x) - mx); vy += v * (Double(y) - my) * (Double(y) - my)
        } }
        return (mass, mx, vx / mass, vy / mass)
    }

    func testImpulseVarianceMatchesSigmaSquared() {
        for sigma in [3.0, 5.0, 10.0, 30.0] {
            let n = 2 * ShadowGeometry.padding(sigma) + 1
            let m = moments(impulse(sigma: sigma, size: n), size: n)
            XCTAssertEqual(m.mass, 1, accuracy: 1e-4, "σ \(sigma): mass conserved")
            XCTAssertEqual(m.meanX, Double(n / 2), accuracy: 1e-3, "σ \(sigma): centred")
            XCTAssertEqual(m.varX, sigma * sigma, accuracy: 0.15 * sigma * sigma, "σ \(sigma)")
            XCTAssertEqual(m.varY, m.varX, accuracy: 1e-3 * sigma * sigma, "σ \(sigma): isotropic")
        }
    }

    func testImpulseIsSymmetricAndPeaksAtTheCentre() {
        let n = 41, plane = impulse(sigma: 4, size: n), c = n / 2
        let peak = plane[c * n + c]
        XCTAssertEqual(plane.max(), peak)
        for d in 1...10 {
            XCTAssertEqual(plane[c * n + c - d], plane[c * n + c + d], accuracy: 1e-6)
            XCTAssertEqual(plane[(c - d) * n + c], plane[(c + d) * n + c], accuracy: 1e-6)
            XCTAssertLessThan(plane[c * n + c + d], plane[c * n + c + d - 1])
        }
        // Peak of a 2D Gaussian: 1 / (2πσ²) ≈ 0.00995 for σ = 4 (box approximation: within 20 %).
        XCTAssertEqual(Double(peak), 1 / (2 * Double.pi * 16), accuracy: 0.2 / (2 * Double.pi * 16))
    }

    func testBoxSizesAreOddAndMatchTheVariance() {
        for sigma in [1.0, 2.5, 7.0, 36.0] {
            let boxes = GaussianBlur.boxSizes(sigma: sigma)
            XCTAssertEqual(boxes.count, 3)
            XCTAssertTrue(boxes.allSatisfy { $0 % 2 == 1 && $0 >= 1 }, "\(boxes)")
            let variance = boxes.reduce(0.0) { $0 + Double($1 * $1 - 1) / 12 }
            XCTAssertEqual(variance.squareRoot(), sigma, accuracy: max(0.5, 0.05 * sigma), "σ \(sigma): \(boxes)")
        }
    }

    func testTinySigmaLeavesThePlaneAlone() {
        var plane: [Float] = [0, 1, 0, 0]
        GaussianBlur.blur(&plane, width: 2, height: 2, sigma: 0.2)
        XCTAssertEqual(plane, [0, 1, 0, 0])
    }

    func testConstantInteriorStaysConstant() {
        let n = 60
        var plane = [Float](repeating: 0.5, count: n * n)
        GaussianBlur.blur(&plane, width: n, height: n, sigma: 3)
        XCTAssertEqual(plane[30 * n + 30], 0.5, accuracy: 1e-5)
        XCTAssertLessThan(plane[0], 0.4, "outside counts as 0, so edges darken")
    }

    func testShadowTexturePadsAndBlursTheAlpha() {
        let w = 10, h = 6, sigma = 2.0
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for i in 0..<(w * h) { rgba[i * 4] = 200; rgba[i * 4 + 3] = 255 }
        let out = GaussianBlur.shadowTexture(rgba: rgba, width: w, height: h, sigma: sigma)
        let pad = ShadowGeometry.padding(sigma)
        XCTAssertEqual(pad, 6)
        XCTAssertEqual(out.width, w + 2 * pad); XCTAssertEqual(out.height, h + 2 * pad)
        XCTAssertEqual(out.pixels.count, out.width * out.height * 4)
        // White everywhere; alpha carries the blurred silhouette.
        for i in 0..<(out.width * out.height) {
            XCTAssertEqual(out.pixels[i * 4], 255); XCTAssertEqual(out.pixels[i * 4 + 1], 255); XCTAssertEqual(out.pixels[i * 4 + 2], 255)
        }
        let alpha = (0..<(out.width * out.height)).map { Double(out.pixels[$0 * 4 + 3]) / 255 }
        XCTAssertEqual(alpha.reduce(0, +), Double(w * h), accuracy: 0.03 * Double(w * h), "silhouette mass kept")
        XCTAssertEqual(alpha[0], 0, "the padded corner is clear")
        // The alpha spreads beyond the image: the pixel just outside the left edge, mid-height, is partly covered.
        let mid = out.height / 2
        XCTAssertGreaterThan(alpha[mid * out.width + pad - 1], 0.2)
        XCTAssertLessThan(alpha[mid * out.width + pad - 1], 0.8)
        // Left–right symmetric.
        for x in 0..<out.width {
            XCTAssertEqual(out.pixels[(mid * out.width + x) * 4 + 3], out.pixels[(mid * out.width + out.width - 1 - x) * 4 + 3],
                           accuracy: 1)
        }
    }

    func testShadowPadding() {
        XCTAssertEqual(ShadowGeometry.padding(0), 0)
        XCTAssertEqual(ShadowGeometry.padding(1.5), 5)
        XCTAssertEqual(ShadowGeometry.padding(2.1), 7)
        XCTAssertEqual(ShadowGeometry.padding(36), 108)
    }

    /// A wide shadow (σ ≥ 8 image pixels) is made from block averages at 1/⌊σ/4⌋ resolution over the same padded
    /// area: sampled at the same places it matches the full-resolution blur within 4 levels of 255.
    func testAWideShadowIsMadeSmallerAndMatchesTheFullOne() {
        let w = 300, h = 140, sigma = 16.0
        var rgba = [UInt8](repeating: 0, count: w * h * 4)
        for y in 30..<110 { for x in 60..<250 { rgba[(y * w + x) * 4 + 3] = 255 } }
        let full = GaussianBlur.shadowTexture(rgba: rgba, width: w, height: h, sigma: sigma, reduce: false)
        let small = GaussianBlur.shadowTexture(rgba: rgba, width: w, height: h, sigma: sigma)
        XCTAssertEqual(small.width, (full.width + 3) / 4, "a quarter of the size: k = ⌊16/4⌋")
        XCTAssertEqual(small.height, (full.height + 3) / 4)
        // Bilinear sample of the small texture at the centre of each full texel, as the renderer would draw it.
        func sample(_ u: Double, _ v: Double) -> Double {
            let x = u * Double(small.width) - 0.5, y = v * Double(small.height) - 0.5
            let x0 = max(0, min(small.width - 1, Int(x.rounded(.down)))), y0 = max(0, min(small.height - 1, Int(y.rounded(.down))))
            let x1 = min(small.width - 1, x0 + 1), y1 = min(small.height - 1, y0 + 1)
            let fx = max(0, min(1, x - Double(x0))), fy = max(0, min(1, y - Double(y0)))
            func a(_ x: Int, _ y: Int) -> Double { Double(small.pixels[(y * small.width + x) * 4 + 3]) }
            return (a(x0, y0) * (1 - fx) + a(x1, y0) * fx) * (1 - fy) + (a(x0, y1) * (1 - fx) + a(x1, y1) * fx) * fy
        }
        var worst = 0.0
        for y in stride(from: 0, to: full.height, by: 3) {
            for x in stride(from: 0, to: full.width, by: 3) {
                let expected = Double(full.pixels[(y * full.width + x) * 4 + 3])
                let got = sample((Double(x) + 0.5) / Double(full.width), (Double(y) + 0.5) / Double(full.height))
                worst = max(worst, abs(got - expected))
            }
        }
        XCTAssertLessThanOrEqual(worst, 4, "the reduced shadow drawn over the same quad (1.6 %)")
        // A narrow one is still made at full resolution.
        XCTAssertEqual(GaussianBlur.shadowTexture(rgba: rgba, width: w, height: h, sigma: 7.5).width, w + 2 * ShadowGeometry.padding(7.5))
    }
}
