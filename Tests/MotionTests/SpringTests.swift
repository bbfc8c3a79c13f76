import XCTest
@testable import Motion

final class SpringTests: XCTestCase {
    /// Samples x on a 0.1-ms grid and returns (time of the first max, max).
    private func firstPeak(_ s: Spring, upTo end: Double) -> (t: Double, x: Double) {
        var best = (t: 0.0, x: -Double.infinity)
        var i = 0
        while Double(i) * 1e-4 <= end {
            let t = Double(i) * 1e-4
            let x = s.value(at: t)
            if x > best.x { best = (t, x) }
            i += 1
        }
        return best
    }

    private func firstTrough(_ s: Spring, from start: Double, upTo end: Double) -> (t: Double, x: Double) {
        var best = (t: 0.0, x: Double.infinity)
        var i = Int(start * 1e4)
        while Double(i) * 1e-4 <= end {
            let t = Double(i) * 1e-4
            let x = s.value(at: t)
            if x < best.x { best = (t, x) }
            i += 1
        }
        return best
    }

    /// First time x reaches `level`.
    private func crossing(_ s: Spring, _ level: Double) -> Double {
        var i = 0
        while s.value(at: Double(i) * 1e-4) < level { i += 1 }
        return Double(i) * 1e-4
    }

    /// Last 1-ms sample with |1 − x| ≥ tol.
    private func lastOutside(_ s: Spring, _ tol: Double, horizon: Double = 20) -> Double {
        var last = 0.0
        for i in 0...Int(horizon * 1000) {
            let t = Double(i) / 1000
            if abs(1 - s.value(at: t)) >= tol { last = t }
        }
        return last
    }

    /// 04 §0.2: spring(response 0.55, dampingFraction 0.8).
    func testResponse055Damping08() {
        let s = Spring(response: 0.55, dampingFraction: 0.8)
        XCTAssertEqual(crossing(s, 0.5), 0.132, accuracy: 0.0006)
        let peak = firstPeak(s, upTo: 1)
        XCTAssertEqual(peak.t, 0.458, accuracy: 0.001)
        XCTAssertEqual(peak.x, 1.0152, accuracy: 1e-4)
        XCTAssertEqual(lastOutside(s, 0.01), 0.556, accuracy: 0.001)
        XCTAssertEqual(lastOutside(s, 0.001), 0.741, accuracy: 0.001)
        XCTAssertEqual(s.settlingTime, 0.741, accuracy: 1e-9)
    }

    /// 04 §0.2: spring(response 0.55, dampingFraction 0.2).
    func testResponse055Damping02() {
        let s = Spring(response: 0.55, dampingFraction: 0.2)
        XCTAssertEqual(crossing(s, 0.5), 0.100, accuracy: 0.001)
        let peak = firstPeak(s, upTo: 0.5)
        XCTAssertEqual(peak.t, 0.281, accuracy: 0.001)
        XCTAssertEqual(peak.x, 1.5266, accuracy: 1e-4)
        XCTAssertEqual(lastOutside(s, 0.01), 2.007, accuracy: 0.001)
        XCTAssertEqual(s.settlingTime, 2.892, accuracy: 1e-9)
    }

    /// 01 §1.5 table: constants, first peak and trough, settling time.
    func testChapter1to4SpringTable() {
        let ip = Spring(mass: 1, stiffness: 60, damping: 2)
        XCTAssertEqual(ip.dampingFraction, 0.1291, accuracy: 1e-4)
        var p = firstPeak(ip, upTo: 0.6)
        XCTAssertEqual(p.t, 0.409, accuracy: 0.001); XCTAssertEqual(p.x, 1.6643, accuracy: 1e-4)
        var tr = firstTrough(ip, from: 0.5, upTo: 1.1)
        XCTAssertEqual(tr.t, 0.818, accuracy: 0.001); XCTAssertEqual(tr.x, 0.5587, accuracy: 1e-4)
        XCTAssertEqual(ip.settlingTime, 6.65, accuracy: 0.0015)   // 6.651 (01 §2.2.5)

        let s3 = Spring(response: 0.55, dampingFraction: 0.3)
        XCTAssertEqual(s3.stiffness, 130.51, accuracy: 0.005)
        XCTAssertEqual(s3.damping, 6.854, accuracy: 5e-4)
        p = firstPeak(s3, upTo: 0.45)
        XCTAssertEqual(p.t, 0.288, accuracy: 0.001); XCTAssertEqual(p.x, 1.3723, accuracy: 1e-4)
        tr = firstTrough(s3, from: 0.4, upTo: 0.8)
        XCTAssertEqual(tr.t, 0.577, accuracy: 0.001); XCTAssertEqual(tr.x, 0.8614, accuracy: 1e-4)
        XCTAssertEqual(s3.settlingTime, 1.85, accuracy: 0.0015)

        let d = Spring(response: 0.55, dampingFraction: 0.825)
        XCTAssertEqual(d.stiffness, 130.51, accuracy: 0.005)
        XCTAssertEqual(d.damping, 18.85, accuracy: 0.005)
        p = firstPeak(d, upTo: 1)
        XCTAssertEqual(p.t, 0.487, accuracy: 0.001); XCTAssertEqual(p.x, 1.0102, accuracy: 1e-4)
        XCTAssertEqual(d.settlingTime, 0.76, accuracy: 0.005)

        let i = Spring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)
        XCTAssertEqual(i.stiffness, 1754.6, accuracy: 0.05)
        XCTAssertEqual(i.damping, 72.05, accuracy: 0.005)
        p = firstPeak(i, upTo: 0.3)
        XCTAssertEqual(p.t, 0.147, accuracy: 0.001); XCTAssertEqual(p.x, 1.0050, accuracy: 1e-4)
        XCTAssertEqual(i.settlingTime, 0.21, accuracy: 0.0015)
    }

    /// 01 §1.5 sample positions.
    func testSamplePositions() {
        let ip = Spring(mass: 1, stiffness: 60, damping: 2)
        let expected: [(Double, Double)] = [(0.05, 0.0717), (0.1, 0.2674), (0.25, 1.1714), (0.5, 1.5151),
                                            (1.0, 0.8896), (2.0, 1.1214), (3.0, 1.0303)]
        for (t, x) in expected { XCTAssertEqual(ip.value(at: t), x, accuracy: 1e-4, "x(\(t))") }
        let s3 = Spring(response: 0.55, dampingFraction: 0.3)
        for (t, x) in [(0.1, 0.4737), (0.2, 1.1581), (0.5, 0.9209), (1.0, 1.0133)] {
            XCTAssertEqual(s3.value(at: t), x, accuracy: 1e-4, "x(\(t))")
        }
    }

    /// 05 §3.5: interactiveSpring(response 0.4, dampingFraction 0.5, blendDuration 0.5).
    func testColorGameInteractiveSpring() {
        let s = Spring(response: 0.4, dampingFraction: 0.5, blendDuration: 0.5)
        XCTAssertEqual(s.stiffness, 246.74, accuracy: 0.005)
        XCTAssertEqual(s.damping, 15.708, accuracy: 5e-4)
        XCTAssertEqual(s.dampingFraction, 0.5)
        let p = firstPeak(s, upTo: 0.35)
        XCTAssertEqual(p.t, 0.231, accuracy: 0.001); XCTAssertEqual(p.x, 1.163, accuracy: 5e-4)
        let tr = firstTrough(s, from: 0.3, upTo: 0.6)
        XCTAssertEqual(tr.t, 0.462, accuracy: 0.001); XCTAssertEqual(tr.x, 0.973, accuracy: 5e-4)
        XCTAssertEqual(s.settlingTime, 0.81, accuracy: 0.0025)
    }

    /// README §3.4: settling time is the last 1-ms sample with |1 − x| ≥ 0.001 (checked by brute force).
    func testSettlingTimeDefinitionBruteForce() {
        let springs = [Spring(response: 0.55, dampingFraction: 0.825), Spring(response: 0.3, dampingFraction: 1),
                       Spring(response: 0.3, dampingFraction: 2.5), Spring(mass: 2, stiffness: 80, damping: 30),
                       Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: 10),
                       Spring(mass: 1, stiffness: 100, damping: 4, initialVelocity: -5),
                       Spring(mass: 1, stiffness: 50, damping: 40, initialVelocity: 3)]
        for s in springs {
            XCTAssertEqual(s.settlingTime, lastOutside(s, 0.001, horizon: 30), accuracy: 1e-9, "\(s)")
            XCTAssertGreaterThan(s.settlingTime, 0)
        }
    }

    func testCriticalAndOverdampedForms() {
        // ζ = 1: x = 1 − e^(−ω0 t)(1 + ω0 t)
        let c = Spring(response: 0.5, dampingFraction: 1)
        let w = 2 * Double.pi / 0.5
        for t in [0.05, 0.1, 0.3] {
            XCTAssertEqual(c.value(at: t), 1 - exp(-w * t) * (1 + w * t), accuracy: 1e-12)
        }
        // ζ > 1 (k = 100, c = 50, m = 1 → ζ = 2.5): README's C1/C2 form.
        let o = Spring(mass: 1, stiffness: 100, damping: 50)
        XCTAssertEqual(o.dampingFraction, 2.5, accuracy: 1e-12)
        let w0 = 10.0, z = 2.5, q = (z * z - 1).squareRoot()
        let r1 = -w0 * (z - q), r2 = -w0 * (z + q)
        let c2 = (-0 - r1) / (r2 - r1), c1 = 1 - c2
        for t in [0.01, 0.1, 0.5, 1.5] {
            XCTAssertEqual(o.value(at: t), 1 - (c1 * exp(r1 * t) + c2 * exp(r2 * t)), accuracy: 1e-12)
        }
        // No overshoot for ζ ≥ 1 from rest, and continuity across ζ = 1.
        for t in stride(from: 0.0, through: 2, by: 0.01) {
            XCTAssertLessThanOrEqual(o.value(at: t), 1)
            XCTAssertLessThanOrEqual(c.value(at: t), 1)
            XCTAssertEqual(Spring(response: 0.5, dampingFraction: 1 - 1e-6).value(at: t), c.value(at: t), accuracy: 1e-5)
            XCTAssertEqual(Spring(response: 0.5, dampingFraction: 1 + 1e-6).value(at: t), c.value(at: t), accuracy: 1e-5)
        }
    }

    func testInitialVelocity() {
        for s in [Spring(mass: 1, stiffness: 60, damping: 2, initialVelocity: 4),
                  Spring(mass: 1, stiffness: 100, damping: 20, initialVelocity: -3),
                  Spring(mass: 1, stiffness: 100, damping: 50, initialVelocity: 7)] {
            XCTAssertEqual(s.value(at: 0), 0)
            XCTAssertEqual(s.velocity(at: 0), s.initialVelocity, accuracy: 1e-12)
            // The velocity is the derivative of the value.
            for t in [0.01, 0.2, 0.7] {
                let h = 1e-6
                XCTAssertEqual(s.velocity(at: t), (s.value(at: t + h) - s.value(at: t - h)) / (2 * h), accuracy: 1e-5)
            }
            // And the value satisfies m·x″ + c·x′ + k·(x − 1) = 0.
            let t = 0.3, h = 1e-4
            let acc = (s.value(at: t + h) - 2 * s.value(at: t) + s.value(at: t - h)) / (h * h)
            XCTAssertEqual(s.mass * acc + s.damping * s.velocity(at: t) + s.stiffness * (s.value(at: t) - 1), 0,
                           accuracy: 1e-3 * s.stiffness)
        }
    }

    func testZeroResponseIsAJump() {
        let s = Spring(response: 0, dampingFraction: 0.8)
        XCTAssertEqual(s.settlingTime, 0)
        XCTAssertEqual(s.value(at: 0.01), 1)
        XCTAssertEqual(Animation.spring(response: 0).progress(at: 0), 1)
        XCTAssertEqual(Animation.spring(response: 0).duration, 0)
    }
}
