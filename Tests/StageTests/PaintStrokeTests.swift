import XCTest
@testable import Stage

@MainActor
final class PaintStrokeTests: XCTestCase {
    private let red = Paint.color(.red)

    private func stroke(_ subs: [Path.Subpath], _ style: StrokeStyle, paint: Paint = .color(.red)) -> Tessellator {
        var t = Tessellator()
        t.stroke(subs, style: style, paint: paint)
        XCTAssertTrue(t.indices.allSatisfy { $0 >= 0 && Int($0) < t.vertices.count })
        XCTAssertEqual(t.indices.count % 3, 0)
        return t
    }
    private func line(_ length: Double = 100) -> [Path.Subpath] { [Path.Subpath(points: [Point(0, 50), Point(length, 50)], closed: false)] }

    func testCapsExtendTheLine() async {
        let w = 10.0
        // Vertices reach half a pixel beyond the painted edge (the fringe).
        assertRect(PaintMeasure.bounds(stroke(line(), StrokeStyle(lineWidth: w))), -0.5, 44.5, 101, 11, accuracy: 1e-4)
        assertRect(PaintMeasure.bounds(stroke(line(), StrokeStyle(lineWidth: w, lineCap: .round))),
                   -w / 2 - 0.5, 44.5, 100 + w + 1, 11, accuracy: 0.15)   // rim points sit a hair out (area-true)
        assertRect(PaintMeasure.bounds(stroke(line(), StrokeStyle(lineWidth: w, lineCap: .square))),
                   -w / 2 - 0.5, 44.5, 100 + w + 1, 11, accuracy: 1e-4)
        // Covered areas: butt w·L, square w·(L + w), round w·L + π(w/2)².
        XCTAssertEqual(PaintMeasure.coverage(stroke(line(), StrokeStyle(lineWidth: w))), 1000, accuracy: 2)
        XCTAssertEqual(PaintMeasure.coverage(stroke(line(), StrokeStyle(lineWidth: w, lineCap: .square))), 1100, accuracy: 2)
        XCTAssertEqual(PaintMeasure.coverage(stroke(line(), StrokeStyle(lineWidth: w, lineCap: .round))),
                       1000 + .pi * 25, accuracy: 2)
    }

    func testJoinsCoverTheirAreaOnce() async {
        // An L: two 100-long arms, width 20. Union of the arms 3900, plus the outer corner piece.
        let l = [Path.Subpath(points: [Point(0, 0), Point(100, 0), Point(100, 100)], closed: false)]
        let expected: [(StrokeStyle.LineJoin, Double)] = [(.miter, 4000), (.round, 3900 + .pi * 100 / 4), (.bevel, 3950)]
        for (join, area) in expected {
            let t = stroke(l, StrokeStyle(lineWidth: 20, lineJoin: join))
            XCTAssertEqual(PaintMeasure.coverage(t), area, accuracy: area * 0.003, "\(join)")
        }
        // Past the miter limit (a 10° spike: ratio 1/sin 5° ≈ 11.5 > 10) the join is bevelled.
        let a = 10.0 * .pi / 180
        let spike = [Path.Subpath(points: [Point(0, 0), Point(100, 0), Point(100 - 100 * cos(a), 100 * sin(a))], closed: false)]
        let b = PaintMeasure.bounds(stroke(spike, StrokeStyle(lineWidth: 10)))
        XCTAssertLessThan(b.maxX, 100 + 5 + 1)
        let long = PaintMeasure.bounds(stroke(spike, StrokeStyle(lineWidth: 10, miterLimit: 12)))
        XCTAssertGreaterThan(long.maxX, 100 + 50)   // the miter tip, ≈ 5/sin 5° beyond the corner
    }

    func testStrokedCircleCoversTheAnnulus() async {
        // The trim ring of 01 §2.2.14: radius 75, width 30, so the band runs from 60 to 90.
        let ring = Path.circle(in: Rect(x: 0, y: 0, width: 150, height: 150)).flattened(tolerance: 0.25)
        let annulus: Double = .pi * (90 * 90 - 60 * 60)
        for join in [StrokeStyle.LineJoin.miter, .round, .bevel] {
            let t = stroke(ring, StrokeStyle(lineWidth: 30, lineJoin: join))
            XCTAssertEqual(PaintMeasure.coverage(t), annulus, accuracy: annulus * 0.02)
        }
        // 1 pt and sub-pixel widths.
        XCTAssertEqual(PaintMeasure.coverage(stroke(ring, StrokeStyle(lineWidth: 1))), 2 * .pi * 75, accuracy: 2 * .pi * 75 * 0.02)
        let thin = stroke(ring, StrokeStyle(lineWidth: 0.5))
        XCTAssertEqual(PaintMeasure.coverage(thin), 2 * .pi * 75 * 0.5, accuracy: 2 * .pi * 75 * 0.5 * 0.02)
        XCTAssertEqual(thin.vertices.map(\.a).max(), 128)   // one pixel wide at alpha = width
        // The quarter arc with round caps: a quarter of the band plus two half discs of radius 15.
        let arc = Path.circle(in: Rect(x: 0, y: 0, width: 150, height: 150)).trimmedPath(from: 0, to: 0.25).flattened(tolerance: 0.25)
        let capped = stroke(arc, StrokeStyle(lineWidth: 30, lineCap: .round))
        let area: Double = annulus / 4 + .pi * 15 * 15
        XCTAssertEqual(PaintMeasure.coverage(capped), area, accuracy: area * 0.02)
        // Its end cap reaches past 6 o'clock: to x = 75 − 15 on the circle's bottom.
        XCTAssertEqual(PaintMeasure.bounds(capped).minX, 75 - 15 - 0.5, accuracy: 0.05)
    }

    func testDashesAlongTheLine() async {
        let pts = [Point(0, 0), Point(100, 0)]
        let dashes = Dash.pieces(pts, closed: false, pattern: [10, 5], phase: 0)!
        XCTAssertEqual(dashes.count, 7)
        XCTAssertEqual(dashes.map { $0.points.first!.x.rounded() }, [0, 15, 30, 45, 60, 75, 90])
        XCTAssertEqual(dashes.map { $0.points.last!.x.rounded() }, [10, 25, 40, 55, 70, 85, 100])
        // A phase of 5 starts 5 units into the pattern: the first dash is 5 long and the rest move back by 5.
        let shifted = Dash.pieces(pts, closed: false, pattern: [10, 5], phase: 5)!
        XCTAssertEqual(shifted.map { $0.points.first!.x.rounded() }, [0, 10, 25, 40, 55, 70, 85])
        XCTAssertEqual(shifted.map { $0.points.last!.x.rounded() }, [5, 20, 35, 50, 65, 80, 95])
        XCTAssertEqual(Dash.pieces(pts, closed: false, pattern: [10, 5], phase: -10)!.first!.points.map(\.x), [0, 5])
        // Spec 02 §2.3: pattern [5, 1.4], φ = 45: s = 0 painted, s = 4.85 a gap.
        let belt = Dash.pieces(pts, closed: false, pattern: [5, 1.4], phase: 45)!
        XCTAssertEqual(belt[0].points.last!.x, 4.8, accuracy: 1e-9)
        XCTAssertEqual(belt[1].points.first!.x, 6.2, accuracy: 1e-9)
        // Tessellated: 7 separate dashes of width 4 cover 70·4.
        let t = stroke(line(), StrokeStyle(lineWidth: 4, dash: [10, 5]))
        XCTAssertEqual(PaintMeasure.coverage(t), 280, accuracy: 1)
        XCTAssertEqual(PaintMeasure.coverage(stroke(line(), StrokeStyle(lineWidth: 4, dash: [10, 5], dashPhase: 5))), 260, accuracy: 1)
        // An odd pattern repeats: [10] is 10 on, 10 off.
        XCTAssertEqual(Dash.pieces(pts, closed: false, pattern: [10], phase: 0)!.count, 5)
    }

    func testDashesRunRoundClosedSubpathsAndRestartAtTheStart() async {
        let square = [Path.Subpath(points: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)]
        let pieces = Dash.pieces(square[0].points, closed: true, pattern: [15, 5], phase: 0)!
        XCTAssertEqual(pieces.count, 2)
        XCTAssertEqual(pieces[0].points, [Point(0, 0), Point(10, 0), Point(10, 5)])   // turns the corner
        XCTAssertEqual(pieces[1].points, [Point(10, 10), Point(0, 10), Point(0, 5)])
        let t = stroke(square, StrokeStyle(lineWidth: 2, dash: [15, 5]))
        XCTAssertEqual(PaintMeasure.coverage(t), 30 * 2, accuracy: 1)
    }

    func testClosedStrokeHasNoCapsAndZeroLengthPiecesMakeDots() async {
        let square = [Path.Subpath(points: [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)], closed: true)]
        XCTAssertEqual(PaintMeasure.coverage(stroke(square, StrokeStyle(lineWidth: 2))), 12 * 12 - 8 * 8, accuracy: 0.5)
        XCTAssertEqual(PaintMeasure.coverage(stroke(square, StrokeStyle(lineWidth: 2, lineCap: .round))), 12 * 12 - 8 * 8, accuracy: 0.5)
        let dot = [Path.Subpath(points: [Point(5, 5), Point(5, 5)], closed: false)]
        XCTAssertEqual(PaintMeasure.coverage(stroke(dot, StrokeStyle(lineWidth: 6, lineCap: .round))), .pi * 9, accuracy: 0.5)
        XCTAssertEqual(PaintMeasure.coverage(stroke(dot, StrokeStyle(lineWidth: 6, lineCap: .square))), 36, accuracy: 0.5)
        XCTAssertTrue(stroke(dot, StrokeStyle(lineWidth: 6)).indices.isEmpty)
        XCTAssertTrue(stroke(line(), StrokeStyle(lineWidth: 0)).indices.isEmpty)
    }

    func testTranslucentStrokeHasNoOverlaps() async {
        // Sampled colour inside the band of a smooth curve never exceeds the paint's alpha (no double coverage
        // is visible because coverage integrates to the band area), and every solid vertex carries it exactly.
        let ring = Path.circle(in: Rect(x: 0, y: 0, width: 150, height: 150)).flattened(tolerance: 0.25)
        let t = stroke(ring, StrokeStyle(lineWidth: 30, lineJoin: .round), paint: .color(Color.red.opacity(0.5)))
        XCTAssertEqual(Set(t.vertices.map(\.a)), [0, 128])
        let annulus: Double = .pi * (90 * 90 - 60 * 60)
        XCTAssertEqual(PaintMeasure.coverage(t) / (128.0 / 255), annulus, accuracy: annulus * 0.01)
    }

    func testGradientStrokeFollowsThePaint() async {
        let paint = Paint.linearGradient(Gradient(colors: [.red, .blue]), start: Point(0, 0), end: Point(100, 0))
        let t = stroke(line(), StrokeStyle(lineWidth: 10), paint: paint)
        for x in stride(from: 1.0, through: 99, by: 7) {
            let s = PaintMeasure.sample(t, at: Point(x, 50))!
            let c = paint.color(at: Point(x, 50))
            XCTAssertEqual(s.r, c.r * 255, accuracy: 3); XCTAssertEqual(s.g, c.g * 255, accuracy: 3)
            XCTAssertEqual(s.b, c.b * 255, accuracy: 3); XCTAssertEqual(s.a, 255, accuracy: 1)
        }
    }

    func testPathConvenienceScalesTheStyle() async {
        var t = Tessellator()
        t.stroke(Path.rect(Rect(x: 0, y: 0, width: 10, height: 10)), transform: Homography(.scale(2, 2)),
                 style: StrokeStyle(lineWidth: 1), paint: red)
        XCTAssertEqual(PaintMeasure.coverage(t), 22 * 22 - 18 * 18, accuracy: 0.5)
    }
}

/// Helpers for the Paint tests: triangles of a tessellator and the area they cover.

/// Helpers for the Paint tests: triangles of a tessellator and the area they cover.
@MainActor
enum PaintMeasure {
    static func triangles(_ v: [Vertex], _ i: [Int32]) -> [(Vertex, Vertex, Vertex)] {
        stride(from: 0, to: i.count, by: 3).map { (v[Int(i[$0])], v[Int(i[$0 + 1])], v[Int(i[$0 + 2])]) }
    }
    static func triangles(_ t: Tessellator) -> [(Vertex, Vertex, Vertex)] { triangles(t.vertices, t.indices) }

    /// ∫ alpha dA (alpha interpolated linearly across each triangle).
    static func coverage(_ v: [Vertex], _ i: [Int32]) -> Double {
        triangles(v, i).reduce(0) { sum, t in
            sum + abs(triangleArea(t.0.point, t.1.point, t.2.point)) * (Double(t.0.a) + Double(t.1.a) + Double(t.2.a)) / 765
        }
    }
    static func coverage(_ t: Tessellator) -> Double { coverage(t.vertices, t.indices) }

    /// Plain triangle area, ignoring alpha.
    static func area(_ v: [Vertex], _ i: [Int32]) -> Double {
        triangles(v, i).reduce(0) { $0 + abs(triangleArea($1.0.point, $1.1.point, $1.2.point)) }
    }

    /// Bounds of the vertices with any alpha, or of all vertices.
    static func bounds(_ t: Tessellator, visibleOnly: Bool = false) -> Rect {
        let pts = t.vertices.filter { !visibleOnly || $0.a > 0 }.map(\.point)
        let xs = pts.map(\.x), ys = pts.map(\.y)
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// The colour linearly interpolated at `p` from the first triangle containing it, or nil.
    static func sample(_ t: Tessellator, at p: Point) -> (r: Double, g: Double, b: Double, a: Double)? {
        for (a, b, c) in triangles(t) {
            let pa = a.point, pb = b.point, pc = c.point
            let det = (pb.y - pc.y) * (pa.x - pc.x) + (pc.x - pb.x) * (pa.y - pc.y)
            guard abs(det) > 1e-12 else { continue }
            let w0 = ((pb.y - pc.y) * (p.x - pc.x) + (pc.x - pb.x) * (p.y - pc.y)) / det
            let w1 = ((pc.y - pa.y) * (p.x - pc.x) + (pa.x - pc.x) * (p.y - pc.y)) / det
            let w2 = 1 - w0 - w1
            guard w0 >= -1e-9, w1 >= -1e-9, w2 >= -1e-9 else { continue }
            func mix(_ f: (Vertex) -> UInt8) -> Double { w0 * Double(f(a)) + w1 * Double(f(b)) + w2 * Double(f(c)) }
            return (mix(\.r), mix(\.g), mix(\.b), mix(\.a))
        }
        return nil
    }
}
