import Foundation

// What the harness reads (spec 05 §0.3): live particles as `ParticleState` values.
extension ParticleEmitter {
    /// The live particle at `index`, 0 = oldest (birth order). Precondition: 0 ≤ index < particleCount.
    public func state(at index: Int) -> ParticleState {
        let s = storage
        if s.holes > 0 { s.compact(now: simulationTime) }
        precondition(index >= 0 && index < s.tail - s.head, "particle index \(index) out of range 0..<\(s.tail - s.head)")
        let e = ParticleEvaluator(self)
        let i = s.head + index
        let age = simulationTime - e.birth[i], life = e.life[i], u = age / life
        let p = e.position(i, age: age, u: u)
        let v = e.velocity(i, age: age, u: u)
        let p0 = e.position(i, age: 0, u: 0)
        let v0 = e.velocity(i, age: 0, u: 0)
        return ParticleState(
            age: age, lifetime: life, birthTime: e.birth[i],
            position: Vector2(p.x, p.y), velocity: Vector2(v.x, v.y),
            alpha: e.alpha(i, age: age, u: u), scale: e.scale(i, age: age, u: u),
            rotation: e.rotation(i, age: age, u: u), color: e.color(i, age: age, u: u),
            colorBlendFactor: e.blendFactor(i, age: age, u: u),
            initialPosition: Vector2(p0.x, p0.y), initialVelocity: Vector2(v0.x, v0.y),
            initialAlpha: e.alpha(i, age: 0, u: 0), initialScale: e.scale(i, age: 0, u: 0),
            initialRotation: e.rotation(i, age: 0, u: 0), initialColor: e.color(i, age: 0, u: 0),
            initialColorBlendFactor: e.blendFactor(i, age: 0, u: 0),
            isInTargetSpace: s.field(.targeted)[i] != 0)
    }

    /// Every live particle, oldest first.
    public var states: [ParticleState] { (0..<particleCount).map { state(at: $0) } }
}
