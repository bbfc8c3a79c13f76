import Foundation

/// The live particles of one SKEmitterNode (spec 05 §1.4–§1.9, spec 03 §1.1.3 through `EmitterConfig(cell:layer:)`).
///
/// **Model.** Every particle is a closed-form function of its age (§1.6): nothing is integrated per frame.
/// At birth the emitter stores the sampled initial values (§1.4, `spawn`); a particle's look at any moment is computed
/// from those, its age and the *current* config when it is read (`state(at:)`) or drawn (`writeQuads`), both through
/// `ParticleEvaluator`. The particles live in a `ParticleStorage` (structure of arrays, birth order).
///
/// **Which config changes act on live particles.**
/// - Read at birth only (changes affect particles born afterwards): birth rate, numParticlesToEmit, lifetime and its
///   range, position and its range, emission angle and its range, speed and its range, and the start values and
///   ranges of alpha, scale, rotation, colour-blend factor and colour.
/// - Read whenever a particle is evaluated (changes act on live particles at once, so the particle lab's sliders
///   respond immediately): x/yAcceleration, the alpha, scale, rotation, colour-blend-factor and colour speeds, all
///   keyframe sequences (a sequence overrides its property's start, range and speed, §1.3), particleSize,
///   particleRenderOrder (and, for the caller, texture and blend mode).
///   Position stays closed-form: pos(a) = p0 + v0·a + ½·acc·a² with the current acc.
public final class ParticleEmitter {
    public var config: EmitterConfig { didSet { sequences = PreparedSequences(config) } }

    /// SpriteKit's targetNode, as a transform from emitter space to the target's space, or nil (default) for particles
    /// that live in the emitter's space and move, scale and fade with it (§1.9). When set, each NEW particle's
    /// position and velocity direction are pushed through it at birth, its rotation is offset by the transform's
    /// rotation and its scale multiplied by its length scale √|det|; it then stays in target space, unaffected by
    /// later changes of this value. Acceleration acts in the space a particle lives in.
    public var emitterToTarget: Affine2?

    /// A paused emitter neither ages nor spawns (`advance(by:)` does nothing).
    public var isPaused = false

    /// Particles created since the start or the last reset, including any that died within their birth frame.
    public internal(set) var totalEmitted = 0
    /// Sum of the simulated steps (not reset by `resetSimulation`); birth times are on this clock.
    public private(set) var simulationTime = 0.0

    /// Live particles (age < lifetime).
    public var particleCount: Int { storage.count }
    /// Slots per field (exposed for the no-allocation tests).
    public var capacity: Int { storage.capacity }

    let storage = ParticleStorage()
    /// The config's keyframe sequences, sorted once per change.
    private(set) var sequences: PreparedSequences
    /// Birth-rate accumulator (§1.5): fractional particles carried to the next step.
    var accumulator = 0.0
    var rng: SeededRandom

    /// Quads built per pass of `writeQuads` (20 kB of vertices: stays in L1/L2).
    static let chunk = 256
    let scratchVertices = UnsafeMutablePointer<ParticleVertex>.allocate(capacity: 4 * chunk)
    /// From this many particles on, `writeQuads` evaluates them on two cores, through `staging`.
    static let parallelSpan = 16_384
    private var staging: UnsafeMutablePointer<ParticleVertex>?
    private var stagingCapacity = 0

    public init(config: EmitterConfig, seed: UInt64) {
        self.config = config
        sequences = PreparedSequences(config)
        rng = SeededRandom(seed: seed)
    }

    deinit {
        scratchVertices.deallocate()
        staging?.deallocate()
    }

    /// A staging buffer of at least `count` vertices, kept across frames (grown by a quarter over the need, so a
    /// wobbling live count does not reallocate).
    func stagingVertices(_ count: Int) -> UnsafeMutablePointer<ParticleVertex> {
        if let staging, stagingCapacity >= count { return staging }
        staging?.deallocate()
        stagingCapacity = count + count / 4
        let fresh = UnsafeMutablePointer<ParticleVertex>.allocate(capacity: stagingCapacity)
        staging = fresh
        return fresh
    }

    // MARK: Stepping

    /// Spawns and ages by dt seconds (one frame); does nothing while paused.
    public func advance(by dt: Double) {
        guard !isPaused else { return }
        step(dt)
    }

    /// SpriteKit's advanceSimulationTime: simulates t seconds now, in equal sub-steps of at most 1/60 s, so it gives
    /// the same result as stepping the run loop at 60 Hz for t. Works even while paused (an explicit request).
    public func advanceSimulationTime(_ t: Double) {
        guard t > 0, t.isFinite else { return }
        let n = max(1, Int((t * 60 - 1e-9).rounded(.up)))
        let dt = t / Double(n)
        for _ in 0..<n { step(dt) }
    }

    /// Removes every particle and resets the birth accumulator and the emitted count.
    public func resetSimulation() {
        storage.removeAll()
        accumulator = 0; totalEmitted = 0
    }

    private func step(_ dt: Double) {
        guard dt > 0, dt.isFinite else { return }
        let t0 = simulationTime
        simulationTime += dt
        storage.popDeadHead(now: simulationTime)
        spawn(from: t0, dt: dt)
        if storage.outOfOrder { storage.scanHoles(now: simulationTime) }
    }
}
