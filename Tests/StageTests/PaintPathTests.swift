import XCTest
@testable import Stage

@MainActor
final class PaintPathTests: XCTestCase {
    private let box = Rect(x: 0, y: 0, width: 100, height: 100)

    /// The point at arc-length fraction `f` of a flattened path (all subpaths in order).
    private func point(at f: Double, of path: Path, tolerance: Double = 0.01) -> Point {
        let subs = path.flattened(tolerance: tolerance)
        var segs: [(Point, Point)] = []
        for s in subs {
            for i in 1..<s.points.count { segs.append((s.points[i - 1], s.points[i])) }
            if s.closed { segs.append((s.points.last!, s.points[0])) }
        }
        let total = segs.reduce(0) { $0 + $1.0.distance(to: $1.1) }
        var left = f * total
        for (a, b) in segs {
            let l = a.distance(to: b)
            if left <= l { return Point(a.x + (b.x - a.x) * left / l, a.y + (b.y - a.y) * left / l) }
            left -= l
        }
        return segs.last!.1
    }

    func testCircleStartsAtThreeOClockAndRunsClockwiseOnScreen() async {
        let circle = Path.circle(in: Rect(x: 0, y: 0, width: 200, height: 100))   // Ø100, centred
        XCTAssertEqual(circle.elements.first, .move(to: Point(150, 50)))
        assertPoint(point(at: 0.25, of: circle), 100, 100, accuracy: 0.05, "6 o'clock")
        assertPoint(point(at: 0.5, of: circle), 50, 50, accuracy: 0.05, "9 o'clock")
        assertPoint(point(at: 0.75, of: circle), 100, 0, accuracy: 0.05, "12 o'clock")
        assertRect(circle.boundingRect, 50, 0, 100, 100, accuracy: 1e-9)
        XCTAssertEqual(circle.length, 2 * .pi * 50, accuracy: 0.05)   // four cubics: +1.4e-4 relative
    }

    func testTrimQuarterOfCircleEndsAtSixOClock() async {
        let trimmed = Path.circle(in: box).trimmedPath(from: 0, to: 0.25)
        assertPoint(trimmed.elements.first.flatMap { if case let .move(p) = $0 { return p } else { return nil } }!, 100, 50)
        assertPoint(trimmed.currentPoint!, 50, 100, accuracy: 1e-6)
        XCTAssertEqual(trimmed.length, 2 * .pi * 50 / 4, accuracy: 0.015)
        let subs = trimmed.flattened(tolerance: 0.1)
        XCTAssertEqual(subs.count, 1)
        XCTAssertFalse(subs[0].closed)
    }

    func testTrimKeepsCurvesExact() async {
        let piece = Path.circle(in: box).trimmedPath(from: 0.1, to: 0.2)
        for p in piece.flattened(tolerance: 0.001)[0].points {
            XCTAssertEqual(p.distance(to: Point(50, 50)), 50, accuracy: 0.02)
        }
        // Starts at 36°, ends at 72° (clockwise on screen from 3 o'clock).
        let a0 = 36.0 * .pi / 180, a1 = 72.0 * .pi / 180
        if case let .move(p) = piece.elements[0] { assertPoint(p, 50 + 50 * cos(a0), 50 + 50 * sin(a0), accuracy: 0.02) }
        assertPoint(piece.currentPoint!, 50 + 50 * cos(a1), 50 + 50 * sin(a1), accuracy: 0.02)
    }

    func testTrimEmptyClampedAndWhole() async {
        let circle = Path.circle(in: box)
        XCTAssertTrue(circle.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        XCTAssertTrue(circle.trimmedPath(from: 0.7, to: 0.2).isEmpty)
        XCTAssertTrue(circle.trimmedPath(from: 1.2, to: 1.44).isEmpty)   // both clamp to 1
        XCTAssertEqual(circle.trimmedPath(from: -0.3, to: 1.5), circle)
        let whole = circle.trimmedPath(from: 0, to: 1).flattened(tolerance: 0.25)
        XCTAssertEqual(whole.count, 1)
        XCTAssertTrue(whole[0].closed)
        XCTAssertFalse(circle.trimmedPath(from: 0, to: 0.999).flattened(tolerance: 0.25)[0].closed)
    }

    func testTrimAcrossSubpathsGivesSeparatePieces() async {
        var path = Path()
        path.addLines([Point(0, 0), Point(10, 0)])
        path.addLines([Point(0, 10), Point(10, 10)])
        path.move(to: Point(50, 50))   // trailing lone move: no length
        XCTAssertEqual(path.length, 20, accuracy: 1e-12)
        let subs = path.trimmedPath(from: 0.25, to: 0.75).flattened(tolerance: 0.1)
        XCTAssertEqual(subs.map(\.points), [[Point(5, 0), Point(10, 0)], [Point(0, 10), Point(5, 10)]])
        // A closed subpath wholly inside the window stays closed; the other is cut.
        var two = Path.rect(Rect(x: 0, y: 0, width: 10, height: 10))
        two.addRect(Rect(x: 20, y: 0, width: 10, height: 10))
        let cut = two.trimmedPath(from: 0, to: 0.75).flattened(tolerance: 0.1)
        XCTAssertEqual(cut.map(\.closed), [true, false])
        XCTAssertEqual(cut[1].points, [Point(20, 0), Point(30, 0), Point(30, 10)])
    }

    func testRectLengthAndStart() async {
        let rect = Path.rect(box)
        XCTAssertEqual(rect.length, 400, accuracy: 1e-9)
        XCTAssertEqual(rect.flattened(tolerance: 0.25), [Path.Subpath(points: [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)], closed: true)])
    }

    func testRoundedRectAndCapsuleStartOnRightEdgeClockwise() async {
        let rr = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 60), cornerRadius: 10)
        XCTAssertEqual(rr.elements[0], .move(to: Point(100, 30)))
        XCTAssertEqual(rr.elements[1], .line(to: Point(100, 50)))   // down the right side first
        XCTAssertEqual(rr.length, 2 * (80 + 40) + 2 * .pi * 10, accuracy: 0.01)
        // Radius clamps to min(w, h)/2: a capsule. Belt B1 of spec 02 §5.2: 425 × 48 → 904.80.
        let belt = Path.capsule(in: Rect(x: 0, y: 0, width: 425, height: 48))
        XCTAssertEqual(belt.length, 904.80, accuracy: 0.02)
        XCTAssertEqual(Path.roundedRect(Rect(x: 0, y: 0, width: 425, height: 48), cornerRadius: 99), belt)
        XCTAssertEqual(belt.elements[0], .move(to: Point(425, 24)))
        assertPoint(point(at: 0.01, of: belt), 425 - 24 + 24 * cos(0.01 * 904.8 / 24), 24 + 24 * sin(0.01 * 904.8 / 24),
                    accuracy: 0.05, "heads toward +y")
        // Zero radius is a rectangle starting at the right-edge midpoint.
        XCTAssertEqual(Path.roundedRect(box, cornerRadius: 0).length, 400, accuracy: 1e-9)
    }

    func testArcDirectionFollowsSwiftUI() async {
        let c = Point(0, 0)
        var cw = Path()   // clockwise: false → increasing angle → clockwise on screen, through +y
        cw.addArc(center: c, radius: 10, startAngle: 0, endAngle: 90, clockwise: false)
        assertPoint(cw.currentPoint!, 0, 10, accuracy: 1e-9)
        XCTAssertEqual(cw.length, 2 * .pi * 10 / 4, accuracy: 0.01)
        assertPoint(point(at: 0.5, of: cw), 10 * cos(.pi / 4), 10 * sin(.pi / 4), accuracy: 0.01)

        var ccw = Path()  // clockwise: true → decreasing angle → the long way round through −y
        ccw.addArc(center: c, radius: 10, startAngle: 0, endAngle: 90, clockwise: true)
        XCTAssertEqual(ccw.length, 2 * .pi * 10 * 3 / 4, accuracy: 0.01)
        assertPoint(point(at: 0.5, of: ccw), 10 * cos(-3 * .pi / 4), 10 * sin(-3 * .pi / 4), accuracy: 0.01)
        assertPoint(ccw.currentPoint!, 0, 10, accuracy: 1e-9)

        var full = Path()
        full.addArc(center: c, radius: 10, startAngle: 0, endAngle: 720, clockwise: false)
        XCTAssertEqual(full.length, 2 * .pi * 10, accuracy: 0.02)

        var rel = Path()
        rel.move(to: Point(-20, 0))
        rel.addRelativeArc(center: c, radius: 10, startAngle: 180, delta: -90)   // 9 → 6 o'clock, counter-clockwise
        XCTAssertEqual(rel.elements[1], .line(to: Point(-10, 10 * sin(Double.pi))))
        assertPoint(rel.currentPoint!, 0, 10, accuracy: 1e-9)
        assertPoint(point(at: 10.0 / (10 + 5 * .pi) + 0.5 * (5 * .pi) / (10 + 5 * .pi), of: rel),
                    10 * cos(.pi * 3 / 4), 10 * sin(.pi * 3 / 4), accuracy: 0.02)
    }

    func testBuildingStateAndTransforms() async {
        var p = Path()
        XCTAssertTrue(p.isEmpty)
        XCTAssertNil(p.currentPoint)
        p.addLine(to: Point(5, 5))            // no current point: only moves
        XCTAssertEqual(p.elements, [.move(to: Point(5, 5))])
        p.addQuadCurve(to: Point(15, 5), control: Point(10, 15))
        p.closeSubpath()
        XCTAssertEqual(p.currentPoint, Point(5, 5))
        p.addLine(to: Point(5, 20))           // after a close, a new subpath from the closed one's start
        XCTAssertEqual(p.elements.suffix(2), [.move(to: Point(5, 5)), .line(to: Point(5, 20))])
        // Tight bounds: the quadratic peaks at y = 10, not at its control point.
        assertRect(Path { $0.move(to: Point(5, 5)); $0.addQuadCurve(to: Point(15, 5), control: Point(10, 15)) }.boundingRect,
                   5, 5, 10, 5, accuracy: 1e-9)
        let moved = Path.rect(box).applying(.translation(10, 20))
        assertRect(moved.boundingRect, 10, 20, 100, 100)
        var both = Path.rect(box)
        both.addPath(Path.rect(box), transform: .scale(2, 2))
        XCTAssertEqual(both.length, 1200, accuracy: 1e-9)
        XCTAssertEqual(both.flattened(tolerance: 1).count, 2)
    }

    func testFlatteningStaysWithinTolerance() async {
        for tol in [1.0, 0.25, 0.05] {
            let subs = Path.circle(in: Rect(x: 0, y: 0, width: 400, height: 400)).flattened(tolerance: tol)
            let pts = subs[0].points
            for i in pts.indices {
                let a = pts[i], b = pts[(i + 1) % pts.count]
                XCTAssertEqual(a.distance(to: Point(200, 200)), 200, accuracy: 0.06)   // cubic circle error ≈ 0.054
                let mid = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
                XCTAssertLessThanOrEqual(200 - mid.distance(to: Point(200, 200)), tol + 0.06)
            }
        }
        // A quadratic: every chord midpoint within the tolerance of the curve.
        let quad = Path { $0.move(to: Point(0, 0)); $0.addQuadCurve(to: Point(200, 0), control: Point(100, 300)) }
        let q = quad.flattened(tolerance: 0.25)[0].points
        for i in 1..<q.count {
            let m = Point((q[i - 1].x + q[i].x) / 2, (q[i - 1].y + q[i].y) / 2)
            let t = m.x / 200, onCurve = 2 * t * (1 - t) * 300   // x is linear in t for this curve
            XCTAssertLessThanOrEqual(abs(onCurve - m.y), 0.25)
        }
        // Under a 2× transform the device tolerance still holds.
        let device = Path.circle(in: box).flattened(tolerance: 0.25, transform: Homography(.scale(2, 2)))
        XCTAssertEqual(device[0].points[0], Point(200, 100))
    }
}
