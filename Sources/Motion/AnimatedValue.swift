import Foundation

/// A value that can be animated: a vector space over Double (offsets, scales, angles, colours, …).
public protocol Interpolatable {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    func scaled(by k: Double) -> Self
    static var zero: Self { get }
}

extension Double: Interpolatable {
    @inlinable public func scaled(by k: Double) -> Double { self * k }
}

/// One animatable property: its model value (`target`) and the presented value that follows it by the retargeting
/// rule of README §3.6.
///
/// - A change with no animation jumps and drops every running or pending animation of the property.
/// - Timing curves and `interpolatingSpring` are **additive**: change i adds the contribution −Δi·(1 − Pi(t)),
///   where Δi = new target − previous target and Pi is the animation's progress (0 during its delay); the presented
///   value is target + Σ contributions, and a contribution vanishes when its animation completes.
///   Overlapping changes blend without a jump; opposite changes with the same timing cancel exactly.
/// - `spring` / `interactiveSpring` **merge**: the new spring replaces everything that runs, starting from the
///   presented value and velocity at the change (see `MergeProfile` for blendDuration).
/// - A new animated change stops every **repeating** contribution at once; its Δ is measured from the value presented
///   at that instant, so nothing jumps.
///
/// Everything is a closed-form function of the scene time: `value(at:)` never accumulates per frame.
public struct AnimatedValue<Value: Interpolatable> {
    /// The model value.
    public private(set) var target: Value
    private var contributions: [Contribution] = []

    public init(_ value: Value) {
        target = value
    }

    // MARK: - Changes

    /// A change of the model value at scene time `time`.
    ///
    /// - `animation == nil`: the presented value jumps to `newTarget` and every contribution is dropped.
    /// - Setting a target equal to the current one (for `Equatable` values) changes nothing at all, with or without
    ///   an animation: running animations continue (SwiftUI only animates properties whose value changed).
    public mutating func set(_ newTarget: Value, at time: Double, animation: Animation?) {
        if AnimatedValue.same(newTarget, target) { return }
        guard let animation = animation else {
            target = newTarget
            contributions.removeAll()
            return
        }
        if animation.isMergingSpring, let timing = animation.mergeTiming {
            setMerging(newTarget, at: time, spring: timing.spring, delay: timing.startDelay, scale: timing.timeScale)
            return
        }

        // Superseded repeating animations stop now; what they presented at this instant is folded into Δ.
        var repeatingDisplacement = Value.zero
        var hadRepeating = false
        for c in contributions {
            if case .additive(let a) = c, a.repeating {
                repeatingDisplacement = repeatingDisplacement + a.value(at: time)
                hadRepeating = true
            }
        }
        var delta = newTarget - target
        if hadRepeating {
            contributions.removeAll { if case .additive(let a) = $0 { return a.repeating } else { return false } }
            delta = delta - repeatingDisplacement
        }
        target = newTarget

        let end = animation.duration.map { time + $0 }
        if let end = end, end <= time { return }   // zero-length: complete at once
        let repeating = animation.isRepeating
        // Changes made at the same instant with the same animation share one contribution, so that opposite changes
        // cancel exactly (Δ1 + Δ2 is exactly 0 when Δ2 = −Δ1).
        if !repeating, let i = contributions.lastIndex(where: {
            if case .additive(let a) = $0 { return a.start == time && a.animation == animation && !a.repeating }
            return false
        }), case .additive(var a) = contributions[i] {
            a.delta = a.delta + delta
            contributions[i] = .additive(a)
            return
        }
        contributions.append(.additive(Additive(delta: delta, start: time, animation: animation, end: end,
                                                repeating: repeating)))
    }

    private mutating func setMerging(_ newTarget: Value, at time: Double, spring: Spring, delay: Double,
                                     scale: Double) {
        let running = contributions.contains { $0.isRunning(at: time) }
        let presented = value(at: time)
        let velocity = running ? self.velocity(at: time) : Value.zero
        var blendFrom: (response: Double, dampingFraction: Double)?
        for c in contributions {
            if case .merge(let m) = c, m.isRunning(at: time) {
                blendFrom = m.profile.effectiveParameters(at: m.springTime(at: time))
            }
        }
        let offset = presented - newTarget
        let hasDistance = !AnimatedValue.same(offset, .zero)
        let hasVelocity = running && !AnimatedValue.same(velocity, .zero)
        target = newTarget
        contributions.removeAll()

        let profile = MergeProfile(spring: spring, blendingFrom: blendFrom)
        let settle = profile.settleTime(distance: hasDistance, velocity: hasVelocity)
        let end = time + delay + settle / scale
        if end <= time { return }
        contributions.append(.merge(Merge(offset: offset, springVelocity: velocity.scaled(by: 1 / scale),
                                          start: time, delay: delay, scale: scale, profile: profile, end: end)))
    }

    // MARK: - Reading

    /// The presented value at scene time `time`.
    public func value(at time: Double) -> Value {
        if contributions.isEmpty { return target }
        var sum = Value.zero
        for c in contributions {
            switch c {
            case .additive(let a): if a.isRunning(at: time) { sum = sum + a.value(at: time) }
            case .merge(let m): if m.isRunning(at: time) { sum = sum + m.value(at: time) }
            }
        }
        return target + sum
    }

    /// The rate of change of the presented value (per second) at `time`.
    public func velocity(at time: Double) -> Value {
        var sum = Value.zero
        for c in contributions {
            switch c {
            case .additive(let a): if a.isRunning(at: time) { sum = sum + a.velocity(at: time) }
            case .merge(let m): if m.isRunning(at: time) { sum = sum + m.velocity(at: time) }
            }
        }
        return sum
    }

    /// True while some contribution is running or pending (including during its delay) at `time`.
    public func isAnimating(at time: Double) -> Bool {
        contributions.contains { $0.isRunning(at: time) }
    }

    /// Drops completed contributions. Optional: `value(at:)` is correct without it.
    public mutating func prune(at time: Double) {
        contributions.removeAll { !$0.isRunning(at: time) }
    }

    /// When the last current contribution completes: nil when there are none, `.infinity` when one repeats forever.
    public var endTime: Double? {
        if contributions.isEmpty { return nil }
        var latest = -Double.infinity
        for c in contributions {
            guard let e = c.end else { return .infinity }
            latest = max(latest, e)
        }
        return latest
    }

    /// Number of stored contributions (completed ones stay until `prune`).
    public var contributionCount: Int { contributions.count }

    // MARK: - Contributions

    private enum Contribution {
        case additive(Additive)
        case merge(Merge)

        var end: Double? {
            switch self {
            case .additive(let a): return a.end
            case .merge(let m): return m.end
            }
        }

        func isRunning(at time: Double) -> Bool {
            guard let e = end else { return true }
            return time < e
        }
    }

    /// −Δ·(1 − P(t − start)).
    private struct Additive {
        var delta: Value
        let start: Double
        let animation: Animation
        let end: Double?
        let repeating: Bool

        func isRunning(at time: Double) -> Bool {
            guard let e = end else { return true }
            return time < e
        }

        func value(at time: Double) -> Value {
            let p = animation.progress(at: time - start)
            return delta.scaled(by: -(1 - p))
        }

        func velocity(at time: Double) -> Value {
            delta.scaled(by: animation.progressVelocity(at: time - start))
        }
    }

    /// offset·G(σ) + v·H(σ), σ = scale·(t − start − delay) (held at σ = 0 during the delay).
    private struct Merge {
        let offset: Value
        /// Start velocity in value units per spring second.
        let springVelocity: Value
        let start: Double
        let delay: Double
        let scale: Double
        let profile: MergeProfile
        let end: Double

        func isRunning(at time: Double) -> Bool { time < end }

        func springTime(at time: Double) -> Double {
            max(0, (time - start - delay) * scale)
        }

        func value(at time: Double) -> Value {
            let b = profile.basis(at: springTime(at: time))
            return offset.scaled(by: b.g) + springVelocity.scaled(by: b.h)
        }

        func velocity(at time: Double) -> Value {
            if time - start < delay { return .zero }
            let b = profile.basis(at: springTime(at: time))
            return (offset.scaled(by: b.gDot) + springVelocity.scaled(by: b.hDot)).scaled(by: scale)
        }
    }

    // MARK: - Equality of generic values

    static func same(_ a: Value, _ b: Value) -> Bool {
        guard let ea = a as? any Equatable else { return false }
        return ea.motionIsEqual(to: b)
    }
}

extension Equatable {
    fileprivate func motionIsEqual(to other: Any) -> Bool {
        guard let o = other as? Self else { return false }
        return self == o
    }
}

extension AnimatedValue {
    /// The animations running or pending at `time` (read-only; the timeline draws them).
    public func runningAnimations(at time: Double) -> [AnimationSpan] {
        contributions.compactMap { c -> AnimationSpan? in
            guard c.isRunning(at: time) else { return nil }
            switch c {
            case .additive(let a):
                let animation = a.animation, start = a.start
                return AnimationSpan(start: start, end: a.end, curve: animation.description) { animation.progress(at: $0 - start) }
            case .merge(let m):
                return AnimationSpan(start: m.start, end: m.end, curve: "spring") { 1 - m.profile.basis(at: m.springTime(at: $0)).g }
            }
        }
    }
}
