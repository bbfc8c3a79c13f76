import Foundation

/// Makes a configuration read from a file safe to simulate: non-finite numbers, negative lifetimes and rates,
/// absurd magnitudes, broken keyframe sequences and birth rates beyond the particle budget are replaced, and every
/// change is described in a short note (the loaders fold the notes of one file into one warning).
public enum EmitterSanitizer {
    /// Most particles one emitter may keep alive: birthRate × (lifetime + |lifetimeRange|/2) ≤ this.
    public static let maxLiveParticles = 200_000.0
    /// Hard cap on particles per second whatever the lifetime (a zero lifetime would otherwise allow anything).
    public static let maxBirthRate = 1_000_000.0
    /// Largest magnitude accepted for any other number (points, pt/s, pt/s², radians, factors, seconds).
    public static let maxMagnitude = 1_000_000.0
    /// Largest a particle may grow, in points across (its longer side): `particleScale`, `particleScaleRange`,
    /// `particleScaleSpeed` (over the longest lifetime) and the `particleScaleSequence` values are clamped so that
    /// base side × scale ≤ this. The base side is the longer side of `particleSize`, or `nominalTextureSide` when
    /// particleSize is (0, 0) (the texture's size, which the loader does not know). A spline scale sequence may still
    /// overshoot its keyframes a little between them.
    public static let maxParticleSide = 1024.0
    /// The texture side assumed when particleSize is (0, 0): the bundled particle textures are 64 pt. A larger texture
    /// makes proportionally larger particles; the renderers clip every quad to the screen whatever its size.
    public static let nominalTextureSide = 64.0
    /// Fill-work bound for big particles: an emitter whose particles can grow past `nominalTextureSide` (64 pt)
    /// keeps at most `maxLiveParticles` × (64 / largest side)⁴ alive, so the pixels a frame fills fall as the
    /// particles grow (256 pt: 781 alive; 1024 pt, the largest: 3). Particles up to 64 pt keep the plain
    /// `maxLiveParticles`. The bundled effects stay well inside it (CoffeeSteam's 278-pt puffs: 304 alive of 562).
    public static func maxLiveParticles(largestSide side: Double) -> Double {
        guard side > nominalTextureSide else { return maxLiveParticles }
        let r = nominalTextureSide / side
        return maxLiveParticles * r * r * r * r
    }

    /// Every Double of `EmitterConfig` with its public name and default.
    static let doubleFields: [(name: String, path: WritableKeyPath<EmitterConfig, Double> & Sendable, fallback: Double)] = [
        ("particleBirthRate", \.particleBirthRate, 0),
        ("particleLifetime", \.particleLifetime, 0),
        ("particleLifetimeRange", \.particleLifetimeRange, 0),
        ("emissionAngle", \.emissionAngle, 0),
        ("emissionAngleRange", \.emissionAngleRange, 0),
        ("particleSpeed", \.particleSpeed, 0),
        ("particleSpeedRange", \.particleSpeedRange, 0),
        ("xAcceleration", \.xAcceleration, 0),
        ("yAcceleration", \.yAcceleration, 0),
        ("particleAlpha", \.particleAlpha, 1),
        ("particleAlphaRange", \.particleAlphaRange, 0),
        ("particleAlphaSpeed", \.particleAlphaSpeed, 0),
        ("particleScale", \.particleScale, 1),
        ("particleScaleRange", \.particleScaleRange, 0),
        ("particleScaleSpeed", \.particleScaleSpeed, 0),
        ("particleRotation", \.particleRotation, 0),
        ("particleRotationRange", \.particleRotationRange, 0),
        ("particleRotationSpeed", \.particleRotationSpeed, 0),
        ("particleColorBlendFactor", \.particleColorBlendFactor, 0),
        ("particleColorBlendFactorRange", \.particleColorBlendFactorRange, 0),
        ("particleColorBlendFactorSpeed", \.particleColorBlendFactorSpeed, 0),
        ("particleColor.r", \.particleColor.r, 1),
        ("particleColor.g", \.particleColor.g, 1),
        ("particleColor.b", \.particleColor.b, 1),
        ("particleColor.a", \.particleColor.a, 1),
        ("particleColorRedRange", \.particleColorRedRange, 0),
        ("particleColorGreenRange", \.particleColorGreenRange, 0),
        ("particleColorBlueRange", \.particleColorBlueRange, 0),
        ("particleColorAlphaRange", \.particleColorAlphaRange, 0),
        ("particleColorRedSpeed", \.particleColorRedSpeed, 0),
        ("particleColorGreenSpeed", \.particleColorGreenSpeed, 0),
        ("particleColorBlueSpeed", \.particleColorBlueSpeed, 0),
        ("particleColorAlphaSpeed", \.particleColorAlphaSpeed, 0),
        ("particleSize.width", \.particleSize.x, 0),
        ("particleSize.height", \.particleSize.y, 0),
        ("particlePosition.x", \.particlePosition.x, 0),
        ("particlePosition.y", \.particlePosition.y, 0),
        ("particlePositionRange.x", \.particlePositionRange.x, 0),
        ("particlePositionRange.y", \.particlePositionRange.y, 0),
    ]

    /// The sanitised configuration and one note per change (empty when nothing was wrong).
    public static func sanitize(_ input: EmitterConfig) -> (config: EmitterConfig, notes: [String]) {
        var c = input
        var notes: [String] = []
        for f in doubleFields {
            let v = c[keyPath: f.path]
            if !v.isFinite {
                c[keyPath: f.path] = f.fallback
                notes.append("\(f.name) \(v) → \(fmt(f.fallback))")
            } else if abs(v) > maxMagnitude, f.name != "particleBirthRate" {
                let clamped = v < 0 ? -maxMagnitude : maxMagnitude
                c[keyPath: f.path] = clamped
                notes.append("\(f.name) \(fmt(v)) → \(fmt(clamped))")
            }
        }
        if c.particleLifetime < 0 {
            notes.append("negative particleLifetime \(fmt(c.particleLifetime)) → 0")
            c.particleLifetime = 0
        }
        if c.particleSize.x < 0 || c.particleSize.y < 0 {
            notes.append("negative particleSize → (0, 0)")
            c.particleSize = .zero
        }
        if c.particleBirthRate < 0 {
            notes.append("negative particleBirthRate \(fmt(c.particleBirthRate)) → 0")
            c.particleBirthRate = 0
        }
        if c.numParticlesToEmit < 0 {
            notes.append("negative numParticlesToEmit \(c.numParticlesToEmit) → 0")
            c.numParticlesToEmit = 0
        }
        if c.particleBirthRate > maxBirthRate {
            notes.append("particleBirthRate \(fmt(c.particleBirthRate))/s → \(fmt(maxBirthRate))/s")
            c.particleBirthRate = maxBirthRate
        }
        // The particle budget (spec: at most 200 000 live particles per emitter).
        let meanLife = c.particleLifetime + abs(c.particleLifetimeRange) / 2
        var live = c.particleBirthRate * meanLife
        if c.numParticlesToEmit > 0 { live = Swift.min(live, Double(c.numParticlesToEmit)) }
        if live > maxLiveParticles, meanLife > 0 {
            let rate = maxLiveParticles / meanLife
            notes.append("particleBirthRate \(fmt(c.particleBirthRate))/s would keep about \(fmt(live.rounded())) "
                + "particles alive (limit \(fmt(maxLiveParticles)) per emitter) → \(fmt(rate))/s")
            c.particleBirthRate = rate
        }
        c.particleSpeedSequence = sanitize(c.particleSpeedSequence, "particleSpeedSequence", &notes)
        c.particleAlphaSequence = sanitize(c.particleAlphaSequence, "particleAlphaSequence", &notes)
        c.particleScaleSequence = sanitize(c.particleScaleSequence, "particleScaleSequence", &notes)
        c.particleRotationSequence = sanitize(c.particleRotationSequence, "particleRotationSequence", &notes)
        c.particleColorBlendFactorSequence = sanitize(c.particleColorBlendFactorSequence,
                                                      "particleColorBlendFactorSequence", &notes)
        c.particleColorSequence = sanitize(c.particleColorSequence, "particleColorSequence", &notes)
        boundParticleSize(&c, &notes)
        return (c, notes)
    }

    /// Clamps the scale fields so no particle grows beyond `maxParticleSide`, then lowers the birth rate so at most
    /// `maxLiveParticles(largestSide:)` live at once (one note per clamped field; the loader folds them into its
    /// file's one warning).
    static func boundParticleSize(_ c: inout EmitterConfig, _ notes: inout [String]) {
        let ps = c.particleSize
        let sized = ps.x > 0 && ps.y > 0
        let base = sized ? Swift.max(ps.x, ps.y) : nominalTextureSide
        let maxScale = maxParticleSide / base
        let why = "(particles at most \(fmt(maxParticleSide)) pt across)"
        let longestLife = Swift.max(0, c.particleLifetime + abs(c.particleLifetimeRange) / 2)
        var peak: Double
        if var seq = c.particleScaleSequence {
            // The sequence overrides start, range and speed (§1.3): only its values matter.
            var clamped = 0
            seq.keyframeValues = seq.keyframeValues.map { v in
                guard abs(v) > maxScale else { return v }
                clamped += 1
                return v < 0 ? -maxScale : maxScale
            }
            if clamped > 0 {
                notes.append("particleScaleSequence: \(clamped) value(s) clamped to ±\(fmt(maxScale)) \(why)")
                c.particleScaleSequence = seq
            }
            peak = seq.keyframeValues.max() ?? 0
        } else {
            if abs(c.particleScale) > maxScale {
                let v = c.particleScale < 0 ? -maxScale : maxScale
                notes.append("particleScale \(fmt(c.particleScale)) → \(fmt(v)) \(why)")
                c.particleScale = v
            }
            if c.particleScale + abs(c.particleScaleRange) / 2 > maxScale {
                let r = 2 * (maxScale - c.particleScale)
                let v = c.particleScaleRange < 0 ? -r : r
                notes.append("particleScaleRange \(fmt(c.particleScaleRange)) → \(fmt(v)) \(why)")
                c.particleScaleRange = v
            }
            let start = c.particleScale + abs(c.particleScaleRange) / 2
            if c.particleScaleSpeed > 0, longestLife > 0, start + c.particleScaleSpeed * longestLife > maxScale {
                let v = Swift.max(0, (maxScale - start) / longestLife)
                notes.append("particleScaleSpeed \(fmt(c.particleScaleSpeed))/s → \(fmt(v))/s over a lifetime of up to "
                    + "\(fmt(longestLife)) s \(why)")
                c.particleScaleSpeed = v
            }
            peak = start + Swift.max(0, c.particleScaleSpeed) * longestLife
        }
        // Fill work: fewer live particles the bigger they grow.
        let side = Swift.max(0, peak) * base
        let limit = maxLiveParticles(largestSide: side)
        let meanLife = c.particleLifetime + abs(c.particleLifetimeRange) / 2
        var live = c.particleBirthRate * meanLife
        if c.numParticlesToEmit > 0 { live = Swift.min(live, Double(c.numParticlesToEmit)) }
        if limit < maxLiveParticles, meanLife > 0, live > limit {
            let rate = limit / meanLife
            notes.append("particleBirthRate \(fmt(c.particleBirthRate))/s would keep about \(fmt(live.rounded())) particles "
                + "of up to \(fmt(side.rounded())) pt alive (limit \(fmt(limit.rounded(.down))) at that size) → \(fmt(rate))/s")
            c.particleBirthRate = rate
        }
    }

    private static func finite(_ v: Double) -> Bool { v.isFinite && abs(v) <= maxMagnitude }
    private static func finite(_ v: RGBA) -> Bool { finite(v.r) && finite(v.g) && finite(v.b) && finite(v.a) }

    static func sanitize<V: KeyframeValue>(_ seq: KeyframeSequence<V>?, _ name: String,
                                           _ notes: inout [String]) -> KeyframeSequence<V>? {
        guard var s = seq else { return nil }
        if s.keyframeValues.count != s.keyframeTimes.count {
            let n = Swift.min(s.keyframeValues.count, s.keyframeTimes.count)
            notes.append("\(name) has \(s.keyframeValues.count) values but \(s.keyframeTimes.count) times; kept \(n)")
            s.keyframeValues = Array(s.keyframeValues.prefix(n))
            s.keyframeTimes = Array(s.keyframeTimes.prefix(n))
        }
        if s.keyframeTimes.count > FileLimits.maxKeyframes {
            notes.append("\(name) has \(s.keyframeTimes.count) keyframes; kept the first \(FileLimits.maxKeyframes)")
            s.keyframeValues = Array(s.keyframeValues.prefix(FileLimits.maxKeyframes))
            s.keyframeTimes = Array(s.keyframeTimes.prefix(FileLimits.maxKeyframes))
        }
        var pairs: [(Double, V)] = []
        var dropped = 0
        for (t, v) in zip(s.keyframeTimes, s.keyframeValues) {
            let ok: Bool
            switch v {
            case let d as Double: ok = finite(d)
            case let c as RGBA: ok = finite(c)
            default: ok = true
            }
            if finite(t) && ok { pairs.append((t, v)) } else { dropped += 1 }
        }
        if dropped > 0 { notes.append("\(name): dropped \(dropped) keyframe(s) with non-finite or absurd numbers") }
        var sorted = true
        for i in pairs.indices.dropFirst() where pairs[i].0 < pairs[i - 1].0 { sorted = false; break }
        if !sorted {
            // Stable sort by time.
            pairs = pairs.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
            notes.append("\(name): keyframe times were not in order; sorted")
        }
        if pairs.isEmpty {
            notes.append("\(name) has no usable keyframe; ignored")
            return nil
        }
        s.keyframeTimes = pairs.map(\.0)
        s.keyframeValues = pairs.map(\.1)
        return s
    }

    /// Compact number formatting for notes.
    static func fmt(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    /// Folds the notes of one file into its single warning, or nil when there are none.
    static func warning(file: String, notes: [String]) -> String? {
        guard !notes.isEmpty else { return nil }
        let shown = notes.prefix(8).joined(separator: "; ")
        let more = notes.count > 8 ? "; and \(notes.count - 8) more" : ""
        return "\(file): absurd values sanitised: \(shown)\(more)"
    }
}
