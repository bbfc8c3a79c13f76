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
    /// The ocean paused at scene time 1.5 s, and its draw log.
    private func ocean(_ name: String, in x: E2EXvfb, setting: [String: String]) throws -> (Framebuffer, String) {
        let file = E2E.outputDirectory.appendingPathComponent("ocean-shadows-\(name).png")
        let r = try E2E.zoetrope(["--scene", "ch10-ocean", "--size", "1280x800", "--seed", "3",
                                  "--script", "at 0.5 key space; at 1 seek 1.5; at 1.6 screenshot \(file.path); at 1.8 quit"],
                                 environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy", "ZOETROPE_DRAW_LOG": "1"]
                                     .merging(setting) { $1 }),
                                 timeout: 90)
        XCTAssertEqual(r.status, 0, r.summary)
        let shot = try Framebuffer.loadPNG(file)
        XCTAssertEqual(shot.width, 1280)
        return (shot, r.stderr)
    }

    /// The mean offscreen renders a frame, from the draw log's last line.
    private func renders(_ log: String) -> Double? {
        guard let line = log.split(separator: "\n").last(where: { $0.hasPrefix("draw:") }),
              let at = line.range(of: " renders ") else { return nil }
        return line[at.upperBound...].split(separator: " ").first.flatMap { Double($0) }
    }

    func testTheOceansShadowsWithoutReadbacksAreTheShadowsWithThem() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let (cpu, cpuLog) = try ocean("without-readbacks", in: x, setting: [:])
        let (gpu, gpuLog) = try ocean("with-readbacks", in: x, setting: ["ZOETROPE_SHADOW_READBACKS": "1"])
        // Six waves cast wide shadows (two of them faded): none is rendered offscreen and read back any more.
        let cpuRenders = try XCTUnwrap(renders(cpuLog), cpuLog), gpuRenders = try XCTUnwrap(renders(gpuLog), gpuLog)
        XCTAssertLessThanOrEqual(cpuRenders + 6, gpuRenders, "renders a frame: \(cpuRenders) without read-backs, \(gpuRenders) with")
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
