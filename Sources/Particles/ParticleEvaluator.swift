import Foundation

/// A particle's values at age `a` (u = a / lifetime, normalised age) in closed form (spec 05 §1.6): from what was
/// stored at birth and the config values read at evaluation time, hoisted once per call together with the field
/// pointers, so the per-particle functions below are plain arithmetic.
struct ParticleEvaluator {
    let birth, life, death, px, py, dx, dy, speed, alpha0, scale0, scaleMul, rot0, rotOff, blend0: UnsafeMutablePointer<Double>
    let cr, cg, cb, ca: UnsafeMutablePointer<Double>
    let ax, ay, alphaSpeed, scaleSpeed, rotationSpeed, blendSpeed, crs, cgs, cbs, cas: Double
    let p: PreparedSequences
    let targeted: Bool

    init(_ emitter: ParticleEmitter) {
        let s = emitter.storage
        birth = s.field(.birth); life = s.field(.life); death = s.field(.death)
        px = s.field(.px); py = s.field(.py); dx = s.field(.dx); dy = s.field(.dy)
        speed = s.field(.speed); alpha0 = s.field(.alpha); scale0 = s.field(.scale)
        scaleMul = s.field(.scaleMul); rot0 = s.field(.rot); rotOff = s.field(.rotOff)
        blend0 = s.field(.blend)
        cr = s.field(.cr); cg = s.field(.cg); cb = s.field(.cb); ca = s.field(.ca)
        let c = emitter.config
        ax = c.xAcceleration; ay = c.yAcceleration
        alphaSpeed = c.particleAlphaSpeed; scaleSpeed = c.particleScaleSpeed
        rotationSpeed = c.particleRotationSpeed; blendSpeed = c.particleColorBlendFactorSpeed
        crs = c.particleColorRedSpeed; cgs = c.particleColorGreenSpeed
        cbs = c.particleColorBlueSpeed; cas = c.particleColorAlphaSpeed
        p = emitter.sequences
        targeted = s.anyTargeted
    }

    @inline(__always) func position(_ i: Int, age a: Double, u: Double) -> (x: Double, y: Double) {
        let dist = p.speed == nil ? speed[i] * a : sequenceDistance(i, age: a, u: u)
        let h = 0.5 * a * a
        return (px[i] + dx[i] * dist + ax * h, py[i] + dy[i] * dist + ay * h)
    }
    /// Distance along the direction under a speed sequence: L·∫₀ᵘ speed.
    @inline(never) func sequenceDistance(_ i: Int, age a: Double, u: Double) -> Double {
        guard let s = p.speed else { return speed[i] * a }
        return life[i].isFinite ? life[i] * (s.antiderivative(u) - p.speedF0) : s.at(0) * a
    }
    @inline(__always) func velocity(_ i: Int, age a: Double, u: Double) -> (x: Double, y: Double) {
        let s = p.speed?.at(u) ?? speed[i]
        return (dx[i] * s + ax * a, dy[i] * s + ay * a)
    }
    @inline(__always) func alpha(_ i: Int, age a: Double, u: Double) -> Double {
        if let s = p.alpha { return s.at(u) }
        return alpha0[i] + alphaSpeed * a
    }
    @inline(__always) func scale(_ i: Int, age a: Double, u: Double) -> Double {
        let k = targeted ? scaleMul[i] : 1
        if let s = p.scale { return s.at(u) * k }
        return (scale0[i] + scaleSpeed * a) * k
    }
    @inline(__always) func rotation(_ i: Int, age a: Double, u: Double) -> Double {
        let off = targeted ? rotOff[i] : 0
        if let s = p.rotation { return s.at(u) + off }
        return rot0[i] + off + rotationSpeed * a
    }
    @inline(__always) func blendFactor(_ i: Int, age a: Double, u: Double) -> Double {
        if let s = p.blend { return s.at(u) }
        return blend0[i] + blendSpeed * a
    }
    @inline(__always) func color(_ i: Int, age a: Double, u: Double) -> RGBA {
        if let s = p.color { return s.at(u) }
        return RGBA(cr[i] + crs * a, cg[i] + cgs * a, cb[i] + cbs * a, ca[i] + cas * a)
    }
}

/// The config's keyframe sequences, sorted once per config change; empty sequences count as absent.
struct PreparedSequences {
    var alpha, scale, rotation, blend, speed: PreparedSequence<Double>?
    var color: PreparedSequence<RGBA>?
    var speedF0 = 0.0
    /// Some sequence varies with age, so a/L must be computed.
    var usesNormalisedAge = false
    init(_ c: EmitterConfig) {
        alpha = PreparedSequence(c.particleAlphaSequence)
        scale = PreparedSequence(c.particleScaleSequence)
        rotation = PreparedSequence(c.particleRotationSequence)
        blend = PreparedSequence(c.particleColorBlendFactorSequence)
        speed = PreparedSequence(c.particleSpeedSequence)
        color = PreparedSequence(c.particleColorSequence)
        speedF0 = speed?.antiderivative(0) ?? 0
        func varies<V>(_ s: PreparedSequence<V>?) -> Bool { s.map { $0.constant == nil } ?? false }
        usesNormalisedAge = speed != nil || varies(alpha) || varies(scale) || varies(rotation) || varies(blend) || varies(color)
    }
}

/// One sorted sequence, with its value when it is constant (one key, or all keys equal) so sampling is free.
struct PreparedSequence<V: KeyframeValue> {
    let sequence: KeyframeSequence<V>
    let n: Int
    let constant: V?

    init?(_ s: KeyframeSequence<V>?) {
        guard let s else { return nil }
        let sorted = s.sortedByTime()
        n = sorted.keyframeValues.count
        guard n > 0 else { return nil }
        sequence = sorted
        constant = n == 1 || sorted.keyframeValues.allSatisfy({ $0 == sorted.keyframeValues[0] }) ? sorted.keyframeValues[0] : nil
    }

    @inline(__always) func at(_ u: Double) -> V {
        if let constant { return constant }
        return sequence.sampleSorted(n: n, u)
    }
}

extension PreparedSequence where V == Double {
    func antiderivative(_ x: Double) -> Double {
        if let constant { return constant * x }
        return sequence.antiderivativeSorted(n: n, x)
    }
}
