import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 02 §5.6 check 5: the tilted gears and belts through the 3D projection of §2.4 (spin in the plane, tilt
/// about the centre with d = the diameter or the belt's longer side, then the offset). The spec's numbers are first
/// reproduced from the written-out formula (`Ch7.tilted`); the scene's drawn boxes then match the same formula at
/// known points, and the rendered pixels show the projected rim and belt where the formula puts them.
@MainActor
final class GearsAndBeltsProjectionTests: ViewSceneTestCase {
    struct Tilted { let name: String; let diameter: Double; let centre: Point; let tilt: Double; let axis: Ch7.Axis; let spin: Double }
    let gears = [
        Tilted(name: "G7", diameter: 100, centre: Point(-62, -85), tilt: 76, axis: .y, spin: -360),
        Tilted(name: "G8", diameter: 25, centre: Point(-59, 19), tilt: 76, axis: .y, spin: -360),
        Tilted(name: "G10", diameter: 100, centre: Point(160, 94), tilt: 76, axis: .y, spin: -360),
        Tilted(name: "G11", diameter: 25, centre: Point(163, 252), tilt: 76, axis: .y, spin: -360),
        Tilted(name: "G9", diameter: 175, centre: Point(60, 39), tilt: 84, axis: .x, spin: 360),
    ]

    /// The rim circle of a gear through the formula.
    func rim(_ g: Tilted, spin: Double = 0) -> [Point] {
        (0..<7200).map { i in
            let a = Double(i) / 20 * .pi / 180
            let r = g.diameter / 2
            return Ch7.gearPoint(Point(r * cos(a), r * sin(a)), spin: spin, tilt: g.tilt, about: g.axis, diameter: g.diameter, at: g.centre)
        }
    }

    /// A belt's centre line through the formula: capsule w × h, drawn `lift` below the anchor, tilted 75° about y.
    func beltLine(w: Double, h: Double, lift: Double, anchor: Point) -> [Point] {
        let d = max(w, h), L = Ch7.perimeter(w: w, h: h)
        return (0..<4000).map { i in
            let p = Ch7.capsulePoint(w: w, h: h, s: L * Double(i) / 4000)
            let t = Ch7.tilted(Point(p.x, p.y + lift), degrees: 75, about: .y, d: d)
            return Point(anchor.x + t.x, anchor.y + t.y)
        }
    }

    func assertBox(_ b: Rect, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, _ what: String, accuracy: Double = 0.06,
                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(b.minX, x0, accuracy: accuracy, "\(what) x0", file: file, line: line)
        XCTAssertEqual(b.maxX, x1, accuracy: accuracy, "\(what) x1", file: file, line: line)
        XCTAssertEqual(b.minY, y0, accuracy: accuracy, "\(what) y0", file: file, line: line)
        XCTAssertEqual(b.maxY, y1, accuracy: accuracy, "\(what) y1", file: file, line: line)
    }

    /// The formula gives the spec's numbers (so it is the oracle for the rest).
    func testTheFormulaReproducesTheSpecExtents() async {
        assertBox(Ch7.box(rim(gears[0])), -85.5, -53.9, -142.2, -27.8, "G7")
        assertBox(Ch7.box(rim(gears[1])), -64.9, -57.0, 4.7, 33.3, "G8")
        assertBox(Ch7.box(rim(gears[2])), 136.5, 168.1, 36.8, 151.2, "G10")
        assertBox(Ch7.box(rim(gears[3])), 157.1, 165.0, 237.7, 266.3, "G11")
        assertBox(Ch7.box(rim(gears[4])), -40.9, 160.9, 32.9, 57.2, "G9")
        func at(_ g: Tilted, _ local: Point) -> Point {
            Ch7.gearPoint(local, spin: 0, tilt: g.tilt, about: g.axis, diameter: g.diameter, at: g.centre)
        }
        let g7 = gears[0], g9 = gears[4]
        for (p, e) in [(at(g7, Point(0, 0)), Point(-62, -85)), (at(g7, Point(-50, 0)), Point(-85.5, -85)),
                       (at(g7, Point(50, 0)), Point(-53.9, -85)), (at(g7, Point(0, -50)), Point(-62, -135)),
                       (at(g7, Point(0, 50)), Point(-62, -35)),
                       (at(g9, Point(-87.5, 0)), Point(-27.5, 39)), (at(g9, Point(87.5, 0)), Point(147.5, 39)),
                       (at(g9, Point(0, -87.5)), Point(60, 32.9)), (at(g9, Point(0, 87.5)), Point(60, 57.2))] {
            XCTAssertEqual(p.x, e.x, accuracy: 0.06, "\(e)")
            XCTAssertEqual(p.y, e.y, accuracy: 0.06, "\(e)")
        }
        let b4 = beltLine(w: 32, h: 125, lift: 0, anchor: Point(-60, -33))
        assertBox(Ch7.box(b4), -64.7, -56.3, -97.4, 31.4, "B4")
        let mid = Ch7.tilted(Point(-16, 0), degrees: 75, about: .y, d: 125), right = Ch7.tilted(Point(16, 0), degrees: 75, about: .y, d: 125)
        XCTAssertEqual(-60 + mid.x, -64.7, accuracy: 0.06)
        XCTAssertEqual(-60 + right.x, -56.3, accuracy: 0.06)
        XCTAssertEqual(mid.y, 0, accuracy: 1e-9, "the middle points stay at y = −33")
        let b5 = beltLine(w: 28, h: 180, lift: -10, anchor: Point(162, 185))
        assertBox(Ch7.box(b5), 158.1, 165.4, 83.0, 266.3, "B5")
        let top = Ch7.tilted(Point(0, -100), degrees: 75, about: .y, d: 180), bottom = Ch7.tilted(Point(0, 80), degrees: 75, about: .y, d: 180)
        XCTAssertEqual(185 + top.y, 85, accuracy: 0.06)
        XCTAssertEqual(185 + bottom.y, 265, accuracy: 0.06)
        // §2.4's worked example: a 100-pt gear at 76° spans 23.5 left and 8.1 right of its centre.
        XCTAssertEqual(Ch7.tilted(Point(-50, 0), degrees: 76, about: .y, d: 100).x, -23.5, accuracy: 0.05)
        XCTAssertEqual(Ch7.tilted(Point(50, 0), degrees: 76, about: .y, d: 100).x, 8.1, accuracy: 0.05)
    }

    /// The drawn box of each tilted gear is the projection of its spun square (its frame) by the formula, at
    /// several times; at spin 0 the x extents (y for G9, tilted about x) are the spec's rim extents.
    func testTiltedGearsAsDrawn() async throws {
        try open("ch07-gears-and-belts", render: false)
        for t in [0.0, 0.6, 1.0, 2.3] {
            h.advance(to: t)
            for g in gears {
                let spin = Ch7.spin(g.spin, per: 7, at: t), r = g.diameter / 2
                let corners = [Point(-r, -r), Point(r, -r), Point(r, r), Point(-r, r)].map {
                    Ch7.canvas(Ch7.gearPoint($0, spin: spin, tilt: g.tilt, about: g.axis, diameter: g.diameter, at: g.centre))
                }
                let e = Ch7.box(corners), d = probe(g.name).drawn
                assertBox(d, e.minX, e.maxX, e.minY, e.maxY, "\(g.name) at \(t)", accuracy: 1e-6)
            }
        }
    }

    func testSpinZeroBoxesCarryTheSpecNumbers() async throws {
        try open("ch07-gears-and-belts", render: false)
        func box(_ n: String) -> Rect { let d = probe(n).drawn; return Rect(x: d.minX - 195, y: d.minY - 422, width: d.width, height: d.height) }
        let expected: [(String, Double, Double)] = [("G7", -85.5, -53.9), ("G8", -64.9, -57.0), ("G10", 136.5, 168.1), ("G11", 157.1, 165.0)]
        for (n, x0, x1) in expected {
            XCTAssertEqual(box(n).minX, x0, accuracy: 0.06, n)
            XCTAssertEqual(box(n).maxX, x1, accuracy: 0.06, n)
        }
        XCTAssertEqual(box("G9").minY, 32.9, accuracy: 0.06)
        XCTAssertEqual(box("G9").maxY, 57.2, accuracy: 0.06)
        // The belts' frames touch their centre lines at the middle of their long sides.
        XCTAssertEqual(box("B4").minX, -64.7, accuracy: 0.06)
        XCTAssertEqual(box("B4").maxX, -56.3, accuracy: 0.06)
        XCTAssertEqual(box("B5").minX, 158.1, accuracy: 0.06)
        XCTAssertEqual(box("B5").maxX, 165.4, accuracy: 0.06)
        // B5's frame is 180 tall and drawn 10 pt up about the anchor (162, 185): the middles of its top and bottom
        // edges are (162, 85) and (162, 265), and its near corners are magnified by 1/ω.
        let b5 = box("B5"), near = 1 / (1 - 14 * sin(75 * Double.pi / 180) / 180)
        XCTAssertEqual(b5.minY, 185 - 100 * near, accuracy: 1e-6)
        XCTAssertEqual(b5.maxY, 185 + 80 * near, accuracy: 1e-6)
    }

    /// Pixels of the real render at 2 window pixels per point: B4's and B5's near (left) runs are where the formula
    /// puts them, their dashes measured in the tilted plane (a dash 5/ω long, a gap 1.4/ω), and they march
    /// backwards (φ = 45·frac t): the nearer run moves down.
    func testTiltedBeltsAsRendered() async throws {
        try open("ch07-gears-and-belts", size: Size(780, 1688))
        // The near run of each: local x = −w/2, from the bottom straight end up (s from a/2 + πr on).
        let belts: [(w: Double, h: Double, lift: Double, anchor: Point, ys: ClosedRange<Double>)] = [
            (32, 125, 0, Point(-60, -33), -25 ... -1),   // between G7 and G8, on plain gold
            (28, 180, -10, Point(162, 185), 160 ... 232),  // between G10 and G11
        ]
        for t in [0.0, 0.25, 0.5] {
            h.advance(to: t)
            let phase = 45 * Ch7.mod(t, 1)
            let frame = try XCTUnwrap(h.capture())
            var dark = 0, light = 0
            for b in belts {
                let L = Ch7.perimeter(w: b.w, h: b.h), d = max(b.w, b.h)
                for s in stride(from: 0.0, to: L, by: 0.25) {
                    let p = Ch7.capsulePoint(w: b.w, h: b.h, s: s)
                    guard abs(p.x + b.w / 2) < 1e-9 else { continue }   // the straight near run only
                    let q = Ch7.tilted(Point(p.x, p.y + b.lift), degrees: 75, about: .y, d: d)
                    let c = Point(b.anchor.x + q.x, b.anchor.y + q.y)
                    guard b.ys.contains(c.y), Ch7.clearance(s, phase: phase, perimeter: L) > 0.6 else { continue }
                    let px = frame.pixel(at: Ch7.canvas(c), scale: 2)
                    if Ch7.painted(s, phase: phase) {
                        XCTAssertLessThan(px.r, 60, "dash at s = \(s) → \(c), t = \(t): \(px)"); dark += 1
                    } else {
                        XCTAssertGreaterThan(px.r, 100, "gap at s = \(s) → \(c), t = \(t): \(px)"); light += 1
                    }
                }
            }
            XCTAssertGreaterThan(dark, 100, "dash samples at \(t)")
            XCTAssertGreaterThan(light, 8, "gap samples at \(t)")
        }
    }

    /// G9's near (bottom) tooth at spin 0 reaches y = 39 + 18.05 (its tips are at r 249 of 250 px); below it the
    /// worm's dark steel shows, above it bronze.
    func testG9NearRimAsRendered() async throws {
        try open("ch07-gears-and-belts", size: Size(780, 1688))
        let frame = try XCTUnwrap(h.capture())
        let tip = Ch7.tilted(Point(0, 87.5 * 249 / 250), degrees: 84, about: .x, d: 175).y + 39
        XCTAssertEqual(tip, 57.05, accuracy: 0.01)
        let inside = frame.pixel(at: Ch7.canvas(Point(60, tip - 1.2)), scale: 2)
        let outside = frame.pixel(at: Ch7.canvas(Point(60, tip + 1.2)), scale: 2)
        XCTAssertGreaterThan(inside.r - inside.b, 60, "bronze tooth inside the rim: \(inside)")
        XCTAssertLessThan(abs(outside.r - outside.b), 30, "grey worm below the rim: \(outside)")
    }
}
