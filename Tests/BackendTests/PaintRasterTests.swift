import Backend
import Foundation
import Stage
import XCTest

/// Tessellated shapes drawn by SDL's software renderer (the headless canvas), read back pixel by pixel. The software
/// renderer truncates vertex positions to whole pixels, so these check what a screenshot really shows.
final class PaintRasterTests: XCTestCase {
    func render(_ w: Int, _ h: Int, _ draw: (inout Tessellator) -> Void) throws -> Framebuffer {
        let canvas = try HeadlessCanvas(width: w, height: h, assets: AssetResolver(roots: []))
        canvas.renderer.clear(.white)
        var t = Tessellator()
        draw(&t)
        canvas.renderer.drawTriangles(t.vertices, indices: t.indices, texture: nil, blend: .alpha)
        return canvas.renderer.readFramebuffer()
    }

    /// Alpha of black drawn over white, from the red channel.
    func ink(_ f: Framebuffer, _ x: Int, _ y: Int) -> Double { 1 - Double(f.pixel(x, y).r) / 255 }

    let yellow = Color(hex: 0xFFCC00)

    func testFullCanvasFillCoversEveryEdgePixel() throws {
        let f = try render(40, 30) { $0.fill([Point(0, 0), Point(40, 0), Point(40, 30), Point(0, 30)], color: yellow) }
        // Was (253, 228, 127) at the right and bottom edges: a 50 % fringe straddling the canvas edge.
        for (x, y) in [(0, 0), (39, 0), (0, 29), (39, 29), (20, 29), (39, 15)] {
            XCTAssertTrue(f.pixel(x, y) == (255, 204, 0, 255), "(\(x), \(y)) \(f.pixel(x, y))")
        }
    }

    func testPixelAlignedRectIsCrispOnAllFourSides() throws {
        let f = try render(30, 30) { $0.fill([Point(5, 7), Point(25, 7), Point(25, 20), Point(5, 20)], color: .black) }
        for x in 0..<30 {
            for y in 0..<30 {
                let inside = (5..<25).contains(x) && (7..<20).contains(y)
                XCTAssertEqual(ink(f, x, y), inside ? 1 : 0, accuracy: 0.01, "(\(x), \(y))")
            }
        }
    }

    func testEdgeInsideAPixelCoversItByArea() throws {
        // Edges at x = 5.25 and 24.6, y = 7.5 and 20 (left: 0.75 of pixel 5; right: 0.6 of pixel 24; top: half of 7).
        let f = try render(30, 30) { $0.fill([Point(5.25, 7.5), Point(24.6, 7.5), Point(24.6, 20), Point(5.25, 20)], color: .black) }
        XCTAssertEqual(ink(f, 5, 12), 0.75, accuracy: 0.01)
        XCTAssertEqual(ink(f, 24, 12), 0.6, accuracy: 0.01)
        XCTAssertEqual(ink(f, 12, 7), 0.5, accuracy: 0.01)
        XCTAssertEqual(ink(f, 6, 12), 1, accuracy: 0.01)
        XCTAssertEqual(ink(f, 4, 12), 0, accuracy: 0.01)
        XCTAssertEqual(ink(f, 25, 12), 0, accuracy: 0.01)
        XCTAssertEqual(ink(f, 12, 20), 0, accuracy: 0.01)
    }

    func testMixedEdgesLeaveTheRowOutsideAPixelAlignedEdgeAlone() throws {
        // Top and left on pixel boundaries, right and bottom inside pixels: no band may reach row 4 or column 3.
        let f = try render(30, 30) { $0.fill([Point(3, 4), Point(20.3, 4), Point(20.3, 15.6), Point(3, 15.6)], color: .black) }
        for x in 0..<30 { XCTAssertEqual(ink(f, x, 3), 0, accuracy: 0.01, "(\(x), 3)") }
        for y in 0..<30 { XCTAssertEqual(ink(f, 2, y), 0, accuracy: 0.01, "(2, \(y))") }
        XCTAssertEqual(ink(f, 20, 4), 0.3, accuracy: 0.02)
        XCTAssertEqual(ink(f, 3, 15), 0.6, accuracy: 0.02)
        XCTAssertEqual(ink(f, 20, 15), 0.18, accuracy: 0.13, "corner: about 0.3 × 0.6")
    }

    func testClipToAPixelAlignedSquareIsCrisp() throws {
        // A larger rect clipped to the square 10…20: was ~65 % at the clip corner.
        let f = try render(30, 30) { t in
            t.fill([Point(2.3, 2.3), Point(27.7, 2.3), Point(27.7, 27.7), Point(2.3, 27.7)], color: .black)
            t.clip(to: [Point(10, 10), Point(20, 10), Point(20, 20), Point(10, 20)])
        }
        for (x, y) in [(10, 10), (19, 10), (10, 19), (19, 19), (15, 10), (19, 15)] {
            XCTAssertEqual(ink(f, x, y), 1, accuracy: 0.01, "inside (\(x), \(y))")
        }
        for (x, y) in [(9, 9), (20, 20), (9, 15), (20, 15), (15, 9), (15, 20)] {
            XCTAssertEqual(ink(f, x, y), 0, accuracy: 0.01, "outside (\(x), \(y))")
        }
    }

    func testClipEdgeInsideAPixelFadesByArea() throws {
        let f = try render(30, 30) { t in
            t.fill([Point(0, 0), Point(30, 0), Point(30, 30), Point(0, 30)], color: .black)
            t.clip(to: [Point(10.5, 10), Point(20.25, 10), Point(20.25, 20), Point(10.5, 20)])
        }
        XCTAssertEqual(ink(f, 10, 15), 0.5, accuracy: 0.02)
        XCTAssertEqual(ink(f, 20, 15), 0.25, accuracy: 0.02)
        XCTAssertEqual(ink(f, 11, 15), 1, accuracy: 0.01)
        XCTAssertEqual(ink(f, 21, 15), 0, accuracy: 0.01)
    }

    func testCircleEdgesStaySmoothAndKeepTheArea() throws {
        let r = 20.0
        let f = try render(60, 60) { t in
            t.fill(Path.circle(in: Rect(x: 10.3, y: 9.8, width: 2 * r, height: 2 * r)), paint: .color(.black))
        }
        var total = 0.0, partial = 0
        for x in 0..<60 { for y in 0..<60 { let a = ink(f, x, y); total += a; if a > 0.05 && a < 0.95 { partial += 1 } } }
        XCTAssertEqual(total, Double.pi * r * r, accuracy: Double.pi * r * r * 0.02)
        XCTAssertGreaterThan(partial, 60, "the rim is antialiased")
    }

    func testThinLinesKeepTheirWeight() throws {
        for (width, y) in [(1.0, 10.0), (1.0, 10.5), (0.5, 10.0), (0.5, 10.5), (1.0, 10.3)] {
            let f = try render(40, 20) { t in
                t.stroke(Path { $0.move(to: Point(5, y)); $0.addLine(to: Point(35, y)) }, style: StrokeStyle(lineWidth: width),
                         paint: .color(.black))
            }
            let column = (0..<20).map { ink(f, 20, $0) }
            XCTAssertEqual(column.reduce(0, +), width, accuracy: 0.06, "width \(width) at y \(y): \(column)")
            XCTAssertLessThanOrEqual(column.filter { $0 > 0.01 }.count, 2, "no wider than two pixels")
        }
    }

    func testRoundCapJoinsTheBodyWithoutACrack() throws {
        // The chapter 2 trim ring's 9-o'clock end: a thick round-capped arc, cap centre off the pixel grid.
        for (cx, cy) in [(50.0, 50.0), (50.37, 49.71), (50.5, 50.5)] {
            var path = Path()
            path.addArc(center: Point(cx, cy), radius: 30, startAngle: 180, endAngle: 270, clockwise: false)
            let f = try render(100, 100) { t in
                t.stroke(path, style: StrokeStyle(lineWidth: 30, lineCap: .round), paint: .color(.black))
            }
            var cracks: [(Int, Int)] = []
            for x in 0..<100 {
                for y in 0..<100 {
                    // Pixels well inside the stroke (centre within 13 px of the arc or of an end point).
                    let px = Double(x) + 0.5 - cx, py = Double(y) + 0.5 - cy
                    let angle = atan2(py, px), d = (px * px + py * py).squareRoot()
                    let onArc = angle <= -.pi / 2 && abs(d - 30) < 13
                    let nearStart = hypot(px + 30, py) < 13, nearEnd = hypot(px, py + 30) < 13
                    if (onArc || nearStart || nearEnd) && ink(f, x, y) < 0.99 { cracks.append((x, y)) }
                }
            }
            XCTAssertTrue(cracks.isEmpty, "centre (\(cx), \(cy)): uncovered \(cracks.prefix(8))")
        }
    }

    func testTranslucentRoundCapsDoNotDoubleUp() throws {
        let f = try render(60, 40) { t in
            t.stroke(Path { $0.move(to: Point(15.3, 20.2)); $0.addLine(to: Point(45.3, 20.2)) },
                     style: StrokeStyle(lineWidth: 16, lineCap: .round), paint: .color(Color.black.opacity(0.5)))
        }
        for x in 8..<53 { for y in 14..<27 where hypot(Double(x) - 30, 0) < 30 {
            let a = ink(f, x, y)
            XCTAssertLessThan(a, 0.52, "(\(x), \(y)) drawn twice")
        } }
        XCTAssertEqual(ink(f, 15, 20), 0.5, accuracy: 0.02)
    }

    func testAngularGradientDiscHasNoSpecks() throws {
        // Chapter 2's hue demo: red → blue round a 200×200 disc.
        let centre = Point(100, 100)
        let paint = Paint.angularGradient(Gradient(colors: [.red, .blue]), center: centre)
        let f = try render(200, 200) { t in t.fill(Path.circle(in: Rect(x: 0, y: 0, width: 200, height: 200)), paint: paint) }
        var specks: [(Int, Int)] = []
        for x in 0..<200 {
            for y in 0..<200 where hypot(Double(x) + 0.5 - 100, Double(y) + 0.5 - 100) < 98 {
                let p = Point(Double(x) + 0.5, Double(y) + 0.5)
                // Off the seam (3 o'clock) and the very centre, where the colour turns within the pixel.
                guard p.distance(to: centre) > 2, !(abs(p.y - 100) < 1.5 && p.x > 100) else { continue }
                let want = paint.color(at: p).rgba8, got = f.pixel(x, y)
                if abs(Int(want.0) - got.r) > 24 || abs(Int(want.1) - got.g) > 24 || abs(Int(want.2) - got.b) > 24 {
                    specks.append((x, y))
                }
            }
        }
        XCTAssertTrue(specks.isEmpty, "uncovered pixels \(specks.prefix(10))")
    }
}
