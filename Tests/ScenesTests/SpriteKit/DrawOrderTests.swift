import Particles
import Player
import Stage
import XCTest
import ZoetropeHarness
import ZoetropeTestSupport

/// Spec 05 §4.5 check 6, §4.6 checks 4–6 and §4.7 checks 1 and 5: what is drawn over what, read from the order
/// of the recorded frame's batches and particle draws; the splashes' and the puddle's scales from their probes.
@MainActor
final class DrawOrderTests: ParticleSceneTestCase {
    /// Positions in the frame's draw order of the batches drawn with `image`.
    private func positions(_ h: Harness, image: String) -> [Int] {
        h.batches.indices.filter { h.batches[$0].texture == .image(image) }.compactMap { h.drawOrder.firstIndex(of: .batch($0)) }
    }

    private func positions(_ h: Harness, particles: Int) -> Int? { h.drawOrder.firstIndex(of: .particles(particles)) }

    /// §4.5 check 6: background < branches (G1…G5, in order) < snow layer, `snow` below `blustery`; every particle
    /// drawn in Alpha mode in #F7F7FF.
    func testSnowCheck6LayerOrder() async throws {
        let h = try harness("snow-blizzard")
        h.advance(to: 2)
        let background = positions(h, image: "snow-blizzard/background"), branches = positions(h, image: "snow-blizzard/branch")
        XCTAssertEqual(background.count, 1)
        XCTAssertEqual(branches.count, 47)
        XCTAssertLessThan(background.max() ?? .max, branches.min() ?? -1, "background below the branches")
        // The branch batches come in group order: their centres follow the nodes G1…G5 in tree order.
        let nodes = (1...5).flatMap { g in (0..<20).compactMap { h.probe("branch-\(g)-\($0)") } }
        let drawn = branches.map { i -> Point in
            guard case let .batch(b) = h.drawOrder[i] else { return .zero }
            return h.batches[b].bounds.center
        }
        XCTAssertEqual(drawn.count, nodes.count)
        for (d, n) in zip(drawn, nodes) { assertPoint(d, n.drawn.midX, n.drawn.midY, 0.5, n.name) }
        XCTAssertEqual(h.particleDraws.count, 2, "snow, then blustery")
        let snow = try XCTUnwrap(positions(h, particles: 0)), blustery = try XCTUnwrap(positions(h, particles: 1))
        XCTAssertLessThan(branches.max() ?? .max, snow, "branches below the snow layer")
        XCTAssertLessThan(snow, blustery)
        // 20 000 snow flakes and 5 000 blustery ones after 12 s: the first draw holds the many.
        h.advance(to: 12)
        XCTAssertGreaterThan(h.particleDraws[0].vertexCount, 3 * h.particleDraws[1].vertexCount, "the first draw is snow")
        for draw in h.particleDraws {
            XCTAssertEqual(draw.blend, .alpha)
            XCTAssertTrue(draw.vertices.allSatisfy { ($0.r, $0.g, $0.b) == (0xF7, 0xF7, 0xFF) }, "#F7F7FF")
        }
    }

    /// §4.6 check 4: each splash's scale (drawn / layout width) runs 0.1 → 0.8 → 0.1 in legs of di ∈ [0.3, 1.0] s,
    /// from 0.1 at t = 0, flattened to cos 80° of its height.
    func testRainCheck4SplashesPulse() async throws {
        let h = try harness("rainy-street")
        var samples: [[Double]] = Array(repeating: [], count: 150)
        for frame in 0...132 {
            h.advance(to: Double(frame) / 60)
            let reports = Dictionary(h.probeAll().map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for i in 0..<150 {
                guard let r = reports["drop-\(i)"] else { return XCTFail("no drop-\(i)") }
                samples[i].append(r.drawn.width / r.frame.width)
                if frame == 30 {
                    XCTAssertEqual(r.drawn.height / r.drawn.width, cos(80 * Double.pi / 180), accuracy: 1e-9, "drop-\(i) tilt")
                }
            }
        }
        for (i, s) in samples.enumerated() {
            XCTAssertEqual(s[0], 0.1, accuracy: 1e-9, "drop-\(i) starts at 0.1")
            XCTAssertGreaterThanOrEqual(s.min()!, 0.1 - 1e-9, "drop-\(i)")
            XCTAssertLessThanOrEqual(s.max()!, 0.8 + 1e-9, "drop-\(i)")
            XCTAssertEqual(s.max()!, 0.8, accuracy: 0.01, "drop-\(i) reaches 0.8 within 2.2 s")
            // The first peak comes after one leg: di ∈ [0.3, 1.0] s (to a frame).
            let peak = Double(s.firstIndex(of: s.prefix(62).max()!)!) / 60
            XCTAssertTrue((0.3 - 1.0 / 60...1.0 + 1.0 / 60).contains(peak), "drop-\(i) half-period \(peak)")
        }
    }

    /// §4.6 check 5: street < puddle < rain-a < drops < rain-b.
    func testRainCheck5DrawOrder() async throws {
        let h = try harness("rainy-street")
        h.advance(to: 3)
        let street = positions(h, image: "rainy-street/street"), puddle = positions(h, image: "rainy-street/puddle")
        let drops = positions(h, image: "particles/spark")
        XCTAssertEqual(h.particleDraws.count, 2)
        let rainA = try XCTUnwrap(positions(h, particles: 0)), rainB = try XCTUnwrap(positions(h, particles: 1))
        XCTAssertEqual(drops.count, 150)
        XCTAssertLessThan(street.max() ?? .max, puddle.min() ?? -1)
        XCTAssertLessThan(puddle.max() ?? .max, rainA)
        XCTAssertLessThan(rainA, drops.min() ?? -1)
        XCTAssertLessThan(drops.max() ?? .max, rainB)
    }

    /// §4.6 check 6: the puddle (its probe: drawn size over layout size) breathes 0.5 → 0.55 → 0.5 in 8-s legs,
    /// centred at (145, 722) ± 2, its drawn height 15.6 % of its drawn width × (sY/sX)·(500/600).
    func testRainCheck6PuddleBreathes() async throws {
        let h = try harness("rainy-street")
        for (t, sX, tolerance) in [(0.0, 0.5, 1e-9), (4, 0.525, 0.005), (8, 0.55, 1e-9), (16, 0.5, 1e-9)] {
            h.advance(to: t)
            let p = try XCTUnwrap(h.probe("puddle"))
            XCTAssertEqual(p.drawn.width / p.frame.width, sX, accuracy: tolerance, "sX at \(t) s")
            assertPoint(p.drawn.center, 145, 722, 2, "puddle centre at \(t) s")
            let sY = p.drawn.height / p.frame.height
            XCTAssertEqual(p.drawn.height / p.drawn.width, 0.156 * (sY / sX) * (500.0 / 600), accuracy: 0.003, "at \(t) s")
        }
    }

    /// §4.7 check 1, at rest, beyond the wand's place: the stone's drawn size and turn, no skeleton and no trail,
    /// no particle on the canvas, `magic-idle` at scene (0, 0).
    func testMagicCheck1AtRest() async throws {
        let h = try harness("magic-wand")
        h.advance(to: 1)
        let layer = try layer(h, "magic-layer")
        let stone = try XCTUnwrap(h.batches.first { $0.texture == .image("magic-wand/stone") })
        let corners = stone.vertices.map { Point(Double($0.x), Double($0.y)) }
        // A 168.8 × 246.2 image turned 9° counter-clockwise: its top edge rises to the right.
        let (tl, tr) = (corners[0], corners[1])
        XCTAssertEqual(tl.distance(to: tr), 168.8, accuracy: 0.2, "drawn width")
        XCTAssertEqual(tl.distance(to: corners[corners.count - 2]), 246.2, accuracy: 0.2, "drawn height")
        XCTAssertEqual(atan2(tl.y - tr.y, tr.x - tl.x) * 180 / .pi, 9, accuracy: 0.01, "turned 9° counter-clockwise")
        XCTAssertTrue(layer.nodes.allSatisfy { $0.name != "skeleton" && !($0.name ?? "").hasPrefix("trail") })
        let idle = try XCTUnwrap(layer.node(named: "magic-idle"))
        XCTAssertEqual(idle.position, Vector2(0, 0))
        let canvas = Rect(x: 0, y: 0, width: 390, height: 844)
        let shown = h.particleDraws.flatMap(\.positions).filter { canvas.contains($0) }
        XCTAssertEqual(shown.count, 0, "no particle vertex on the canvas")
    }

    /// §4.7 check 5, after the first drag (into the skeleton zone): skeleton < stone < wand, and trails < stone.
    func testMagicCheck5ZOrder() async throws {
        let h = try harness("magic-wand")
        h.press(100, 790); h.advance(by: 1.0 / 60)
        h.move(100, 800); h.advance(by: 0.3)
        let layer = try layer(h, "magic-layer")
        XCTAssertEqual(layer.nodes.filter { $0.name == "skeleton" }.count, 1)
        let skeleton = positions(h, image: "magic-wand/skeleton"), stone = positions(h, image: "magic-wand/stone")
        let wand = positions(h, image: "magic-wand/wand")
        XCTAssertEqual([skeleton.count, stone.count, wand.count], [1, 1, 1])
        XCTAssertLessThan(skeleton[0], stone[0])
        XCTAssertLessThan(stone[0], wand[0])
        let trails = h.particleDraws.indices.filter { !h.particleDraws[$0].vertices.isEmpty }.compactMap { positions(h, particles: $0) }
        XCTAssertFalse(trails.isEmpty, "the trail is drawn")
        XCTAssertTrue(trails.allSatisfy { $0 < stone[0] }, "trails below the stone: \(trails) vs \(stone)")
    }
}
