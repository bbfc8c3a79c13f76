/// The emitter's own seeded generator: SplitMix64 (the same generator as `SeededRandom`), so a seed gives
/// the same particles on every run and every machine.
struct ParticleRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    @inline(__always)
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// r() of spec 05 §1.4: uniform in [−0.5, +0.5) (53-bit resolution).
    @inline(__always)
    mutating func centered() -> Double { Double(next() >> 11) * 0x1.0p-53 - 0.5 }
}
