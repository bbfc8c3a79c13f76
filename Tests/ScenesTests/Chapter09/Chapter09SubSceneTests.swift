import Backend
import Stage
import XCTest

/// Spec 03 §2.4: each view alone on the black phone canvas, its path origin at L's top-left plus its offset; checks
/// 2–4 and 6 of §2.3 with the positions shifted. And the main scene in an 800 × 600 window (the fixed canvas).
@MainActor
final class Chapter09SubSceneTests: Chapter09PixelCase {
    func check(_ id: String, _ v: Ch9.View, others: [String]) throws {
        try open(id, scale: 1)
        for o in others { XCTAssertNil(h.probe(o), "\(id) shows only its own view, not \(o)") }
        let origin = probe(v.chaser).drawn.origin
        XCTAssertEqual(origin.x, v.subOrigin.x, accuracy: 0.01, "\(id) path origin")
        XCTAssertEqual(origin.y, v.subOrigin.y, accuracy: 0.01, "\(id) path origin")
        XCTAssertEqual(presented(v.chaser, "lineWidth"), 5)
        XCTAssertEqual(presented(v.outline, "lineWidth"), 0.5)
        XCTAssertEqual(probe(v.outline).value("color"), .color(model: .gray, presented: .gray))
        let c = Color(v.colour.0, v.colour.1, v.colour.2)
        XCTAssertEqual(probe(v.chaser).value("color"), .color(model: c, presented: c))

        var after: [Int: (Double, Double)] = [:]
        var t = 0.0
        var windowsChecked = 0
        for (when, w) in [(1.0, (0.0, 0.3992)), (2.0, (0.5165, 0.9165)), (2.5, (0.7709, 1.0)), (2.95, nil), (4.0, (0.1250, 0.5250))] as [(Double, (Double, Double)?)] {
            // Check 2 and 4 on the way: the targets just after every tick up to this time.
            while 0.23 * Double(after.count + 1) + 0.01 < when {
                t = 0.23 * Double(after.count + 1) + 0.01
                h.advance(to: t)
                let m = (h.value(v.chaser, "trim.from")!.model, h.value(v.chaser, "trim.to")!.model)
                let want = Ch9.targets(at: t)
                XCTAssertEqual(m.0, want.start, accuracy: 1e-9, "\(id) start after tick \(after.count + 1)")
                XCTAssertEqual(m.1, want.end, accuracy: 1e-9, "\(id) end after tick \(after.count + 1)")
                after[after.count + 1] = m
            }
            if when == 2.95 {
                h.advance(to: 2.8999)
                XCTAssertEqual(h.value(v.chaser, "trim.to")!.model, 1.44, accuracy: 1e-9, "\(id): no reset before 2.90")
                h.advance(to: 2.9001)
                XCTAssertEqual(h.value(v.chaser, "trim.to")!.model, 0, "\(id): reset at 2.90")
            }
            // Check 3, and its pixels at the shifted positions.
            let f = try frame(at: when)
            let got = Ch9.window((presented(v.chaser, "trim.from"), presented(v.chaser, "trim.to")))
            if let w {
                XCTAssertEqual(got?.0 ?? .nan, w.0, accuracy: 0.01, "\(id) from at \(when)")
                XCTAssertEqual(got?.1 ?? .nan, w.1, accuracy: 0.01, "\(id) to at \(when)")
            } else {
                XCTAssertNil(got, "\(id) empty at \(when)")
            }
            let margin = 4 / v.length
            for (p, q) in v.points {
                let fs = Ch9.fractions(v, p)
                let s = sample(v, p, q)
                if let (a, b) = w, fs.contains(where: { $0 > a + margin && ($0 < b - margin || (b >= 1 && $0 <= 1)) }) {
                    XCTAssertTrue(isLit(f, s, v.colour), "\(id) lit at f = \(p), t = \(when): \(px(f, s))")
                    windowsChecked += 1
                } else if w == nil || fs.allSatisfy({ $0 < w!.0 - margin || $0 > w!.1 + margin }) {
                    XCTAssertTrue(isDark(f, s, v.colour), "\(id) dark at f = \(p), t = \(when): \(px(f, s))")
                }
            }
            // Full-bleed black: outside L too.
            for corner in [Point(5, 5), Point(388, 847)] {
                let p = px(f, corner)
                XCTAssertTrue(p.r == 0 && p.g == 0 && p.b == 0, "\(id) black at \(corner): \(p)")
            }
        }
        XCTAssertGreaterThan(windowsChecked, 2)
        for n in (after.count + 1)...26 {
            h.advance(to: 0.23 * Double(n) + 0.01)
            after[n] = (h.value(v.chaser, "trim.from")!.model, h.value(v.chaser, "trim.to")!.model)
        }
        for n in 1...14 {
            XCTAssertEqual(after[n]!.0, after[n + 12]!.0, accuracy: 1e-9, "\(id) check 4: start after tick \(n) and \(n + 12)")
            XCTAssertEqual(after[n]!.1, after[n + 12]!.1, accuracy: 1e-9, "\(id) check 4: end after tick \(n) and \(n + 12)")
        }
    }

    /// Where a spec point is sampled (as in the main scene's pixel tests), from the sub-scene's origin.
    func sample(_ v: Ch9.View, _ f: Double, _ q: Point) -> Point {
        guard v.chaser == "heartChaser" else { return Ch9.canvas(q, v.subOrigin) }
        let n = [0.12: Point(-0.70, 0.71), 0.25: Point(-0.98, 0.20), 0.5: Point(-0.81, -0.59), 0.75: Point(0.95, 0.31),
                 1.0: Point(-0.90, 0.44)][f]!
        return Ch9.canvas(Point(q.x + n.x, q.y + n.y), v.subOrigin)
    }

    func testWeStroke() async throws {
        try check("ch09-we-stroke", Ch9.we, others: ["heartChaser", "logoChaser", "heartImage"])
    }

    func testHeartStroke() async throws {
        try check("ch09-heart-stroke", Ch9.heart, others: ["weChaser", "logoChaser"])
        // The picture, 246 × 231.24, centred at (200, 146.5), above the chaser.
        let image = probe("heartImage").drawn
        XCTAssertEqual(image.midX, 200, accuracy: 0.5)
        XCTAssertEqual(image.midY, 146.5, accuracy: 0.5)
        XCTAssertEqual(image.width, 246, accuracy: 0.01)
        XCTAssertEqual(image.height, 231.24, accuracy: 0.01)
        let f = try frame(at: 6.5)
        let p = px(f, Point(200, 146.5))
        XCTAssertTrue(p.r > 180 && p.g < 90, "the picture's red at its centre: \(p)")
    }

    func testSwiftUILogoStroke() async throws {
        try check("ch09-swiftui-logo-stroke", Ch9.logo, others: ["weChaser", "heartChaser"])
    }

    /// The main scene in an 800 × 600 window: the canvas is scaled by 600/852 and centred between black bars; the
    /// chasers are where the canvas puts them, on the same clock, and the probes still speak canvas points.
    func testAtAnotherWindowSize() async throws {
        try open("ch09-animated-strokes", size: Size(800, 600))
        let s = 600.0 / 852, left = (800 - 393 * s) / 2
        map = { Point(left + $0.x * s, $0.y * s) }
        let f = try frame(at: 1)
        XCTAssertEqual(window(Point(0, 0)).x, left, accuracy: 1e-9)
        for (x, y) in [(5, 300), (Int(left) - 3, 100), (800 - Int(left) + 2, 500)] {
            let p = f.pixel(x, y)
            XCTAssertTrue(p.r == 0 && p.g == 0 && p.b == 0, "black bar at (\(x), \(y)): \(p)")
        }
        // Lit at t = 1 ([0, 0.3992]): each view's f = 0.12 point; not lit: f = 0.5.
        XCTAssertTrue(isLit(f, Ch9.canvas(Point(34.37, 16.23), Ch9.we.origin), Ch9.we.colour), "WE at f = 0.12")
        XCTAssertTrue(isLit(f, Ch9.canvas(Point(243.32, 35.80), Ch9.logo.origin), Ch9.logo.colour), "logo at f = 0.12")
        XCTAssertTrue(isLit(f, Ch9.canvas(Point(62.62 - 0.7, 161.80 + 0.7), Ch9.heart.origin), Ch9.heart.colour), "heart at f = 0.12")
        XCTAssertTrue(isDark(f, Ch9.canvas(Point(79.09, 54.89), Ch9.we.origin), Ch9.we.colour), "WE at f = 0.5")
        XCTAssertTrue(isDark(f, Ch9.canvas(Point(150.39, 189.10), Ch9.logo.origin), Ch9.logo.colour), "logo at f = 0.5")
        let picture = px(f, Point(200, 402.167))
        XCTAssertTrue(picture.r > 180 && picture.g < 90, "the heart picture: \(picture)")
        XCTAssertEqual(probe("heartImage").drawn.width, 246, accuracy: 0.01, "probes are in canvas points")
        XCTAssertEqual(probe("weChaser").drawn.origin.y, 109, accuracy: 0.01)
        XCTAssertEqual(Ch9.window((presented("weChaser", "trim.from"), presented("weChaser", "trim.to")))?.1 ?? .nan, 0.3992,
                       accuracy: 0.01)
    }

    func window(_ p: Point) -> Point { map(p) }
}
