import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 02 §5, `ch07-gears-and-belts`: acceptance checks 1–4 and 7 (spin angles, dash phases, the worm's and the
/// shafts' bars, the static layout) and the fixed canvas at another window size. Check 5 (the 3D projection) and
/// check 6 (z-order) have their own files. Positions are relative to the canvas centre unless said otherwise.
@MainActor
final class GearsAndBeltsTests: ViewSceneTestCase {
    let id = "ch07-gears-and-belts"
    let flatGears: [(name: String, degrees: Double, duration: Double)] = [
        ("G1", 360, 5), ("G2", 360, 7), ("G3", 360, 7), ("G4", 360, 7), ("G5", -360, 5), ("G6", 360, 7)]
    let tiltedGears: [(name: String, degrees: Double, tilt: Double)] = [
        ("G7", -360, 76), ("G8", -360, 76), ("G10", -360, 76), ("G11", -360, 76), ("G9", 360, 84)]

    func testCheck1SpinAngles() async throws {
        try open(id, render: false)
        h.advance(to: 0.125)
        XCTAssertEqual(presented("fan", "rotation"), 45, accuracy: 0.5)
        h.advance(to: 0.25)
        XCTAssertEqual(presented("fan", "rotation"), 90, accuracy: 0.5)
        h.advance(to: 1.0)
        let expected: [String: Double] = ["G1": 72, "G2": 51.43, "G3": 51.43, "G4": 51.43, "G5": -72, "G6": 51.43,
                                          "G7": -51.43, "G8": -51.43, "G10": -51.43, "G11": -51.43, "G9": 51.43]
        for (name, angle) in expected {
            XCTAssertEqual(presented(name, "rotation"), angle, accuracy: 0.5, "\(name) at t = 1")
        }
        // The in-plane spin comes before the static tilt, which does not move.
        for g in tiltedGears { XCTAssertEqual(presented(g.name, "rotation3D"), g.tilt, "\(g.name)'s tilt") }
        XCTAssertTrue(Ch7.sameAngle(presented("fan", "rotation"), 0, accuracy: 0.5), "the fan after a whole turn")
        h.advance(to: 3.5)
        XCTAssertEqual(presented("G2", "rotation"), 180, accuracy: 0.5)
        h.advance(to: 5.0)
        XCTAssertTrue(Ch7.sameAngle(presented("G1", "rotation"), 0, accuracy: 0.5), "G1 back to 0° (≡ 360°) at t = 5")
    }

    /// Every gear and the fan, frame by frame for 7 s: linear, from 0°, repeating without reversing.
    func testSpinsFrameByFrame() async throws {
        try open(id, render: false)
        for frame in stride(from: 0, through: 420, by: 3) {
            let t = Double(frame) / 60
            h.advance(to: t)
            for g in flatGears {
                XCTAssertTrue(Ch7.sameAngle(presented(g.name, "rotation"), Ch7.spin(g.degrees, per: g.duration, at: t), accuracy: 1e-6),
                              "\(g.name) at \(t)")
            }
            for g in tiltedGears {
                XCTAssertTrue(Ch7.sameAngle(presented(g.name, "rotation"), Ch7.spin(g.degrees, per: 7, at: t), accuracy: 1e-6),
                              "\(g.name) at \(t)")
            }
            XCTAssertTrue(Ch7.sameAngle(presented("fan", "rotation"), Ch7.spin(1440, per: 4, at: t), accuracy: 1e-6), "fan at \(t)")
        }
    }

    /// The publisher's project turns gear 4 in 5 s (spec 02 §7).
    func testSourceVariantGear4() async throws {
        try open("ch07-gears-and-belts-source", render: false)
        h.advance(to: 1.0)
        XCTAssertEqual(presented("G4", "rotation"), 72, accuracy: 0.5)
        XCTAssertEqual(presented("G2", "rotation"), 51.43, accuracy: 0.5)
    }

    func testCheck2DashPhase() async throws {
        try open(id, render: false)
        let forward = ["B1", "B2", "B3"], backward = ["B4", "B5"]
        for (t, phase, back) in [(0.0, 45.0, 0.0), (0.25, 33.75, 11.25), (0.5, 22.5, 22.5), (0.999, 0.045, 44.955)] {
            h.advance(to: t)
            for b in forward { XCTAssertEqual(presented(b, "dashPhase"), phase, accuracy: 1e-6, "\(b) at \(t)") }
            for b in backward { XCTAssertEqual(presented(b, "dashPhase"), back, accuracy: 1e-6, "\(b) at \(t)") }
        }
        h.advance(to: 1.0)
        for b in forward { XCTAssertEqual(presented(b, "dashPhase"), 45, accuracy: 1e-6, "\(b) starts again at 45") }
        for b in backward { XCTAssertEqual(presented(b, "dashPhase"), 0, accuracy: 1e-6, "\(b) starts again at 0") }
        // φ = 45·(1 − frac t) and 45·frac t, frame by frame.
        for frame in 61...240 {
            let t = Double(frame) / 60
            h.advance(to: t)
            let f = Ch7.mod(t, 1)
            XCTAssertEqual(presented("B2", "dashPhase"), f == 0 ? 45 : 45 * (1 - f), accuracy: 1e-6, "B2 at \(t)")
            XCTAssertEqual(presented("B5", "dashPhase"), 45 * f, accuracy: 1e-6, "B5 at \(t)")
        }
        // The predicate at φ = 45: s = 0 is painted (0.2 < 5), s = 4.85 is a gap (5.05).
        XCTAssertTrue(Ch7.painted(0, phase: 45))
        XCTAssertFalse(Ch7.painted(4.85, phase: 45))
    }

    func testCheck3WormBars() async throws {
        try open(id, render: false)
        let bars: [(name: String, from: Double, to: Double)] = [
            ("wormBar1", -8, 14), ("wormBar2", -8, -15), ("wormBar3", -10, -5), ("wormBar4", -10, -10)]
        // Where each bar's centre is drawn: "from" (opacity 0.3) and "to" (opacity 0).
        let centres: [(Point, Point)] = [(Point(44.83, 21.83), Point(46.37, 43.78)), (Point(59.82, 21.10), Point(58.84, 14.17)),
                                         (Point(72.34, 19.21), Point(73.04, 24.16)), (Point(83.19, 19.44), Point(83.19, 19.44))]
        func drawnCentre(_ name: String) -> Point {
            let d = probe(name).drawn
            return Point(d.midX - Ch7.centre.x, d.midY - Ch7.centre.y)
        }
        for (i, bar) in bars.enumerated() {
            XCTAssertEqual(presented(bar.name, "opacity"), 0.3, accuracy: 0.02)
            XCTAssertEqual(presented(bar.name, "offset.y"), bar.from, accuracy: 0.5)
            XCTAssertEqual(drawnCentre(bar.name).x, centres[i].0.x, accuracy: 0.5, "\(bar.name) from")
            XCTAssertEqual(drawnCentre(bar.name).y, centres[i].0.y, accuracy: 0.5, "\(bar.name) from")
        }
        h.advance(to: 0.25)
        for (bar, y) in zip(bars, [3.0, -11.5, -7.5, -10]) {
            XCTAssertEqual(presented(bar.name, "opacity"), 0.15, accuracy: 0.02, "\(bar.name) at 0.25")
            XCTAssertEqual(presented(bar.name, "offset.y"), y, accuracy: 0.5, "\(bar.name) at 0.25")
        }
        h.advance(to: 0.5)
        for (i, bar) in bars.enumerated() {
            XCTAssertEqual(presented(bar.name, "opacity"), 0, accuracy: 0.02, "\(bar.name) at 0.5")
            XCTAssertEqual(presented(bar.name, "offset.y"), bar.to, accuracy: 0.5, "\(bar.name) at 0.5")
            XCTAssertEqual(drawnCentre(bar.name).x, centres[i].1.x, accuracy: 0.5, "\(bar.name) to")
            XCTAssertEqual(drawnCentre(bar.name).y, centres[i].1.y, accuracy: 0.5, "\(bar.name) to")
        }
        h.advance(to: 1.0)
        for bar in bars {
            XCTAssertEqual(presented(bar.name, "opacity"), 0.3, accuracy: 0.02, "\(bar.name) at 1")
            XCTAssertEqual(presented(bar.name, "offset.y"), bar.from, accuracy: 0.5, "\(bar.name) at 1")
        }
        // The fixed tilts.
        for (bar, tilt) in zip(bars, [-4.0, -8, -8, -7]) { XCTAssertEqual(presented(bar.name, "rotation"), tilt) }
    }

    func testCheck4ShaftBars() async throws {
        try open(id, render: false)
        for (t, opacity) in [(0.0, 0.5), (0.25, 0.25), (0.5, 0.0), (1.0, 0.5)] {
            h.advance(to: t)
            for bar in ["shaft1Bar", "shaft2Bar"] {
                XCTAssertEqual(presented(bar, "opacity"), opacity, accuracy: 0.02, "\(bar) at \(t)")
            }
        }
        // The bars only fade: they stay over the rods, at (5, 21) and (95, 253).
        for (bar, c) in [("shaft1Bar", Point(5, 21)), ("shaft2Bar", Point(95, 253))] {
            let d = probe(bar).drawn
            XCTAssertEqual(d.midX - Ch7.centre.x, c.x, accuracy: 0.5)
            XCTAssertEqual(d.midY - Ch7.centre.y, c.y, accuracy: 0.5)
            XCTAssertEqual(d.width, 140, accuracy: 0.5)
            XCTAssertEqual(d.height, 8, accuracy: 0.5)
        }
    }

    func testCheck7StaticLayout() async throws {
        try open(id)
        func box(_ name: String) -> Rect {
            let d = probe(name).drawn
            return Rect(x: d.minX - Ch7.centre.x, y: d.minY - Ch7.centre.y, width: d.width, height: d.height)
        }
        let motor = box("motor"), fan = box("fan"), background = box("background")
        XCTAssertEqual(motor.width, 140, accuracy: 0.5)
        XCTAssertEqual(motor.height, 115.7, accuracy: 0.5)
        XCTAssertEqual(motor.midX, -120, accuracy: 0.5)
        XCTAssertEqual(motor.midY, 90, accuracy: 0.5)
        XCTAssertEqual(fan.width, 200, accuracy: 0.5, "the fan keeps its 200-pt frame")
        XCTAssertEqual(fan.height, 194.8, accuracy: 0.5)
        XCTAssertEqual(fan.midX, 0, accuracy: 0.5)
        XCTAssertEqual(fan.midY, 250, accuracy: 0.5)
        XCTAssertEqual(background.width, 563.4, accuracy: 0.5)
        XCTAssertEqual(background.height, 1000, accuracy: 0.5)
        XCTAssertEqual(background.midX, 0, accuracy: 0.5)
        XCTAssertEqual(background.midY, 0, accuracy: 0.5)
        // The gold covers the whole canvas: its corners and edges are gold, not the black of the bars.
        let frame = try XCTUnwrap(h.capture())
        for (x, y) in [(1, 1), (388, 1), (1, 842), (388, 842), (195, 1), (1, 422), (388, 422), (195, 842)] {
            let p = frame.pixel(x, y)
            XCTAssertTrue(p.r > 90 && p.r > p.b + 40, "gold at (\(x), \(y)), got \(p)")
        }
    }

    /// 800 × 600: the canvas is scaled by 600/844, centred, with black bars left and right; the gold is cropped to
    /// the canvas, the probes still speak canvas coordinates, and the scene runs on the same clock.
    func testAtAnotherWindowSize() async throws {
        try open(id, size: Size(800, 600))
        let s = 600.0 / 844, left = (800 - 390 * s) / 2
        func window(_ p: Point) -> Point { Point(left + (Ch7.centre.x + p.x) * s, (Ch7.centre.y + p.y) * s) }
        let frame = try XCTUnwrap(h.capture())
        for (x, y) in [(5, 300), (Int(left) - 2, 100), (Int(left) - 2, 500), (800 - Int(left) + 1, 300), (795, 10)] {
            let p = frame.pixel(x, y)
            XCTAssertTrue(p.r == 0 && p.g == 0 && p.b == 0, "black bar at (\(x), \(y)), got \(p)")
        }
        for (x, y) in [(Int(left) + 2, 300), (800 - Int(left) - 3, 300), (400, 2), (400, 597)] {
            let p = frame.pixel(x, y)
            XCTAssertTrue(p.r > 90 && p.r > p.b + 40, "gold inside the canvas at (\(x), \(y)), got \(p)")
        }
        // The canvas centre is the window centre; the fan's hub sits 250·s below it.
        XCTAssertEqual(window(.zero).x, 400, accuracy: 1e-9)
        XCTAssertEqual(window(.zero).y, 300, accuracy: 1e-9)
        let hub = frame.pixel(Int(window(Point(0, 250)).x), Int(window(Point(0, 250)).y))
        XCTAssertTrue(abs(hub.r - hub.b) < 25 && hub.r > 60, "the fan's grey hub at its centre, got \(hub)")
        // G9 draws over the worm at the same canvas point as at 390 × 844 (see the z-order checks).
        let rim = frame.pixel(Int(window(Point(60, 52.6)).x), Int(window(Point(60, 52.6)).y))
        XCTAssertTrue(rim.r > rim.b + 50, "G9's bronze rim over the worm, got \(rim)")
        XCTAssertEqual(probe("motor").drawn.width, 140, accuracy: 0.5, "probes are in canvas points")
        h.advance(to: 0.25)
        XCTAssertEqual(presented("B1", "dashPhase"), 33.75, accuracy: 1e-6)
        XCTAssertEqual(presented("fan", "rotation"), 90, accuracy: 0.5)
    }
}
