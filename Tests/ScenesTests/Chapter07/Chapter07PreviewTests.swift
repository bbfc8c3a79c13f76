import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 02 §5.5: the component previews, each on a white 390 × 844 canvas with its element centred, behaving as in
/// the main scene: the gear's spin, the belt's marching dashes (§2.3 pixel by pixel), the worm's bars, the shaft's
/// bar and the fan's turn.
@MainActor
final class Chapter07PreviewTests: ViewSceneTestCase {
    func lum(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Double { Ch7.luminance(p) }

    func testGear() async throws {
        try open("ch07-gear")
        let d = probe("gear").drawn
        XCTAssertEqual(d.midX, 195, accuracy: 0.5)
        XCTAssertEqual(d.midY, 422, accuracy: 0.5)
        XCTAssertEqual(d.width, 100, accuracy: 0.5)
        assertColor(pixel(20, 20), (255, 255, 255), tolerance: 0)
        // The five lightening holes (centres 32.6 pt out, every 72° from 6 o'clock) show the white canvas; 0.5 s
        // later (+36°, clockwise) the hole from 6 o'clock has moved to 126° and web covers 6 o'clock.
        func at(_ deg: Double) -> Point { Ch7.canvas(Point(32.6 * cos(deg * .pi / 180), 32.6 * sin(deg * .pi / 180))) }
        var frame = try XCTUnwrap(h.capture())
        XCTAssertGreaterThan(lum(frame.pixel(at: at(90), scale: 1)), 240, "a hole at 6 o'clock")
        XCTAssertLessThan(lum(frame.pixel(at: at(126), scale: 1)), 130, "web at 126°")
        h.advance(to: 0.5)
        XCTAssertEqual(presented("gear", "rotation"), 36, accuracy: 0.5)
        frame = try XCTUnwrap(h.capture())
        XCTAssertGreaterThan(lum(frame.pixel(at: at(126), scale: 1)), 240, "the hole turned clockwise to 126°")
        XCTAssertLessThan(lum(frame.pixel(at: at(90), scale: 1)), 130, "web at 6 o'clock")
        h.advance(to: 1.25)
        XCTAssertEqual(presented("gear", "rotation"), 90, accuracy: 0.5, "+360° per 5 s")
        h.advance(to: 5)
        XCTAssertTrue(Ch7.sameAngle(presented("gear", "rotation"), 0, accuracy: 0.5))
    }

    /// §2.3: along the belt's centre line every point is black where ((s + φ) mod 6.4) < 5 and light in the gaps,
    /// at φ = 45, 33.75 and 22.5 (t = 0, 0.25, 0.5): the pattern starts at the belt's bottom end (the right-edge
    /// midpoint before its 90° turn), runs clockwise, and moves forward 45 pt/s. Drawn at 2 pixels per point.
    func testBeltDashesMarchClockwise() async throws {
        try open("ch07-belt", size: Size(780, 1688))
        let w = 380.0, hgt = 48.0, L = Ch7.perimeter(w: w, h: hgt)
        XCTAssertEqual(L, 814.8, accuracy: 0.05)
        for (t, phase) in [(0.0, 45.0), (0.25, 33.75), (0.5, 22.5)] {
            h.advance(to: t)
            XCTAssertEqual(presented("belt", "dashPhase"), phase, accuracy: 1e-6)
            let frame = try XCTUnwrap(h.capture())
            var dark = 0, light = 0
            for s in stride(from: 0.0, to: L, by: 0.2) where Ch7.clearance(s, phase: phase, perimeter: L) > 0.6 {
                // Turned 90° clockwise: (x, y) → (−y, x).
                let p = Ch7.capsulePoint(w: w, h: hgt, s: s), q = Ch7.canvas(Point(-p.y, p.x))
                let px = frame.pixel(at: q, scale: 2)
                if Ch7.painted(s, phase: phase) {
                    if px.r < 60 { dark += 1 } else { XCTFail("dash at s = \(s) → \(q), t = \(t): \(px)") }
                } else {
                    if px.r > 110 { light += 1 } else { XCTFail("gap at s = \(s) → \(q), t = \(t): \(px)") }
                }
            }
            XCTAssertGreaterThan(dark, 2300, "at \(t)")
            XCTAssertGreaterThan(light, 110, "at \(t)")
        }
        // The seam is at the bottom end, (0, 190) from the centre, where the path leaves towards −x (clockwise).
        let start = Ch7.capsulePoint(w: w, h: hgt, s: 0), next = Ch7.capsulePoint(w: w, h: hgt, s: 1)
        XCTAssertEqual(-start.y, 0, accuracy: 1e-9)
        XCTAssertEqual(start.x, 190, accuracy: 1e-9)
        XCTAssertLessThan(-next.y, 0, "moving left at the bottom: clockwise on screen")
    }

    func testWormGear() async throws {
        try open("ch07-worm-gear")
        let worm = probe("wormGear").drawn
        XCTAssertEqual(worm.midX, 195, accuracy: 0.5)
        XCTAssertEqual(worm.midY, 422, accuracy: 0.5)
        XCTAssertEqual(worm.width, 100, accuracy: 0.5)
        XCTAssertEqual(worm.height, 75, accuracy: 0.5)
        // Bar 1's "from" centre, on the first bright crest: darkened by its 0.3 black at t = 0, bare at t = 0.5.
        let bar1 = Ch7.canvas(Point(-15.17, -8.17))
        let covered = lum(try XCTUnwrap(h.capture()).pixel(at: bar1, scale: 1))
        h.advance(to: 0.25)
        for (name, y) in [("wormBar1", 3.0), ("wormBar2", -11.5), ("wormBar3", -7.5), ("wormBar4", -10)] {
            XCTAssertEqual(presented(name, "opacity"), 0.15, accuracy: 0.02)
            XCTAssertEqual(presented(name, "offset.y"), y, accuracy: 0.5)
        }
        h.advance(to: 0.5)
        let bare = lum(try XCTUnwrap(h.capture()).pixel(at: bar1, scale: 1))
        XCTAssertGreaterThan(bare, 120, "a bright crest")
        XCTAssertEqual(covered / bare, 0.7, accuracy: 0.08, "30 % black over the crest")
        h.advance(to: 1.0)
        XCTAssertEqual(presented("wormBar1", "opacity"), 0.3, accuracy: 0.02)
        assertColor(pixel(20, 20), (255, 255, 255), tolerance: 0)
    }

    func testGearShaft() async throws {
        try open("ch07-gear-shaft")
        let shaft = probe("shaft1").drawn
        XCTAssertEqual(shaft.width, 160, accuracy: 0.5)
        XCTAssertEqual(shaft.height, 40, accuracy: 0.5)
        XCTAssertEqual(shaft.midX, 195, accuracy: 0.5)
        XCTAssertEqual(shaft.midY, 422, accuracy: 0.5)
        let bar = Ch7.canvas(Point(30, -7))
        let withBar = lum(try XCTUnwrap(h.capture()).pixel(at: bar, scale: 1))
        XCTAssertEqual(presented("shaft1Bar", "opacity"), 0.5, accuracy: 0.02)
        h.advance(to: 0.25)
        XCTAssertEqual(presented("shaft1Bar", "opacity"), 0.25, accuracy: 0.02)
        h.advance(to: 0.5)
        XCTAssertEqual(presented("shaft1Bar", "opacity"), 0, accuracy: 0.02)
        let bare = lum(try XCTUnwrap(h.capture()).pixel(at: bar, scale: 1))
        XCTAssertEqual(withBar / bare, 0.5, accuracy: 0.06, "half-opaque black over the rod")
        XCTAssertEqual(probe("shaft1Bar").drawn.midY - 422, -7, accuracy: 0.5, "the bar does not move")
        h.advance(to: 1.0)
        XCTAssertEqual(presented("shaft1Bar", "opacity"), 0.5, accuracy: 0.02)
    }

    /// One turn a second, clockwise: 1/16 s later the picture is the first one turned 22.5° clockwise (the four
    /// blades repeat every 90°, so a counter-clockwise turn would not match).
    func testFan() async throws {
        try open("ch07-fan")
        let d = probe("fan").drawn
        XCTAssertEqual(d.width, 200, accuracy: 0.5)
        XCTAssertEqual(d.height, 194.8, accuracy: 0.5)
        XCTAssertEqual(d.midX, 195, accuracy: 0.5)
        XCTAssertEqual(d.midY, 422, accuracy: 0.5)
        func ring(_ frame: Framebuffer, turn: Double) -> [Double] {
            (0..<72).map { k in
                let a = (Double(k) * 5 + turn) * .pi / 180
                return lum(frame.pixel(at: Ch7.canvas(Point(70 * cos(a), 70 * sin(a))), scale: 1))
            }
        }
        let first = try XCTUnwrap(h.capture())
        h.advance(to: 0.0625)
        XCTAssertEqual(presented("fan", "rotation"), 22.5, accuracy: 0.5)
        let later = try XCTUnwrap(h.capture())
        let before = ring(first, turn: 0)
        func mismatch(_ turn: Double) -> Double {
            zip(before, ring(later, turn: turn)).map { abs($0 - $1) }.reduce(0, +) / 72
        }
        XCTAssertLessThan(mismatch(22.5), 8, "turned clockwise")
        XCTAssertGreaterThan(mismatch(-22.5), 3 * max(1, mismatch(22.5)), "not counter-clockwise")
        XCTAssertGreaterThan(before.max()! - before.min()!, 40, "blades and gaps on the ring")
        h.advance(to: 0.125)
        XCTAssertEqual(presented("fan", "rotation"), 45, accuracy: 0.5)
        h.advance(to: 0.25)
        XCTAssertEqual(presented("fan", "rotation"), 90, accuracy: 0.5)
        h.advance(to: 1.0)
        XCTAssertTrue(Ch7.sameAngle(presented("fan", "rotation"), 0, accuracy: 0.5))
    }

    /// A preview at 800 × 600: the white canvas scaled by 600/844 between black bars, the belt centred.
    func testPreviewAtAnotherWindowSize() async throws {
        try open("ch07-belt", size: Size(800, 600))
        let s = 600.0 / 844, left = (800 - 390 * s) / 2
        let frame = try XCTUnwrap(h.capture())
        for (x, y) in [(10, 300), (Int(left) - 2, 20), (800 - Int(left) + 1, 580)] {
            let p = frame.pixel(x, y)
            XCTAssertTrue(p.r == 0 && p.g == 0 && p.b == 0, "black bar at (\(x), \(y)): \(p)")
        }
        for (x, y) in [(Int(left) + 2, 2), (800 - Int(left) - 3, 597)] {
            let p = frame.pixel(x, y)
            XCTAssertTrue(p.r > 250 && p.g > 250 && p.b > 250, "white canvas at (\(x), \(y)): \(p)")
        }
        // The belt's left run (x = −24 from the centre) crosses the window's middle row as dashes and gaps.
        let y = 300.0, x = 400 - 24 * s
        var dark = 0
        for k in 0..<40 where frame.pixel(Int(x), Int(y - 20 + Double(k))).r < 80 { dark += 1 }
        XCTAssertGreaterThan(dark, 20, "dashes on the left run")
        XCTAssertLessThan(dark, 40, "and gaps")
        XCTAssertEqual(probe("belt").drawn.midX, 195, accuracy: 0.5, "probes in canvas points")
    }
}
