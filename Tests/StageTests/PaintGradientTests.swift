import XCTest
import Particles
@testable import Stage

@MainActor
final class PaintGradientTests: XCTestCase {
    private let redBlue = Gradient(colors: [.red, .blue])

    private func assertColor(_ c: Color, _ r: Double, _ g: Double, _ b: Double, accuracy: Double = 1,
                             _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.r * 255, r, accuracy: accuracy, "r \(message)", file: file, line: line)
        XCTAssertEqual(c.g * 255, g, accuracy: accuracy, "g \(message)", file: file, line: line)
        XCTAssertEqual(c.b * 255, b, accuracy: accuracy, "b \(message)", file: file, line: line)
    }

    func testGradientStops() async {
        XCTAssertEqual(redBlue.stops.map(\.location), [0, 1])
        XCTAssertEqual(Gradient(colors: [.white, .black, .gray, .white, .black]).stops.map(\.location), [0, 0.25, 0.5, 0.75, 1])
        let step = Gradient(stops: [.init(color: .blue, location: 1), .init(color: .red, location: 0.5),
                                    .init(color: .green, location: 0.5), .init(color: .white, location: 0)])
        XCTAssertEqual(step.stops.map(\.color), [.white, .red, .green, .blue])   // sorted, ties keep their order
        XCTAssertEqual(step.color(at: 0.5), .green)
        XCTAssertEqual(step.color(at: 0.4999), Color.white.mix(.red, 0.4999 / 0.5))
        XCTAssertEqual(step.color(at: -1), .white)
        XCTAssertEqual(step.color(at: 7), .blue)
    }

    func testLinearGradientIsPerChannelLerpClampedAtTheEnds() async {
        let paint = Paint.linearGradient(redBlue, start: Point(10, 0), end: Point(110, 0))
        let mid = paint.color(at: Point(60, 37))   // off the axis: only the projection counts
        XCTAssertEqual(mid, Color(r: (1 + 0) / 2, g: (59.0 / 255 + 122.0 / 255) / 2, b: (48.0 / 255 + 1) / 2))
        XCTAssertEqual(paint.color(at: Point(-50, 0)), .red)
        XCTAssertEqual(paint.color(at: Point(500, 0)), .blue)
        // Straight alpha: clear → black keeps black's colour while alpha ramps.
        let fade = Paint.linearGradient(Gradient(colors: [Color.black.opacity(0), .black]), start: .zero, end: Point(0, 10))
        XCTAssertEqual(fade.color(at: Point(0, 2.5)), Color(r: 0, g: 0, b: 0, a: 0.25))
    }

    func testRadialAndAngularGradients() async {
        let radial = Paint.radialGradient(Gradient(colors: [.white, .black]), center: Point(0, 0), startRadius: 24, endRadius: 720)
        XCTAssertEqual(radial.color(at: Point(10, 10)), .white)
        assertColor(radial.color(at: Point(0, 24 + 348)), 127.5, 127.5, 127.5, accuracy: 1e-9)   // 01 §2.4 background
        XCTAssertEqual(radial.color(at: Point(800, 0)), .black)

        // 01 §2.2.8: measured clockwise on screen from 3 o'clock; lerp(red, blue, φ/360); hard seam at 3 o'clock.
        let angular = Paint.angularGradient(redBlue, center: Point(100, 100), startAngle: 0, endAngle: 360)
        XCTAssertEqual(angular.color(at: Point(100, 160)), Color.red.mix(.blue, 0.25))   // 6 o'clock = 90°
        assertColor(angular.color(at: Point(100, 160)), 191.25, 74.75, 99.75, accuracy: 1e-9)
        XCTAssertEqual(angular.color(at: Point(40, 100)), Color.red.mix(.blue, 0.5))
        assertColor(angular.color(at: Point(160, 99.999)), 0, 122, 255, accuracy: 0.01)   // just above the seam: blue
        assertColor(angular.color(at: Point(160, 100.001)), 255, 59, 48, accuracy: 0.01)  // just below: red
        let half = Paint.angularGradient(redBlue, center: .zero, startAngle: 90, endAngle: 270)
        XCTAssertEqual(half.color(at: Point(-1, 0)), Color.red.mix(.blue, 0.5))
        XCTAssertEqual(half.color(at: Point(1, -0.001)), .blue)   // past the end: the last colour
    }

    func testHueRotationMatrixMatchesTheSpec() async {
        let table: [(Color, Double, (Double, Double, Double))] = [
            (.red, 90, (48, 131, 0)), (.red, 180, (0, 141, 152)), (.red, 270, (152, 69, 255)), (.red, 360, (255, 59, 48)),
            (.blue, 90, (255, 51, 211)), (.blue, 180, (211, 89, 0)), (.blue, 270, (0, 161, 0)), (.blue, 360, (0, 122, 255)),
            (Color.red.mix(.blue, 0.25), 180, (11, 128, 103)),   // the disc check of 01 §2.2.8 (base ≈ (191,75,100))
        ]
        for (c, deg, want) in table {
            let got = c.applying(.hueRotation(degrees: deg))
            assertColor(got, want.0, want.1, want.2, accuracy: 1.01, "\(deg)°")
            XCTAssertEqual(got.a, c.a)
        }
        XCTAssertEqual(Color.red.opacity(0.3).applying(.hueRotation(degrees: 90)).a, 0.3, accuracy: 1e-12)
    }

    func testColourMatricesApplyAfterTheGradientPerPoint() async {
        // The disc: hue-rotate each evaluated colour (not the stops) — clamping makes the difference.
        let disc = Paint.angularGradient(redBlue, center: .zero).transformed(by: .hueRotation(degrees: 180))
        assertColor(disc.color(at: Point(0, 60)), 11, 128, 103, accuracy: 1.5)
        XCTAssertEqual(Paint.color(.red).transformed(by: .hueRotation(degrees: 90)).solidColor,
                       Color.red.applying(.hueRotation(degrees: 90)))
        XCTAssertEqual(Paint.color(.red).opacity(0.5).solidColor, Color.red.opacity(0.5))
        XCTAssertEqual(disc.opacity(0.5).color(at: Point(0, 60)).a, 0.5)
    }

    func testPaintMovesWithItsGeometry() async {
        // A vertical gradient in a local 120×120 box, turned 90° clockwise about the origin and moved by (200, 0).
        let local = Paint.linearGradient(Gradient(colors: [.green, .white]), start: Point(60, 0), end: Point(60, 120))
        let h = Homography.translation(200, 0) * Homography(.rotation(degrees: 90))
        let device = local.applying(h)
        for p in [Point(10, 20), Point(60, 60), Point(100, 115)] {
            XCTAssertEqual(device.color(at: h.apply(p)), local.color(at: p))
        }
        // Perspective too.
        let tilt = Homography.rotation3D(degrees: 60, axis: (0, 1, 0), about: Point(60, 60), eyeDistance: 300)
        let q = local.applying(tilt).color(at: tilt.apply(Point(30, 90)))
        let want = local.color(at: Point(30, 90))
        XCTAssertEqual(q.g, want.g, accuracy: 1e-9)
    }

    /// Every point sampled from the tessellated fill is within ±3 (8-bit) of the paint.
    private func assertFillMatches(_ paint: Paint, _ path: Path, skip: (Point) -> Bool = { _ in false },
                                   file: StaticString = #filePath, line: UInt = #line) -> Tessellator {
        var t = Tessellator()
        t.fill(path.flattened(tolerance: 0.25), paint: paint)
        let box = path.boundingRect.insetBy(dx: 2, dy: 2)
        var worst = 0.0, rng = SeededRandom(seed: 7)
        for _ in 0..<400 {
            let p = Point(box.minX + Double.random(in: 0..<1, using: &rng) * box.width, box.minY + Double.random(in: 0..<1, using: &rng) * box.height)
            guard !skip(p), let s = PaintMeasure.sample(t, at: p) else { continue }
            let c = paint.color(at: p)
            worst = max(worst, abs(s.r - c.r * 255), abs(s.g - c.g * 255), abs(s.b - c.b * 255))
        }
        XCTAssertLessThanOrEqual(worst, 3, file: file, line: line)
        return t
    }

    func testGradientFillsAreAccurate() async {
        let square = Path.rect(Rect(x: 0, y: 0, width: 400, height: 400))
        _ = assertFillMatches(.linearGradient(Gradient(colors: [.white, .black, .gray, .white, .black]),
                                              start: Point(0, 0), end: Point(400, 400)), square)
        _ = assertFillMatches(.radialGradient(Gradient(colors: [.white, .black]), center: Point(200, 200),
                                              startRadius: 24, endRadius: 300), square)
        let centre = Point(200, 200)
        let disc = assertFillMatches(.angularGradient(redBlue, center: centre).transformed(by: .hueRotation(degrees: 90)),
                                     Path.circle(in: Rect(x: 0, y: 0, width: 400, height: 400)),
                                     skip: { $0.distance(to: centre) < 3 || (abs($0.y - centre.y) < 1 && $0.x > centre.x) })
        XCTAssertLessThan(disc.indices.count / 3, 20_000)
        // A solid fill is not subdivided: inner and outer ring only (a square on whole pixels has no fringe at all).
        var solid = Tessellator()
        solid.fill(square.flattened(tolerance: 0.25), paint: .color(.red))
        XCTAssertEqual(solid.vertices.count, 4)
        var diamond = Tessellator()
        diamond.fill([Point(10, 0), Point(20, 10), Point(10, 20), Point(0, 10)], color: .red)
        XCTAssertEqual(diamond.vertices.count, 8)
    }
}
