import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// The frame plan on OpenGL (Mesa's llvmpipe under Xvfb), where the headless tests' software renderer cannot look:
/// the kept picture of a frame's unchanging start is drawn into a texture, which OpenGL rasterises upside down from
/// the window. The Particle Lab keeps its whole panel so while the particles move; a label's texture starts half a
/// pixel into a row, and the kept panel lost the bottom row of every label (68 pixels, up to 100 levels off).
@MainActor
final class FramePlanWindowTests: XCTestCase {
    func testTheLabsKeptPanelIsDrawnAsTheWindowDrawsIt() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        func panel(planned: Bool) throws -> Framebuffer {
            let file = E2E.outputDirectory.appendingPathComponent("lab-panel-\(planned ? "planned" : "drawn").png")
            let r = try E2E.zoetrope(["--scene", "particle-lab", "--size", "1280x800",
                                      "--script", "at 2 screenshot \(file.path); at 2.2 quit"],
                                     environment: x.environment(setting: ["SDL_AUDIODRIVER": "dummy",
                                                                          "ZOETROPE_FRAME_PLAN": planned ? "1" : "0"]),
                                     timeout: 90)
            XCTAssertEqual(r.status, 0, r.summary)
            return try Framebuffer.loadPNG(file)
        }
        let planned = try panel(planned: true), drawn = try panel(planned: false)
        XCTAssertEqual(planned.width, 1280)
        XCTAssertEqual(drawn.width, 1280)
        // The panel is right of the 840-point preview, where the particles are (they differ from run to run).
        var worst = 0, where_ = (0, 0)
        for y in 0..<min(planned.height, drawn.height) {
            for x in 840..<1280 {
                let i = (y * 1280 + x) * 4
                for c in 0..<3 {
                    let d = abs(Int(planned.pixels[i + c]) - Int(drawn.pixels[i + c]))
                    if d > worst { worst = d; where_ = (x, y) }
                }
            }
        }
        // Blending into the texture rounds once more than blending into the window: a level at most.
        XCTAssertLessThanOrEqual(worst, 2, "the kept panel is \(worst) levels off at \(where_)")
    }
}
