import Backend
import Stage
import XCTest
import ZoetropeHarness

/// The frame plan changes how much is drawn, never what is seen: every frame of an elevator ride drawn with it is the
/// same, pixel for pixel, as the frame drawn command by command.
@MainActor
final class FramePlanRenderTests: XCTestCase {
    /// Draws `frames` frames of `h` on a planned and an unplanned canvas; compares every `every`-th; returns the
    /// planned canvas's statistics of each frame.
    func compare(_ h: Harness, size: Size, frames: ClosedRange<Int>, every: Int, step: (Int) -> Void = { _ in }) throws
        -> [SDLRenderer.PlanStats] {
        let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        let planned = try HeadlessCanvas(width: Int(size.width), height: Int(size.height), assets: assets)
        let plain = try HeadlessCanvas(width: Int(size.width), height: Int(size.height), assets: assets)
        plain.renderer.plansFrames = false
        h.session.measure = { [unowned planned] in planned.renderer.measure($0, font: $1) }
        var stats: [SDLRenderer.PlanStats] = []
        for frame in frames {
            step(frame)
            h.advance(to: Double(frame) / 60)
            h.session.draw(on: planned.renderer)
            planned.renderer.present()
            h.session.draw(on: plain.renderer)
            plain.renderer.present()
            stats.append(planned.renderer.lastPlan)
            if frame % every == 0 {
                let a = planned.renderer.readFramebuffer(), b = plain.renderer.readFramebuffer()
                let differing = a.pixels.indices.filter { a.pixels[$0] != b.pixels[$0] }
                XCTAssertTrue(differing.isEmpty, "frame \(frame): \(differing.count) bytes differ, the first at pixel "
                    + "\(differing.first.map { ($0 / 4 % a.width, $0 / 4 / a.width) }.map { "\($0)" } ?? "")")
            }
        }
        return stats
    }

    /// Skeletons rising and piling up behind trails: trimmed sprites, a kept start that grows as each comes to rest,
    /// and trails far off screen left out.
    func testPlannedFramesOfAMagicWandDragMatchUnplannedFramesPixelForPixel() async throws {
        let size = Size(390, 844)
        let h = try Harness(scene: "magic-wand", size: size)
        var pointer = Point(50, 800)
        h.press(pointer.x, pointer.y)
        let stats = try compare(h, size: size, frames: 1...150, every: 30) { frame in
            pointer = frame < 100 ? Point(50 + Double(frame) / 2, 800) : Point(300, 300 + Double(frame))
            h.move(pointer.x, pointer.y)
        }
        let kept = stats.map(\.keptCommands)
        XCTAssertTrue(zip(kept, kept.dropFirst()).contains { $0 > 2 && $1 > $0 }, "the kept start grows as skeletons arrive")
    }

    func testPlannedFramesOfARideMatchUnplannedFramesPixelForPixel() async throws {
        let size = Size(393, 759)
        let h = try Harness(scene: "elevator", size: size)
        h.click(393 / 33, 379.5)   // the doors start opening at 0.3 s (2.5 s of it are drawn)
        let stats = try compare(h, size: size, frames: 1...150, every: 25)
        XCTAssertTrue(stats.contains { $0.keptCommands > 0 }, "the car and the people are kept as one picture while the doors move")
        XCTAssertTrue(stats.contains { $0.hiddenBatches > 0 }, "closed doors hide what is behind them")
        XCTAssertTrue(stats.contains { $0.keptPieces > 0 }, "half-open doors leave only the gap of the car's picture to copy")
        // SDL's software renderer draws batches whole or not at all (it maps clipped quads a pixel off).
        XCTAssertEqual(stats.map(\.splitBatches).max(), 0)
    }

    /// A phone-sized scene in a wide window (issue 24): the kept start is cleared and only the box drawn over its clear
    /// colour is copied, the black bars around the column are the clear; the frames are still those drawn in full.
    func testPlannedFramesOfAPillarboxedOceanMatchUnplannedFramesPixelForPixel() async throws {
        let size = Size(1280, 800)
        let h = try Harness(scene: "ch10-ocean", size: size)
        let stats = try compare(h, size: size, frames: 1...40, every: 13)
        XCTAssertTrue(stats.contains { $0.keptCommands > 0 }, "the sky and the clear are kept as one picture")
    }
}
