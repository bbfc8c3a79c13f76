import Backend
import Particles
import Stage
import Views
import XCTest

/// Spec 03 §1.1.7 checks 8 (the snow: the `ch08-snow` emitter in a `ParticleHost` on L) and 9 (the background's dark
/// corner), as particle state and as pixels of the real headless render, and the fixed canvas in an 800 × 600
/// window. Pixel checks use one-colour stand-ins for the pictures, so a flake shows wherever it is drawn.
@MainActor
final class BreathingFlowerSnowTests: ViewSceneTestCase {
    var snowLayer: ParticleLayer {
        get throws { try XCTUnwrap((h.scene as? ViewScene)?.particleLayer(named: "snow"), "no particle layer in snow") }
    }

    func flakes() throws -> (emitter: ParticleEmitter, canvas: [Point]) {
        let layer = try snowLayer
        let node = try XCTUnwrap(layer.node(named: "snow") as? EmitterNode)
        return (node.emitter, node.emitter.states.map { layer.canvasPoint(fromScene: node.transform.apply($0.position)) })
    }

    /// A flake is 502 × 537 px at 2.5 %: 12.55 × 13.425 pt, centred on its position.
    let half = (w: 12.55 / 2, h: 13.425 / 2)

    /// Pixels (logical, 1 pt = 1 px at the reference size) where something brighter than the scene's own colours
    /// there is drawn: red above `threshold` (the stand-in background, petals' blue side and the smoke's haze stay
    /// below it; a flake is white).
    func bright(_ fb: Framebuffer, xs: StrideTo<Int>, ys: StrideTo<Int>, threshold: Int = 60) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        for y in ys { for x in xs where fb.pixel(x, y).r > threshold { out.append((x, y)) } }
        return out
    }

    /// Check 8, first item: no flake can reach L before 1.55 s (93.3 pt of fall, counted to its nearest edge, at
    /// 60 pt/s), by position and in pixels; later they do.
    func testCheck8NoFlakeInsideLBeforeTheFastestEntry() async throws {
        try openFlower(standIns: true, seed: 4)
        h.advance(to: 1.5)
        let (emitter, canvas) = try flakes()
        XCTAssertEqual(emitter.particleCount, 60)
        for p in canvas { XCTAssertLessThan(p.y + half.h, Flower.L.minY, "a flake at \(p) reached L") }
        let early = try XCTUnwrap(h.capture())
        // L's rows away from the labels (y 177–220) and the flower (y 220–690), and the bands outside L.
        let rows = [stride(from: 59, to: 170, by: 1), stride(from: 690, to: 818, by: 1), stride(from: 0, to: 59, by: 1),
                    stride(from: 818, to: 852, by: 1)]
        for ys in rows { XCTAssertEqual(bright(early, xs: stride(from: 0, to: 393, by: 1), ys: ys).count, 0) }
        h.advance(to: 4)
        let later = try XCTUnwrap(h.capture())
        XCTAssertGreaterThan(bright(later, xs: stride(from: 0, to: 393, by: 1), ys: rows[0]).count, 20, "flakes in L by 4 s")
    }

    /// Check 8: straight lines at exactly 60 pt/s from (200, −41), never turning; 1000 ± 1 live from 25 s on, as
    /// `probe snow` reports; drawn as upright 12.55 × 13.43 quads.
    func testCheck8StraightUprightFlakesAndSteadyCount() async throws {
        try openFlower(render: false, seed: 9)
        let layer = try snowLayer
        let node = try XCTUnwrap(layer.node(named: "snow") as? EmitterNode)
        let origin = layer.canvasPoint(fromScene: node.position)
        XCTAssertEqual(origin.x, 200, accuracy: 1e-9)
        XCTAssertEqual(origin.y, -41, accuracy: 1e-9)
        for t in [10.0, 25.5, 30, 33.3] {
            h.advance(to: t)
            if t >= 25 { XCTAssertEqual(liveFlakes(), 1000, accuracy: 1, "t = \(t)") }
            let (emitter, canvas) = try flakes()
            XCTAssertEqual(Double(emitter.particleCount), liveFlakes())
            for (s, p) in zip(emitter.states, canvas) {
                XCTAssertEqual(hypot(s.velocity.x, s.velocity.y), 60, accuracy: 1e-9)
                XCTAssertEqual(hypot(p.x - 200, p.y + 41), 60 * s.age, accuracy: 1e-6, "off its straight line")
                XCTAssertEqual(s.rotation, 0)
                XCTAssertEqual(s.velocity.x * s.initialVelocity.y - s.velocity.y * s.initialVelocity.x, 0, accuracy: 1e-9)
            }
        }
        // The drawn quads: every whole one (texture corners 0 and 1) is upright and 12.55 × 13.425.
        let snow = h.batches.filter { $0.texture == .image("ch08/snow") }
        XCTAssertEqual(snow.count, 1)
        var whole = 0
        for b in snow {
            let ix = b.indices
            for k in stride(from: 0, to: ix.count - 5, by: 6) where ix[k] == ix[k + 3] && ix[k + 2] == ix[k + 4] {
                let q = [ix[k], ix[k + 1], ix[k + 2], ix[k + 5]].map { b.vertices[Int($0)] }
                guard Set(q.map(\.u)) == [0, 1], Set(q.map(\.v)) == [0, 1] else { continue }
                whole += 1
                let xs = q.map { Double($0.x) }, ys = q.map { Double($0.y) }
                XCTAssertEqual(xs.max()! - xs.min()!, 12.55, accuracy: 0.01)
                XCTAssertEqual(ys.max()! - ys.min()!, 13.425, accuracy: 0.01)
                for v in q {
                    XCTAssertTrue(abs(Double(v.x) - xs.min()!) < 1e-3 || abs(Double(v.x) - xs.max()!) < 1e-3, "not upright")
                    // The texture's top row is drawn at the top.
                    XCTAssertEqual(Double(v.y) == ys.min()!, v.v == 0)
                }
            }
        }
        XCTAssertGreaterThan(whole, 20)
    }

    /// Check 8: nothing outside L (clipped to it), and the flakes under the petals, bouquets and labels — in the draw
    /// order, and in pixels: where only a petal is, the petal's colour shows, though flakes pass behind it.
    func testCheck8ClippedToLAndBehindTheFlower() async throws {
        try openFlower(standIns: true, seed: 2)
        var covered = 0
        for t in [20.0, 21.3, 22.6, 23.9] {
            h.advance(to: t)
            // Every snow vertex lies in L (with the clip's half-pixel fringe).
            for b in h.batches where b.texture == .image("ch08/snow") {
                for v in b.vertices {
                    XCTAssertTrue(Double(v.y) >= Flower.L.minY - 0.51 && Double(v.y) <= Flower.L.maxY + 0.51, "flake vertex at y \(v.y)")
                }
            }
            // Drawn before everything of the flower group.
            let order = h.batches.enumerated()
            let lastSnow = try XCTUnwrap(order.filter { $0.element.texture == .image("ch08/snow") }.map(\.offset).max())
            let flower = order.filter {
                switch $0.element.texture {
                case .image("petal"), .image("bouquet"), .image("smoke"), .text: return true
                default: return false
                }
            }.map(\.offset)
            XCTAssertGreaterThan(flower.count, 5)
            XCTAssertLessThan(lastSnow, flower.min()!, "a flake is drawn over the flower")

            let fb = try XCTUnwrap(h.capture())
            // Outside L: the background alone.
            for ys in [stride(from: 0, to: 59, by: 1), stride(from: 818, to: 852, by: 1)] {
                XCTAssertEqual(bright(fb, xs: stride(from: 0, to: 393, by: 1), ys: ys).count, 0, "a flake outside L at t = \(t)")
            }
            // Where only the upright middle petal is (clear of both bouquets): exactly the petal's colour.
            let s1 = presented("bouquet1", "scale"), s2 = presented("bouquet2", "scale")
            var points: [Point] = []
            for y in stride(from: 298.0, through: 419, by: 1) {
                for x in stride(from: 161.0, through: 232, by: 1) {
                    let p = Point(x + 0.5, y + 0.5)
                    if !Flower.insideBouquet(p, second: false, s: s1, margin: 2), !Flower.insideBouquet(p, second: true, s: s2, margin: 2) {
                        points.append(p)
                    }
                }
            }
            XCTAssertGreaterThan(points.count, 2000)
            for p in points {
                let c = fb.pixel(Int(p.x), Int(p.y))
                XCTAssert(abs(c.r - FlowerStandIns.petal.0) <= 3 && abs(c.g - FlowerStandIns.petal.1) <= 3
                          && abs(c.b - FlowerStandIns.petal.2) <= 3, "(\(p.x), \(p.y)) is \(c), not the petal at t = \(t)")
            }
            // Flakes really pass there (so the check above means something).
            let pixels = Set(points.map { Int($0.x) * 1000 + Int($0.y) })
            let (_, canvas) = try flakes()
            covered += canvas.filter { pixels.contains(Int($0.x) * 1000 + Int($0.y)) }.count
        }
        XCTAssertGreaterThan(covered, 0, "no flake passed behind the petal in these frames")
    }

    /// Check 9: the canvas pixel (20, 20) is the background's, dark (luminance < 40), and no flake ever covers it
    /// (it is above L): the real picture, and the stand-in's exact colour.
    func testCheck9TheTopLeftIsDarkBackground() async throws {
        try openFlower(seed: 1)
        for t in [0.0, 3, 20] {
            h.advance(to: t)
            let c = pixel(20, 20)
            let luminance = 0.2126 * Double(c.r) + 0.7152 * Double(c.g) + 0.0722 * Double(c.b)
            XCTAssertLessThan(luminance, 40, "t = \(t): \(c)")
        }
        try openFlower(standIns: true, seed: 1)
        for t in [0.0, 20, 26] {
            h.advance(to: t)
            assertColor(pixel(20, 20), FlowerStandIns.background, tolerance: 1)
        }
    }

    /// Another window: the 393 × 852 canvas scaled by 600/852 into 800 × 600, centred between black bars; the
    /// labels, the band above L and the flakes land where the scale puts them, and the probes are unchanged.
    func testAtAnotherWindowSize() async throws {
        try openFlower(size: Size(800, 600), standIns: true, seed: 6)
        let s = 600.0 / 852, x0 = (800 - 393 * s) / 2
        func window(_ x: Double, _ y: Double) -> (Int, Int) { (Int((x0 + s * x).rounded(.down)), Int((s * y).rounded(.down))) }
        h.advance(to: 1)
        // Probes are in canvas points whatever the window.
        XCTAssertEqual(probe("smoke").drawn.midY, 258.5, accuracy: 0.01)
        XCTAssertEqual(probe("snow").frame, Flower.L)
        var fb = try XCTUnwrap(h.capture())
        XCTAssertEqual(fb.width, 800)
        for y in [3, 100, 300, 560, 597] {
            for x in [2, 100, Int(x0) - 2, Int(x0 + 393 * s) + 2, 700, 797] {
                let c = fb.pixel(x, y)
                XCTAssertEqual(c.r + c.g + c.b, 0, "bar at (\(x), \(y))")
            }
            let (cx, _) = window(5, 0)
            let c = fb.pixel(cx, y)
            XCTAssert(abs(c.b - FlowerStandIns.background.2) <= 2 && c.r <= 2, "background at the canvas's left edge, y \(y): \(c)")
        }
        func count(_ fb: Framebuffer, in r: Rect, _ match: ((r: Int, g: Int, b: Int, a: Int)) -> Bool) -> Int {
            let (a, b) = window(r.minX, r.minY), (c, d) = window(r.maxX, r.maxY)
            var n = 0
            for y in b..<d { for x in a..<c where match(fb.pixel(x, y)) { n += 1 } }
            return n
        }
        let labelBox = Rect(x: 86, y: 177, width: 221, height: 43)
        let orange = { (c: (r: Int, g: Int, b: Int, a: Int)) in c.r > 170 && c.g > 70 && c.g < 170 && c.b < 80 }
        let green = { (c: (r: Int, g: Int, b: Int, a: Int)) in c.g > 200 && c.r < 60 && c.b < 60 }
        XCTAssertGreaterThan(count(fb, in: labelBox, orange), 40, "Breathe Out shows at 1 s")
        XCTAssertEqual(count(fb, in: labelBox, green), 0)
        h.advance(to: 21)
        fb = try XCTUnwrap(h.capture())
        XCTAssertGreaterThan(count(fb, in: labelBox, green), 40, "Breathe In shows at 21 s")
        XCTAssertEqual(count(fb, in: labelBox, orange), 0)
        let white = { (c: (r: Int, g: Int, b: Int, a: Int)) in c.r > 60 }
        XCTAssertEqual(count(fb, in: Rect(x: 0, y: 0, width: 393, height: 58), white), 0, "no flake above L")
        XCTAssertGreaterThan(count(fb, in: Rect(x: 0, y: 60, width: 393, height: 110), white), 10, "flakes in L")
    }
}
