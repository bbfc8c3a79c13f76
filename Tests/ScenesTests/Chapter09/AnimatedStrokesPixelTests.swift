@testable import Scenes
import Backend
import Stage
import XCTest

/// Spec 03 §2.3 in the real render: which parts of each outline are lit at the spec's times (checks 1, 3, 5), the
/// colours, widths and z-order (check 6), and the chaser's length along the path (check 7).
@MainActor
final class AnimatedStrokesPixelTests: Chapter09PixelCase {
    let id = "ch09-animated-strokes"

    /// Where a spec point of a view is sampled: on the path, except on the heart, whose picture covers the inner half
    /// of the stroke: there 1 pt outwards (along the outline's outward normal at that point).
    func sample(_ v: Ch9.View, _ f: Double, _ q: Point, origin: Point? = nil) -> Point {
        let o = origin ?? v.origin
        guard v.chaser == "heartChaser" else { return Ch9.canvas(q, o) }
        let n = [0.12: Point(-0.70, 0.71), 0.25: Point(-0.98, 0.20), 0.5: Point(-0.81, -0.59), 0.75: Point(0.95, 0.31),
                 1.0: Point(-0.90, 0.44)][f]!
        return Ch9.canvas(Point(q.x + n.x, q.y + n.y), o)
    }

    /// Check 1: before the first tick the canvas is black with the grey outlines and the heart picture, no chaser.
    func testCheck1OutlinesAndPictureBeforeTheFirstTick() async throws {
        try open(id, scale: 2)
        for t in [0.0, 0.2] {
            let f = try frame(at: t)
            let corner = px(f, Point(5, 5))
            XCTAssertTrue(corner.r == 0 && corner.g == 0 && corner.b == 0, "pixel (5, 5) is black at \(t): \(corner)")
            let picture = px(f, Point(200, 402.167))
            XCTAssertTrue(picture.r > 180 && picture.g < 90 && picture.b < 90, "the heart picture at \(t): \(picture)")
            for v in Ch9.views {
                for (p, q) in v.points {
                    let s = sample(v, p, q)
                    XCTAssertTrue(isDark(f, s, v.colour), "no \(v.chaser) at f = \(p), t = \(t)")
                    // The 0.5-pt grey outline: a thin grey line at the spec's point (1 px at this scale), on the heart
                    // just outside its picture.
                    let grey = around(f, Ch9.canvas(q, v.origin)).filter { abs($0.r - $0.g) < 12 && abs($0.g - $0.b) < 12 }
                    XCTAssertTrue(grey.contains { Ch9.luminance($0) > 45 }, "grey outline at \(v.outline) f = \(p), t = \(t)")
                }
            }
            // No red or blue anywhere outside the heart's row, where the picture is.
            var coloured = 0
            for y in stride(from: 0, to: 1704, by: 3) where y < 2 * 280 || y > 2 * 522 {
                for x in stride(from: 0, to: 786, by: 3) {
                    let p = f.pixel(x, y)
                    if Ch9.near(p, Ch9.we.colour, 40) || Ch9.near(p, Ch9.logo.colour, 40) { coloured += 1 }
                }
            }
            XCTAssertEqual(coloured, 0, "no red or blue chaser at \(t)")
        }
    }

    /// Check 3 in pixels: at each time, the spec's points inside the presented window are lit in the chaser's colour
    /// and those well outside it are not; at 2.95 s nothing is lit.
    func testCheck3LitPartsAtTheSpecTimes() async throws {
        try open(id, scale: 1)
        for t in [1.0, 2.0, 2.5, 2.95, 4.0] {
            let f = try frame(at: t)
            let w = Ch9.window(Ch9.presented(at: t))
            var lit = 0
            for v in Ch9.views {
                for (p, q) in v.points {
                    // The round caps reach 2.5 pt past the window's ends: keep 4 pt clear of them.
                    let margin = 4 / v.length
                    let s = sample(v, p, q)
                    let fs = Ch9.fractions(v, p)
                    if let (a, b) = w, fs.contains(where: { $0 > a + margin && ($0 < b - margin || (b >= 1 && $0 <= 1)) }) {
                        XCTAssertTrue(isLit(f, s, v.colour), "\(v.chaser) lit at f = \(p), t = \(t): \(px(f, s))")
                        lit += 1
                    } else if w == nil || fs.allSatisfy({ $0 < w!.0 - margin || $0 > w!.1 + margin }) {
                        XCTAssertTrue(isDark(f, s, v.colour), "\(v.chaser) dark at f = \(p), t = \(t): \(px(f, s))")
                    }
                }
            }
            XCTAssertEqual(lit > 0, w != nil, "something is lit at \(t) exactly when the window is not empty")
        }
    }

    /// Check 5: the paths start at the spec's canvas points, and at tick 1 each chaser grows from there.
    func testCheck5StartPoints() async throws {
        try open(id, scale: 1)
        let spec = [Point(108.54, 214.92), Point(198.32, 516.47), Point(276.37, 805.44)]
        let shapes = [WeTextShape.outline, HeartShape.outline, SwiftUILogoShape.outline]
        h.advance(to: 0.3)
        for ((v, want), path) in zip(zip(Ch9.views, spec), shapes) {
            let origin = probe(v.chaser).drawn.origin
            XCTAssertEqual(origin.x, v.origin.x, accuracy: 0.01, "\(v.chaser) path origin")
            XCTAssertEqual(origin.y, v.origin.y, accuracy: 0.01, "\(v.chaser) path origin")
            guard case let .move(s)? = path.elements.first else { XCTFail("no start"); continue }
            XCTAssertEqual(origin.x + s.x, want.x, accuracy: 0.5, "\(v.chaser) start on the canvas")
            XCTAssertEqual(origin.y + s.y, want.y, accuracy: 0.5, "\(v.chaser) start on the canvas")
        }
        // Just after tick 1 the window is [0, ≈0.06]: the start point is lit, the quarter point is not.
        let f = try frame(at: 0.3)
        let w = try XCTUnwrap(Ch9.window(Ch9.presented(at: 0.3)))
        XCTAssertEqual(w.0, 0)
        XCTAssertLessThan(w.1, 0.1)
        XCTAssertTrue(isLit(f, spec[0], Ch9.we.colour), "WE from its start: \(px(f, spec[0]))")
        XCTAssertTrue(isLit(f, Point(spec[1].x - 1.35, spec[1].y + 0.65), Ch9.heart.colour), "heart from its start (outside the picture)")
        XCTAssertTrue(isLit(f, spec[2], Ch9.logo.colour), "logo from its start: \(px(f, spec[2]))")
        XCTAssertTrue(isDark(f, Ch9.canvas(Point(34.37, 16.23), Ch9.we.origin), Ch9.we.colour))
        XCTAssertTrue(isDark(f, Ch9.canvas(Point(243.32, 35.80), Ch9.logo.origin), Ch9.logo.colour))
    }

    /// Check 6: red, white and blue 5-pt chasers over 0.5-pt grey outlines, the heart picture over its chaser. Widths
    /// are measured across straight parts of the real render at 2 pixels per point, as the sum of coverage.
    func testCheck6ColoursWidthsAndZOrder() async throws {
        try open(id, scale: 2)
        h.advance(to: 1)
        for v in Ch9.views {
            XCTAssertEqual(presented(v.chaser, "lineWidth"), 5)
            XCTAssertEqual(presented(v.outline, "lineWidth"), 0.5)
            XCTAssertEqual(probe(v.outline).value("color"), .color(model: .gray, presented: .gray))
        }
        XCTAssertEqual(probe("weChaser").value("color"), .color(model: .red, presented: .red))
        XCTAssertEqual(probe("heartChaser").value("color"), .color(model: .white, presented: .white))
        XCTAssertEqual(probe("logoChaser").value("color"), .color(model: .blue, presented: .blue))

        // t = 1: the logo's right side (x = 247.55 of its frame) is lit; across it, blue covers 5 pt = 10 px.
        var f = try frame(at: 1)
        let logoX: Double = (Ch9.logo.origin.x + 247.55) * 2
        let logoY = Int((Ch9.logo.origin.y + 120) * 2)
        var blue = 0.0
        for x in Int(logoX) - 12...Int(logoX) + 12 { blue += Double(f.pixel(x, logoY).b) / 255 }
        XCTAssertEqual(blue, 10, accuracy: 1, "the blue chaser is 5 pt wide")
        XCTAssertTrue(Ch9.near(f.pixel(Int(logoX), logoY), Ch9.logo.colour, 12), "blue \(f.pixel(Int(logoX), logoY))")
        // The heart at f = 0.12: white outside the outline, the picture's red on the stroke's inner half.
        let q = Point(62.62, 161.80), n = Point(-0.70, 0.71)
        func heart(_ d: Double) -> Point { Ch9.canvas(Point(q.x + d * n.x, q.y + d * n.y), Ch9.heart.origin) }
        XCTAssertTrue(Ch9.near(px(f, heart(1.5)), (255, 255, 255), 12), "white outside: \(px(f, heart(1.5)))")
        XCTAssertTrue(Ch9.near(px(f, heart(4)), (0, 0, 0), 12), "black beyond the stroke: \(px(f, heart(4)))")
        let inner = px(f, heart(-2.2))
        XCTAssertTrue(inner.r > 150 && inner.g < 100 && inner.b < 100, "the picture covers the inner half: \(inner)")
        // t = 2: the E's top edge (y = 0.39) is lit at f = 0.68; down across it, red covers 10 px.
        f = try frame(at: 2)
        let ex = Int((Ch9.we.origin.x + 194.78) * 2)
        let ey: Double = (Ch9.we.origin.y + 0.39) * 2
        var red = 0.0
        for y in Int(ey) - 12...Int(ey) + 12 { red += Double(f.pixel(ex, y).r) / 255 }
        XCTAssertEqual(red, 10, accuracy: 1, "the red chaser is 5 pt wide")
        XCTAssertTrue(Ch9.near(f.pixel(ex, Int(ey)), Ch9.we.colour, 12), "red \(f.pixel(ex, Int(ey)))")
        // The 0.5-pt grey outline, where nothing else is drawn: across the E's upright (unlit at t = 2.95), the grey
        // adds up to 1 px.
        f = try frame(at: 2.95)
        let sy = Int((Ch9.we.origin.y + 50) * 2)
        var sum = 0.0, greyish = true
        for x in Int((Ch9.we.origin.x + 160) * 2)...Int((Ch9.we.origin.x + 172) * 2) {
            let p = f.pixel(x, sy)
            sum += Double(p.r) / 142
            if abs(p.r - p.g) > 6 || p.b < p.r { greyish = false }
        }
        XCTAssertEqual(sum, 1, accuracy: 0.35, "the outline is 0.5 pt wide")
        XCTAssertTrue(greyish, "and grey")
    }

    /// Check 7: in the steady middle of a cycle the window is 0.4 of the path: 579.4, 311.2 and 743.9 pt of it.
    func testCheck7ChaserLength() async throws {
        try open(id, render: false)
        let rect = Rect(x: 0, y: 0, width: 393, height: 247.667)
        let paths = [WeTextShape().path(in: rect), HeartShape().path(in: rect), SwiftUILogoShape().path(in: rect)]
        for t in [1.2, 1.5, 1.7] {
            h.advance(to: t)
            for ((v, path), want) in zip(zip(Ch9.views, paths), [579.4, 311.2, 743.9]) {
                let a = presented(v.chaser, "trim.from"), b = presented(v.chaser, "trim.to")
                XCTAssertEqual(b - a, 0.4, accuracy: 1e-9, "\(v.chaser) at \(t)")
                XCTAssertEqual(path.trimmedPath(from: a, to: b).length, want, accuracy: 0.5, "\(v.chaser) length at \(t)")
            }
        }
    }
}
