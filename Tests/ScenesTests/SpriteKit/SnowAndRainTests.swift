import Particles
import Player
@testable import Scenes
import Stage
import XCTest

/// Spec 05 §4.5 and §4.6.
final class SnowAndRainTests: ParticleSceneTestCase {
    func testBlizzard() throws {
        let h = try harness("snow-blizzard")
        let branches = (1...5).flatMap { g in (0..<20).compactMap { h.node("branch-\(g)-\($0)") } }
        XCTAssertEqual(branches.count, 47)
        XCTAssertEqual(branches.filter { $0.frame.width == 200 }.count, 40)
        XCTAssertEqual(branches.filter { $0.frame.width == 180 }.count, 7)
        XCTAssertEqual(h.node("branch-1-0")!.frame.center, Point(145, 272))
        let layer = try layer(h, "snow-layer")
        let snow = try emitter(layer, "snow"), blustery = try emitter(layer, "blustery")
        XCTAssertEqual(layer.nodes.map(\.name), ["snow", "blustery"], "snow below blustery")
        h.advance(to: 12)
        XCTAssertEqual(Double(snow.emitter.particleCount), 20_000, accuracy: 100)
        XCTAssertEqual(Double(blustery.emitter.particleCount), 5_000, accuracy: 50)
        for s in snow.emitter.states.prefix(2000) {
            let start = snow.transform.apply(s.initialPosition)
            XCTAssertTrue((0...500).contains(start.x) && (-50...850).contains(start.y))
            XCTAssertTrue((244.85...264.87).contains(degrees(s.initialDirection)))
            XCTAssertTrue((10...510).contains(s.initialSpeed))
        }
        // Wind: velocity grows by (45, 20) pt/s per second of age.
        for s in blustery.emitter.states.prefix(500) {
            let v0 = Vector2(s.initialSpeed * cos(s.initialDirection), s.initialSpeed * sin(s.initialDirection))
            XCTAssertEqual(s.velocity.x - v0.x, 45 * s.age, accuracy: 1e-6)
            XCTAssertEqual(s.velocity.y - v0.y, 20 * s.age, accuracy: 1e-6)
        }
    }

    func testBranchesSwayClockwiseWithinTheirAmplitude() throws {
        let h = try harness("snow-blizzard")
        var maxAngle = 0.0
        for _ in 0..<120 {
            h.advance(by: 0.1)
            for g in 1...5 {
                for i in 0..<15 {
                    guard let b = h.node("branch-\(g)-\(i)"), case let .rotation(deg, _)? = b.transforms.first else { continue }
                    XCTAssertGreaterThanOrEqual(deg, 0)
                    XCTAssertLessThanOrEqual(deg, [10.0, 13, 13, 11, 6][g - 1] + 1e-9)
                    maxAngle = max(maxAngle, deg)
                }
            }
        }
        XCTAssertGreaterThan(maxAngle, 4)
    }

    func testRain() throws {
        let h = try harness("rainy-street")
        let a = try layer(h, "rain-a"), b = try layer(h, "rain-b")
        let ra = try emitter(a, "rain"), rb = try emitter(b, "rain")
        XCTAssertEqual(ra.xScale, 0.5); XCTAssertEqual(rb.xScale, 0.5)
        h.advance(to: 12)
        for (layer, e) in [(a, ra), (b, rb)] {
            XCTAssertEqual(Double(e.emitter.particleCount), 1500, accuracy: 15)
            for s in e.emitter.states.prefix(500) {
                let spawn = layer.canvasPoint(fromScene: e.transform.apply(s.initialPosition))
                XCTAssertTrue((73.1...316.9).contains(spawn.x), "spawn x \(spawn.x)")
                XCTAssertTrue((269.5...271.3).contains(degrees(s.initialDirection)))
                XCTAssertTrue((265...415).contains(s.initialSpeed))
            }
        }
        // Drops are drawn ky / (0.5·kx) = 2.886 times taller than wide.
        let kx = 390.0 / 400, ky = 844.0 / 600
        XCTAssertEqual(ky / (0.5 * kx), 2.886, accuracy: 0.01)
        let draws = h.particleDraws
        let quad = Array(draws[0].positions.prefix(4))
        let width = hypot(quad[1].x - quad[0].x, quad[1].y - quad[0].y), height = hypot(quad[3].x - quad[0].x, quad[3].y - quad[0].y)
        XCTAssertEqual(height / width, 2.886, accuracy: 0.03)
        // 150 splashes in their band, and the puddle.
        let drops = (0..<150).compactMap { h.node("drop-\($0)") }
        XCTAssertEqual(drops.count, 150)
        for d in drops {
            XCTAssertTrue((C.x - 290...C.x + 390 - 140).contains(d.frame.midX))
            XCTAssertTrue((C.y + 844 / 5...C.y + 844).contains(d.frame.midY))
        }
        XCTAssertEqual(h.node("puddle-group")!.frame.center, Point(145, 722))
    }

    func testPuddleBreathing() {
        XCTAssertEqual(RainyStreetScene.breath(0.55, at: 0), 0.5, accuracy: 1e-12)
        XCTAssertEqual(RainyStreetScene.breath(0.55, at: 8), 0.55, accuracy: 1e-12)
        XCTAssertEqual(RainyStreetScene.breath(0.55, at: 16), 0.5, accuracy: 1e-12)
        XCTAssertEqual(RainyStreetScene.breath(0.55, at: 4), 0.525, accuracy: 0.005)
    }
}
