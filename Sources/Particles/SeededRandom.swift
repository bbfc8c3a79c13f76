/// The one seedable random generator a scene owns (spec README §3.14): SplitMix64, fast and reproducible. The
/// scene's `SceneContext.random`; emitters step the same algorithm in their own `ParticleRandom`, seeded from the
/// scene's seed, so a seed and a script give the same frames on every run and every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64
    public let initialSeed: UInt64
    public init(seed: UInt64) { state = seed; initialSeed = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    public mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }
}
