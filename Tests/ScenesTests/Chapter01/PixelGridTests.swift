import Backend
import Stage
import XCTest

/// Chapter 1's hairlines, borders and padding edges cover whole device pixels, as SwiftUI's frames rounded to the
/// pixel grid do (issue 22; spec 01 §2.1.12 check 1, §2.1.14, §2.1.15 checks 1–2, §2.1.24): at the four window
/// sizes below and at twice the pixel density. A frame half a pixel off draws its edge as a half-blended line,
/// which these checks reject.
@MainActor
final class PixelGridTests: ViewSceneTestCase {
    /// Window sizes (points) and pixels per point.
    static let windows: [(size: Size, scale: Double)] = [
        (Size(390, 844), 1), (Size(844, 600), 1), (Size(700, 500), 1), (Size(1280, 800), 1),
        (Size(390, 844), 2), (Size(844, 600), 2),
    ]
    /// The separator (RGBA 60,60,67 at 0.29, spec 01 §0.2) over a black background, and over blue.
    static let separatorOnBlack: RGB = (17, 17, 19)
    static let separatorOnBlue: RGB = (17, 104, 200)

    private func eachWindow(_ id: String, _ check: (_ fb: Framebuffer, _ scale: Double, _ size: Size) throws -> Void) throws {
        for (size, scale) in Self.windows {
            try open(id, size: size, scale: scale)
            let fb = h.capture()!
            XCTAssertEqual(fb.width, Int(size.width * scale), "the capture has \(scale) pixels per point")
            try check(fb, scale, size)
        }
    }

    func testBlackBackedDividerIsOneSolidLine() async throws {
        try eachWindow("ch1-divider-horizontal") { fb, scale, size in
            let divider = probe("divider").frame
            assertOnGrid(divider, scale, "divider at \(size) ×\(scale)")
            assertCrisp(fb, divider, scale, fill: Self.separatorOnBlack, outside: Ch1.white, "divider at \(size) ×\(scale)")
        }
    }

    func testMinMidMaxDividerIsOneSolidLine() async throws {
        try eachWindow("ch1-geometry-min-mid-max") { fb, scale, size in
            // The divider is the one row that is dark from x 16 to W − 16 (padding(.horizontal), spec 01 §2.1.24).
            let x0 = Int(16 * scale), x1 = Int((size.width - 16) * scale)
            let dark = (0..<fb.height).filter { y in (x0..<x1).allSatisfy { near(fb.rgb($0, y), Self.separatorOnBlack) } }
            XCTAssertEqual(dark.count, Int(scale), "one solid 1-pt line at \(size) ×\(scale): rows \(dark)")
            guard let y = dark.first else { return }
            let line = Rect(x: 16, y: Double(y) / scale, width: size.width - 32, height: 1)
            assertCrisp(fb, line, scale, fill: Self.separatorOnBlack, outside: Ch1.white, "divider at \(size) ×\(scale)")
        }
    }

    func testBlueBarsHaveCrispEdges() async throws {
        try eachWindow("ch1-divider-vertical") { fb, scale, size in
            let bar1 = probe("bar1").frame, bar2 = probe("bar2").drawn
            assertOnGrid(bar1, scale, "bar1 at \(size) ×\(scale)")
            // The separator hairline crosses each bar's middle (spec 01 §2.1.14): one row of its sides is not blue.
            assertCrisp(fb, bar1, scale, fill: Ch1.blue, outside: Ch1.white, insideShare: 0.95, "bar1 at \(size) ×\(scale)")
            assertCrisp(fb, bar2, scale, fill: Ch1.blue, outside: Ch1.white, insideShare: 0.95, "bar2 at \(size) ×\(scale)")
        }
    }

    func testThickBarAndItsHairlineCoverWholeRows() async throws {
        try eachWindow("ch1-divider-thickness") { fb, scale, size in
            let bar = probe("bar").frame
            assertOnGrid(bar, scale, "bar at \(size) ×\(scale)")
            // The hairline crosses the bar's middle: one point of rows in the separator over blue, the rest blue.
            let x = Int(bar.midX * scale)
            let rows = (Int(bar.minY * scale)..<Int(bar.maxY * scale)).map { fb.rgb(x, $0) }
            XCTAssertEqual(rows.filter { near($0, Self.separatorOnBlue) }.count, Int(scale), "hairline rows at \(size) ×\(scale): \(rows)")
            XCTAssertEqual(rows.filter { near($0, Ch1.blue) }.count, rows.count - Int(scale), "blue rows at \(size) ×\(scale): \(rows)")
            // Its outer edges (the hairline's rows on its left and right sides are not blue).
            assertCrisp(fb, bar, scale, fill: Ch1.blue, outside: Ch1.white, insideShare: 0.9, "bar at \(size) ×\(scale)")
        }
    }

    func testPaddingBandsHaveCrispEdges() async throws {
        try eachWindow("ch1-padding-all") { fb, scale, size in
            let frame = probe("frame").frame, inner = probe("inner").frame
            assertOnGrid(frame, scale, "frame at \(size) ×\(scale)")
            assertOnGrid(inner, scale, "inner at \(size) ×\(scale)")
            XCTAssertEqual(inner.minX - frame.minX, 30, "the red band is 30 pt at \(size) ×\(scale)")
            XCTAssertEqual(frame.maxY - inner.maxY, 30, "the red band is 30 pt at \(size) ×\(scale)")
            assertCrisp(fb, frame, scale, fill: Ch1.red, outside: Ch1.white, "red band at \(size) ×\(scale)")
            // The text is black on the yellow: the yellow's inside rows hold glyph pixels, never a red blend.
            assertCrisp(fb, inner, scale, fill: Ch1.yellow, outside: Ch1.red, insideShare: 0.5, "yellow at \(size) ×\(scale)")
        }
    }

    // MARK: Checks

    /// Every edge of `frame` (points) lies on the pixel grid at `scale`.
    private func assertOnGrid(_ frame: Rect, _ scale: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        for (edge, v) in [("minX", frame.minX), ("minY", frame.minY), ("maxX", frame.maxX), ("maxY", frame.maxY)] {
            XCTAssertEqual(v * scale, (v * scale).rounded(), accuracy: 1e-9, "\(what): \(edge) \(v) is between pixels",
                           file: file, line: line)
        }
    }

    /// The pixel lines just inside each edge of `area` (points) are `fill` (at least `insideShare` of them; none a
    /// blend of `fill` and `outside`), and the lines just outside are all `outside`: the edge covers whole pixels.
    private func assertCrisp(_ fb: Framebuffer, _ area: Rect, _ scale: Double, fill: RGB, outside: RGB, insideShare: Double = 1,
                             _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let x0 = Int((area.minX * scale).rounded()), x1 = Int((area.maxX * scale).rounded()) - 1
        let y0 = Int((area.minY * scale).rounded()), y1 = Int((area.maxY * scale).rounded()) - 1
        guard x0 <= x1, y0 <= y1 else { return XCTFail("\(what): \(area) covers no pixel", file: file, line: line) }
        // Corners are left out (they are shared with the neighbouring edge) unless the area is that thin.
        func between(_ a: Int, _ b: Int) -> [Int] { b - a >= 2 ? Array(a + 1...b - 1) : Array(a...b) }
        let across = between(x0, x1), down = between(y0, y1)
        let edges: [(name: String, inside: [(Int, Int)], outside: [(Int, Int)])] = [
            ("top", across.map { ($0, y0) }, across.map { ($0, y0 - 1) }),
            ("bottom", across.map { ($0, y1) }, across.map { ($0, y1 + 1) }),
            ("left", down.map { (x0, $0) }, down.map { (x0 - 1, $0) }),
            ("right", down.map { (x1, $0) }, down.map { (x1 + 1, $0) }),
        ]
        for edge in edges {
            let out = edge.outside.filter { $0.0 >= 0 && $0.1 >= 0 && $0.0 < fb.width && $0.1 < fb.height }.map { fb.rgb($0.0, $0.1) }
            let stray = out.filter { !near($0, outside) }
            XCTAssert(stray.isEmpty, "\(what): \(edge.name) edge bleeds outside: \(stray.prefix(4))", file: file, line: line)
            let ins = edge.inside.map { fb.rgb($0.0, $0.1) }
            let solid = ins.filter { near($0, fill) }.count
            let blended = ins.filter { p in coverage(of: fill, in: p, over: outside).map { $0 > 0.1 && $0 < 0.9 } ?? false }
            XCTAssertGreaterThanOrEqual(Double(solid), insideShare * Double(ins.count), "\(what): \(edge.name) edge's inside line",
                                        file: file, line: line)
            XCTAssert(blended.isEmpty, "\(what): \(edge.name) edge half covers pixels: \(blended.prefix(4))", file: file, line: line)
        }
    }
}
