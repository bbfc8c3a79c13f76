import Foundation

// Births (spec 05 §1.4–§1.5).
//
// Spawning: `acc += birthRate·dt`, floor(acc) particles (a 1e-9 guard keeps 6 × 1/6 from rounding down to 0.99999),
// each with the exact sub-frame time at which the accumulator crossed its integer, so a high rate gives evenly spaced
// births (no banding) without changing any count. Particles whose sub-frame age already exceeds their lifetime count
// as emitted but are not stored.
//
// Random draws: one SplitMix64 stream per emitter; each particle draws r() = U[−0.5, 0.5) exactly 13 times, in the
// order of §1.4 (L, p.x, p.y, θ, s, α, σ, ρ, f, r, g, b, a), whatever the ranges, so a seed is reproducible.
extension ParticleEmitter {
    /// Births for the step [t0, t0 + dt], appended at the storage's tail in birth order.
    func spawn(from t0: Double, dt: Double) {
        let c = config
        let rate = c.particleBirthRate
        guard rate > 0, rate.isFinite else { return }
        let limit = c.numParticlesToEmit
        if limit > 0 && totalEmitted >= limit { return }
        let before = accumulator
        accumulator += rate * dt
        let whole = (accumulator + 1e-9).rounded(.down)
        guard whole >= 1 else { return }
        var n = whole < 1e9 ? Int(whole) : 1_000_000_000
        accumulator -= Double(n)
        if limit > 0 { n = min(n, limit - totalEmitted) }
        let s = storage
        s.ensureRoom(n)

        let now = simulationTime
        let target = emitterToTarget
        let rotOff = target?.rotationAngle ?? 0, scaleMul = target?.lengthScale ?? 1
        let fB = s.field(.birth), fL = s.field(.life), fD = s.field(.death), fPx = s.field(.px), fPy = s.field(.py)
        let fDx = s.field(.dx), fDy = s.field(.dy), fS = s.field(.speed), fA = s.field(.alpha), fSc = s.field(.scale)
        let fSm = s.field(.scaleMul), fR = s.field(.rot), fRo = s.field(.rotOff), fF = s.field(.blend)
        let fCr = s.field(.cr), fCg = s.field(.cg), fCb = s.field(.cb), fCa = s.field(.ca), fT = s.field(.targeted)
        let targeted: Double = target == nil ? 0 : 1
        var rng = self.rng
        defer { self.rng = rng }
        for k in 1...n {
            var tau = (Double(k) - before) / rate
            if tau < 0 { tau = 0 } else if tau > dt { tau = dt }
            let birth = t0 + tau
            // §1.4, in order.
            let life = c.particleLifetime + c.particleLifetimeRange * rng.centered()
            var px = c.particlePosition.x + c.particlePositionRange.x * rng.centered()
            var py = c.particlePosition.y + c.particlePositionRange.y * rng.centered()
            let theta = c.emissionAngle + c.emissionAngleRange * rng.centered()
            let speed = c.particleSpeed + c.particleSpeedRange * rng.centered()
            let alpha = c.particleAlpha + c.particleAlphaRange * rng.centered()
            let scale = c.particleScale + c.particleScaleRange * rng.centered()
            let rot = c.particleRotation + c.particleRotationRange * rng.centered()
            let blend = c.particleColorBlendFactor + c.particleColorBlendFactorRange * rng.centered()
            let cr = c.particleColor.r + c.particleColorRedRange * rng.centered()
            let cg = c.particleColor.g + c.particleColorGreenRange * rng.centered()
            let cb = c.particleColor.b + c.particleColorBlueRange * rng.centered()
            let ca = c.particleColor.a + c.particleColorAlphaRange * rng.centered()
            totalEmitted += 1
            let death = birth + life
            guard life > 0, death > now else { continue }
            var dx = cos(theta), dy = sin(theta)
            if let t = target {
                (px, py) = (t.a * px + t.c * py + t.tx, t.b * px + t.d * py + t.ty)
                (dx, dy) = (t.a * dx + t.c * dy, t.b * dx + t.d * dy)
            }
            let i = s.tail
            if i > s.head && death < fD[i - 1] { s.outOfOrder = true }
            fB[i] = birth; fL[i] = life; fD[i] = death; fPx[i] = px; fPy[i] = py
            fDx[i] = dx; fDy[i] = dy; fS[i] = speed; fA[i] = alpha; fSc[i] = scale; fSm[i] = scaleMul
            fR[i] = rot; fRo[i] = rotOff; fF[i] = blend; fCr[i] = cr; fCg[i] = cg; fCb[i] = cb; fCa[i] = ca; fT[i] = targeted
            s.tail = i + 1
            if target != nil { s.anyTargeted = true }
        }
    }
}
