import Stage
import XCTest

/// Spec 03 §1.1.7 checks 1–7 of `ch08-breathing-flower`, read from the harness's probes at the spec's times (one
/// phase p(t) drives everything: hold 2 s, inhale 2 s, hold 2 s, exhale 2 s), and the §1.1 geometry they rest on.
@MainActor
final class BreathingFlowerTests: ViewSceneTestCase {
    /// Left to right (L2, L1, Mid, R1, R2), as check 1 lists them.
    let petals = ["petalL2", "petalL1", "petalMid", "petalR1", "petalR2"]

    override func setUp() async throws { try openFlower(render: false) }

    func angles() -> [Double] { petals.map { presented($0, "rotation") } }
    var smokeCentre: Point { probe("smoke").drawn.center }

    /// ±1 % of the expected value (a tiny absolute floor for values at 0).
    func assertNear(_ got: Double, _ want: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(got, want, accuracy: max(0.01 * abs(want), 1e-3), "\(what) at t = \(h.time)", file: file, line: line)
    }

    func assertAngles(_ want: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for (name, (got, w)) in zip(petals, zip(angles(), want)) { assertNear(got, w, name, file: file, line: line) }
    }

    /// Everything the §1.1.1 table gives at phase p.
    func assertPose(_ p: Double, file: StaticString = #filePath, line: UInt = #line) {
        assertNear(presented("labelIn", "opacity"), p, "labelIn opacity", file: file, line: line)
        assertNear(presented("labelIn", "scale"), p, "labelIn scale", file: file, line: line)
        assertNear(presented("labelOut", "opacity"), 1 - p, "labelOut opacity", file: file, line: line)
        assertNear(presented("labelOut", "scale"), 1 - p, "labelOut scale", file: file, line: line)
        assertAngles([-10 - 40 * p, -5 - 20 * p, 0, 5 + 20 * p, 10 + 40 * p], file: file, line: line)
        assertNear(smokeCentre.x, 196.5, "smoke x", file: file, line: line)
        assertNear(smokeCentre.y, 258.5 + 140 * p, "smoke y", file: file, line: line)
        assertNear(presented("smoke", "blur"), 60 - 59 * p, "smoke blur", file: file, line: line)
        assertNear(presented("bouquet1", "scale"), 1 + 0.04 * p, "s1", file: file, line: line)
        assertNear(presented("bouquet2", "scale"), 1 + 0.02 * p, "s2", file: file, line: line)
        assertNear(presented("bouquet1", "hueRotation"), 360 - 310 * p, "h1", file: file, line: line)
        assertNear(presented("bouquet2", "hueRotation"), 300 - 350 * p, "h2", file: file, line: line)
    }

    /// Check 1: the exhaled pose is held for the first two seconds.
    func testCheck1TheFirstTwoSeconds() async {
        for t in [0, 0.5, 1.2, 1.99] {
            h.advance(to: t)
            assertNear(presented("labelOut", "opacity"), 1, "labelOut opacity")
            assertNear(presented("labelOut", "scale"), 1, "labelOut scale")
            assertNear(presented("labelIn", "opacity"), 0, "labelIn opacity")
            XCTAssertTrue(probe("labelIn").hidden)
            XCTAssertFalse(probe("labelOut").hidden)
            assertAngles([-10, -5, 0, 5, 10])
            assertNear(presented("smoke", "blur"), 60, "smoke blur")
            assertNear(smokeCentre.x, 196.5, "smoke x")
            assertNear(smokeCentre.y, 258.5, "smoke y")
        }
    }

    /// Check 2: half a second into the inhale, p = 0.1292.
    func testCheck2AtTwoAndAHalfSeconds() async {
        XCTAssertEqual(Flower.p(2.5), 0.1292, accuracy: 1e-4)
        h.advance(to: 2.5)
        assertNear(presented("petalR2", "rotation"), 15.17, "petalR2")
        assertNear(presented("smoke", "blur"), 52.38, "smoke blur")
        assertNear(presented("bouquet1", "hueRotation"), 320.0, "h1")
        assertPose(Flower.p(2.5))
    }

    /// Check 3: the middle of the inhale, p = 0.5.
    func testCheck3AtThreeSeconds() async {
        h.advance(to: 3)
        for name in ["labelIn", "labelOut"] {
            assertNear(presented(name, "opacity"), 0.5, "\(name) opacity")
            assertNear(presented(name, "scale"), 0.5, "\(name) scale")
        }
        assertAngles([-30, -15, 0, 15, 30])
        assertNear(smokeCentre.y, 328.5, "smoke y")
        assertNear(presented("smoke", "blur"), 30.5, "smoke blur")
        assertNear(presented("bouquet1", "scale"), 1.02, "s1")
        assertNear(presented("bouquet2", "scale"), 1.01, "s2")
        assertNear(presented("bouquet1", "hueRotation"), 205, "h1")
        assertNear(presented("bouquet2", "hueRotation"), 125, "h2")
    }

    /// Check 4: the inhaled pose is held from 4 s to 6 s.
    func testCheck4TheInhaledHold() async {
        for t in [4.0, 4.7, 5.5, 6.0] {
            h.advance(to: t)
            assertNear(presented("labelIn", "opacity"), 1, "labelIn opacity")
            assertNear(presented("labelOut", "opacity"), 0, "labelOut opacity")
            XCTAssertFalse(probe("labelIn").hidden)
            XCTAssertTrue(probe("labelOut").hidden)
            assertAngles([-50, -25, 0, 25, 50])
            assertNear(presented("smoke", "blur"), 1, "smoke blur")
            assertNear(smokeCentre.y, 398.5, "smoke y")
            assertNear(presented("bouquet1", "scale"), 1.04, "s1")
            assertNear(presented("bouquet2", "scale"), 1.02, "s2")
            assertNear(presented("bouquet1", "hueRotation"), 50, "h1")
            assertNear(presented("bouquet2", "hueRotation"), -50, "h2")
        }
    }

    /// Check 5: the exhale mirrors the inhale (t = 7 is t = 3) and everything repeats every 8 s (t = 9 is t = 1);
    /// and between the spec's times the whole table follows p(t).
    func testCheck5PeriodicAndSymmetric() async {
        func snapshot() -> [String] {
            h.probeAll().filter { !$0.name.hasPrefix("text:") && $0.name != "snow" }.map { r in
                let values = r.values.compactMap { v -> String? in
                    guard case let .number(_, p) = v.value else { return nil }
                    return "\(v.key)=\(String(format: "%.4f", p))"
                }
                let d = r.drawn
                return "\(r.name) \(values) drawn \(String(format: "%.3f %.3f %.3f %.3f", d.minX, d.minY, d.width, d.height)) hidden \(r.hidden)"
            }
        }
        h.advance(to: 1)
        let one = snapshot()
        h.advance(to: 3)
        let three = snapshot()
        for t in stride(from: 3.25, through: 6.75, by: 0.5) {
            h.advance(to: t)
            assertPose(Flower.p(t))
        }
        h.advance(to: 7)
        XCTAssertEqual(snapshot(), three, "t = 7 equals t = 3")
        h.advance(to: 9)
        XCTAssertEqual(snapshot(), one, "t = 9 equals t = 1")
        for t in [10.6, 11.3, 14.9, 17.1] {
            h.advance(to: t)
            assertPose(Flower.p(t))
        }
    }

    /// Check 6: the middle petal never turns; the others turn about (196.5, 421), the bottom centre of their frame
    /// centred on C, so each one's drawn box is its frame turned about that point.
    func testCheck6PetalsPivotAtTheirBase() async {
        for t in stride(from: 0.0, through: 9.0, by: 0.375) {
            h.advance(to: t)
            XCTAssertEqual(presented("petalMid", "rotation"), 0, "t = \(t)")
            assertBox(probe("petalMid").drawn, Flower.petalFrame, "petalMid")
            for name in ["petalL2", "petalL1", "petalR1", "petalR2"] {
                let theta = presented(name, "rotation")
                assertBox(probe(name).drawn, Flower.petalBox(theta), name)
            }
        }
    }

    /// Check 7: the shadow is outside the animations: 20 from the first frame, never moving.
    func testCheck7ShadowRadiusIsConstant() async {
        for t in [0, 0.1, 2.5, 3, 5, 6.5, 7.9, 12.2] {
            h.advance(to: t)
            guard let v = h.value("smoke", "shadow.radius") else { return XCTFail("no shadow on smoke") }
            XCTAssertEqual(v.presented, 20, "t = \(t)")
            XCTAssertEqual(v.model, 20)
        }
    }

    /// §1.1's layout: the labels centred at C + (0, −160), the smoke 35 × 125, the bouquets fitted to 300 × 333.19 and
    /// placed by their own transforms (at rest centred on (171.5, 448.5) and (216.5, 453.5)), the snow host on L, the
    /// background 600 × 900 over the whole canvas.
    func testLayoutOfTheElements() async {
        h.advance(to: 1)
        let out = probe("labelOut").drawn
        XCTAssertEqual(out.midX, 196.5, accuracy: 0.5)
        XCTAssertEqual(out.midY, 198.5, accuracy: 0.5)
        XCTAssertEqual(probe("smoke").drawn.width, 35, accuracy: 1e-6)
        XCTAssertEqual(probe("smoke").drawn.height, 125, accuracy: 1e-6)
        XCTAssertEqual(probe("snow").frame, Flower.L)
        let bg = probe("background").drawn
        XCTAssertEqual(bg.minX, -103.5, accuracy: 0.01)
        XCTAssertEqual(bg.minY, -11.5, accuracy: 0.01)
        XCTAssertEqual(bg.width, 600, accuracy: 0.01)
        XCTAssertEqual(bg.height, 900, accuracy: 0.01)
        assertBox(probe("bouquet1").drawn, Flower.bouquetBox(second: false, s: 1), "bouquet1")
        assertBox(probe("bouquet2").drawn, Flower.bouquetBox(second: true, s: 1), "bouquet2")
        XCTAssertEqual(Flower.bouquetPoint(.zero, second: false, s: 1).x, 171.5, accuracy: 1e-9)
        XCTAssertEqual(Flower.bouquetPoint(.zero, second: true, s: 1).x, 216.5, accuracy: 1e-9)
        XCTAssertEqual(Flower.bouquetPoint(.zero, second: true, s: 1).y, 453.5, accuracy: 1e-9)
        h.advance(to: 5)
        assertBox(probe("bouquet1").drawn, Flower.bouquetBox(second: false, s: 1.04), "bouquet1 swollen")
        assertBox(probe("bouquet2").drawn, Flower.bouquetBox(second: true, s: 1.02), "bouquet2 swollen")
        // The inhaled label in the same place, at its full size.
        let inLabel = probe("labelIn").drawn
        XCTAssertEqual(inLabel.midX, 196.5, accuracy: 0.5)
        XCTAssertEqual(inLabel.midY, 198.5, accuracy: 0.5)
    }

    func assertBox(_ got: Rect, _ want: Rect, _ what: String, accuracy: Double = 0.05,
                   file: StaticString = #filePath, line: UInt = #line) {
        let message = "\(what) at t = \(h.time): \(got) is not \(want)"
        XCTAssertEqual(got.minX, want.minX, accuracy: accuracy, message, file: file, line: line)
        XCTAssertEqual(got.minY, want.minY, accuracy: accuracy, message, file: file, line: line)
        XCTAssertEqual(got.maxX, want.maxX, accuracy: accuracy, message, file: file, line: line)
        XCTAssertEqual(got.maxY, want.maxY, accuracy: accuracy, message, file: file, line: line)
    }
}
