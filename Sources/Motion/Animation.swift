import Foundation

/// An animation, built like SwiftUI's: a base timing curve or spring wrapped by modifiers in the order written
/// (README §3.3–§3.5). Each modifier wraps everything to its left:
///
///     Animation.easeInOut(duration: 1).delay(0.3)
///     Animation.easeInOut.speed(0.09).delay(0.3)      // 0.3 s delay, then 0.35/0.09 = 3.8889 s of motion
///     Animation.linear(duration: 0.8).repeatForever(autoreverses: false).delay(1.5)
///
/// `progress(at:)` is the closed-form progress P(t) of the whole animation t seconds after it began.
public struct Animation: Equatable, CustomStringConvertible, Sendable {
    indirect enum Node: Equatable, Sendable {
        case curve(UnitCurve, duration: Double)
        /// merging: `spring`/`interactiveSpring` (merge rule); otherwise `interpolatingSpring` (additive).
        case spring(Spring, merging: Bool)
        case delay(Node, Double)
        case speed(Node, Double)
        /// count nil = forever.
        case repeating(Node, count: Int?, autoreverses: Bool)
    }

    let node: Node

    init(_ node: Node) { self.node = node }

    // MARK: - Timing curves

    /// The default duration of a named curve given without one.
    public static let defaultDuration = 0.35

    /// `.default`: easeInOut, 0.35 s (iOS 13–16, README §3.3).
    public static var `default`: Animation { .easeInOut(duration: defaultDuration) }

    public static var linear: Animation { .linear(duration: defaultDuration) }
    public static func linear(duration: Double) -> Animation { timing(.linear, duration) }
    public static var easeIn: Animation { .easeIn(duration: defaultDuration) }
    public static func easeIn(duration: Double) -> Animation { timing(.easeIn, duration) }
    public static var easeOut: Animation { .easeOut(duration: defaultDuration) }
    public static func easeOut(duration: Double) -> Animation { timing(.easeOut, duration) }
    public static var easeInOut: Animation { .easeInOut(duration: defaultDuration) }
    public static func easeInOut(duration: Double) -> Animation { timing(.easeInOut, duration) }

    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double,
                                   duration: Double = 0.35) -> Animation {
        timing(.bezier(c0x, c0y, c1x, c1y), duration)
    }

    /// Any `UnitCurve` over `duration` seconds.
    public static func timingCurve(_ curve: UnitCurve, duration: Double = 0.35) -> Animation {
        timing(curve, duration)
    }

    private static func timing(_ curve: UnitCurve, _ duration: Double) -> Animation {
        Animation(.curve(curve, duration: duration.isFinite ? max(duration, 0) : 0))
    }

    // MARK: - Springs

    /// `spring()` with the iOS 13–16 defaults: response 0.55, dampingFraction 0.825, blendDuration 0.
    public static var spring: Animation { .spring() }

    public static func spring(response: Double = 0.55, dampingFraction: Double = 0.825,
                              blendDuration: Double = 0) -> Animation {
        Animation(.spring(Spring(response: response, dampingFraction: dampingFraction,
                                 blendDuration: blendDuration), merging: true))
    }

    public static var interactiveSpring: Animation { .interactiveSpring() }

    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: Double = 0.25) -> Animation {
        .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(.spring(Spring(mass: mass, stiffness: stiffness, damping: damping,
                                 initialVelocity: initialVelocity), merging: false))
    }

    /// "An interpolating spring lasting `duration` seconds" (01 §2.2.5 / §3 item 6): the same spring with its time
    /// axis compressed (or stretched) so that it settles exactly at `duration`: `.speed(Ts / duration)`.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0, duration: Double) -> Animation {
        let base = interpolatingSpring(mass: mass, stiffness: stiffness, damping: damping,
                                       initialVelocity: initialVelocity)
        let ts = base.duration ?? 0
        guard duration > 0, ts > 0 else { return base.speed(1e300) }
        return base.speed(ts / duration)
    }

    // MARK: - Modifiers

    /// Waits `d` seconds (holding the from-value), then runs. Negative delays count as 0.
    public func delay(_ d: Double) -> Animation {
        Animation(.delay(node, d.isFinite ? max(d, 0) : 0))
    }

    /// Divides every inner time span, including delays written before it, by `s`.
    /// A speed ≤ 0 (or NaN) freezes the animation at its start: it never completes, like a repeat-forever one,
    /// until a newer change supersedes it.
    public func speed(_ s: Double) -> Animation {
        Animation(.speed(node, s.isNaN ? 0 : s))
    }

    /// Plays `n` legs (README §3.5). With autoreverse the legs alternate forward and backward.
    public func repeatCount(_ n: Int, autoreverses: Bool = true) -> Animation {
        Animation(.repeating(node, count: max(n, 0), autoreverses: autoreverses))
    }

    /// Plays legs forever; never completes unless superseded (README §3.6).
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(.repeating(node, count: nil, autoreverses: autoreverses))
    }

    // MARK: - Evaluation

    /// Progress P(t) of this whole animation t seconds after it began: 0 before the start and during an initial
    /// delay, 1 once complete; springs may exceed 1 (or dip below 0); backward legs give 1 − forward progress.
    public func progress(at t: Double) -> Double { Animation.progress(node, t) }

    /// dP/dt at t (per second). Used for the velocity a merging spring inherits.
    public func progressVelocity(at t: Double) -> Double { Animation.progressVelocity(node, t) }

    /// Total length in seconds (springs: settling time; includes delays and legs); nil when it never completes
    /// (repeatForever with a non-zero leg, or a frozen speed).
    public var duration: Double? { Animation.duration(node) }

    /// True when the animation has `repeatCount` > 1 or `repeatForever` anywhere (or a frozen speed).
    public var isRepeating: Bool { Animation.isRepeating(node) }

    /// True for `spring`/`interactiveSpring` without repeats (they follow the merge rule); false for
    /// `interpolatingSpring` and timing curves (additive rule).
    public var isMergingSpring: Bool {
        !isRepeating && mergeTiming != nil
    }

    /// True when `progress(at: t)` is final (the animation has completed by t).
    public func isComplete(at t: Double) -> Bool {
        guard let d = duration else { return false }
        return t >= d
    }

    /// The spring at the base of this animation, if any.
    public var baseSpring: Spring? {
        var n = node
        while true {
            switch n {
            case .curve: return nil
            case .spring(let s, _): return s
            case .delay(let inner, _), .speed(let inner, _), .repeating(let inner, _, _): n = inner
            }
        }
    }

    /// The timing curve at the base of this animation, if any.
    public var baseCurve: UnitCurve? {
        var n = node
        while true {
            switch n {
            case .curve(let c, _): return c
            case .spring: return nil
            case .delay(let inner, _), .speed(let inner, _), .repeating(let inner, _, _): n = inner
            }
        }
    }

    public var description: String { Animation.describe(node) }

    // MARK: - Merge-spring timing

    /// For a (non-repeating) merging spring: the spring, the real-time delay before it starts and the factor
    /// that turns real seconds after that into spring seconds (the product of all speeds).
    /// Every chain of delay/speed reduces to "hold for `startDelay`, then spring time = timeScale·(t − startDelay)".
    var mergeTiming: (spring: Spring, startDelay: Double, timeScale: Double)? {
        func walk(_ n: Node) -> (Spring, Double, Double)? {
            switch n {
            case .curve: return nil
            case .spring(let s, let merging): return merging ? (s, 0, 1) : nil
            case .delay(let inner, let d):
                guard let (s, d0, k) = walk(inner) else { return nil }
                return (s, d + d0, k)
            case .speed(let inner, let sp):
                guard sp > 0, let (s, d0, k) = walk(inner) else { return nil }
                return (s, d0 / sp, k * sp)
            case .repeating(let inner, let count, _):
                // A single leg is the same motion; more legs are handled by the additive rule.
                guard count == 1 else { return nil }
                return walk(inner)
            }
        }
        guard let (s, d, k) = walk(node) else { return nil }
        return (s, d, k)
    }

    // MARK: - Recursive definitions

    static func progress(_ n: Node, _ t: Double) -> Double {
        if t.isNaN { return 0 }
        switch n {
        case .curve(let c, let d):
            if t < 0 { return 0 }
            if d <= 0 { return 1 }
            return c.progress(t / d)
        case .spring(let s, _):
            if t < 0 { return 0 }
            if t >= s.settlingTime { return 1 }   // a 0-s (infinitely stiff) spring completes at once
            return s.value(at: t)
        case .delay(let inner, let d):
            if t < d { return 0 }
            return progress(inner, t - d)
        case .speed(let inner, let s):
            if s <= 0 { return progress(inner, 0) }
            return progress(inner, t * s)
        case .repeating(let inner, let count, let autoreverses):
            if t < 0 { return 0 }
            guard let leg = duration(inner) else { return progress(inner, t) }
            if leg <= 0 { return 1 }
            if let n = count, t >= Double(n) * leg { return 1 }
            let (k, tau) = legPosition(t, leg)
            let p = progress(inner, tau)
            return autoreverses && k % 2 == 1 ? 1 - p : p
        }
    }

    static func progressVelocity(_ n: Node, _ t: Double) -> Double {
        if t.isNaN { return 0 }
        switch n {
        case .curve(let c, let d):
            if t < 0 || d <= 0 || t >= d { return 0 }
            return c.slope(t / d) / d
        case .spring(let s, _):
            if t < 0 || t >= s.settlingTime { return 0 }
            return s.velocity(at: t)
        case .delay(let inner, let d):
            if t < d { return 0 }
            return progressVelocity(inner, t - d)
        case .speed(let inner, let s):
            if s <= 0 { return 0 }
            return s * progressVelocity(inner, t * s)
        case .repeating(let inner, let count, let autoreverses):
            if t < 0 { return 0 }
            guard let leg = duration(inner) else { return progressVelocity(inner, t) }
            if leg <= 0 { return 0 }
            if let n = count, t >= Double(n) * leg { return 0 }
            let (k, tau) = legPosition(t, leg)
            let v = progressVelocity(inner, tau)
            return autoreverses && k % 2 == 1 ? -v : v
        }
    }

    /// Leg index and time into the leg, robust against rounding at leg boundaries.
    private static func legPosition(_ t: Double, _ leg: Double) -> (Int, Double) {
        var k = (t / leg).rounded(.down)
        var tau = t - k * leg
        if tau < 0 { k -= 1; tau += leg }
        if tau >= leg { k += 1; tau -= leg }
        let ki = k < Double(Int.max) ? Int(k) : Int.max - 1
        return (ki, max(tau, 0))
    }

    static func duration(_ n: Node) -> Double? {
        switch n {
        case .curve(_, let d): return d
        case .spring(let s, _): return s.settlingTime
        case .delay(let inner, let d): return duration(inner).map { d + $0 }
        case .speed(let inner, let s):
            guard s > 0 else { return nil }
            return duration(inner).map { $0 / s }
        case .repeating(let inner, let count, _):
            guard let leg = duration(inner) else { return nil }
            if leg <= 0 { return 0 }
            guard let n = count else { return nil }
            return Double(n) * leg
        }
    }

    static func isRepeating(_ n: Node) -> Bool {
        switch n {
        case .curve, .spring: return false
        case .delay(let inner, _): return isRepeating(inner)
        case .speed(let inner, let s): return s <= 0 || isRepeating(inner)
        case .repeating(let inner, let count, _):
            if let c = count, c <= 1 { return isRepeating(inner) }
            return true
        }
    }

    private static func describe(_ n: Node) -> String {
        switch n {
        case .curve(let c, let d): return "\(c)(duration: \(d))"
        case .spring(let s, let merging):
            return merging
                ? "spring(response: \(s.response), dampingFraction: \(s.dampingFraction), blendDuration: \(s.blendDuration))"
                : "interpolatingSpring(mass: \(s.mass), stiffness: \(s.stiffness), damping: \(s.damping), initialVelocity: \(s.initialVelocity))"
        case .delay(let inner, let d): return describe(inner) + ".delay(\(d))"
        case .speed(let inner, let s): return describe(inner) + ".speed(\(s))"
        case .repeating(let inner, let count, let auto):
            if let c = count { return describe(inner) + ".repeatCount(\(c), autoreverses: \(auto))" }
            return describe(inner) + ".repeatForever(autoreverses: \(auto))"
        }
    }
}
