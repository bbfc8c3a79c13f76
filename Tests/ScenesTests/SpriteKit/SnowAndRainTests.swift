import Particles
import Player
@testable import Scenes
import Stage
import XCTest

/// Spec 05 §4.5 and §4.6.
@MainActor
final class SnowAndRainTests: ParticleSceneTestCase {
    func testBlizzard() async throws {
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
        // Check 3.
        XCTAssertEqual(Double(snow.emitter.particleCount), 20_000, accuracy: 100)
        XCTAssertEqual(Double(blustery.emitter.particleCount), 5_000, accuracy: 50)
        // Check 4: spawn area, directions and speeds; check 6: colour #F7F7FF.
        for (e, directions, speeds) in [(snow, 244.85...264.87, 10.0...510), (blustery, 287.5...312.5, 100...500)] {
            let name = e.name ?? "?"
            for s in e.emitter.states.prefix(2000) {
                let start = e.transform.apply(s.initialPosition)
                XCTAssertTrue((0...500).contains(start.x) && (-50...850).contains(start.y), "\(name) spawn \(start)")
                XCTAssertTrue(directions.contains(degrees(s.initialDirection)), "\(name) direction \(degrees(s.initialDirection))")
                XCTAssertTrue(speeds.contains(s.initialSpeed), "\(name) speed \(s.initialSpeed)")
                XCTAssertEqual(hex(s.color), "#F7F7FF", name)
            }
            XCTAssertEqual(e.config.particleBlendMode, .alpha, name)
        }
        // Check 5, particle by particle: velocity grows by (45, 20) pt/s per second of age.
        for s in blustery.emitter.states.prefix(500) {
            let v0 = Vector2(s.initialSpeed * cos(s.initialDirection), s.initialSpeed * sin(s.initialDirection))
            XCTAssertEqual(s.velocity.x - v0.x, 45 * s.age, accuracy: 1e-6)
            XCTAssertEqual(s.velocity.y - v0.y, 20 * s.age, accuracy: 1e-6)
        }
    }

    func hex(_ c: RGBA) -> String {
        String(format: "#%02X%02X%02X", Int((c.r * 255).rounded()), Int((c.g * 255).rounded()), Int((c.b * 255).rounded()))
    }

    // MARK: Branches (checks 1 and 2)

    func easeInOut(_ x: Double) -> Double { SpecCurve.easeInOut(x) }

    /// The x at which easeInOut reaches y.
    func inverseEaseInOut(_ y: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 { let mid = (lo + hi) / 2; if easeInOut(mid) < y { lo = mid } else { hi = mid } }
        return (lo + hi) / 2
    }

    /// The autoreversing leg: 0 → 1 over [0, 1], back over [1, 2], and so on.
    func tri(_ x: Double) -> Double {
        let m = x.truncatingRemainder(dividingBy: 2)
        return m <= 1 ? m : 2 - m
    }

    /// Each branch sways as rotation = θmax·e(t), centre = anchor + p·e(t), e(t) = easeInOut(tri(t/d)), with θmax, p and
    /// d drawn from its group's ranges (§2.4). θmax and p are read from the scene; d is measured from the angle at
    /// t = 1 s (inside the first leg, as d ≥ 2); then every branch is checked against the formula every 0.1 s for 12 s,
    /// two full periods of the slowest.
    func testBranchesSwayAsSpecified() async throws {
        let h = try harness("snow-blizzard")
        try layer(h, "snow-layer").isHidden = true   // the snow is not read here; skipping its drawing keeps this fast
        let scene = try XCTUnwrap(h.scene as? SnowBlizzardScene)
        // Per group (spec table): anchor offset from C, θmax range (sum of the three draws), pyMax, d range.
        let groups: [(anchor: Point, angle: ClosedRange<Double>, pyMax: Double, d: ClosedRange<Double>)] = [
            (Point(-50, -150), 5...10, 5, 3...5), (Point(-130, -306), 6...13, 14, 2...6), (Point(-170, -150), 6...13, 8, 4...6),
            (Point(-150, 10), 6...11, 12, 4...6), (Point(-30, -50), 0...6, 12, 3...6),
        ]
        func rotation(_ b: Node) -> Double? {
            guard case let .rotation(degrees, _)? = b.transforms.first else { return nil }
            return degrees
        }
        XCTAssertEqual(scene.branches.count, 47)
        for b in scene.branches {
            let g = groups[b.group - 1], name = b.node.name ?? "?"
            XCTAssertTrue(g.angle.contains(b.maxAngle), "\(name) θmax \(b.maxAngle)")
            XCTAssertTrue((0...10).contains(b.jitter.x) && (0...g.pyMax).contains(b.jitter.y), "\(name) jitter \(b.jitter)")
            // At rest at t = 0.
            XCTAssertEqual(rotation(b.node) ?? -1, 0, accuracy: 1e-9, name)
            assertPoint(b.node.frame.center, C.x + g.anchor.x, C.y + g.anchor.y, 1, name)
        }

        h.advance(to: 1)
        var halfPeriod: [String: Double] = [:]
        for b in scene.branches {
            let name = b.node.name ?? "?", e = (rotation(b.node) ?? 0) / b.maxAngle
            let d = 1 / inverseEaseInOut(e)
            XCTAssertTrue(groups[b.group - 1].d.contains(d), "\(name) half-period \(d)")
            halfPeriod[name] = d
        }
        var worstAngle = 0.0, worstCentre = 0.0, peaks = Set<String>()
        for step in 11...120 {
            h.advance(to: Double(step) / 10)
            let t = h.time
            for b in scene.branches {
                let name = b.node.name ?? "?", g = groups[b.group - 1]
                let e = easeInOut(tri(t / halfPeriod[name]!))
                let angle = try XCTUnwrap(rotation(b.node), name)
                XCTAssertGreaterThanOrEqual(angle, 0, "\(name) sways clockwise only")
                XCTAssertLessThanOrEqual(angle, g.angle.upperBound + 1e-9, name)
                worstAngle = max(worstAngle, abs(angle - b.maxAngle * e))
                let centre = b.node.frame.center
                worstCentre = max(worstCentre, abs(centre.x - (C.x + g.anchor.x + b.jitter.x * e)),
                                  abs(centre.y - (C.y + g.anchor.y + b.jitter.y * e)))
                if e > 0.99 { peaks.insert(name) }
            }
        }
        XCTAssertLessThan(worstAngle, 1e-6, "largest angle error, degrees")
        XCTAssertLessThan(worstCentre, 1e-6, "largest centre error, points")
        XCTAssertEqual(peaks.count, 47, "every branch reached its full swing at some sample")
    }

    // MARK: Rain

    func testRain() async throws {
        let h = try harness("rainy-street")
        let a = try layer(h, "rain-a"), b = try layer(h, "rain-b")
        let ra = try emitter(a, "rain"), rb = try emitter(b, "rain")
        XCTAssertEqual(ra.xScale, 0.5); XCTAssertEqual(rb.xScale, 0.5)
        h.advance(to: 12)
        for (layer, e) in [(a, ra), (b, rb)] {
            // Checks 1 and 2.
            XCTAssertEqual(Double(e.emitter.particleCount), 1500, accuracy: 15)
            for s in e.emitter.states.prefix(500) {
                let spawn = layer.canvasPoint(fromScene: e.transform.apply(s.initialPosition))
                XCTAssertTrue((73.1...316.9).contains(spawn.x), "spawn x \(spawn.x)")
                XCTAssertTrue((269.5...271.3).contains(degrees(s.initialDirection)))
                XCTAssertTrue((265...415).contains(s.initialSpeed))
                XCTAssertEqual(hex(s.color), "#B3BAFD")
            }
        }
        XCTAssertNotEqual(ra.emitter.states.prefix(10).map(\.initialPosition), rb.emitter.states.prefix(10).map(\.initialPosition),
                          "the two layers draw independently")
        // Check 3, on what is drawn: every drop quad (spark texture, alpha blend, tinted #B3BAFD) is
        // ky / (0.5·kx) = 2.886 times as tall as it is wide, ± 1 %.
        let draws = h.particleDraws
        XCTAssertEqual(draws.count, 2)
        var quads = 0, worst = 0.0
        for draw in draws {
            XCTAssertEqual(draw.blend, .alpha)
            XCTAssertEqual(draw.texture, .image("spark"))
            let p = draw.positions
            for q in stride(from: 0, to: p.count, by: 4) {
                let width = hypot(p[q + 1].x - p[q].x, p[q + 1].y - p[q].y), height = hypot(p[q + 3].x - p[q].x, p[q + 3].y - p[q].y)
                worst = max(worst, abs(height / width / 2.886 - 1))
                quads += 1
            }
            XCTAssertTrue(draw.vertices.allSatisfy { ($0.r, $0.g, $0.b) == (0xB3, 0xBA, 0xFD) }, "drops tinted #B3BAFD")
        }
        XCTAssertGreaterThan(quads, 2 * 1400, "(nearly) every live drop is drawn")
        XCTAssertLessThan(worst, 0.01, "largest deviation of height / width from 2.886")
        // Check 4: 150 splashes in their band; check 6: the puddle.
        let drops = (0..<150).compactMap { h.node("drop-\($0)") }
        XCTAssertEqual(drops.count, 150)
        for d in drops {
            XCTAssertTrue((C.x - 290...C.x + 390 - 140).contains(d.frame.midX))
            XCTAssertTrue((C.y + 844 / 5...C.y + 844).contains(d.frame.midY))
        }
        XCTAssertEqual(h.node("puddle-group")!.frame.center, Point(145, 722))
    }
    // The puddle's breathing (check 6) is read from its probe in DrawOrderTests.
}
