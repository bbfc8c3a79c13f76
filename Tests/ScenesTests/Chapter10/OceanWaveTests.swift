import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 03 §3.7 checks 1, 2, 3 and 8 on `ch10-ocean`: the sky's colour, each wave's k (`yOffset`) on its own
/// period, the wave edges where §3.1 puts them (read off the rendered frame), the draw order and the 80 % waves,
/// and the fixed canvas at another window size.
@MainActor
final class OceanWaveTests: ViewSceneTestCase {
    func k(_ n: Int) -> Double { presented("wave\(n)", "yOffset") }

    /// Wave n's edge read off `frame` in column x, searched only up to halfway to the other waves' edges there.
    func edge(_ frame: Framebuffer, _ n: Int, x: Double, t: Double, expected: Double? = nil) -> Double {
        let y = expected ?? Ch10.edge(n, x: x, t: t)
        let others = (1...6).filter { $0 != n }.map { abs(Ch10.edge($0, x: x, t: t) - y) }
        return frame.edgeY(x: x, near: y, span: max(3, min(12, others.min()! / 2 - 1)))
    }

    /// Check 1: Color.blue at 0.5 over the white window, far above the waves' haze.
    func testCheck1TheSky() async throws {
        try open("ch10-ocean")
        for t in [0, 1.3, 2.6] {
            h.advance(to: t)
            assertColor(pixel(196, 100), (128, 189, 255), tolerance: 3)
            // The sky covers the whole canvas, the safe area's bands too.
            assertColor(pixel(5, 5), (128, 189, 255), tolerance: 3)
            assertColor(pixel(388, 40), (128, 189, 255), tolerance: 3)
        }
    }

    /// Check 2: k starts at curveTwo, reaches curveOne at d and is back at curveTwo at 2d, easeInOut both ways; the
    /// spec's reference values; and every frame of the first 10.5 s against §0.4's formula (±1 % of the range).
    func testCheck2WaveKValues() async throws {
        try open("ch10-ocean", render: false)
        for n in 1...6 {
            XCTAssertEqual(k(n), Ch10.waves[n - 1].c2, accuracy: 1e-9, "wave \(n) at t = 0 is curveTwo")
            XCTAssertEqual(h.value("wave\(n)", "yOffset")?.model ?? .nan, Ch10.waves[n - 1].c1, accuracy: 1e-9,
                           "wave \(n)'s model value is curveOne once the scene has appeared")
        }
        // The reference values, in time order: (t, wave, k).
        var marks: [(Double, Int, Double)] = [(1.75, 4, 0.02), (2.0, 2, 0), (2.5, 1, 0), (3.5, 4, 0.14)]
        for n in 1...6 {
            let w = Ch10.waves[n - 1]
            marks += [(w.d, n, w.c1), (2 * w.d, n, w.c2), (3 * w.d, n, w.c1)]
        }
        marks.sort { $0.0 < $1.0 }
        for (t, n, value) in marks {
            h.advance(to: t)
            let range = abs(Ch10.waves[n - 1].c1 - Ch10.waves[n - 1].c2)
            XCTAssertEqual(k(n), value, accuracy: 0.01 * range, "wave \(n) at t = \(t)")
        }
        h = nil
        try open("ch10-ocean", render: false)
        var worst = 0.0
        for frame in 0...630 {
            let t = Double(frame) / 60
            h.advance(to: t)
            for n in 1...6 {
                let range = abs(Ch10.waves[n - 1].c1 - Ch10.waves[n - 1].c2)
                worst = max(worst, abs(k(n) - Ch10.k(n, t)) / range)
            }
        }
        XCTAssertLessThan(worst, 0.01, "largest error over 10.5 s, as a share of each wave's range")
    }

    /// Check 2: at t = 3.5 wave 4 has k = 0.14, its crest 30.68 pt above y = 764 at x ≈ 281.2: a parabola through
    /// the rendered edge around the crest has its vertex there.
    func testCheck2TheCrestOfWave4() async throws {
        try open("ch10-ocean")
        h.advance(to: 3.5)
        XCTAssertEqual(k(4), 0.14, accuracy: 0.0024)
        XCTAssertEqual(Ch10.edgeOffset(x: 281.2, k: 0.14), -30.68, accuracy: 0.01, "the spec's own numbers")
        let frame = try XCTUnwrap(h.capture())
        let xs = stride(from: 221.0, through: 341, by: 4).map { $0 + 0.5 }
        let ys = xs.map { edge(frame, 4, x: $0, t: 3.5) }
        for (x, y) in zip(xs, ys) {
            XCTAssertEqual(y, Ch10.edge(4, x: x, t: 3.5), accuracy: 1, "wave 4's edge at x = \(x)")
        }
        // Least squares y = a + b·u + c·u² with u = x − 281.
        let us = xs.map { $0 - 281 }
        var m = [[Double]](repeating: [0, 0, 0, 0], count: 3)
        for (u, y) in zip(us, ys) {
            let row = [1, u, u * u]
            for i in 0..<3 { for j in 0..<3 { m[i][j] += row[i] * row[j] }; m[i][3] += row[i] * y }
        }
        for col in 0..<3 {
            for r in 0..<3 where r != col {
                let f = m[r][col] / m[col][col]
                for j in 0..<4 { m[r][j] -= f * m[col][j] }
            }
        }
        let (a, b, c) = (m[0][3] / m[0][0], m[1][3] / m[1][1], m[2][3] / m[2][2])
        XCTAssertGreaterThan(c, 0, "a crest: the edge is highest there")
        let vx = 281 - b / (2 * c), vy = a - b * b / (4 * c)
        XCTAssertEqual(vx, 281.2, accuracy: 3, "the crest's x")
        XCTAssertEqual(vy, 764 - 30.68, accuracy: 1, "the crest's height")
    }

    /// Check 3: when its k passes 0 a wave's top edge is flat at its top line (634, 669, 704, 764, 799; wave 6's
    /// 859 is below the canvas, so its frame says it); and at x = 0 and x = 393 every edge stays on its line.
    func testCheck3EdgesAtRestAndTheFixedEnds() async throws {
        try open("ch10-ocean")
        for (n, y) in zip(1...6, [634.0, 669, 704, 764, 799, 859]) {
            XCTAssertEqual(Ch10.top(n), y)
            XCTAssertEqual(probe("wave\(n)").drawn.minY, y, accuracy: 1e-6, "wave \(n)'s rect starts at its top line")
        }
        // The moment each of waves 1–5 is flat: k(t) = 0 on the first forward leg.
        var rests: [(t: Double, n: Int)] = []
        for n in 1...5 {
            let w = Ch10.waves[n - 1]
            var lo = 0.0, hi = w.d
            for _ in 0..<60 { let m = (lo + hi) / 2; if (Ch10.k(n, m) - 0) * (w.c2 - 0) > 0 { lo = m } else { hi = m } }
            rests.append(((lo + hi) / 2, n))
        }
        rests.sort { $0.t < $1.t }
        // Columns clear of the buoy (x 84…309 at most) for the two bands it sits between.
        for (t, n) in rests {
            h.advance(to: t)
            XCTAssertEqual(k(n), 0, accuracy: 0.002, "wave \(n) is at rest at \(t)")
            let frame = try XCTUnwrap(h.capture())
            let columns: [Double] = n <= 2 ? [0.5, 20.5, 60.5, 330.5, 372.5, 392.5] : [0.5, 40.5, 120.5, 196.5, 281.5, 360.5, 392.5]
            for x in columns {
                XCTAssertEqual(edge(frame, n, x: x, t: t, expected: Ch10.top(n)), Ch10.top(n), accuracy: 1, "wave \(n) flat at x = \(x), t = \(t)")
            }
        }
        // The ends stay put at any k: a few moments of large swell.
        for t in [3.6, 4.1, 5.0] {
            h.advance(to: t)
            let frame = try XCTUnwrap(h.capture())
            for n in 1...5 {
                for x in [0.5, 392.5] {
                    XCTAssertEqual(edge(frame, n, x: x, t: t, expected: Ch10.top(n)), Ch10.top(n), accuracy: 1,
                                   "wave \(n) at x = \(x), t = \(t), k = \(k(n))")
                }
                // …while the middle has moved (so the check above looks at a real edge).
                if abs(k(n)) > 0.04 {
                    XCTAssertEqual(edge(frame, n, x: 40.5, t: t), Ch10.edge(n, x: 40.5, t: t), accuracy: 1,
                                   "wave \(n) at x = 40.5, t = \(t)")
                }
            }
        }
    }

    /// Check 8: the draw order is wave 1, the buoy, waves 2–6 (probe order is tree order), and with a one-colour
    /// stand-in for the picture the buoy shows over the sky and over wave 1 but not where wave 2 covers it; waves
    /// 1 and 5 are at 0.8 (their fill and shadow as one group: ch10-first-wave shows wave 1 alone).
    func testCheck8ZOrderAndOpacity() async throws {
        h = try Harness(scene: "ch10-ocean", render: true, assets: Ch10StandIns.assets())
        let order = h.probeAll().map(\.name).filter { $0.hasPrefix("wave") || $0 == "buoy" }
        XCTAssertEqual(order, ["wave1", "buoy", "wave2", "wave3", "wave4", "wave5", "wave6"])
        for n in 1...6 { XCTAssertEqual(presented("wave\(n)", "opacity"), n == 1 || n == 5 ? 0.8 : 1, accuracy: 1e-9) }

        var overSky = 0, overWave1 = 0, underWave2 = 0
        for t in [0.0, 0.6, 1.3] {
            h.advance(to: t)
            let frame = try XCTUnwrap(h.capture())
            let (a1, a2) = (Ch10.theta1(t), Ch10.theta2(t))
            XCTAssertEqual(presented("buoy", "rotation"), a1, accuracy: 0.1)
            XCTAssertEqual(presented("buoy", "rotation.2"), a2, accuracy: 0.1)
            for qx in stride(from: 12.0, through: 213, by: 8) {
                for qy in stride(from: 12.0, through: 213, by: 8) {
                    // Not on the lamp, which is drawn over the picture.
                    if (102...123).contains(qx) && qy < 32 { continue }
                    let p = Ch10.buoyPoint(Point(qx, qy), theta1: a1, theta2: a2)
                    let e1 = Ch10.edge(1, x: p.x, t: t), e2 = Ch10.edge(2, x: p.x, t: t)
                    let c = frame.rgb(p.x, p.y)
                    if p.y < e1 - 3 {
                        XCTAssert(c.g > 150 && c.g > c.r + 60 && c.g > c.b + 20, "buoy over the sky at \(p), t \(t): \(c)")
                        overSky += 1
                    } else if p.y > e1 + 3 && p.y < e2 - 3 {
                        XCTAssert(c.g > 110 && c.g > c.r + 40 && c.g > c.b, "buoy over wave 1 at \(p), t \(t): \(c)")
                        overWave1 += 1
                    } else if p.y > e2 + 3 && p.y < 852 {
                        // Blue with the later waves' grey haze, none of the stand-in's green.
                        XCTAssert(c.b > 150 && c.b > c.g + 90 && abs(c.r - c.g) < 12, "wave 2 (or a later one) over the buoy at \(p), t \(t): \(c)")
                        underWave2 += 1
                    }
                }
            }
        }
        XCTAssertGreaterThan(overSky, 100)
        XCTAssertGreaterThan(overWave1, 20)
        XCTAssertGreaterThan(underWave2, 20)
    }

    /// Check 8's 80 %: wave 1 alone over the sky (`ch10-first-wave`). Deep in the band the fill hides its own
    /// shadow, so the pixel is 0.8 blue + 0.2 sky = (25.6, 37.8, 255); drawn at 1 it would be pure blue, and with
    /// the opacity on fill and shadow separately the grey shadow would show through.
    func testCheck8Wave1IsAt80PercentWithItsShadow() async throws {
        try open("ch10-first-wave")
        for t in [0.0, 1.7] {
            h.advance(to: t)
            XCTAssertEqual(presented("wave1", "opacity"), 0.8, accuracy: 1e-9)
            XCTAssertEqual(presented("wave1", "yOffset"), Ch10.k(1, t), accuracy: 0.001)
            for x in [10.0, 196, 380] { assertColor(pixel(x, 760), (26, 38, 255), tolerance: 3) }
            assertColor(pixel(196, 100), (128, 189, 255), tolerance: 3)
            // Just above the edge the grey shadow (offset 10, σ 50) tints the sky, faded with the wave.
            let above = pixel(40, Ch10.edge(1, x: 40, t: t) - 4)
            XCTAssert(above.b < 245 && above.b > 190, "the shadow's haze above wave 1: \(above)")
            let frame = try XCTUnwrap(h.capture())
            for x in [20.5, 140.5, 281.5, 370.5] {
                XCTAssertEqual(frame.edgeY(x: x, near: Ch10.edge(1, x: x, t: t)), Ch10.edge(1, x: x, t: t), accuracy: 1, "x \(x), t \(t)")
            }
        }
    }

    /// The fixed canvas at 800 × 600: scaled by 600/852, centred between black bars; the sky and wave 1's edge
    /// where the scale puts them.
    func testAnotherWindowSize() async throws {
        try open("ch10-ocean", size: Size(800, 600))
        h.advance(to: 2.5)
        let s = 600.0 / 852, left = (800 - 393 * s) / 2
        let frame = try XCTUnwrap(h.capture())
        for (x, y) in [(10, 300), (Int(left) - 2, 10), (800 - Int(left) + 1, 590)] {
            let p = frame.pixel(x, y)
            XCTAssertEqual([p.r, p.g, p.b], [0, 0, 0], "bar at \(x), \(y)")
        }
        let sky = frame.rgb(196, 100, scale: s, left: left)
        XCTAssert(abs(sky.r - 128) <= 3 && abs(sky.g - 189) <= 3 && abs(sky.b - 255) <= 3, "sky \(sky)")
        // Wave 1 is flat at 2.5 s: its edge at canvas 634 is at window y 634·s, in a column left of the buoy.
        XCTAssertEqual(presented("wave1", "yOffset"), 0, accuracy: 0.001)
        let x = left + 30 * s
        XCTAssertEqual(frame.edgeY(x: x, near: 634 * s, span: 8) / s, 634, accuracy: 1.5)
        // Wave 4's edge (k = 0.14 at 3.5 s) at its crest column.
        h.advance(to: 3.5)
        let later = try XCTUnwrap(h.capture())
        XCTAssertEqual(later.edgeY(x: left + 281.2 * s, near: 733.3 * s, span: 8) / s, 733.3, accuracy: 1.5)
    }
}
