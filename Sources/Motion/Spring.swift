import Foundation

/// A damped spring in unit form (README §3.4): m·x″ + c·x′ + k·(x − 1) = 0 with x(0) = 0 and x′(0) = v0.
///
/// `value(at:)` is x(t): the progress from "from" (0) to "to" (1), overshooting past 1 when under-damped.
/// `settlingTime` is the last time, sampled every 1 ms up to 60 s, at which |1 − x(t)| ≥ 0.001; at that time an
/// animation using the spring is finished and its value is set exactly to the target.
public struct Spring: Equatable, CustomStringConvertible, Sendable {
    public let mass: Double
    public let stiffness: Double
    public let damping: Double
    /// v0, in from→to distances per second.
    public let initialVelocity: Double
    /// The response (period of the undamped spring, 2π/ω0). For `init(mass:stiffness:damping:)` it is derived.
    public let response: Double
    /// ζ = c / (2√(k·m)). For `init(response:dampingFraction:)` it is the given value.
    public let dampingFraction: Double
    /// Only meaningful for `spring`/`interactiveSpring` (merge rule): how long a retarget blends the old
    /// response/damping into the new ones.
    public let blendDuration: Double
    /// Cached at init (see the type's documentation).
    public let settlingTime: Double

    let kernel: SpringKernel

    /// `spring(response:dampingFraction:blendDuration:)`: m = 1, k = (2π/response)², c = 4π·dampingFraction/response.
    /// A response of 0 (or less) is infinitely stiff: the value jumps to the target (settling time 0).
    public init(response: Double, dampingFraction: Double, blendDuration: Double = 0) {
        let r = response.isFinite ? max(response, 0) : 0
        self.response = r
        self.dampingFraction = dampingFraction
        self.blendDuration = max(blendDuration, 0)
        self.initialVelocity = 0
        self.mass = 1
        if r > 0 {
            let w = 2 * Double.pi / r
            self.stiffness = w * w
            self.damping = 4 * Double.pi * dampingFraction / r
            self.kernel = SpringKernel(omega0: w, zeta: dampingFraction)
        } else {
            self.stiffness = .infinity
            self.damping = .infinity
            self.kernel = SpringKernel.instant
        }
        self.settlingTime = kernel.settlingTime(initialVelocity: 0)
    }

    /// `interpolatingSpring(mass:stiffness:damping:initialVelocity:)`: m = mass, k = stiffness, c = damping.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.blendDuration = 0
        if mass > 0, stiffness > 0, stiffness.isFinite {
            let w = (stiffness / mass).squareRoot()
            let z = damping / (2 * (stiffness * mass).squareRoot())
            self.response = 2 * Double.pi / w
            self.dampingFraction = z
            self.kernel = SpringKernel(omega0: w, zeta: z)
        } else {
            self.response = 0
            self.dampingFraction = 1
            self.kernel = SpringKernel.instant
        }
        self.settlingTime = kernel.settlingTime(initialVelocity: initialVelocity)
    }

    /// ω0 = √(k/m) in rad/s (infinity for an infinitely stiff spring).
    public var angularFrequency: Double { kernel.omega0 }

    /// x(t) (0 for t ≤ 0).
    public func value(at t: Double) -> Double {
        if kernel.isInstant { return t > 0 ? 1 : 0 }
        let t = max(t, 0)
        return 1 - kernel.g(t) + initialVelocity * kernel.h(t)
    }

    /// x′(t) (v0 at t = 0, 0 before).
    public func velocity(at t: Double) -> Double {
        if kernel.isInstant { return 0 }
        if t < 0 { return 0 }
        return -kernel.gDot(t) + initialVelocity * kernel.hDot(t)
    }

    public var description: String {
        "Spring(response: \(response), dampingFraction: \(dampingFraction), mass: \(mass), stiffness: \(stiffness), "
            + "damping: \(damping), v0: \(initialVelocity), Ts: \(settlingTime))"
    }
}

// MARK: - Kernel

/// The two basis solutions of the homogeneous spring equation y″ + 2ζω0·y′ + ω0²·y = 0:
///   g: g(0) = 1, g′(0) = 0      (so x(t; v0 = 0) = 1 − g(t))
///   h: h(0) = 0, h′(0) = 1      (so x(t; v0) = 1 − g(t) + v0·h(t))
/// Every spring motion toward a target b is b + (y0 − b)·g(t) + v·h(t), for any vector-like value.
struct SpringKernel: Equatable {
    enum Regime: Equatable { case instant, under, critical, over }

    let omega0: Double
    let zeta: Double
    let regime: Regime
    // under-damped: decay a = ζω0, damped frequency wd
    private let a: Double
    private let wd: Double
    // over-damped: roots r1 > r2 (both negative for ζ > 1)
    private let r1: Double
    private let r2: Double

    static let instant = SpringKernel()

    private init() {
        omega0 = .infinity; zeta = 1; regime = .instant; a = 0; wd = 0; r1 = 0; r2 = 0
    }

    init(omega0: Double, zeta: Double) {
        guard omega0 > 0, omega0.isFinite else { self = .instant; return }
        self.omega0 = omega0
        self.zeta = zeta
        if abs(zeta - 1) < 1e-9 {
            regime = .critical; a = omega0; wd = 0; r1 = -omega0; r2 = -omega0
        } else if zeta < 1 {
            regime = .under
            a = zeta * omega0
            wd = omega0 * (1 - zeta * zeta).squareRoot()
            r1 = 0; r2 = 0
        } else {
            regime = .over
            let s = (zeta * zeta - 1).squareRoot()
            r1 = -omega0 * (zeta - s)
            r2 = -omega0 * (zeta + s)
            a = 0; wd = 0
        }
    }

    var isInstant: Bool { regime == .instant }

    func g(_ t: Double) -> Double {
        switch regime {
        case .instant: return t > 0 ? 0 : 1
        case .under: return exp(-a * t) * (cos(wd * t) + (a / wd) * sin(wd * t))
        case .critical: return exp(-omega0 * t) * (1 + omega0 * t)
        case .over:
            let d = r2 - r1
            return (r2 / d) * exp(r1 * t) - (r1 / d) * exp(r2 * t)
        }
    }

    func gDot(_ t: Double) -> Double {
        switch regime {
        case .instant: return 0
        case .under: return -exp(-a * t) * (omega0 * omega0 / wd) * sin(wd * t)
        case .critical: return -exp(-omega0 * t) * omega0 * omega0 * t
        case .over:
            let d = r2 - r1
            return (r2 / d) * r1 * exp(r1 * t) - (r1 / d) * r2 * exp(r2 * t)
        }
    }

    func h(_ t: Double) -> Double {
        switch regime {
        case .instant: return 0
        case .under: return exp(-a * t) * sin(wd * t) / wd
        case .critical: return t * exp(-omega0 * t)
        case .over: return (exp(r1 * t) - exp(r2 * t)) / (r1 - r2)
        }
    }

    func hDot(_ t: Double) -> Double {
        switch regime {
        case .instant: return 0
        case .under: return exp(-a * t) * (cos(wd * t) - (a / wd) * sin(wd * t))
        case .critical: return exp(-omega0 * t) * (1 - omega0 * t)
        case .over: return (r1 * exp(r1 * t) - r2 * exp(r2 * t)) / (r1 - r2)
        }
    }

    /// Bounds |g(t)| ≤ e^(−λt)·(A + B·t) and |h(t)| ≤ e^(−λt)·(A + B·t) (λ ≤ 0: no useful bound).
    var gEnvelope: Envelope {
        switch regime {
        case .instant: return Envelope(lambda: .infinity, a: 0, b: 0)
        case .under: return Envelope(lambda: a, a: (1 + (a / wd) * (a / wd)).squareRoot(), b: 0)
        case .critical: return Envelope(lambda: omega0, a: 1, b: omega0)
        case .over:
            let d = r2 - r1
            return Envelope(lambda: -r1, a: abs(r2 / d) + abs(r1 / d), b: 0)
        }
    }

    var hEnvelope: Envelope {
        switch regime {
        case .instant: return Envelope(lambda: .infinity, a: 0, b: 0)
        case .under: return Envelope(lambda: a, a: 1 / wd, b: 0)
        case .critical: return Envelope(lambda: omega0, a: 0, b: 1)
        case .over: return Envelope(lambda: -r1, a: 1 / (r1 - r2), b: 0)
        }
    }

    /// Settling time of x(t; v0): last 1-ms sample with |1 − x| = |g − v0·h| ≥ 0.001.
    func settlingTime(initialVelocity v0: Double) -> Double {
        if isInstant { return 0 }
        let env = gEnvelope.plus(hEnvelope.scaled(abs(v0)))
        return SettleSearch.lastOutOfBand(after: 0, envelope: env) { t in
            abs(self.g(t) - v0 * self.h(t)) >= SettleSearch.threshold
        }
    }
}

/// e^(−λt)·(a + b·t), an upper bound on the size of a decaying spring term.
struct Envelope {
    var lambda: Double
    var a: Double
    var b: Double

    func value(_ t: Double) -> Double { exp(-lambda * t) * (a + b * t) }
    func scaled(_ k: Double) -> Envelope { Envelope(lambda: lambda, a: a * k, b: b * k) }
    /// Sum of two envelopes with the same λ.
    func plus(_ o: Envelope) -> Envelope { Envelope(lambda: lambda, a: a + o.a, b: b + o.b) }
}

enum SettleSearch {
    /// |1 − x| tolerance of README §3.4.
    static let threshold = 0.001
    /// Sampling step and horizon of README §3.4.
    static let step = 0.001
    static let maxSamples = 60_000

    /// The last sample time t = i·1 ms (0 ≤ i ≤ 60 000) at which `outOfBand(t)` holds, or 0 if none does.
    /// `envelope` bounds the tested quantity for t ≥ `start` (as a function of t − start); it only serves to skip
    /// samples that are provably inside the band, so the answer is the same as a full scan.
    static func lastOutOfBand(after start: Double, envelope: Envelope, _ outOfBand: (Double) -> Bool) -> Double {
        var upper = Double(maxSamples) * step
        let lambda = envelope.lambda
        if lambda.isInfinite {
            upper = start
        } else if lambda > 0 {
            // e^(−λτ)(a + bτ) decreases for τ ≥ 1/λ; walk forward until it is inside the band.
            var tau = 1 / lambda
            while envelope.value(tau) >= threshold && start + tau < upper {
                tau += 1 / lambda
            }
            upper = min(upper, start + tau)
        }
        var i = min(maxSamples, Int((upper / step).rounded(.up)))
        while i >= 0 {
            let t = Double(i) / 1000
            if outOfBand(t) { return t }
            i -= 1
        }
        return 0
    }
}
