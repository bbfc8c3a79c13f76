import Particles
import Stage
import Views
import XCTest
import ZoetropeHarness

/// Spec 05 §4.1 checks 8–11: the confetti of `find-the-color`, fired through the scene (a perfect match of the
/// sliders, then Check Score), read through the harness (the cannon's pieces, `particles`, pixels). Every check
/// runs for several seeds.
@MainActor
final class FindTheColorConfettiTests: FindTheColorTestCase {
    let seeds: [UInt64] = [1, 2, 5]

    /// Opens the game, matches the target exactly in Hard and checks the score at t0; returns t0.
    @discardableResult
    func perfectCheck(seed: UInt64) throws -> Double {
        try openGame(seed: seed)
        matchTarget(1)
        h.advance(by: 0.1)
        let t0 = h.time
        checkScore()
        return t0
    }

    // MARK: Check 8

    func testCheck8ScoreOf99FiresNothing() async throws {
        for seed in seeds {
            try openGame(seed: seed)
            chooseDifficulty(0)
            h.advance(by: 1)
            let t = state("redTarget")
            setSlider("slider-red", to: t < 0.5 ? t + 0.006 : t - 0.006)
            checkScore()
            XCTAssertEqual(state("showAlert"), 1)
            XCTAssertEqual(state("counter"), 0, "score 99: no burst")
            h.advance(by: 0.5)
            XCTAssertEqual(particles, 0)
            XCTAssertTrue(confetti.model.bursts.isEmpty)
            XCTAssertEqual(h.sounds.starts(of: "confettiPop"), [])
        }
    }

    func testCheck8PerfectScoreFiresOneBurstInTheAlertsFrame() async throws {
        for seed in seeds {
            let t0 = try perfectCheck(seed: seed)
            XCTAssertEqual(state("showAlert"), 1, "seed \(seed)")
            XCTAssertEqual(state("counter"), 1)
            XCTAssertEqual(particles, 100, "100 pieces in the same frame as the alert")
            XCTAssertEqual(confetti.model.bursts.map(\.start), [t0])
            XCTAssertEqual(h.sounds.starts(of: "confettiPop"), [t0], "the pop with the burst")
            h.advance(by: 0.2)
            XCTAssertEqual(h.nowPlaying()?.name, "confettiPop", "the bundled file decodes and plays")
            XCTAssertEqual(h.nowPlaying()?.position ?? 0, 0.2, accuracy: 0.03)
            XCTAssertEqual(particles, 100)
        }
    }

    func testCheck8ASecondPerfectCheckAddsAnIndependentBurst() async throws {
        let t0 = try perfectCheck(seed: 2)
        h.advance(to: t0 + 2)
        continuePlaying()
        h.advance(by: 0.1)
        let t1 = h.time
        checkScore()
        XCTAssertEqual(state("counter"), 2)
        XCTAssertEqual(particles, 200)
        let bursts = confetti.model.bursts
        XCTAssertEqual(bursts.map(\.start), [t0, t1])
        XCTAssertNotEqual(bursts[0].pieces, bursts[1].pieces, "independent draws")
        h.advance(to: t0 + 11.884615 + 1 / 60)
        XCTAssertEqual(particles, 100, "the first is gone, the second goes on")
    }

    // MARK: Check 9

    func testCheck9Geometry() async throws {
        let colors: [(Int, Int, Int)] = [(255, 45, 85), (255, 59, 48), (0, 122, 255), (175, 82, 222), (255, 149, 0)]
        for seed in seeds {
            let t0 = try perfectCheck(seed: seed)
            let (model, origin) = confetti
            XCTAssertEqual(origin.x, 195, accuracy: 1e-9)
            XCTAssertEqual(origin.y, 420, accuracy: 2)
            let burst = model.bursts[0]
            XCTAssertEqual(burst.pieces.count, 100)
            for p in burst.pieces {
                let rgb = (Int((p.color.r * 255).rounded()), Int((p.color.g * 255).rounded()), Int((p.color.b * 255).rounded()))
                XCTAssertTrue(colors.contains { $0 == rgb }, "colour \(rgb)")
                XCTAssertTrue(ConfettiShape.allCases.contains(p.shape))
            }
            // t = 0: all at the origin, transparent.
            for s in model.states(at: t0)[0] {
                XCTAssertEqual(s.opacity, 0)
                XCTAssertEqual(s.offset, .zero)
            }
            // t = T1 of each piece: the offset minus the fall is 134…500 from the origin, at 60°…120°.
            for p in burst.pieces {
                let s = p.state(at: p.explosionDuration, config: burst.config)
                let up = Vector2(s.offset.x, s.offset.y - s.fall)
                let d = (up.x * up.x + up.y * up.y).squareRoot()
                XCTAssert((132...502).contains(d), "distance \(d)")
                let angle = atan2(-up.y, up.x) * 180 / .pi
                XCTAssert((59...121).contains(angle), "angle \(angle)")
                XCTAssert((2.7...13.4).contains(s.fall), "fall \(s.fall)")
            }
            // Never more than 250 pt sideways, frame by frame (every 10th frame).
            var t = t0
            while t < t0 + 11.8 {
                for s in model.states(at: t).flatMap({ $0 }) { XCTAssertLessThanOrEqual(abs(s.offset.x), 250.000001) }
                t += 10.0 / 60
            }
            h.advance(to: t0 + 11.8846)
            XCTAssertEqual(particles, 100, "still there at 11.8846 s")
            h.advance(to: t0 + 11.884615 + 1 / 60)
            XCTAssertEqual(particles, 0, "gone one frame later")
            XCTAssertTrue(confetti.model.bursts.isEmpty)
        }
    }

    /// Once the last burst is gone the scene needs no more frames: a window may sleep again.
    func testTheSceneSleepsAgainAfterTheBurst() async throws {
        let t0 = try perfectCheck(seed: 1)
        h.advance(to: t0 + 5)
        XCTAssertEqual(h.scene.nextChange(after: h.time), h.time, "frames while the burst lives")
        h.advance(to: t0 + 12)
        let after = h.scene.nextChange(after: h.time)
        XCTAssertTrue(after == nil || after! > h.time, "no frames needed once it is gone (\(String(describing: after)))")
    }

    // MARK: Check 10

    func testCheck10Timing() async throws {
        for seed in seeds {
            let t0 = try perfectCheck(seed: seed)
            let burst = confetti.model.bursts[0]
            func states(at t: Double) -> [ConfettiPieceState] {
                h.advance(to: t0 + t)
                return confetti.model.states(at: h.time)[0]
            }
            for s in states(at: 1.07) { XCTAssertGreaterThanOrEqual(s.opacity, 0.98) }
            let at507 = states(at: 5.07)
            for (p, s) in zip(burst.pieces, at507) {
                XCTAssertEqual(s.opacity, 0.766, accuracy: 0.01)
                XCTAssertEqual(s.offset.y, -p.distance * sin(p.angle * .pi / 180) + 422, accuracy: 3)
            }
            for (t, o) in [(8.0, 0.463), (10.0, 0.212), (11.0, 0.076)] {
                for s in states(at: t) { XCTAssertEqual(s.opacity, o, accuracy: 0.01, "at \(t)") }
            }
            h.advance(to: t0 + 9)
            let hubs = confetti.model.hubs(origin: confetti.origin, at: h.time)[0]
            for (s, hub) in zip(confetti.model.states(at: h.time)[0], hubs) {
                XCTAssertGreaterThanOrEqual(s.offset.y, 686)
                XCTAssertGreaterThan(hub.y, 844, "off the bottom of the reference canvas")
            }
        }
    }

    // MARK: Check 11

    /// A piece over the title is drawn over it; a piece over the Check Score button is hidden by the button.
    func testCheck11ZOrder() async throws {
        let confettiRGB: [(Int, Int, Int)] = [(255, 45, 85), (255, 59, 48), (0, 122, 255), (175, 82, 222), (255, 149, 0)]
        var overTitle = 0, underButton = 0
        for seed in seeds {
            let t0 = try perfectCheck(seed: seed)
            // Close the alert first (its dimming lies over everything, confetti included).
            h.advance(to: t0 + 0.5)
            continuePlaying()
            let title = probe("title").frame, button = probe("check-score-button").frame
            // Over the title: at 1.0 s (opacity ≥ 0.98) a circle, square or cross piece whose middle is inside the
            // title's box, with no other piece within 12 pt of it.
            h.advance(to: t0 + 1.0)
            let (model, origin) = confetti
            let pieces = model.bursts[0].pieces
            let hubs = model.hubs(origin: origin, at: h.time)[0]
            let states = model.states(at: h.time)[0]
            for (i, hub) in hubs.enumerated() where title.contains(Point(hub.x, hub.y)) {
                guard [.circle, .square, .roundedCross].contains(pieces[i].shape),
                      abs(cos(states[i].flip * .pi / 180)) > 0.3,
                      !hubs.enumerated().contains(where: { $0.offset != i && abs($0.element.x - hub.x) < 12 && abs($0.element.y - hub.y) < 12 })
                else { continue }
                let c = pieces[i].color
                assertColor(pixel(hub.x, hub.y), (Int((c.r * 255).rounded()), Int((c.g * 255).rounded()), Int((c.b * 255).rounded())))
                overTitle += 1
            }
            // Under the button: a piece whose middle passes through the button's yellow top band (y 800…808), at
            // any frame of the fall; that pixel stays the button's yellow.
            var t = t0 + 3
            while t < t0 + 9 {
                let hubsT = model.hubs(origin: origin, at: t)[0]
                if let i = hubsT.indices.first(where: {
                    let p = hubsT[$0]
                    return p.x > button.minX + 12 && p.x < button.maxX - 12 && p.y > button.minY + 2 && p.y < button.minY + 10
                        && [.circle, .square, .roundedCross].contains(pieces[$0].shape)
                }) {
                    h.advance(to: t)
                    let p = pixel(hubsT[i].x, hubsT[i].y)
                    assertColor(p, (255, 204, 0), tolerance: 12)
                    XCTAssertFalse(confettiRGB.contains { abs($0.0 - p.r) < 8 && abs($0.1 - p.g) < 8 && abs($0.2 - p.b) < 8 })
                    underButton += 1
                    break
                }
                t += 1.0 / 60
            }
        }
        XCTAssertGreaterThan(overTitle, 0, "some piece crossed the title")
        XCTAssertGreaterThan(underButton, 0, "some piece crossed the button")
    }

    /// The alert's dimming (black at 0.2) lies over the confetti: a piece's pixel under it is its colour × 0.8.
    func testConfettiIsBeneathTheAlertDimming() async throws {
        var seen = 0
        for seed in seeds {
            let t0 = try perfectCheck(seed: seed)
            h.advance(to: t0 + 1.2)
            XCTAssertNotNil(h.probe("text:Your Score"), "the alert is still up")
            let (model, origin) = confetti
            let pieces = model.bursts[0].pieces
            let hubs = model.hubs(origin: origin, at: h.time)[0], states = model.states(at: h.time)[0]
            // A piece in the free space beside the discs (x < 80 or > 310, y 90…280), nothing else near it.
            for (i, hub) in hubs.enumerated() where (hub.x < 80 || hub.x > 310) && hub.y > 90 && hub.y < 280 {
                guard [.circle, .square, .roundedCross].contains(pieces[i].shape), abs(cos(states[i].flip * .pi / 180)) > 0.3,
                      !hubs.enumerated().contains(where: { $0.offset != i && abs($0.element.x - hub.x) < 12 && abs($0.element.y - hub.y) < 12 })
                else { continue }
                let c = pieces[i].color
                assertColor(pixel(hub.x, hub.y), (Int((c.r * 255 * 0.8).rounded()), Int((c.g * 255 * 0.8).rounded()),
                                                  Int((c.b * 255 * 0.8).rounded())))
                seen += 1
            }
        }
        XCTAssertGreaterThan(seen, 0)
    }

    /// The pieces are drawn in one batch, over the discs, each fan in its piece's colour: the batch's colours are
    /// the burst's.
    func testPiecesAreDrawnInOneBatchOverTheDiscs() async throws {
        let t0 = try perfectCheck(seed: 1)
        h.advance(to: t0 + 0.5)
        // One batch with every visible piece's fan (untextured), after the row's own batches.
        let burst = confetti.model.bursts[0]
        let vertices = burst.pieces.reduce(0) { $0 + $1.shape.outline.points.count + 1 }
        let found = h.batches.indices.filter { h.batches[$0].vertices.count == vertices && h.batches[$0].texture == nil }
        XCTAssertEqual(found.count, 1, "one batch for the burst")
        guard let batch = found.first else { return }
        let rgb = { (c: RGBA) -> [UInt8] in let v = Color(r: c.r, g: c.g, b: c.b, a: c.a).rgba8; return [v.0, v.1, v.2] }
        XCTAssertEqual(Set(h.batches[batch].vertices.map { [$0.r, $0.g, $0.b] }), Set(burst.pieces.map { rgb($0.color) }),
                       "each piece's fan in its own colour")
        for disc in ["guess-circle", "target-circle"] {
            let frame = probe(disc).frame
            let drawn = h.batches.indices.filter { i in
                let b = h.batches[i].bounds
                return h.batches[i].texture == nil && abs(b.midX - frame.midX) < 2 && abs(b.midY - frame.midY) < 2
                    && abs(b.width - frame.width) < 4
            }
            XCTAssertFalse(drawn.isEmpty, "\(disc) is drawn")
            XCTAssertTrue(drawn.allSatisfy { $0 < batch }, "the burst over \(disc)")
        }
    }
}
