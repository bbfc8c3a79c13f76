import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Grid: View {
    @State var wide = false
    var body: some View {
        VStack(spacing: 0) {
            Text("abc").padding(.leading, 75).named("leading")
            Rectangle().frame(width: 101, height: 11).named("odd")
            Divider().named("divider")
            Rectangle().frame(width: 40, height: 7).named("next")
            Color.red.frame(width: wide ? 200 : 100, height: 20).named("grows")
            Button("grow") { withAnimation(.linear(duration: 1)) { wide.toggle() } }.named("grow")
        }
    }
}

/// Issue 22: after layout each frame's edges are rounded to the window's pixel grid, each to the nearest pixel line
/// with halves up, as SwiftUI does; a frame whose size or position animates is left between pixels while it moves.
@MainActor
final class PixelGridRuleTests: XCTestCase {
    /// Nearest multiple of 1/scale, halves up: the rule, written out here.
    private func snapped(_ v: Double, _ scale: Double) -> Double { (v * scale + 0.5).rounded(.down) / scale }

    private func edges(_ r: Rect) -> [Double] { [r.minX, r.minY, r.maxX, r.maxY] }

    func testEveryEdgeIsTheExactLayoutsEdgeRoundedToThePixel() async {
        for scale in [1.0, 2.0] {
            let exact = TestScene(size: Size(390, 844)) { Grid() }
            let grid = TestScene(size: Size(390, 844), roundsFrames: true) { Grid() }
            grid.context.pixelScale = scale
            grid.advance(to: 0.1)
            for name in ["leading", "odd", "divider", "next", "grows", "grow"] {
                let e = edges(exact.frame(name)), g = edges(grid.frame(name))
                XCTAssertEqual(g, e.map { snapped($0, scale) }, "\(name) at ×\(scale): exact \(exact.frame(name))")
            }
            // The exact layout has half points here (an odd-height stack centred in an even window), the grid none.
            XCTAssertNotEqual(exact.frame("divider").minY, exact.frame("divider").minY.rounded())
        }
    }

    func testNeighboursStillTouchAndTheDividerCoversOneRow() async {
        let s = TestScene(size: Size(390, 844), roundsFrames: true) { Grid() }
        XCTAssertEqual(s.frame("odd").maxY, s.frame("divider").minY, "no gap, no overlap")
        XCTAssertEqual(s.frame("divider").maxY, s.frame("next").minY)
        XCTAssertEqual(s.frame("divider").height, 1, "one whole row")
    }

    func testAFrameMovesBetweenPixelsAndLandsOnOne() async {
        let s = TestScene(size: Size(390, 844), roundsFrames: true) { Grid() }
        s.click("grow")
        s.advance(to: 0.5037)
        let moving = s.frame("grows")
        XCTAssertEqual(moving.width, 100 + 100 * 0.5037, accuracy: 1e-6, "smooth while it moves")
        XCTAssertNotEqual(moving.minX, moving.minX.rounded(), "between pixels while moving")
        s.advance(to: 1.5)
        XCTAssertEqual(edges(s.frame("grows")), edges(s.frame("grows")).map { $0.rounded() }, "on whole pixels at rest")
        XCTAssertEqual(s.frame("grows").width, 200)
    }
}
