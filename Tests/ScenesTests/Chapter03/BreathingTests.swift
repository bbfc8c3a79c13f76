import Motion
import Stage
import XCTest

/// Spec 01 §2.3.1, `ch3-breathing`: the flower's scale S, turn R and the circles' offset O follow
/// p(t) = E(u) on even legs and E(1 − u) on odd ones (2.8-s legs), S = 0.25 + 0.75p, R = 90p, O = 60p.
@MainActor
final class BreathingTests: ViewSceneTestCase {
    let circles = ["A1", "A2", "B1", "B2", "C1", "C2"]

    /// S, R and O at scene time t, as the scene presents them (O from every circle, signed so it is positive).
    func breath(at t: Double) -> (s: Double, r: Double, o: [Double]) {
        h.advance(to: t)
        let o = circles.map { name in abs(presented(name, "offset.y")) }
        return (presented("flower", "scale"), presented("flower", "rotation"), o)
    }

    /// The spec's p(t) from its own definition (easeInOut = the cubic Bézier (0.42, 0), (0.58, 1)).
    func p(_ t: Double) -> Double {
        let n = Int((t / 2.8).rounded(.down)), u = t.truncatingRemainder(dividingBy: 2.8) / 2.8
        return n % 2 == 0 ? UnitCurve.easeInOut.progress(u) : UnitCurve.easeInOut.progress(1 - u)
    }

    func testCheck1FirstFrameIsASmallDisc() async throws {
        try open("ch3-breathing")
        let b = breath(at: 0)
        XCTAssertEqual(b.s, 0.25, accuracy: 0.005)
        XCTAssertEqual(b.r, 0, accuracy: 1e-9)
        for o in b.o { XCTAssertEqual(o, 0, accuracy: 1e-9) }
        // Six half-alpha layers of the gradient's midpoint colour at the centre; black 50 pt below.
        assertColor(pixel(195, 422), (151, 223, 169))
        assertColor(pixel(195, 472), (0, 0, 0))
    }

    func testChecks2To4TheTimeline() async throws {
        try open("ch3-breathing")
        // The spec's table.
        for (t, s, r, o) in [(0.7, 0.3469, 11.6, 7.75), (1.4, 0.625, 45, 30), (2.1, 0.9031, 78.4, 52.2), (2.8, 1, 90, 60),
                             (3.5, 0.9031, 78.4, 52.2), (4.2, 0.625, 45, 30), (5.6, 0.25, 0, 0), (11.2, 0.25, 0, 0)] {
            let b = breath(at: t)
            XCTAssertEqual(b.s, s, accuracy: 0.01, "S at \(t)")
            XCTAssertEqual(b.r, r, accuracy: 1, "R at \(t)")
            for v in b.o { XCTAssertEqual(v, o, accuracy: 0.6, "O at \(t)") }
        }
    }

    func testCheck3FullBloomPixels() async throws {
        try open("ch3-breathing")
        h.advance(to: 2.8)
        // Only A1 (now at 3 o'clock) covers C + (100, 0), 1/6 of the way from its green end, at alpha 0.5.
        assertColor(pixel(295, 422), (43, 104, 58))
        // The flower reaches 120·S from the centre, no further.
        assertColor(pixel(325, 422), (0, 0, 0))
        assertColor(pixel(195, 292), (0, 0, 0))
        let a1 = probe("A1").drawn
        XCTAssertEqual(a1.midX, 255, accuracy: 0.5, "A1 at 3 o'clock")
        XCTAssertEqual(a1.midY, 422, accuracy: 0.5)
    }

    func testCheck5And6ScaleRisesThenFallsInStepAndThePairsKeepTheirAngles() async throws {
        try open("ch3-breathing")
        var previous = breath(at: 0)
        for frame in 1...(5 * 60 + 36) {   // 5.6 s
            let t = Double(frame) / 60
            let b = breath(at: t)
            if t < 2.8 - 1e-9 { XCTAssertGreaterThan(b.s, previous.s, "rising at \(t)") }
            if t > 2.8 + 1e-9 { XCTAssertLessThan(b.s, previous.s, "falling at \(t)") }
            // R and O in step with S: the same p.
            let pS = (b.s - 0.25) / 0.75
            XCTAssertEqual(pS, p(t), accuracy: 1e-6, "p at \(t)")
            XCTAssertEqual(b.r, 90 * pS, accuracy: 1e-6)
            for o in b.o { XCTAssertEqual(o, 60 * pS, accuracy: 1e-6) }
            XCTAssertEqual(presented("pairA", "rotation", at: t), 0, accuracy: 0, "pair A stays at 0°")
            XCTAssertEqual(presented("pairB", "rotation"), 60)
            XCTAssertEqual(presented("pairC", "rotation"), 120)
            previous = b
        }
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch3-breathing", size: Size(600, 500))
        h.advance(to: 2.8)
        let flower = probe("flower").drawn
        XCTAssertEqual(flower.midX, 300, accuracy: 0.5, "centred in the wider window")
        XCTAssertEqual(flower.midY, 250, accuracy: 0.5)
        assertColor(pixel(400, 250), (43, 104, 58))
        assertColor(pixel(430, 250), (0, 0, 0))
    }
}
