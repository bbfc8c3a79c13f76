import Foundation
import XCTest
@testable import Particles

/// Spec 05 §3.6: the confetti burst model with the book's call (num 100, five colours, rainHeight 1800, radius
/// 500). Every check on random pieces runs for several seeds (§0.3: particle checks hold for any seed).
final class ConfettiTests: XCTestCase {
    static let colors = [RGBA(1, 45.0 / 255, 85.0 / 255), RGBA(1, 59.0 / 255, 48.0 / 255), RGBA(0, 122.0 / 255, 1),
                         RGBA(175.0 / 255, 82.0 / 255, 222.0 / 255), RGBA(1, 149.0 / 255, 0)]
    static var book: ConfettiConfig {
        var c = ConfettiConfig()
        c.num = 100; c.colors = colors; c.rainHeight = 1800; c.radius = 500
        return c
    }
    let seeds: [UInt64] = [0, 1, 7, 1405, 0xDEAD_BEEF]

    func burst(seed: UInt64) -> ConfettiBurst {
        var r = SeededRandom(seed: seed)
        return ConfettiBurst(start: 0, config: Self.book, random: &r)
    }

    func testTheCurvesMatchTheReferenceValues() {
        for (u, p) in [(0.05, 0.439), (0.1, 0.678), (0.25, 0.882), (0.5, 0.969), (0.9, 0.999)] {
            XCTAssertEqual(ConfettiCurve.explosion(u), p, accuracy: 0.0015, "B1(\(u))")
        }
        for (u, p) in [(0.1, 0.0099), (0.25, 0.0775), (0.5, 0.3004), (0.75, 0.6172), (0.9, 0.8402)] {
            XCTAssertEqual(ConfettiCurve.rain(u), p, accuracy: 0.0005, "B2(\(u))")
        }
        XCTAssertEqual(ConfettiCurve.rain(0), 0)
        XCTAssertEqual(ConfettiCurve.rain(1), 1)
        XCTAssertEqual(ConfettiCurve.explosion(2), 1, "clamped")
    }

    func testDerivedConstants() {
        let c = Self.book
        XCTAssertEqual(c.explosionDuration, 0.384615, accuracy: 1e-6)
        XCTAssertEqual(c.rainDuration, 11.5, accuracy: 1e-12)
        XCTAssertEqual(c.lifetime, 11.884615, accuracy: 1e-6)
        XCTAssertEqual(c.rainDelay, 0.0384615, accuracy: 1e-7)
        // The cumulative fall: 422 pt at ≈ 5.07 s, 844 at ≈ 7.40 s, 1300 at ≈ 9.50 s.
        let p = burst(seed: 0).pieces[0]
        for (t, fall) in [(5.07, 422.0), (7.40, 844.0), (9.50, 1300.0)] {
            XCTAssertEqual(p.state(at: t, config: c).fall, fall, accuracy: 3, "fall at \(t)")
        }
    }

    /// Check 9, first part: colours and shapes from the sets; the draws in their ranges.
    func testEveryPieceDrawsFromTheSpecRanges() {
        for seed in seeds {
            let b = burst(seed: seed)
            XCTAssertEqual(b.pieces.count, 100)
            for p in b.pieces {
                XCTAssertTrue(Self.colors.contains(p.color), "seed \(seed)")
                XCTAssertTrue(ConfettiShape.allCases.contains(p.shape))
                XCTAssert((60...120).contains(p.angle), "φ \(p.angle)")
                XCTAssert((134.1...500).contains(p.distance), "D \(p.distance)")
                XCTAssert((0.58461...1.06034).contains(p.explosionDuration), "T1 \(p.explosionDuration)")
                // T1 = 0.2 + E + k/2100 with an integer k.
                let k = (p.explosionDuration - 0.2 - 500.0 / 1300) * 2100
                XCTAssertEqual(k, k.rounded(), accuracy: 1e-6)
                XCTAssert([-1.0, 1.0].contains(p.spinX) && [-1.0, 1.0].contains(p.spinZ))
                XCTAssert((0.501...2.201).contains(p.xSpeed) && (0.501...2.201).contains(p.zSpeed))
            }
            // Uniform choices: with 100 pieces every shape and colour shows up.
            XCTAssertEqual(Set(b.pieces.map(\.shape)).count, 5, "seed \(seed)")
            XCTAssertEqual(Set(b.pieces.map(\.colorIndex)).count, 5, "seed \(seed)")
            XCTAssertEqual(Set(b.pieces.map(\.pivotBottomRight)).count, 2)
        }
        XCTAssertNotEqual(burst(seed: 1).pieces, burst(seed: 2).pieces, "the seed matters")
        XCTAssertEqual(burst(seed: 3).pieces, burst(seed: 3).pieces, "and replays exactly")
    }

    /// Check 9: opacity 0 at t = 0; at t = T1 the explosion part is at distance D and angle φ, above the origin,
    /// with a fall of only 2.7–13.4 pt; never more than 250 pt sideways.
    func testGeometry() {
        let c = Self.book
        for seed in seeds {
            for p in burst(seed: seed).pieces {
                let s0 = p.state(at: 0, config: c)
                XCTAssertEqual(s0.opacity, 0)
                XCTAssertEqual(s0.offset, .zero)
                let s = p.state(at: p.explosionDuration, config: c)
                let distance = (s.burst.x * s.burst.x + s.burst.y * s.burst.y).squareRoot()
                XCTAssert((132...502).contains(distance), "distance \(distance)")
                XCTAssertEqual(distance, p.distance, accuracy: 1e-9)
                let angle = atan2(-s.burst.y, s.burst.x) * 180 / .pi
                XCTAssert((60...120).contains(angle), "angle \(angle)")
                XCTAssert((2.7...13.4).contains(s.fall), "fall at T1 \(s.fall)")
                for t in stride(from: 0.0, through: 11.88, by: 0.25) {
                    XCTAssertLessThanOrEqual(abs(p.state(at: t, config: c).offset.x), 250 + 1e-9)
                }
            }
        }
    }

    /// Check 10: opacity ≥ 0.98 at 1.07 s; 1 − B2 from T1 on (0.766, 0.463, 0.212, 0.076 at 5.07, 8, 10, 11 s);
    /// y = −D·sin φ + 422 ± 3 at 5.07 s; at 9 s every piece is ≥ 686 pt below the origin.
    func testTiming() {
        let c = Self.book
        for seed in seeds {
            for p in burst(seed: seed).pieces {
                XCTAssertGreaterThanOrEqual(p.state(at: 1.07, config: c).opacity, 0.98)
                for (t, o) in [(5.07, 0.766), (8.0, 0.463), (10.0, 0.212), (11.0, 0.076)] {
                    XCTAssertEqual(p.state(at: t, config: c).opacity, o, accuracy: 0.01, "opacity at \(t)")
                }
                for t in stride(from: p.explosionDuration, through: 11.8, by: 0.1) {
                    let u2 = (t - c.rainDelay) / c.rainDuration
                    XCTAssertEqual(p.state(at: t, config: c).opacity, 1 - ConfettiCurve.rain(u2), accuracy: 1e-9)
                }
                let y = p.state(at: 5.07, config: c).offset.y
                XCTAssertEqual(y, -p.distance * sin(p.angle * .pi / 180) + 422, accuracy: 3)
                XCTAssertGreaterThanOrEqual(p.state(at: 9, config: c).offset.y, 686)
            }
        }
    }

    func testTumbling() {
        let c = Self.book
        let p = ConfettiPiece(shape: .square, angle: 90, distance: 300, explosionDuration: 0.8, spinZ: -1, xSpeed: 0.8,
                              zSpeed: 2)
        XCTAssertEqual(p.state(at: 0.2, config: c).flip, 90, accuracy: 1e-9)
        XCTAssertEqual(p.state(at: 0.5, config: c).spin, -90, accuracy: 1e-9)
        // Ten revolutions of the flip (8 s), then flat; the spin goes on.
        XCTAssertEqual(p.state(at: 9, config: c).flip, 3600, accuracy: 1e-9)
        XCTAssertEqual(p.state(at: 9, config: c).spin, -1620, accuracy: 1e-9)
    }

    func testBurstsLiveTheirLifetimeAndOverlap() {
        let model = ConfettiCannonModel(config: Self.book)
        var r = SeededRandom(seed: 5)
        model.fire(at: 1, random: &r)
        XCTAssertEqual(model.pieceCount(at: 1), 100)
        model.fire(at: 3, random: &r)
        XCTAssertEqual(model.pieceCount(at: 3), 200)
        XCTAssertNotEqual(model.bursts[0].pieces, model.bursts[1].pieces, "independent bursts")
        XCTAssertEqual(model.pieceCount(at: 1 + 11.884), 200)
        XCTAssertEqual(model.pieceCount(at: 1 + 11.8847), 100, "the first is gone 11.8846 s after it fired")
        model.prune(at: 12.9)
        XCTAssertEqual(model.bursts.count, 1)
        XCTAssertEqual(model.end!, 3 + Self.book.lifetime, accuracy: 1e-12)
        model.prune(at: 3 + Self.book.lifetime)
        XCTAssertTrue(model.bursts.isEmpty)
        XCTAssertNil(model.end)
    }

    /// The filled shapes: each fan covers its shape's area (spec 05 §3.6 shapes), drawn at the piece's place.
    func testShapeAreas() {
        func area(_ s: ConfettiShape) -> Double {
            let (hub, pts) = s.outline
            var a = 0.0
            for i in pts.indices {
                let p = pts[i], q = pts[(i + 1) % pts.count]
                a += ((p.x - hub.x) * (q.y - hub.y) - (q.x - hub.x) * (p.y - hub.y)) / 2
            }
            return a
        }
        XCTAssertEqual(area(.circle), 25 * .pi, accuracy: 25 * .pi * 0.02)
        XCTAssertEqual(area(.triangle), 50, accuracy: 1e-9)
        XCTAssertEqual(area(.square), 100, accuracy: 1e-9)
        XCTAssertEqual(area(.slimRectangle), 20, accuracy: 1e-9)
        // 100 minus four corners of a²/2 + a²/3 (the triangle and the quadratic's segment), a = 10/3.
        XCTAssertEqual(area(.roundedCross), 100 - 4 * (100.0 / 9) * (5.0 / 6), accuracy: 1)
        for s in ConfettiShape.allCases { XCTAssertGreaterThan(area(s), 0, "\(s) is wound one way round its hub") }
    }

    func testTrianglesPlaceEachPiece() {
        var c = Self.book
        c.num = 1
        let model = ConfettiCannonModel(config: c)
        var r = SeededRandom(seed: 0)
        model.fire(at: 0, random: &r)
        let piece = model.bursts[0].pieces[0]
        // At whole revolutions of both the flip and the spin the box is upright: its hub is where the offset says.
        let t = piece.explosionDuration + 0.5
        let s = piece.state(at: t, config: c)
        let origin = Vector2(195, 420)
        var batch = ParticleBatch()
        model.writeTriangles(into: &batch, origin: origin, at: t)
        let n = piece.shape.outline.points.count
        XCTAssertEqual(batch.vertices.count, n + 1)
        XCTAssertEqual(batch.indices.count, 3 * n)
        let hub = model.hubs(origin: origin, at: t)[0][0]
        XCTAssertEqual(Double(batch.vertices[0].x), hub.x, accuracy: 1e-3)
        XCTAssertEqual(Double(batch.vertices[0].y), hub.y, accuracy: 1e-3)
        XCTAssertEqual(batch.vertices[0].a, UInt8((s.opacity * 255).rounded()))
        // The hub stays within the box's reach of the offset, whatever the spin (box diagonal 10·√2).
        let centre = Vector2(origin.x + s.offset.x, origin.y + s.offset.y)
        XCTAssertLessThanOrEqual(((hub.x - centre.x) * (hub.x - centre.x) + (hub.y - centre.y) * (hub.y - centre.y)).squareRoot(), 10 * 2.0.squareRoot() + 1e-9)

        let upright = ConfettiPiece(shape: .square, angle: 90, distance: 200, explosionDuration: 0.6, xSpeed: 1, zSpeed: 1)
        let place = ConfettiCannonModel.placement(upright, upright.state(at: 2, config: c), origin: origin, size: 10)
        let st = upright.state(at: 2, config: c)
        let corner = place(Vector2(0, 0))
        XCTAssertEqual(corner.x, origin.x + st.offset.x - 5, accuracy: 1e-9)
        XCTAssertEqual(corner.y, origin.y + st.offset.y - 5, accuracy: 1e-9)
        // A quarter turn (spin +90°, clockwise on screen) about the top-left pivot takes (10, 0) to (0, 10).
        let quarter = ConfettiCannonModel.placement(upright, ConfettiPieceState(burst: .zero, fall: 0, opacity: 1, flip: 0, spin: 90),
                                                    origin: Vector2(5, 5), size: 10)
        XCTAssertEqual(quarter(Vector2(10, 0)).x, 0, accuracy: 1e-9)
        XCTAssertEqual(quarter(Vector2(10, 0)).y, 10, accuracy: 1e-9)
        // A half flip squashes to a line through the box's middle.
        let flat = ConfettiCannonModel.placement(upright, ConfettiPieceState(burst: .zero, fall: 0, opacity: 1, flip: 90, spin: 0),
                                                 origin: Vector2(5, 5), size: 10)
        XCTAssertEqual(flat(Vector2(3, 0)).y, 5, accuracy: 1e-9)
    }

    func testLaterBurstsAreWrittenAfterEarlierOnes() {
        var c = Self.book
        c.num = 3
        let model = ConfettiCannonModel(config: c)
        var r = SeededRandom(seed: 9)
        model.fire(at: 0, random: &r)
        model.fire(at: 0.5, random: &r)
        var batch = ParticleBatch()
        model.writeTriangles(into: &batch, origin: .zero, at: 2)
        let perPiece = (model.bursts[0].pieces + model.bursts[1].pieces).map { $0.shape.outline.points.count + 1 }
        XCTAssertEqual(batch.vertices.count, perPiece.reduce(0, +))
        // The last piece's vertices are the second burst's last piece.
        let hub = model.hubs(origin: .zero, at: 2)[1][2]
        let lastHub = batch.vertices[batch.vertices.count - perPiece.last!]
        XCTAssertEqual(Double(lastHub.x), hub.x, accuracy: 1e-3)
    }
}
