import Particles

/// The running scene's seeded generator (spec README §3.14) for views, so a scene's random draws follow `--seed`:
/// `var g = SceneRandomNumberGenerator(); Double.random(in: 0..<1, using: &g)`. Every copy draws from the one
/// generator of the scene (`SceneContext.random`); outside a scene it draws from seed 0.
public struct SceneRandomNumberGenerator: RandomNumberGenerator {
    public init() {}
    public mutating func next() -> UInt64 {
        guard let context = ViewScene.current?.host.context else { return Self.detached.next() }
        return context.random.next()
    }
    private static var detached = SeededRandom(seed: 0)
}
