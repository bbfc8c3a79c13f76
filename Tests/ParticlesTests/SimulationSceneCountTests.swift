import XCTest
@testable import Particles

/// The particle parts of spec 05 §4's acceptance checks, on the simulation alone (fixed 1/60 s steps).
final class SimulationSceneCountTests: XCTestCase {
    /// Scene → canvas for a 400 × 600 `fill` layer over 390 × 844 centred at (55, 527) (pipe smoke, ref).
    let pipeLayer = Affine2(a: 390.0 / 400, b: 0, c: 0, d: -844.0 / 600, tx: 55 - 200 * 390.0 / 400, ty: 527 + 300 * 844.0 / 600)

    func testPipeSmoke() {
        let e = ParticleEmitter(config: pipeSmokeConfig(), seed: 2024)
        let node = Affine2.translation(200, 300)
        let toCanvas = pipeLayer.concatenating(node)
        XCTAssertEqual(toCanvas.apply(.zero).x, 55, accuracy: 1e-9)
        XCTAssertEqual(toCanvas.apply(.zero).y, 527, accuracy: 1e-9)
        var bornAt2 = 0
        var all: [ParticleState] = []
        for frame in 1...720 {
            e.advance(by: 1.0 / 60)
            if frame == 120 { bornAt2 = e.totalEmitted }
            if frame % 15 == 0 {
                let s = e.states
                all += s
                // §4.2 check 5: the smoke never falls below the bowl.
                for p in s { XCTAssertLessThanOrEqual(toCanvas.apply(p.position).y, 527 + 4) }
            }
        }
        // Check 2.
        XCTAssertEqual(e.particleCount, 40, accuracy: 1)
        XCTAssertTrue(e.states.allSatisfy { $0.age < 4.0 })
        XCTAssertEqual(e.totalEmitted - bornAt2, 100, accuracy: 2)
        // Check 3.
        for p in all {
            XCTAssertLessThanOrEqual(abs(p.initialPosition.x), 2 + 1e-12)
            XCTAssertLessThanOrEqual(abs(p.initialPosition.y), 2.5 + 1e-12)
            XCTAssertTrue((79.3...99.5).contains(degrees(p.initialDirection)), "\(degrees(p.initialDirection))")
            XCTAssertTrue((2.0...30.0).contains(p.initialSpeed), "\(p.initialSpeed)")
            // Check 4.
            XCTAssertTrue((-0.015...0.035).contains(p.initialScale))
            XCTAssertEqual(p.scale, p.initialScale + 0.5 * p.age, accuracy: 1e-12)
            XCTAssertTrue((0.25...0.55).contains(p.initialAlpha))
            XCTAssertEqual(p.alpha, p.initialAlpha - 0.15 * p.age, accuracy: 1e-12)
        }
        // Mean canvas y decreases with age (the smoke rises).
        let s = e.states
        func meanY(_ r: Range<Double>) -> Double {
            let ys = s.filter { r.contains($0.age) }.map { toCanvas.apply($0.position).y }
            return ys.reduce(0, +) / Double(ys.count)
        }
        XCTAssertGreaterThan(meanY(0..<1), meanY(1..<2))
        XCTAssertGreaterThan(meanY(1..<2), meanY(2..<3))
        XCTAssertGreaterThan(meanY(2..<3), meanY(3..<4))
    }

    func testCoffeeSteam() {
        let e = ParticleEmitter(config: coffeeSteamConfig(), seed: 7)
        runFrames(e, seconds: 20)
        XCTAssertEqual(e.particleCount, 304, accuracy: 3)
        for p in e.states {
            XCTAssertEqual(p.lifetime, 8)
            XCTAssertLessThanOrEqual(abs(p.initialPosition.x), 20)
            XCTAssertTrue((20.0...60.0).contains(p.initialSpeed))
            let u = p.age / 8
            let expected = coffeeRamp.sample(at: u)!
            XCTAssertEqual(p.color, expected)
            if u >= 0.7437 { XCTAssertEqual(p.color, coffeeRamp.keyframeValues[1]) }
            XCTAssertEqual(p.colorBlendFactor, 2 + 4 * p.age, accuracy: 1e-12)
        }
    }

    func testRocketFire() {
        let e = ParticleEmitter(config: fireConfig(), seed: 3)
        runFrames(e, seconds: 5)
        XCTAssertEqual(e.particleCount, 1138, accuracy: 12)
        XCTAssertTrue(e.states.allSatisfy { abs($0.initialPosition.x) <= 2.5 && $0.initialPosition.y == 0 })
        XCTAssertTrue(e.states.allSatisfy { (75.0...125.0).contains($0.initialSpeed) })
    }

    func testBlizzardCounts() {
        let snow = ParticleEmitter(config: snowConfig(blustery: false), seed: 11)
        let blustery = ParticleEmitter(config: snowConfig(blustery: true), seed: 12)
        runFrames(snow, seconds: 12)
        runFrames(blustery, seconds: 12)
        XCTAssertEqual(snow.particleCount, 20_000, accuracy: 100)
        XCTAssertEqual(blustery.particleCount, 5_000, accuracy: 50)

        // Check 4: spawn area in scene space (emitter at (250, 400)), directions (the spec rounds to 0.01°) and speeds.
        func direction(_ p: ParticleState) -> Double { let d = degrees(p.initialDirection); return d < 0 ? d + 360 : d }
        for (e, dirs, speeds) in [(snow, 244.85...264.87, 10.0...510.0), (blustery, 287.49...312.51, 100.0...500.0)] {
            for p in e.states {
                let x = p.initialPosition.x + 250, y = p.initialPosition.y + 400
                XCTAssertTrue((0.0...500.0).contains(x) && (-50.0...850.0).contains(y))
                XCTAssertTrue(dirs.contains(direction(p)), "\(direction(p))")
                XCTAssertTrue(speeds.contains(p.initialSpeed))
                XCTAssertEqual(p.color, RGBA(0.9689, 0.9699, 1.0, 1))
            }
        }
        // Check 5: wind. Per particle exactly, and the least-squares slope of vx, vy against age.
        let s = blustery.states
        for p in s.prefix(500) {
            XCTAssertEqual(p.velocity.x - p.initialVelocity.x, 45 * p.age, accuracy: 1e-9)
            XCTAssertEqual(p.velocity.y - p.initialVelocity.y, 20 * p.age, accuracy: 1e-9)
        }
        func slope(_ v: (ParticleState) -> Double) -> Double {
            let (ma, va) = meanVariance(s.map(\.age)), mv = s.map(v).reduce(0, +) / Double(s.count)
            return s.reduce(0) { $0 + ($1.age - ma) * (v($1) - mv) } / Double(s.count) / va
        }
        XCTAssertEqual(slope { $0.velocity.x }, 45, accuracy: 1)
        XCTAssertEqual(slope { $0.velocity.y }, 20, accuracy: 1)
    }

    func testRainCount() {
        var c = snowConfig(blustery: false)
        c.particleBirthRate = 150
        c.particlePositionRange = Vector2(500, 1100)
        c.emissionAngle = 4.71925; c.emissionAngleRange = 0.0300022
        c.particleSpeed = 340; c.particleSpeedRange = 150
        c.yAcceleration = -150
        let e = ParticleEmitter(config: c, seed: 5)
        runFrames(e, seconds: 12)
        XCTAssertEqual(e.particleCount, 1500, accuracy: 15)
        XCTAssertTrue(e.states.allSatisfy { (269.5...271.3).contains(degrees($0.initialDirection) + 360) })
    }
}
