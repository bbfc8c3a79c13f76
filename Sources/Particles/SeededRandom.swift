/// The seeded random generator (spec README §3.14): SplitMix64, fast and reproducible, so a seed and a script give the
/// same frames on every run and every machine. A scene owns one (`SceneContext.random`); each emitter owns its own,
/// seeded from the scene's seed, and steps it once per random value of a new particle.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public let initialSeed: UInt64
    public init(seed: UInt64) { state = seed; initialSeed = seed }

    @inline(__always)
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1) (53-bit resolution).
    @inline(__always)
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// r() of spec 05 §1.4, the emitters' spread: uniform in [−0.5, +0.5) (53-bit resolution).
    @inline(__always)
    mutating func centered() -> Double { unit() - 0.5 }
}
