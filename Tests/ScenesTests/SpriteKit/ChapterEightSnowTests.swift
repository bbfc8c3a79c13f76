import Particles
import Player
import Stage
import XCTest
import ZoetropeHarness

/// Spec 03 §1.1.7 check 8 and §1.2, on the fixed 393×852 canvas.
@MainActor
final class ChapterEightSnowTests: ParticleSceneTestCase {
    func testFlakesFlyStraightFromAboveAndStayInsideL() async throws {
        let h = try Harness(scene: "ch08-snow", size: Size(393, 852), seed: 5)
        let host = try layer(h, "snow-host"), snow = try emitter(host, "snow")
        assertPoint(canvas(host, snow), 200, -41, 1e-9, "emission point")
        // No flake can reach L (y ≥ 59) before 1.55 s: 93.3 pt of fall at 60 pt/s, counted to its nearest edge.
        h.advance(to: 1.5)
        for p in particleCanvasPositions(host, snow) { XCTAssertLessThan(p.y + 13.43 / 2, 59 + 1e-6) }
        h.advance(to: 30)
        XCTAssertEqual(Double(snow.emitter.particleCount), 1000, accuracy: 1)
        for (s, p) in zip(snow.emitter.states, particleCanvasPositions(host, snow)) {
            XCTAssertEqual(hypot(s.velocity.x, s.velocity.y), 60, accuracy: 1e-9)
            XCTAssertEqual(hypot(p.x - 200, p.y + 41), 60 * s.age, accuracy: 1e-6)
            XCTAssertEqual(s.rotation, 0)
        }
        // Every flake batch is clipped to L; quads are upright 12.55 × 13.43.
        let draw = try XCTUnwrap(h.particleDraws.first)
        XCTAssertEqual(draw.clip, Rect(x: 0, y: 59, width: 393, height: 759))
        let q = Array(draw.positions.prefix(4))
        XCTAssertEqual(abs(q[1].x - q[0].x), 12.55, accuracy: 0.01)
        XCTAssertEqual(abs(q[3].y - q[0].y), 13.425, accuracy: 0.01)
    }

    func testPixelsOutsideFlakesAreBlack() async throws {
        let h = try Harness(scene: "ch08-snow", size: Size(393, 852), seed: 5, render: true)
        h.advance(to: 20)
        let fb = try XCTUnwrap(h.capture())
        XCTAssertEqual(fb.pixel(20, 20).r, 0, "outside L nothing is drawn")
        // A 502-pixel flake drawn 12.5 pt wide shows its average (thin white lines: a light grey star).
        var lit = 0
        for i in stride(from: 0, to: fb.pixels.count, by: 4) where fb.pixels[i] > 100 { lit += 1 }
        XCTAssertGreaterThan(lit, 500, "flakes are visible inside L")
        for x in stride(from: 0, to: 393, by: 7) { XCTAssertEqual(fb.pixel(x, 40).r, 0, "above L stays black") }
    }
}
