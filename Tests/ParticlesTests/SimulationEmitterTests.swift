import XCTest
@testable import Particles

final class SimulationEmitterTests: XCTestCase {
    func basic(rate: Double, lifetime: Double = 1000) -> EmitterConfig {
        var c = EmitterConfig()
        c.particleBirthRate = rate
        c.particleLifetime = lifetime
        return c
    }

    // MARK: Birth accumulation (§1.5)

    func testBirthRateTenForTwelveSecondsBorns120() {
        let e = ParticleEmitter(config: basic(rate: 10), seed: 1)
        runFrames(e, seconds: 12)
        XCTAssertEqual(e.totalEmitted, 120)
        XCTAssertEqual(e.particleCount, 120)
    }

    func testFractionalAccumulationFollowsFloorEveryFrame() {
        let e = ParticleEmitter(config: basic(rate: 7.3), seed: 2)
        for frame in 1...600 {
            e.advance(by: 1.0 / 60)
            let expected = Int((7.3 * Double(frame) / 60 + 1e-7).rounded(.down))
            XCTAssertEqual(e.totalEmitted, expected, "frame \(frame)")
            if e.totalEmitted != expected { return }
        }
        XCTAssertEqual(e.totalEmitted, 73)
    }

    func testCountsDoNotDependOnTheStepSize() {
        let a = ParticleEmitter(config: basic(rate: 37), seed: 3)
        let b = ParticleEmitter(config: basic(rate: 37), seed: 3)
        runFrames(a, seconds: 3)
        for _ in 0..<21 { b.advance(by: 1.0 / 7) }
        XCTAssertEqual(a.totalEmitted, 111)
        XCTAssertEqual(b.totalEmitted, 111)
        // Sub-frame birth times are the accumulator's crossing times: k/rate, whatever the step.
        for i in 0..<111 {
            XCTAssertEqual(a.state(at: i).birthTime, Double(i + 1) / 37, accuracy: 1e-9)
            XCTAssertEqual(b.state(at: i).birthTime, Double(i + 1) / 37, accuracy: 1e-9)
        }
    }

    func testSubFrameBirthsAreEvenlySpreadOverTheStep() {
        let e = ParticleEmitter(config: basic(rate: 1000), seed: 4)
        e.advance(by: 0.1)
        XCTAssertEqual(e.particleCount, 100)
        let ages = e.states.map(\.age)
        for (k, age) in ages.enumerated() {   // oldest first: particle k crossed at (k+1)/1000 s
            XCTAssertEqual(age, 0.1 - Double(k + 1) / 1000, accuracy: 1e-12)
        }
        XCTAssertEqual(ages.min()!, 0, accuracy: 1e-12)
        XCTAssertLessThan(ages.max()!, 0.1)
    }

    func testLifetimeRemovalAndNoneOlderThanLifetime() {
        let e = ParticleEmitter(config: basic(rate: 10, lifetime: 4), seed: 5)
        for frame in 1...900 {
            e.advance(by: 1.0 / 60)
            if frame % 30 == 0 {
                XCTAssertTrue(e.states.allSatisfy { $0.age < 4 && $0.age >= 0 })
            }
        }
        XCTAssertEqual(e.particleCount, 40, accuracy: 1)
    }

    func testZeroLifetimeIsDiscarded() {
        let e = ParticleEmitter(config: basic(rate: 100, lifetime: 0), seed: 6)
        runFrames(e, seconds: 1)
        XCTAssertEqual(e.totalEmitted, 100)
        XCTAssertEqual(e.particleCount, 0)
    }

    func testNumParticlesToEmitIsATotalNotALiveCap() {
        var c = basic(rate: 100, lifetime: 0.1)
        c.numParticlesToEmit = 25
        let e = ParticleEmitter(config: c, seed: 7)
        runFrames(e, seconds: 0.2)
        XCTAssertEqual(e.totalEmitted, 20)
        runFrames(e, seconds: 2)
        XCTAssertEqual(e.totalEmitted, 25)
        XCTAssertEqual(e.particleCount, 0, "all emitted particles died; no more are created")
        e.config.numParticlesToEmit = 0
        runFrames(e, seconds: 0.5)
        XCTAssertEqual(e.totalEmitted, 75)
    }

    // MARK: Sampling (§1.4)

    func testEveryRangeIsPlusMinusHalfAndUniform() {
        var c = EmitterConfig()
        c.particleBirthRate = 10_000
        c.particleLifetime = 50; c.particleLifetimeRange = 20
        c.particlePosition = Vector2(10, -5); c.particlePositionRange = Vector2(8, 30)
        c.emissionAngle = 0.8; c.emissionAngleRange = 1.0
        c.particleSpeed = 100; c.particleSpeedRange = 60
        c.particleAlpha = 0.6; c.particleAlphaRange = 0.4
        c.particleScale = 1; c.particleScaleRange = 0.5
        c.particleRotation = -1; c.particleRotationRange = 3
        c.particleColorBlendFactor = 0.5; c.particleColorBlendFactorRange = 0.2
        c.particleColor = RGBA(0.5, 0.4, 0.3, 0.8)
        c.particleColorRedRange = 0.2; c.particleColorGreenRange = 0.4; c.particleColorBlueRange = 0.6; c.particleColorAlphaRange = 0.1
        let e = ParticleEmitter(config: c, seed: 42)
        runFrames(e, seconds: 1)
        let s = e.states
        XCTAssertEqual(s.count, 10_000)
        assertUniform(s.map(\.lifetime), 40, 60, "lifetime")
        assertUniform(s.map(\.initialPosition.x), 6, 14, "x")
        assertUniform(s.map(\.initialPosition.y), -20, 10, "y")
        assertUniform(s.map(\.initialDirection), 0.3, 1.3, "angle")
        assertUniform(s.map(\.initialSpeed), 70, 130, "speed")
        assertUniform(s.map(\.initialAlpha), 0.4, 0.8, "alpha")
        assertUniform(s.map(\.initialScale), 0.75, 1.25, "scale")
        assertUniform(s.map(\.initialRotation), -2.5, 0.5, "rotation")
        assertUniform(s.map(\.initialColorBlendFactor), 0.4, 0.6, "blend factor")
        assertUniform(s.map(\.initialColor.r), 0.4, 0.6, "red")
        assertUniform(s.map(\.initialColor.g), 0.2, 0.6, "green")
        assertUniform(s.map(\.initialColor.b), 0.0, 0.6, "blue")
        assertUniform(s.map(\.initialColor.a), 0.75, 0.85, "colour alpha")
        // Draws are independent: position x and y are uncorrelated.
        let xs = s.map(\.initialPosition.x), ys = s.map(\.initialPosition.y)
        let (mx, vx) = meanVariance(xs), (my, vy) = meanVariance(ys)
        let cov = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / Double(xs.count)
        XCTAssertEqual(cov / (vx * vy).squareRoot(), 0, accuracy: 0.04)
    }

    func testNegativeSpeedReversesTheDirection() {
        var c = basic(rate: 60)
        c.emissionAngle = 0; c.particleSpeed = -10
        let e = ParticleEmitter(config: c, seed: 8)
        runFrames(e, seconds: 1)
        XCTAssertTrue(e.states.allSatisfy { $0.velocity.x == -10 && $0.position.x <= 0 })
    }

    // MARK: Closed-form update (§1.6)

    func testClosedFormKinematics() throws {
        var c = EmitterConfig()
        c.particleBirthRate = 1000; c.numParticlesToEmit = 1; c.particleLifetime = 10
        c.particlePosition = Vector2(3, 4)
        c.emissionAngle = 0.5; c.particleSpeed = 20
        c.xAcceleration = -2; c.yAcceleration = 6
        c.particleAlpha = 0.9; c.particleAlphaSpeed = -0.2
        c.particleScale = 0.5; c.particleScaleSpeed = 0.25
        c.particleRotation = 0.1; c.particleRotationSpeed = 3
        c.particleColorBlendFactor = 0.2; c.particleColorBlendFactorSpeed = 0.1
        c.particleColor = RGBA(0.1, 0.2, 0.3, 1)
        c.particleColorRedSpeed = 0.05; c.particleColorGreenSpeed = -0.05; c.particleColorBlueSpeed = 0.1; c.particleColorAlphaSpeed = -0.1
        let e = ParticleEmitter(config: c, seed: 9)
        for frame in 1...420 {
            e.advance(by: 1.0 / 60)
            guard frame % 35 == 0 else { continue }
            XCTAssertEqual(e.particleCount, 1)
            let p = e.state(at: 0), a = p.age
            XCTAssertEqual(a, Double(frame) / 60 - 0.001, accuracy: 1e-9)
            XCTAssertEqual(p.position.x, 3 + 20 * cos(0.5) * a - a * a, accuracy: 1e-9)
            XCTAssertEqual(p.position.y, 4 + 20 * sin(0.5) * a + 3 * a * a, accuracy: 1e-9)
            XCTAssertEqual(p.velocity.x, 20 * cos(0.5) - 2 * a, accuracy: 1e-9)
            XCTAssertEqual(p.velocity.y, 20 * sin(0.5) + 6 * a, accuracy: 1e-9)
            XCTAssertEqual(p.alpha, 0.9 - 0.2 * a, accuracy: 1e-12)     // unclamped: negative after 4.5 s
            XCTAssertEqual(p.scale, 0.5 + 0.25 * a, accuracy: 1e-12)
            XCTAssertEqual(p.rotation, 0.1 + 3 * a, accuracy: 1e-12)
            XCTAssertEqual(p.colorBlendFactor, 0.2 + 0.1 * a, accuracy: 1e-12)
            XCTAssertEqual(p.color.r, 0.1 + 0.05 * a, accuracy: 1e-12)
            XCTAssertEqual(p.color.g, 0.2 - 0.05 * a, accuracy: 1e-12)
            XCTAssertEqual(p.color.b, 0.3 + 0.1 * a, accuracy: 1e-12)
            XCTAssertEqual(p.color.a, 1 - 0.1 * a, accuracy: 1e-12)
        }
        XCTAssertLessThan(e.state(at: 0).alpha, 0, "values integrate unclamped")
    }

    func testSequencesOverrideStartRangeAndSpeed() throws {
        var c = basic(rate: 1000, lifetime: 2)
        c.numParticlesToEmit = 1
        c.particleSpeed = 999; c.particleSpeedRange = 50
        c.particleSpeedSequence = KeyframeSequence(keyframeValues: [100, 0], times: [0, 1])
        c.particleAlpha = 0.1; c.particleAlphaSpeed = 5
        c.particleAlphaSequence = KeyframeSequence(keyframeValues: [0, 1, 0], times: [0, 0.5, 1])
        c.particleScaleSequence = KeyframeSequence(keyframeValues: [2, 4], times: [0, 1])
        c.particleRotationSequence = KeyframeSequence(keyframeValues: [1], times: [0])
        c.particleColorBlendFactorSequence = KeyframeSequence(keyframeValues: [0.25], times: [0])
        c.particleColorSequence = KeyframeSequence(keyframeValues: [RGBA(1, 0, 0, 1), RGBA(0, 0, 1, 1)], times: [0, 1])
        let e = ParticleEmitter(config: c, seed: 10)
        runFrames(e, seconds: 0.5)
        let p = e.state(at: 0), a = p.age, u = a / 2
        XCTAssertEqual(p.velocity.x, 100 * (1 - u), accuracy: 1e-9)
        XCTAssertEqual(p.position.x, 2 * 100 * (u - u * u / 2), accuracy: 1e-9, "distance = L·∫ speed(u) du")
        XCTAssertEqual(p.alpha, 2 * u, accuracy: 1e-12)
        XCTAssertEqual(p.scale, 2 + 2 * u, accuracy: 1e-12)
        XCTAssertEqual(p.rotation, 1)
        XCTAssertEqual(p.colorBlendFactor, 0.25)
        XCTAssertEqual(p.color.r, 1 - u, accuracy: 1e-12)
        XCTAssertEqual(p.color.b, u, accuracy: 1e-12)
    }

    /// Evaluation-time properties act on live particles; birth-time ones only on new particles.
    func testLiveConfigChanges() {
        var c = basic(rate: 1000, lifetime: 10)
        c.numParticlesToEmit = 1
        c.particleAlphaSpeed = -0.1
        let e = ParticleEmitter(config: c, seed: 11)
        runFrames(e, seconds: 1)
        let before = e.state(at: 0)
        e.config.particleAlphaSpeed = -0.5
        e.config.yAcceleration = 4
        e.config.particleLifetime = 0.5
        e.config.particleAlpha = 0.2
        let after = e.state(at: 0)
        XCTAssertEqual(after.alpha, 1 - 0.5 * before.age, accuracy: 1e-12)
        XCTAssertEqual(after.position.y, 2 * before.age * before.age, accuracy: 1e-12)
        XCTAssertEqual(after.lifetime, 10)
        XCTAssertEqual(after.initialAlpha, 1)
        runFrames(e, seconds: 2)
        XCTAssertEqual(e.particleCount, 1, "the live particle keeps its lifetime of 10 s")
    }

    // MARK: Pause, reset, advanceSimulationTime

    func testPauseStopsAgingAndSpawning() {
        let e = ParticleEmitter(config: basic(rate: 10, lifetime: 4), seed: 12)
        runFrames(e, seconds: 2)
        let before = e.states
        e.isPaused = true
        runFrames(e, seconds: 5)
        XCTAssertEqual(e.states, before)
        XCTAssertEqual(e.totalEmitted, 20)
        e.isPaused = false
        runFrames(e, seconds: 1)
        XCTAssertEqual(e.totalEmitted, 30)
        XCTAssertEqual(e.state(at: 0).age, 3 - 0.1, accuracy: 1e-9)
    }

    func testResetRemovesEverythingAndRestartsTheAccumulator() {
        let e = ParticleEmitter(config: basic(rate: 10, lifetime: 4), seed: 13)
        runFrames(e, seconds: 2.55)
        XCTAssertEqual(e.particleCount, 25)
        e.resetSimulation()
        XCTAssertEqual(e.particleCount, 0)
        XCTAssertEqual(e.totalEmitted, 0)
        runFrames(e, seconds: 0.95)
        XCTAssertEqual(e.totalEmitted, 9, "the leftover half particle was dropped with the accumulator")
        var batch = ParticleBatch()
        e.writeQuads(into: &batch, transform: .identity, textureSize: Vector2(8, 8), nodeAlpha: 1)
        XCTAssertEqual(batch.quadCount, 9)
    }

    func testAdvanceSimulationTimeEqualsSixtyHertzStepping() {
        let c = pipeSmokeConfig()
        let a = ParticleEmitter(config: c, seed: 14), b = ParticleEmitter(config: c, seed: 14)
        a.advanceSimulationTime(3)
        runFrames(b, seconds: 3)
        XCTAssertEqual(a.particleCount, b.particleCount)
        XCTAssertEqual(a.totalEmitted, 30)
        for (x, y) in zip(a.states, b.states) {
            XCTAssertEqual(x.age, y.age, accuracy: 1e-9)
            XCTAssertEqual(x.position.x, y.position.x, accuracy: 1e-9)
            XCTAssertEqual(x.position.y, y.position.y, accuracy: 1e-9)
            XCTAssertEqual(x.rotation, y.rotation, accuracy: 1e-9)
        }
        // Also while paused (an explicit request), and in ≤ 1/60 s pieces for odd durations.
        a.isPaused = true
        a.advanceSimulationTime(0.05)
        XCTAssertEqual(a.simulationTime, 3.05, accuracy: 1e-9)
    }

    // MARK: Seeds

    func testDeterministicForASeedAndDifferentForAnother() {
        let c = pipeSmokeConfig()
        let a = ParticleEmitter(config: c, seed: 99), b = ParticleEmitter(config: c, seed: 99), d = ParticleEmitter(config: c, seed: 100)
        for e in [a, b, d] { runFrames(e, seconds: 3) }
        XCTAssertEqual(a.states, b.states)
        XCTAssertEqual(a.particleCount, d.particleCount)
        XCTAssertNotEqual(a.states.map(\.position), d.states.map(\.position))
    }

    // MARK: targetNode (§1.9)

    func testTargetSpaceParticlesStayBehindWhenTheEmitterMoves() {
        var c = basic(rate: 10, lifetime: 10)
        c.emissionAngle = .pi / 2; c.particleSpeed = 10
        let emitterSpace = ParticleEmitter(config: c, seed: 15)
        let targeted = ParticleEmitter(config: c, seed: 15)
        // Emitter node at scene (100, 50); the target is the scene itself.
        var node = Affine2.translation(100, 50)
        targeted.emitterToTarget = node
        for e in [emitterSpace, targeted] { runFrames(e, seconds: 1) }
        func canvas(_ e: ParticleEmitter, _ t: Affine2) -> [Double] {
            var b = ParticleBatch()
            e.writeQuads(into: &b, transform: t, textureSize: Vector2(2, 2), nodeAlpha: 1)
            return b.vertices.flatMap { [Double($0.x), Double($0.y)] }
        }
        let beforeE = canvas(emitterSpace, node), beforeT = canvas(targeted, .identity)
        XCTAssertEqual(beforeE.count, beforeT.count)
        for (x, y) in zip(beforeE, beforeT) { XCTAssertEqual(x, y, accuracy: 1e-3) }
        XCTAssertTrue(targeted.states.allSatisfy { $0.isInTargetSpace && abs($0.initialPosition.x - 100) < 1e-9 })

        // Move the emitter node.
        node = Affine2.translation(300, -20)
        targeted.emitterToTarget = node
        let afterE = canvas(emitterSpace, node), afterT = canvas(targeted, .identity)
        XCTAssertEqual(afterT, beforeT, "already emitted target-space particles stay where they were")
        for (i, (x, y)) in zip(afterE, beforeE).enumerated() {
            XCTAssertEqual(x - y, i % 2 == 0 ? 200 : -70, accuracy: 1e-3, "emitter-space particles move rigidly")
        }
        // New particles are born at the new place.
        runFrames(targeted, seconds: 0.5)
        let newest = targeted.state(at: targeted.particleCount - 1)
        XCTAssertEqual(newest.initialPosition.x, 300, accuracy: 1e-9)
        XCTAssertEqual(newest.initialPosition.y, -20, accuracy: 1e-9)
    }

    func testTargetHandOverRotatesAndScales() {
        var c = basic(rate: 60, lifetime: 10)
        c.numParticlesToEmit = 1
        c.emissionAngle = 0; c.particleSpeed = 10
        c.particleScale = 0.5; c.particleScaleSpeed = 0.1
        c.particleRotation = 0.25
        let e = ParticleEmitter(config: c, seed: 16)
        e.emitterToTarget = Affine2.node(position: Vector2(5, 6), rotation: .pi / 2, xScale: 2, yScale: 2)
        runFrames(e, seconds: 1)
        let p = e.state(at: 0)
        XCTAssertEqual(p.initialPosition.x, 5, accuracy: 1e-9); XCTAssertEqual(p.initialPosition.y, 6, accuracy: 1e-9)
        XCTAssertEqual(p.initialVelocity.x, 0, accuracy: 1e-9); XCTAssertEqual(p.initialVelocity.y, 20, accuracy: 1e-9)
        XCTAssertEqual(p.initialRotation, 0.25 + .pi / 2, accuracy: 1e-12)
        XCTAssertEqual(p.scale, 2 * (0.5 + 0.1 * p.age), accuracy: 1e-12)
    }

    // MARK: Storage

    func testVaryingLifetimesKeepOrderAndExactCounts() {
        var c = basic(rate: 300, lifetime: 1)
        c.particleLifetimeRange = 2   // 0…2 s: deaths out of birth order
        let lazy = ParticleEmitter(config: c, seed: 17), eager = ParticleEmitter(config: c, seed: 17)
        var previous: [ParticleState] = []
        for frame in 1...300 {
            lazy.advance(by: 1.0 / 60); eager.advance(by: 1.0 / 60)
            let now = eager.states
            let t = eager.simulationTime
            // Nobody lost, nobody resurrected; birth order kept.
            let survivors = previous.filter { $0.birthTime + $0.lifetime > t }.map(\.birthTime)
            let carried = Array(now.map(\.birthTime).prefix(survivors.count))
            XCTAssertEqual(carried, survivors, "frame \(frame)")
            XCTAssertTrue(zip(now, now.dropFirst()).allSatisfy { $0.birthTime < $1.birthTime })
            XCTAssertTrue(now.allSatisfy { $0.age < $0.lifetime })
            if frame % 37 == 0 {
                var b = ParticleBatch()
                lazy.writeQuads(into: &b, transform: .identity, textureSize: Vector2(1, 1), nodeAlpha: 1)
                XCTAssertEqual(b.quadCount, now.count, "drawing skips dead entries")
                XCTAssertEqual(lazy.particleCount, now.count)
            }
            previous = now
        }
        XCTAssertEqual(lazy.states, eager.states)
        XCTAssertEqual(Double(eager.particleCount), 300, accuracy: 60)
    }

    func testSteadyStateDoesNotGrowStorage() {
        var c = snowConfig(blustery: true)
        c.particleLifetime = 1   // 500 live: the storage slides down every couple of seconds
        let e = ParticleEmitter(config: c, seed: 18)
        var batch = ParticleBatch()
        runFrames(e, seconds: 2)
        e.writeQuads(into: &batch, transform: .identity, textureSize: Vector2(64, 64), nodeAlpha: 1)
        let capacity = e.capacity, vCap = batch.vertices.capacity, iCap = batch.indices.capacity
        for _ in 0..<900 {
            e.advance(by: 1.0 / 60)
            batch.removeAll()
            e.writeQuads(into: &batch, transform: .identity, textureSize: Vector2(64, 64), nodeAlpha: 1)
        }
        XCTAssertEqual(e.capacity, capacity)
        XCTAssertEqual(batch.vertices.capacity, vCap)
        XCTAssertEqual(batch.indices.capacity, iCap)
        XCTAssertLessThanOrEqual(capacity, 4 * 500 + 64)
        XCTAssertEqual(e.particleCount, 500, accuracy: 1)
    }

    /// The 100k-particle shape the engine is designed for (timing lives in the benchmarks, not here).
    func testHundredThousandParticles() {
        var c = basic(rate: 100_000, lifetime: 1)
        c.particleSpeed = 10; c.particleSpeedRange = 5; c.emissionAngleRange = 6.28
        c.particleRotationRange = 3
        let e = ParticleEmitter(config: c, seed: 19)
        runFrames(e, seconds: 1.5)
        XCTAssertEqual(e.particleCount, 100_000, accuracy: 2)
        var batch = ParticleBatch()
        e.writeQuads(into: &batch, transform: .identity, textureSize: Vector2(4, 4), nodeAlpha: 1)
        XCTAssertEqual(batch.quadCount, e.particleCount)
        XCTAssertEqual(batch.indices.count, 6 * e.particleCount)
        XCTAssertEqual(batch.indices.last, Int32(4 * e.particleCount - 1))
    }
}
