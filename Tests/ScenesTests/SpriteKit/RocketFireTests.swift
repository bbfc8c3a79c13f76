import Motion
import Particles
import Player
@testable import Scenes
import Stage
import XCTest
import ZoetropeHarness

/// Spec 05 §4.4.
@MainActor
final class RocketFireTests: ParticleSceneTestCase {
    func testRocketPathAndAttachedFlame() async throws {
        let h = try harness("rocket-fire")
        let layer = try layer(h, "fire-layer"), fire = try emitter(layer, "fire")
        // Check 1: y = 844 − 1.3·844·frac(t/8); at 8 s − 0.01 that is 844 − 1097.2·0.99875 = −251.8.
        for (t, y) in [(0.0, 844.0), (2, 569.7), (4, 295.4), (6, 21.1), (7.99, -251.8), (8, 844)] {
            h.advance(to: t)
            let rocket = try XCTUnwrap(h.node("rocket"))
            XCTAssertEqual(rocket.frame.midX, 195, accuracy: 2, "rocket at t=\(t)")
            XCTAssertEqual(rocket.frame.midY, y, accuracy: 2, "rocket at t=\(t)")
            XCTAssertEqual(rocket.contentRect(imageSize: Size(300, 385)).width, 100, accuracy: 0.01)
            XCTAssertEqual(rocket.contentRect(imageSize: Size(300, 385)).height, 128.33, accuracy: 0.01)
            // Check 2.
            assertPoint(canvas(layer, fire), 195, y + 60, 1, "fire emitter at t=\(t)")
        }
        h.advance(to: 13)   // 5 s into the second climb
        // Check 5.
        XCTAssertEqual(Double(fire.emitter.particleCount), 1138, accuracy: 12)
        let emitterY = canvas(layer, fire).y
        for (s, p) in zip(fire.emitter.states, particleCanvasPositions(layer, fire)) {
            XCTAssertGreaterThanOrEqual(p.y, emitterY - 4, "the flame points down")
            XCTAssertLessThanOrEqual(abs(s.initialPosition.x), 2.5 + 1e-9)
        }
    }

    /// Check 3: the same scene, seed and frames, once as the player runs it (the layer rises with the rocket and
    /// jumps back at 8 s) and once with the layer left where it was at t = 0. Every particle's canvas offset from the
    /// emitter must be the same in both, particle for particle, including those born before the jump.
    func testFlameMovesRigidlyWithTheRocket() async throws {
        let seed: UInt64 = 3
        let h = try harness("rocket-fire", seed: seed)
        let moving = try layer(h, "fire-layer"), movingFire = try emitter(moving, "fire")

        let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        let still = RocketFireScene(context: SceneContext(clock: Clock(), sound: SilentSoundPlayer(), seed: seed, assets: assets))
        still.layout(size: Size(390, 844), time: 0)   // placed once: the rocket stands at the bottom edge
        let stillEmitter = still.fireLayer.canvasPoint(fromScene: still.fire.position)
        assertPoint(stillEmitter, 195, 904, 1, "standing emitter")

        func offsets(_ layer: ParticleLayer, _ e: EmitterNode) -> [Point] {
            let origin = canvas(layer, e)
            return particleCanvasPositions(layer, e).map { Point($0.x - origin.x, $0.y - origin.y) }
        }
        var compared = 0
        for frame in 1...(9 * 60) {
            h.advance(to: h.time + Harness.step)
            still.fireLayer.update(to: h.session.sceneTime)
            guard [60, 300, 479, 481, 510].contains(frame) else { continue }
            let t = h.time
            // The two emitters really stand at different heights (except at the start of each climb).
            let risen = 1.3 * 844 * (t / 8 - (t / 8).rounded(.down))
            assertPoint(canvas(moving, movingFire), 195, 904 - risen, 1, "moving emitter at t=\(t)")
            XCTAssertEqual(movingFire.emitter.states.map(\.age), still.fire.emitter.states.map(\.age), "same particles at t=\(t)")
            let a = offsets(moving, movingFire), b = offsets(still.fireLayer, still.fire)
            XCTAssertEqual(a.count, b.count, "t=\(t)")
            XCTAssertGreaterThan(a.count, 400, "t=\(t)")
            let worst = zip(a, b).map { max(abs($0.x - $1.x), abs($0.y - $1.y)) }.max() ?? .infinity
            XCTAssertLessThan(worst, 1e-6, "largest offset difference at t=\(t)")
            compared += 1
        }
        XCTAssertEqual(compared, 5)
    }

    /// Check 6: the flame is added to what lies beneath (it never darkens a pixel) and its core is bright.
    func testAddBlendNeverDarkensAndTheCoreIsBright() async throws {
        let h = try harness("rocket-fire", render: true)
        h.advance(to: 2)
        let (with, without) = try captures(h, hiding: [try layer(h, "fire-layer")])
        XCTAssertEqual(darkened(with, without).prefix(5), [], "pixels darkened by the flame")
        let flame = changed(with, without, at: Array(0..<with.width * with.height))
        XCTAssertGreaterThan(flame.count, 300, "the flame shows")
        XCTAssertGreaterThanOrEqual(flame.map { Int(with.pixels[4 * $0]) }.max() ?? 0, 240)
    }

    /// Check 4: the flame is drawn behind the rocket: where the rocket image is opaque (found with the fire off),
    /// the pixels equal those of a capture with the fire layer hidden.
    func testCheck4TheFlameIsBehindTheRocket() async throws {
        let h = try harness("rocket-fire", render: true)
        h.advance(to: 2)
        let fire = try layer(h, "fire-layer"), rocket = try XCTUnwrap(h.node("rocket"))
        fire.isHidden = true
        let body = try opaquePixels(of: rocket, over: [try XCTUnwrap(h.node("background"))], in: h)
        fire.isHidden = false
        // Drawn 100 × 128.33 (check 1): most of that is opaque.
        XCTAssertGreaterThan(body.count, 5000, "the rocket's opaque pixels were found")
        let (with, without) = try captures(h, hiding: [fire])
        // The flame reaches the rocket's nozzle (the emitter is 60 pt below the centre, inside the drawn box).
        let box = Set(body.map { ($0 % with.width) }), nearby = changed(with, without, at: Array(0..<with.width * with.height))
        XCTAssertTrue(nearby.contains { box.contains($0 % with.width) }, "the flame is drawn in the rocket's columns")
        XCTAssertEqual(changed(with, without, at: body).prefix(5), [], "flame over opaque rocket pixels")
    }
}
