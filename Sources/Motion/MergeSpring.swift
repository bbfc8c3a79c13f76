import Foundation

/// The motion of a merging spring (`spring` / `interactiveSpring`, README §3.6) in spring time σ ≥ 0.
///
/// The spring equation is linear, so a motion that starts at y0 with velocity v toward target b is
///     y(σ) = b + (y0 − b)·G(σ) + v·H(σ)
/// for any vector-like value, with two scalar functions G (G(0) = 1, G′(0) = 0) and H (H(0) = 0, H′(0) = 1).
/// This handles a zero distance (y0 = b) with a non-zero velocity gracefully: the value just settles from its
/// velocity.
///
/// **blendDuration** (README §3.4): when this spring replaces a running spring with a different response or damping
/// fraction, the effective response and damping fraction move linearly from the old values to the new ones over
/// blendDuration (spring) seconds. The equation then has time-varying coefficients and no closed form, so G and H
/// are integrated once, when the change is made (RK4, at least 1 sample per ms), and stored as a table that is
/// evaluated with cubic Hermite interpolation. After the blend window the closed-form spring takes over from the
/// blended state. The table depends only on the parameters, never on frame times, so the result is the same at any
/// step size. With equal old and new parameters (every book scene) the blend has no effect and no table is built.
final class MergeProfile {
    let spring: Spring
    let kernel: SpringKernel
    /// Length of the blend window in spring seconds (0: none).
    let blendLength: Double
    let oldResponse: Double
    let oldDampingFraction: Double

    // Blend table (empty when blendLength == 0): samples at σ = i·step, i = 0…n.
    private let step: Double
    private let g: [Double], gd: [Double], gdd: [Double]
    private let h: [Double], hd: [Double], hdd: [Double]
    // State at the end of the blend window.
    private let gEnd: Double, gdEnd: Double, hEnd: Double, hdEnd: Double

    init(spring: Spring, blendingFrom old: (response: Double, dampingFraction: Double)?) {
        self.spring = spring
        self.kernel = spring.kernel
        var length = 0.0
        if let old = old, spring.blendDuration > 0, old.response > 0, spring.response > 0,
           old.response.isFinite, old.dampingFraction.isFinite,
           old.response != spring.response || old.dampingFraction != spring.dampingFraction {
            length = spring.blendDuration
        }
        blendLength = length
        oldResponse = old?.response ?? spring.response
        oldDampingFraction = old?.dampingFraction ?? spring.dampingFraction

        guard length > 0 else {
            step = 0
            g = []; gd = []; gdd = []; h = []; hd = []; hdd = []
            gEnd = 1; gdEnd = 0; hEnd = 0; hdEnd = 1
            return
        }

        let n = max(1, Int((length / 0.001).rounded(.up)))
        let dt = length / Double(n)
        step = dt
        let r0 = oldResponse, z0 = oldDampingFraction
        let r1 = spring.response, z1 = spring.dampingFraction
        func coefficients(_ s: Double) -> (k: Double, c: Double) {
            let f = min(max(s / length, 0), 1)
            let r = r0 + (r1 - r0) * f
            let z = z0 + (z1 - z0) * f
            let w = 2 * Double.pi / r
            return (w * w, 2 * z * w)
        }
        let wMax = 2 * Double.pi / min(r0, r1)
        let sub = max(1, Int((dt * wMax / 0.02).rounded(.up)))
        let hStep = dt / Double(sub)

        var G = [Double](repeating: 0, count: n + 1), Gd = G, Gdd = G, H = G, Hd = G, Hdd = G
        // State: (G, G′, H, H′)
        var y = (1.0, 0.0, 0.0, 1.0)
        func deriv(_ s: Double, _ y: (Double, Double, Double, Double)) -> (Double, Double, Double, Double) {
            let (k, c) = coefficients(s)
            return (y.1, -c * y.1 - k * y.0, y.3, -c * y.3 - k * y.2)
        }
        func store(_ i: Int, _ y: (Double, Double, Double, Double)) {
            let (k, c) = coefficients(Double(i) * dt)
            G[i] = y.0; Gd[i] = y.1; Gdd[i] = -c * y.1 - k * y.0
            H[i] = y.2; Hd[i] = y.3; Hdd[i] = -c * y.3 - k * y.2
        }
        store(0, y)
        for i in 0..<n {
            var s = Double(i) * dt
            for _ in 0..<sub {
                let k1 = deriv(s, y)
                let k2 = deriv(s + hStep / 2, (y.0 + hStep / 2 * k1.0, y.1 + hStep / 2 * k1.1,
                                                y.2 + hStep / 2 * k1.2, y.3 + hStep / 2 * k1.3))
                let k3 = deriv(s + hStep / 2, (y.0 + hStep / 2 * k2.0, y.1 + hStep / 2 * k2.1,
                                                y.2 + hStep / 2 * k2.2, y.3 + hStep / 2 * k2.3))
                let k4 = deriv(s + hStep, (y.0 + hStep * k3.0, y.1 + hStep * k3.1,
                                           y.2 + hStep * k3.2, y.3 + hStep * k3.3))
                y = (y.0 + hStep / 6 * (k1.0 + 2 * k2.0 + 2 * k3.0 + k4.0),
                     y.1 + hStep / 6 * (k1.1 + 2 * k2.1 + 2 * k3.1 + k4.1),
                     y.2 + hStep / 6 * (k1.2 + 2 * k2.2 + 2 * k3.2 + k4.2),
                     y.3 + hStep / 6 * (k1.3 + 2 * k2.3 + 2 * k3.3 + k4.3))
                s += hStep
            }
            store(i + 1, y)
        }
        g = G; gd = Gd; gdd = Gdd; h = H; hd = Hd; hdd = Hdd
        gEnd = y.0; gdEnd = y.1; hEnd = y.2; hdEnd = y.3
    }

    /// Effective (response, dampingFraction) at spring time σ.
    func effectiveParameters(at s: Double) -> (response: Double, dampingFraction: Double) {
        guard blendLength > 0, s < blendLength else { return (spring.response, spring.dampingFraction) }
        let f = max(s, 0) / blendLength
        return (oldResponse + (spring.response - oldResponse) * f,
                oldDampingFraction + (spring.dampingFraction - oldDampingFraction) * f)
    }

    /// (G, G′, H, H′) at spring time σ ≥ 0.
    func basis(at s: Double) -> (g: Double, gDot: Double, h: Double, hDot: Double) {
        let s = max(s, 0)
        if kernel.isInstant { return s > 0 ? (0, 0, 0, 0) : (1, 0, 0, 0) }
        if blendLength > 0 && s < blendLength {
            let n = g.count - 1
            let i = min(Int(s / step), n - 1)
            let x = (s - Double(i) * step) / step
            return (hermite(g, gd, i, x), hermite(gd, gdd, i, x), hermite(h, hd, i, x), hermite(hd, hdd, i, x))
        }
        let tau = s - blendLength
        let kg = kernel.g(tau), kgd = kernel.gDot(tau), kh = kernel.h(tau), khd = kernel.hDot(tau)
        return (gEnd * kg + gdEnd * kh, gEnd * kgd + gdEnd * khd,
                hEnd * kg + hdEnd * kh, hEnd * kgd + hdEnd * khd)
    }

    private func hermite(_ p: [Double], _ m: [Double], _ i: Int, _ x: Double) -> Double {
        let x2 = x * x, x3 = x2 * x
        let h00 = 2 * x3 - 3 * x2 + 1, h10 = x3 - 2 * x2 + x
        let h01 = -2 * x3 + 3 * x2, h11 = x3 - x2
        return h00 * p[i] + h10 * step * m[i] + h01 * p[i + 1] + h11 * step * m[i + 1]
    }

    /// Spring time after which the motion counts as settled: the last 1-ms sample (up to 60 s) at which
    /// |G| ≥ 0.001 (when the start differs from the target) or ω0·|H| ≥ 0.001 (when there is a start velocity).
    /// With no start velocity this is exactly the spring's settling time of README §3.4; the velocity term is
    /// measured against v/ω0, the natural amplitude it produces, because a generic value has no magnitude.
    func settleTime(distance: Bool, velocity: Bool) -> Double {
        if kernel.isInstant || (!distance && !velocity) { return 0 }
        if blendLength == 0 && !velocity { return spring.settlingTime }
        let w = kernel.omega0
        let ge = kernel.gEnvelope, he = kernel.hEnvelope
        var env = Envelope(lambda: ge.lambda, a: 0, b: 0)
        if distance { env = env.plus(ge.scaled(abs(gEnd))).plus(he.scaled(abs(gdEnd))) }
        if velocity { env = env.plus(ge.scaled(w * abs(hEnd))).plus(he.scaled(w * abs(hdEnd))) }
        let t = SettleSearch.threshold
        return SettleSearch.lastOutOfBand(after: blendLength, envelope: env) { s in
            let b = self.basis(at: s)
            return (distance && abs(b.g) >= t) || (velocity && w * abs(b.h) >= t)
        }
    }
}
