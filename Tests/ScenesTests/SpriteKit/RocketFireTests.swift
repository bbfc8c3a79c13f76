import Particles
import Player
import Stage
import XCTest

/// Spec 05 §4.4.
final class RocketFireTests: ParticleSceneTestCase {
    func testRocketPathAndAttachedFlame() throws {
        let h = try harness("rocket-fire")
        let layer = try layer(h, "fire-layer"), fire = try emitter(layer, "fire")
        for (t, y) in [(0.0, 844.0), (2, 569.7), (4, 295.4), (6, 21.1), (7.99, 844 - 1.3 * 844 * 7.99 / 8), (8, 844)] {
            h.advance(to: t)
            let rocket = try XCTUnwrap(h.node("rocket"))
            XCTAssertEqual(rocket.frame.midY, y, accuracy: 2, "rocket at t=\(t)")
            XCTAssertEqual(rocket.contentRect(imageSize: Size(300, 385)).width, 100, accuracy: 0.01)
            XCTAssertEqual(rocket.contentRect(imageSize: Size(300, 385)).height, 128.33, accuracy: 0.01)
            assertPoint(canvas(layer, fire), 195, y + 60, 1, "fire emitter at t=\(t)")
        }
        h.advance(to: 13)   // 5 s into the second climb
        XCTAssertEqual(Double(fire.emitter.particleCount), 1138, accuracy: 12)
        let emitterY = canvas(layer, fire).y
        for (s, p) in zip(fire.emitter.states, particleCanvasPositions(layer, fire)) {
            XCTAssertGreaterThanOrEqual(p.y, emitterY - 4, "the flame points down")
            XCTAssertLessThanOrEqual(abs(s.initialPosition.x), 2.5 + 1e-9)
        }
    }

    func testFlameMovesRigidlyWithTheRocket() throws {
        // Same seed and age: offsets from the emitter are identical whatever the rocket's height.
        let a = try harness("rocket-fire", seed: 3), b = try harness("rocket-fire", seed: 3)
        a.advance(to: 1)
        b.advance(to: 1)
        let la = try layer(a, "fire-layer"), lb = try layer(b, "fire-layer")
        lb.transforms = [.offset(0, -300), .rotation(degrees: 180)]   // as if the rocket stood elsewhere
        let fa = try emitter(la, "fire"), fb = try emitter(lb, "fire")
        let oa = particleCanvasPositions(la, fa).map { $0 - canvas(la, fa) }
        let ob = particleCanvasPositions(lb, fb).map { $0 - lb.canvasPoint(fromScene: fb.position) }
        XCTAssertEqual(oa.count, ob.count)
        for (p, q) in zip(oa, ob) { XCTAssertEqual(p.x, q.x, accuracy: 1e-6); XCTAssertEqual(p.y, q.y, accuracy: 1e-6) }
    }
}
