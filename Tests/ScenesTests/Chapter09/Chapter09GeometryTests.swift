@testable import Scenes
import Stage
import XCTest

/// Spec 03 §2.2: the three re-drawn paths keep the traced paths' subpath order, start points, direction, bounding
/// boxes and lengths, so that every trim fraction lands where the spec puts it (±0.5 pt).
@MainActor
final class Chapter09GeometryTests: XCTestCase {
    /// The path's subpaths, split at each move (a trailing lone move gives an empty one).
    func subpaths(_ p: Path) -> [Path] {
        var out: [Path] = []
        for e in p.elements {
            if case .move = e { out.append(Path()) }
            out[out.count - 1] = Path(elements: out[out.count - 1].elements + [e])
        }
        return out
    }

    func start(_ p: Path) -> Point? {
        if case let .move(s)? = p.elements.first { return s }
        return nil
    }

    /// The point at fraction f of the whole path's length, as the trim draws it.
    func point(_ p: Path, _ f: Double) -> Point { p.trimmedPath(from: 0, to: f).currentPoint ?? Point(.nan, .nan) }

    func counts(_ p: Path) -> (curves: Int, lines: Int) {
        p.elements.reduce(into: (0, 0)) { n, e in
            if case .curve = e { n.0 += 1 } else if case .line = e { n.1 += 1 }
        }
    }

    func assertPoint(_ p: Point?, _ q: Point, _ accuracy: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p?.x ?? .nan, q.x, accuracy: accuracy, what, file: file, line: line)
        XCTAssertEqual(p?.y ?? .nan, q.y, accuracy: accuracy, what, file: file, line: line)
    }

    func assertBox(_ r: Rect, _ x0: Double, _ x1: Double, _ y0: Double, _ y1: Double, _ what: String,
                   file: StaticString = #filePath, line: UInt = #line) {
        for (got, want) in [(r.minX, x0), (r.maxX, x1), (r.minY, y0), (r.maxY, y1)] {
            XCTAssertEqual(got, want, accuracy: 0.02, what, file: file, line: line)
        }
    }

    /// Whatever rect the shape is given, the path is the same one, from the rect's top-left (§0.9).
    func testThePathsIgnoreTheFrameSize() async {
        let r1 = Rect(x: 0, y: 0, width: 393, height: 247.667), r2 = Rect(x: 10, y: 20, width: 100, height: 50)
        let paths: [(Rect) -> Path] = [WeTextShape().path(in:), HeartShape().path(in:), SwiftUILogoShape().path(in:)]
        for path in paths { XCTAssertEqual(path(r2), path(r1).offsetBy(dx: 10, dy: 20)) }
    }

    func testWE() async {
        let p = WeTextShape.outline
        let subs = subpaths(p)
        XCTAssertEqual(subs.count, 3, "W, E and a trailing empty move")
        assertPoint(start(subs[0]), Point(33.54, 105.92), 0.005, "the W starts at the foot of its left stem")
        assertPoint(start(subs[1]), Point(159.00, 104.85), 0.005, "the E starts at its bottom-left corner")
        assertPoint(start(subs[2]), Point(159.00, 104.85), 0.005, "the trailing move")
        XCTAssertEqual(subs[2].length, 0)
        XCTAssertEqual(subs[0].length, 837.37, accuracy: 0.05)
        XCTAssertEqual(subs[1].length, 611.18, accuracy: 0.05)
        XCTAssertEqual(p.length, 1448.55, accuracy: 0.05)
        assertBox(p.boundingRect, 0, 237.06, 0, 107.24, "WE")
        assertBox(subs[0].boundingRect, 0, 152, 0, 107.24, "W")
        XCTAssertEqual(subs[1].boundingRect.minX, 159, accuracy: 0.02)
        XCTAssertEqual(subs[1].boundingRect.maxX, 237.06, accuracy: 0.02)
        for (f, q) in Ch9.we.points { assertPoint(point(p, f), q, 0.5, "WE at f = \(f)") }
        // The W goes up first (clockwise): a little way along, the point is above and left of the start.
        let early = point(p, 0.01)
        XCTAssertLessThan(early.y, 105.92 - 10)
        XCTAssertLessThan(early.x, 33.54)
        for s in subs.prefix(2) { XCTAssertEqual(s.elements.last, .closeSubpath, "both letters are closed") }
    }

    func testHeart() async {
        let p = HeartShape.outline
        let subs = subpaths(p)
        XCTAssertEqual(subs.count, 2, "the heart and a trailing empty move")
        XCTAssertEqual(counts(subs[0]).curves, 26)
        XCTAssertEqual(counts(subs[0]).lines, 0)
        assertPoint(start(subs[0]), Point(123.32, 231.81), 0.05, "just left of the bottom tip")
        XCTAssertEqual(subs[1].length, 0)
        XCTAssertEqual(p.length, 778.02, accuracy: 0.05)
        assertBox(p.boundingRect, 0, 250, 0, 235.22, "heart")
        // The landmarks lie on the outline.
        let outline = p.flattened(tolerance: 0.01).flatMap(\.points)
        func distance(_ q: Point) -> Double { outline.map { hypot($0.x - q.x, $0.y - q.y) }.min()! }
        for q in [Point(0, 69.13), Point(250, 69.13), Point(71.39, 0), Point(178.61, 0), Point(125, 31.24), Point(125, 235.22)] {
            XCTAssertLessThan(distance(q), 0.05, "landmark \(q)")
        }
        // Mirror-symmetric about x = 125.
        for q in outline where q.x > 1 && q.x < 249 { XCTAssertLessThan(distance(Point(250 - q.x, q.y)), 0.1, "mirror of \(q)") }
        // Clockwise: up the left side first, the left lobe before the right one.
        for (f, q) in Ch9.heart.points { assertPoint(point(p, f), q, 0.5, "heart at f = \(f)") }
    }

    func testLogo() async {
        let p = SwiftUILogoShape.outline
        let subs = subpaths(p)
        XCTAssertEqual(subs.count, 3, "the rounded square, the bird and a trailing empty move")
        assertPoint(start(subs[0]), Point(201.37, 235.11), 0.005, "the square starts on its bottom edge")
        assertPoint(start(subs[1]), Point(207.85, 191.14), 0.005, "the bird starts at its lower-right tip")
        XCTAssertEqual(subs[2].length, 0)
        assertBox(subs[0].boundingRect, 2.18, 247.55, 2.38, 235.93, "square")
        XCTAssertEqual(subs[0].length, 865.96, accuracy: 0.05)
        XCTAssertEqual(subs[1].length, 993.72, accuracy: 0.05)
        XCTAssertEqual(p.length, 1859.69, accuracy: 0.05)
        // The bird's on-curve points span the spec's anchor box; four of them are sharp feather tips.
        var anchors: [Point] = []
        var tangents: [(into: Point, out: Point)] = []
        var last = start(subs[1])!
        for e in subs[1].elements {
            if case let .curve(to, c1, c2) = e {
                anchors.append(to)
                tangents.append((Point(to.x - c2.x, to.y - c2.y), Point(c1.x - last.x, c1.y - last.y)))
                last = to
            }
        }
        XCTAssertEqual(anchors.map(\.x).min()!, 26.77, accuracy: 0.01)
        XCTAssertEqual(anchors.map(\.x).max()!, 211.41, accuracy: 0.01)
        XCTAssertEqual(anchors.map(\.y).min()!, 36.47, accuracy: 0.01)
        XCTAssertEqual(anchors.map(\.y).max()!, 193.66, accuracy: 0.01)
        for tip in [Point(26.8, 137.9), Point(45.6, 60.8), Point(74.5, 57.9), Point(142.0, 36.5)] {
            guard let i = anchors.firstIndex(where: { hypot($0.x - tip.x, $0.y - tip.y) < 0.1 }) else {
                XCTFail("no feather tip at \(tip)"); continue
            }
            // The curve arriving at the tip and the one leaving it meet at an angle: a sharp point.
            let a = tangents[i].into, b = tangents[(i + 1) % tangents.count].out
            let cos = (a.x * b.x + a.y * b.y) / (hypot(a.x, a.y) * hypot(b.x, b.y))
            XCTAssertLessThan(cos, 0.5, "a sharp tip at \(tip)")
        }
        // Up the right side first: anticlockwise round the square; then into the bird.
        for (f, q) in Ch9.logo.points { assertPoint(point(p, f), q, 0.5, "logo at f = \(f)") }
        let early = point(p, 0.05)
        XCTAssertGreaterThan(early.x, 240, "round the lower-right corner first")
        XCTAssertLessThan(early.y, 200)
    }
}
