import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// Wide shadows in an OpenGL window (Mesa's llvmpipe under Xvfb) are made without reading the GPU back
/// (`LayerCompositor.avoidsReadbacks`): their silhouettes rasterised on the CPU (`SilhouetteRaster`) and a faded
/// wave's content and shadow composed in a target texture, where each read-back made the frame wait for llvmpipe
/// (eight times a frame in the ocean). The frame must be the one made with read-backs, within what the shadows' blur
/// and 8-bit blending move.
@MainActor
final class WideShadowWindowTests: XCTestCase {
    /// The ocean paused at scene time 1.5 s.
    private func ocean(_ name: String, in x: E2EXvfb, setting: [String: String]) throws -> WindowShot {
        try WindowShot("ch10-ocean", named: "ocean-shadows-\(name)", arguments: ["--seed", "3"],
                       script: { "at 0.5 key space; at 1 seek 1.5; at 1.6 screenshot \($0); at 1.8 quit" }, in: x, setting: setting)
    }

    func testTheOceansShadowsWithoutReadbacksAreTheShadowsWithThem() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        // Every frame draws every wave: paused, a frame planned would keep them all as one picture (FramePlan).
        let without = try ocean("without-readbacks", in: x, setting: ["ZOETROPE_FRAME_PLAN": "0"])
        let with = try ocean("with-readbacks", in: x, setting: ["ZOETROPE_FRAME_PLAN": "0", "ZOETROPE_SHADOW_READBACKS": "1"])
        // Six waves cast wide shadows (two of them faded): none is rendered offscreen and read back any more.
        let rendersWithout = try XCTUnwrap(without.drawLog(after: "renders").first.flatMap { Double($0) }, without.log)
        let rendersWith = try XCTUnwrap(with.drawLog(after: "renders").first.flatMap { Double($0) }, with.log)
        // With read-backs the six are rendered offscreen on most frames (an average of 5.8–6 a frame has been seen:
        // the log's last second can hold a frame that draws fewer); without them, on none.
        XCTAssertEqual(rendersWithout, 0, "renders a frame without read-backs")
        XCTAssertGreaterThanOrEqual(rendersWith, 4, "renders a frame with read-backs")
        let (cpu, gpu) = (without.picture, with.picture)
        var worst = 0, differing = 0
        for i in stride(from: 0, to: min(cpu.pixels.count, gpu.pixels.count), by: 4) {
            let d = (0..<3).map { abs(Int(cpu.pixels[i + $0]) - Int(gpu.pixels[i + $0])) }.max() ?? 0
            worst = max(worst, d)
            if d > 1 { differing += 1 }
        }
        // An edge a low-resolution pixel either way moves a shadow blurred over 8 or more of them by a level or two;
        // a shadow missing or misplaced is tens of levels off.
        XCTAssertLessThanOrEqual(worst, 3, "\(differing) pixels differ by more than a level")
    }
}
