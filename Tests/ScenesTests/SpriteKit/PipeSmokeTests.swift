import Particles
import Player
import Stage
import XCTest

/// Spec 05 §4.2.
@MainActor
final class PipeSmokeTests: ParticleSceneTestCase {
    func testPlacementCountsAndSampling() async throws {
        let h = try harness("pipe-smoke")
        let layer = try layer(h, "smoke-layer"), smoke = try emitter(layer, "smoke")
        XCTAssertEqual(h.node("pipe")?.frame, Rect(center: C, size: Size(350, 350)))
        assertPoint(canvas(layer, smoke), 55, 527, 1, "emitter")
        XCTAssertEqual(smoke.config.particleBlendMode, .screen)
        h.advance(to: 2)
        let bornBy2 = smoke.emitter.totalEmitted
        h.advance(to: 12)
        XCTAssertEqual(Double(smoke.emitter.particleCount), 40, accuracy: 1)
        XCTAssertEqual(Double(smoke.emitter.totalEmitted - bornBy2), 100, accuracy: 2)
        let emitterY = canvas(layer, smoke).y
        for s in smoke.emitter.states {
            XCTAssertLessThan(s.age, 4.0)
            XCTAssertLessThanOrEqual(abs(s.initialPosition.x), 2 + 1e-9)
            XCTAssertLessThanOrEqual(abs(s.initialPosition.y), 2.5 + 1e-9)
            XCTAssertTrue((79.3...99.5).contains(degrees(s.initialDirection)), "direction \(degrees(s.initialDirection))")
            XCTAssertTrue((2...30).contains(s.initialSpeed), "speed \(s.initialSpeed)")
            XCTAssertTrue((-0.015...0.035).contains(s.initialScale))
            XCTAssertEqual(s.scale, s.initialScale + 0.5 * s.age, accuracy: 1e-9)
            XCTAssertTrue((0.25...0.55).contains(s.initialAlpha))
            XCTAssertEqual(s.alpha, s.initialAlpha - 0.15 * s.age, accuracy: 1e-9)
        }
        let ys = particleCanvasPositions(layer, smoke).map(\.y)
        XCTAssertTrue(ys.allSatisfy { $0 <= emitterY + 4 }, "the smoke never falls below the bowl")
        // Mean canvas y decreases with age: older half sits higher.
        let states = smoke.emitter.states, positions = particleCanvasPositions(layer, smoke)
        let old = zip(states, positions).filter { $0.0.age > 2 }.map(\.1.y), young = zip(states, positions).filter { $0.0.age <= 2 }.map(\.1.y)
        XCTAssertLessThan(old.reduce(0, +) / Double(old.count), young.reduce(0, +) / Double(young.count))
    }

    func testScreenSmokeNeverDarkensAndIsClippedToTheLayer() async throws {
        let h = try harness("pipe-smoke", render: true)
        h.advance(to: 6)
        let (with, without) = try captures(h, hiding: [try layer(h, "smoke-layer")])
        XCTAssertEqual(darkened(with, without, tolerance: 1).prefix(5), [], "pixels darkened by the smoke")
        var brighter = 0
        for i in stride(from: 0, to: with.pixels.count, by: 4) {
            let y = (i / 4) / with.width
            if y < 105 { XCTAssertEqual(with.pixels[i], without.pixels[i], "no smoke above the layer's top edge") }
            if Int(with.pixels[i]) - Int(without.pixels[i]) >= 2 { brighter += 1 }
        }
        XCTAssertGreaterThan(brighter, 0, "some pixel above the bowl is brighter")
    }
}
