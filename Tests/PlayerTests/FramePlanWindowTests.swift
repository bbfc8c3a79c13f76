import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// The frame plan on OpenGL (Mesa's llvmpipe under Xvfb), where the headless tests' software renderer cannot look:
/// the kept picture of a frame's unchanging start is drawn into a texture, which OpenGL rasterises upside down from
/// the window. The Particle Lab keeps its whole panel so while the particles move; a label's texture starts half a
/// pixel into a row, and the kept panel lost the bottom row of every label (68 pixels, up to 100 levels off).
///
/// The kept picture is copied to the window as memory (`GLPictureCopy`, a blit) where OpenGL allows it, else as a
/// quad; both must give the panel the window draws.
@MainActor
final class FramePlanWindowTests: XCTestCase {
    /// The Particle Lab's window at 2 s with `setting` in its environment.
    private func lab(_ name: String, in x: E2EXvfb, setting: [String: String]) throws -> WindowShot {
        try WindowShot("particle-lab", named: "lab-panel-\(name)", script: { "at 2 screenshot \($0); at 2.2 quit" }, in: x, setting: setting)
    }

    /// The largest difference of one channel between the two pictures' panels, and where. The panel is right of the
    /// 840-point preview, where the particles are (they differ from run to run).
    private func panelDifference(_ a: Framebuffer, _ b: Framebuffer) -> (levels: Int, at: (Int, Int)) {
        var worst = 0, where_ = (0, 0)
        for y in 0..<min(a.height, b.height) {
            for x in 840..<1280 {
                let i = (y * 1280 + x) * 4
                for c in 0..<3 {
                    let d = abs(Int(a.pixels[i + c]) - Int(b.pixels[i + c]))
                    if d > worst { worst = d; where_ = (x, y) }
                }
            }
        }
        return (worst, where_)
    }

    /// The mean copies of the kept picture a frame, and of those made as memory (`kept-picture 0.93 (as memory 0.93)`).
    private func keptCopies(_ shot: WindowShot) -> (all: Double, asMemory: Double)? {
        let rest = shot.drawLog(after: "kept-picture")
        guard rest.count >= 4, let all = Double(rest[0]), let memory = Double(rest[3].dropLast()) else { return nil }
        return (all, memory)
    }

    func testTheLabsKeptPanelIsDrawnAsTheWindowDrawsIt() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let planned = try lab("planned", in: x, setting: [:])
        let drawn = try lab("drawn", in: x, setting: ["ZOETROPE_FRAME_PLAN": "0"])
        // Blending into the texture rounds once more than blending into the window: a level at most.
        let d = panelDifference(planned.picture, drawn.picture)
        XCTAssertLessThanOrEqual(d.levels, 2, "the kept panel is \(d.levels) levels off at \(d.at)")
        // Mesa's OpenGL has the flipped framebuffers the copy as memory needs: every copy is one.
        let copies = try XCTUnwrap(keptCopies(planned), planned.log)
        XCTAssertGreaterThan(copies.all, 0, planned.log)  // the first frames have none yet
        XCTAssertEqual(copies.asMemory, copies.all, planned.log)
    }

    func testThePanelCopiedAsMemoryIsThePanelCopiedAsAQuad() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let memory = try lab("as-memory", in: x, setting: [:])
        let quad = try lab("as-quad", in: x, setting: ["ZOETROPE_PICTURE_BLIT": "0"])
        XCTAssertEqual(keptCopies(quad)?.asMemory, 0, quad.log)
        XCTAssertGreaterThan(keptCopies(memory)?.asMemory ?? 0, 0, memory.log)
        // Drawn through a flipped framebuffer, the picture's antialiased edges round a level differently in places;
        // copied, it is then the same pixels as the quad's texel-for-texel copy.
        let d = panelDifference(memory.picture, quad.picture)
        XCTAssertLessThanOrEqual(d.levels, 1, "the panel copied as memory is \(d.levels) levels off the quad's at \(d.at)")
    }
}
