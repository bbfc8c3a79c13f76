import Particles
import Player
import Scenes
import Stage
import XCTest

/// Spec 05 §4.7 and §4.3.
@MainActor
final class MagicAndCoffeeTests: ParticleSceneTestCase {
    func testMagicAtRest() async throws {
        let h = try harness("magic-wand")
        let layer = try layer(h, "magic-layer")
        let wand = try XCTUnwrap(layer.node(named: "wand") as? SpriteNode)
        let stone = try XCTUnwrap(layer.node(named: "stone") as? SpriteNode)
        assertPoint(canvas(layer, wand), 195, 562.7, 2, "wand")
        assertPoint(canvas(layer, stone), 112.4, 633.0, 2, "stone")
        let k = 844.0 / 600
        XCTAssertEqual(wand.size.x * k, 112.5, accuracy: 0.1); XCTAssertEqual(wand.size.y * k, 253.2, accuracy: 0.1)
        XCTAssertEqual(stone.zRotation * 180 / .pi, 9, accuracy: 1e-9)
        XCTAssertNotNil(layer.node(named: "magic-idle"))
        h.press(200, 400); h.release(200, 400)
        h.advance(by: 0.5)
        assertPoint(canvas(layer, wand), 195, 562.7, 2, "press and release change nothing")
        XCTAssertTrue(layer.nodes.allSatisfy { !($0.name ?? "").hasPrefix("trail") })
    }

    func testDragMovesTheWandAndLeavesAFadingTrail() async throws {
        let h = try harness("magic-wand")
        let layer = try layer(h, "magic-layer")
        h.press(180, 420)
        h.advance(by: 1.0 / 60)
        for i in 0..<10 { h.move(190 + Double(i), 410) }   // ten moves within one frame
        h.move(200, 400)
        h.advance(by: 1.0 / 60)
        let wand = try XCTUnwrap(layer.node(named: "wand"))
        assertPoint(canvas(layer, wand), 200 - 42.2, 400 - 98.5, 2, "wand")
        XCTAssertEqual(wand.zPosition, 2)
        let trails = layer.nodes.filter { ($0.name ?? "").hasPrefix("trail") }
        XCTAssertEqual(trails.count, 1, "moves are coalesced to one per frame")
        let trail = try XCTUnwrap(trails.first as? EmitterNode)
        assertPoint(canvas(layer, trail), 200 - 98.5, 400 - 232.1, 2, "trail")
        let born = h.time
        h.advance(to: born + 0.6)
        XCTAssertEqual(trail.alpha, 0.5, accuracy: 0.02)
        for s in trail.emitter.states {
            XCTAssertEqual(s.lifetime, 0.5, accuracy: 1e-9)
            XCTAssertTrue((40...60).contains(s.initialSpeed))
        }
        h.advance(to: born + 1.2 + 1.0 / 60)
        XCTAssertNil(trail.layer, "gone with its particles after 1.2 s")
    }

    func testSkeletonRisesFromTheCorner() async throws {
        let h = try harness("magic-wand")
        let layer = try layer(h, "magic-layer")
        h.press(300, 800); h.move(300, 800); h.advance(by: 1.0 / 60)
        h.move(100, 700); h.advance(by: 1.0 / 60)
        XCTAssertNil(layer.node(named: "skeleton"), "outside the zone")
        h.move(100, 800); h.advance(by: 1.0 / 60)
        let start = h.time - 1.0 / 60
        let skeletons = layer.nodes.filter { $0.name == "skeleton" }
        XCTAssertEqual(skeletons.count, 1)
        let skeleton = try XCTUnwrap(skeletons.first as? SpriteNode)
        h.advance(to: start + 1)
        assertPoint(canvas(layer, skeleton), 103.6, 509.9, 2, "skeleton at 1 s")
        h.advance(to: start + 3)
        assertPoint(canvas(layer, skeleton), 124.7, 422, 2, "skeleton at rest")
        XCTAssertEqual(skeleton.size.x * 844 / 600, 468.4, accuracy: 0.1)
    }

    func testCoffeeSteam() async throws {
        let h = try harness("coffee-steam")
        let layer = try layer(h, "steam-layer"), steam = try emitter(layer, "steam")
        assertPoint(canvas(layer, steam), 210, 752, 1, "steam emitter")
        XCTAssertEqual(h.node("cup")?.frame, Rect(center: Point(195, 672), size: Size(350, 300)))
        XCTAssertEqual(h.node("cup2")?.frame, h.node("cup")?.frame)
        h.advance(to: 20)
        XCTAssertEqual(Double(steam.emitter.particleCount), 304, accuracy: 3)
        let ramp = try XCTUnwrap(steam.config.particleColorSequence)
        let first = try XCTUnwrap(ramp.sample(at: 0)), last = try XCTUnwrap(ramp.sample(at: 0.8))
        XCTAssertEqual(first.r, 0.870, accuracy: 0.005); XCTAssertEqual(first.a, 0.5, accuracy: 1e-6)
        XCTAssertEqual(last.r, 0.151, accuracy: 0.005); XCTAssertEqual(last.a, 0.6496, accuracy: 1e-4)
        let mid = try XCTUnwrap(ramp.sample(at: 0.37185))
        XCTAssertEqual(mid.g, (first.g + last.g) / 2, accuracy: 1e-3)
        for s in steam.emitter.states {
            XCTAssertEqual(s.lifetime, 8)
            XCTAssertLessThanOrEqual(abs(s.initialPosition.x), 20 + 1e-9)
            XCTAssertTrue((20...60).contains(s.initialSpeed))
        }
    }

    /// 05 §4.3 check 5, the sandwich: every pixel where `cup 2` is fully opaque (found from captures with the
    /// steam off, so the steam cannot hide itself) is identical, all channels, with and without the steam.
    func testCheck5SteamIsNeverDrawnOverTheFrontOfTheMug() async throws {
        let h = try harness("coffee-steam", render: true)
        h.advance(to: 8)
        let steam = try layer(h, "steam-layer")
        let cup2 = try XCTUnwrap(h.node("cup2")), beneath = try ["background", "cup"].map { try XCTUnwrap(h.node($0)) }
        steam.isHidden = true
        let mug = try opaquePixels(of: cup2, over: beneath, in: h)
        steam.isHidden = false
        // The mug's front spans about 300 × 150 pt of the 390 × 844 canvas (cup frames 350 × 300, §4.3 check 1).
        XCTAssertGreaterThan(mug.count, 20_000, "the opaque part of cup 2 was found")
        let (with, without) = try captures(h, hiding: [steam])
        XCTAssertGreaterThan(changed(with, without, at: Array(0..<with.width * with.height)).count, 1000, "the steam shows")
        XCTAssertEqual(changed(with, without, at: mug).prefix(5), [], "steam over opaque mug pixels")
    }

    /// 05 §4.3 check 6: the steam is screen-blended, so no pixel is darkened by it.
    func testCheck6ScreenBlendNeverDarkens() async throws {
        let h = try harness("coffee-steam", render: true)
        h.advance(to: 8)
        let (with, without) = try captures(h, hiding: [try layer(h, "steam-layer")])
        XCTAssertEqual(darkened(with, without).prefix(5), [], "pixels darkened by the steam")
    }
}
