import Backend
import Stage
import XCTest
import ZoetropeHarness

/// The frame plan changes how much is drawn, never what is seen: every frame of an elevator ride drawn with it is the
/// same, pixel for pixel, as the frame drawn command by command.
final class FramePlanRenderTests: XCTestCase {
    func testPlannedFramesOfARideMatchUnplannedFramesPixelForPixel() throws {
        let size = Size(393, 759)
        let h = try Harness(scene: "elevator", size: size)
        let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        let planned = try HeadlessCanvas(width: 393, height: 759, assets: assets)
        let plain = try HeadlessCanvas(width: 393, height: 759, assets: assets)
        plain.renderer.plansFrames = false
        h.session.measure = { [unowned planned] in planned.renderer.measure($0, font: $1) }

        var sawKept = false, sawHidden = false, sawSplit = false, compared = 0
        h.click(393 / 33, 379.5)   // the doors start opening at 0.3 s (2.5 s of it are drawn)
        for frame in 1...150 {
            h.advance(to: Double(frame) / 60)
            h.session.draw(on: planned.renderer)
            planned.renderer.present()
            h.session.draw(on: plain.renderer)
            plain.renderer.present()
            let stats = planned.renderer.lastPlan
            sawKept = sawKept || stats.keptCommands > 0
            sawHidden = sawHidden || stats.hiddenBatches > 0
            sawSplit = sawSplit || stats.splitBatches > 0
            if frame % 10 == 0 {
                let a = planned.renderer.readFramebuffer(), b = plain.renderer.readFramebuffer()
                XCTAssertEqual(a.pixels, b.pixels, "frame \(frame) differs")
                compared += 1
            }
        }
        XCTAssertEqual(compared, 15)
        XCTAssertTrue(sawKept, "the car and the people are kept as one picture while the doors move")
        XCTAssertTrue(sawHidden, "closed doors hide what is behind them")
        XCTAssertTrue(sawSplit, "half-open doors leave only the gap to draw")
    }
}
