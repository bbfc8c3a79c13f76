import XCTest
@testable import Stage

@MainActor
final class PaintClipTests: XCTestCase {
    /// A 200×200 square as two triangles, red at the top fading to blue at the bottom, uv over the unit square.
    private func square() -> Tessellator {
        var t = Tessellator()
        t.texturedGrid(cols: 1, rows: 1, color: .white) { s, v in Point(s * 200, v * 200) }
        for i in t.vertices.indices { let v = t.vertices[i]; (t.vertices[i].r, t.vertices[i].b) = v.y == 0 ? (255, 0) : (0, 255) }
        return t
    }

    private func circle(_ c: Point, _ r: Double, _ n: Int = 256) -> [Point] {
        (0..<n).map { Point(c.x + r * cos(Double($0) / Double(n) * 2 * .pi), c.y + r * sin(Double($0) / Double(n) * 2 * .pi)) }
    }

    func testSquareClippedByCircleKeepsTheCircleArea() async {
        let t = square(), disc = circle(Point(100, 100), 80)
        let sharp = ConvexClip.clip(vertices: t.vertices, indices: t.indices, to: disc, antialias: false)
        XCTAssertEqual(PaintMeasure.area(sharp.vertices, sharp.indices), .pi * 6400, accuracy: .pi * 6400 * 0.01)
        for v in sharp.vertices { XCTAssertLessThanOrEqual(v.point.distance(to: Point(100, 100)), 80 + 1e-3) }
        let smooth = ConvexClip.clip(vertices: t.vertices, indices: t.indices, to: disc.reversed())   // either winding
        XCTAssertEqual(PaintMeasure.coverage(smooth.vertices, smooth.indices), .pi * 6400, accuracy: .pi * 6400 * 0.01)
        for v in smooth.vertices {
            let d = v.point.distance(to: Point(100, 100))
            XCTAssertLessThanOrEqual(d, 80.5 + 1e-3)
            if d > 80.5 - 1e-3 { XCTAssertEqual(v.a, 0) }           // fringe fades to clear half a pixel out
            if d < 79.5 - 0.1 { XCTAssertEqual(v.a, 255) }
        }
    }

    func testColourAndTextureCoordinatesAreInterpolated() async {
        let t = square()
        // Keep the left half: a rect from x = 0 to 100.
        let half = [Point(-10, -10), Point(100, -10), Point(100, 210), Point(-10, 210)]
        let out = ConvexClip.clip(vertices: t.vertices, indices: t.indices, to: half, antialias: false)
        XCTAssertEqual(PaintMeasure.area(out.vertices, out.indices), 100 * 200, accuracy: 1e-6)
        for v in out.vertices {
            XCTAssertEqual(Double(v.u), Double(v.x) / 200, accuracy: 1e-6)
            XCTAssertEqual(Double(v.v), Double(v.y) / 200, accuracy: 1e-6)
            XCTAssertEqual(Double(v.b), Double(v.y) / 200 * 255, accuracy: 0.51)
            XCTAssertEqual(Double(v.r) + Double(v.b), 255, accuracy: 1)
        }
    }

    func testTrianglesWhollyInsideAreKeptAsTheyAre() async {
        let t = square()
        let big = [Point(-50, -50), Point(250, -50), Point(250, 250), Point(-50, 250)]
        let out = ConvexClip.clip(vertices: t.vertices, indices: t.indices, to: big)
        XCTAssertEqual(out.vertices.count, 4)   // reused, reordered as first met
        XCTAssertEqual(out.indices.map { out.vertices[Int($0)] }, t.indices.map { t.vertices[Int($0)] })
        XCTAssertTrue(ConvexClip.clip(vertices: t.vertices, indices: t.indices, to: [Point(0, 0), Point(1, 1)]).indices.isEmpty)
        var clipped = square()
        clipped.clip(to: [Point(300, 0), Point(400, 0), Point(400, 100)])
        XCTAssertTrue(clipped.indices.isEmpty)
    }

    func testRoundedRectClipOfAFill() async {
        // cornerRadius: clip a filled square to its rounded outline.
        var t = Tessellator()
        t.fill([Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)], color: .green)
        let outline = Path.roundedRect(Rect(x: 0, y: 0, width: 100, height: 100), cornerRadius: 25).flattened(tolerance: 0.1)[0].points
        t.clip(to: outline)
        XCTAssertEqual(PaintMeasure.coverage(t), 10000 - (4 - .pi) * 625, accuracy: 10000 * 0.01)
    }

    // MARK: Intersection of clip regions (the view layer's nested clips)

    private func area(_ p: [Point]) -> Double {
        abs(p.indices.reduce(0.0) { a, i in let q = p[(i + 1) % p.count]; return a + p[i].x * q.y - q.x * p[i].y }) / 2
    }

    func testTwoSquaresIntersectInTheirOverlap() async {
        let a = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]
        let b = [Point(50, 20), Point(150, 20), Point(150, 120), Point(50, 120)]
        let both = ConvexClip.intersection(a, b)
        XCTAssertEqual(area(both), 50 * 80, accuracy: 1e-9)
        XCTAssertEqual(both.map(\.x).min(), 50); XCTAssertEqual(both.map(\.y).max(), 100)
        // The clip's winding does not matter.
        XCTAssertEqual(area(ConvexClip.intersection(a, b.reversed())), 50 * 80, accuracy: 1e-9)
    }

    func testADiamondInsideASquareKeepsItsCornersCut() async {
        let square = [Point(0, 0), Point(100, 0), Point(100, 100), Point(0, 100)]
        let diamond = [Point(50, -20), Point(120, 50), Point(50, 120), Point(-20, 50)]
        // Its four tips past the square are cut off: each a triangle 20 high on a 40 base (400) of its 9,800.
        XCTAssertEqual(area(ConvexClip.intersection(diamond, square)), 9800 - 4 * 400, accuracy: 1e-9)
    }

    func testDisjointOrDegenerateClipsLeaveNothing() async {
        let a = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        XCTAssertEqual(ConvexClip.intersection(a, a.map { Point($0.x + 20, $0.y) }), [])
        XCTAssertEqual(ConvexClip.intersection(a, [Point(0, 0), Point(5, 5)]), [])
    }
}
