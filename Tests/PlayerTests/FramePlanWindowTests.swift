import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// The frame plan on OpenGL (Mesa's llvmpipe under Xvfb), where the headless tests' software renderer cannot look.
/// The Particle Lab keeps its whole panel as one picture while the particles move. Where OpenGL allows it, the
/// picture is taken from the window once the panel is drawn there and copied back as memory (`GLPictureCopy`): the
/// window's own pixels. Elsewhere it is drawn into a texture, which OpenGL rasterises upside down from the window;
/// a label's texture starts half a pixel into a row, and the panel kept that way once lost the bottom row of every
/// label (68 pixels, up to 100 levels off).
@MainActor
final class FramePlanWindowTests: XCTestCase {
    /// The Particle Lab's window at 4 s with `setting` in its environment (a debug build on a busy machine shows
    /// its first frame after 2–4 s).
    private func lab(_ name: String, in x: E2EXvfb, setting: [String: String]) throws -> WindowShot {
        try WindowShot("particle-lab", named: "lab-panel-\(name)", script: { "at 4 screenshot \($0); at 4.2 quit" }, in: x, setting: setting)
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

    /// Paused, then put back at 1.5 s (a seek replays the scene from its start: every run shows the same moment).
    private static let pausedAtOneAndAHalf = { (png: String) in "at 1.7 key space; at 1.8 seek 1.5; at 3.5 screenshot \(png); at 3.7 quit" }

    /// Belts and Gears (seed 3) in a window at 1280x800, screenshot by `script`, with `setting` in its environment.
    private func gears(_ name: String, in x: E2EXvfb, _ setting: [String: String], script: @escaping (String) -> String) throws -> WindowShot {
        try WindowShot("ch07-gears-and-belts", named: "gears-\(name)", arguments: ["--seed", "3"], script: script, in: x, setting: setting)
    }

    /// The copies of the kept picture a frame, and of those made as memory (`kept-picture 0.93 (as memory 0.93)`),
    /// summed over the draw log's lines.
    private func keptCopies(_ shot: WindowShot) -> (all: Double, asMemory: Double)? {
        guard !shot.drawLogLines(after: "kept-picture").isEmpty else { return nil }
        return (shot.drawLogSum(after: "kept-picture"), shot.drawLogSum(after: "kept-picture", number: 1))
    }

    func testTheLabsKeptPanelIsDrawnAsTheWindowDrawsIt() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let planned = try lab("planned", in: x, setting: [:])
        let drawn = try lab("drawn", in: x, setting: ["ZOETROPE_FRAME_PLAN": "0"])
        // Taken from the window, the kept panel is the panel the window drew.
        let d = panelDifference(planned.picture, drawn.picture)
        XCTAssertEqual(d.levels, 0, "the kept panel is \(d.levels) levels off at \(d.at)")
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
        // Drawn into a texture, the picture rounds its blends once more than the window does: a level, two at most.
        let d = panelDifference(memory.picture, quad.picture)
        XCTAssertLessThanOrEqual(d.levels, 2, "the panel copied as a quad is \(d.levels) levels off the window's at \(d.at)")
    }

    func testTheLabsPanelMendedWhileASliderIsDraggedIsThePanelTheWindowDraws() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        // The birth rate's knob dragged along its track (x 856…1050, y 152…180) once the window shows, then left at
        // the end.
        let drag = { (png: String) in "at 4.5 drag 870,166 -> 1040,166 over 1.5; at 6.5 screenshot \(png); at 6.7 quit" }
        let mended = try WindowShot("particle-lab", named: "lab-slider-mended", script: drag, in: x, setting: [:])
        let drawn = try WindowShot("particle-lab", named: "lab-slider-drawn", script: drag, in: x,
                                   setting: ["ZOETROPE_FRAME_PLAN": "0"])
        // Where the knob and its reading moved, the kept panel was drawn again and taken again, frame after frame.
        let mends = mended.drawLogLines(after: "(mended").compactMap { Double($0.first?.dropLast() ?? "") }
        XCTAssertGreaterThan(mends.reduce(0, +), 0, mended.log)
        let d = panelDifference(mended.picture, drawn.picture)
        XCTAssertEqual(d.levels, 0, "the mended panel is \(d.levels) levels off at \(d.at)")
        XCTAssertGreaterThan(Self.changedPixels(in: drawn.picture, from: try lab("still", in: x, setting: [:]).picture), 100,
                             "the drag moved the knob")
    }

    /// Pixels of the panel that differ between two pictures.
    private static func changedPixels(in a: Framebuffer, from b: Framebuffer) -> Int {
        var n = 0
        for y in 0..<min(a.height, b.height) {
            for x in 840..<1280 {
                let i = (y * 1280 + x) * 4
                if (0..<3).contains(where: { a.pixels[i + $0] != b.pixels[i + $0] }) { n += 1 }
            }
        }
        return n
    }

    /// A phone-sized scene in a wide window: Belts and Gears' 390 × 844 canvas is 370 × 800 pixels of the 1280 × 800
    /// window, the rest black. Taken from the window, its picture holds only that part (issue 24: the window-sized
    /// picture was 4 MB, 1.2 MB of it drawn), and the window shows what it draws without a kept picture.
    func testAPhoneSizedScenesPictureHoldsOnlyWhatItDrew() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        // Moving, the brass behind the gears is the kept start. (Never paused: a paused window's scrub bar spans the
        // window's width, and when it holds still between two frames it is rightly part of the picture.)
        let moving = try gears("picture-moving", in: x, [:]) { "at 2 screenshot \($0); at 2.5 quit" }
        // The largest picture texture of each line of the draw log.
        let held = moving.drawLogLines(after: "picture-texture").compactMap { $0.first.flatMap { Double($0) } }.max() ?? 0
        XCTAssertGreaterThan(held, 0.25, "Mpx the picture holds\n\(moving.log)")
        XCTAssertLessThanOrEqual(held, 0.30, "Mpx the picture holds (the canvas is 370 × 800 = 0.296 of the window's 1.02)\n\(moving.log)")
        // Paused at 1.5 s the whole frame stays the same, so the window shows the kept picture.
        let planned = try gears("picture-planned", in: x, [:], script: Self.pausedAtOneAndAHalf)
        let drawn = try gears("picture-drawn", in: x, ["ZOETROPE_FRAME_PLAN": "0"], script: Self.pausedAtOneAndAHalf)
        XCTAssertGreaterThan(planned.drawLogLines(after: "kept-picture").compactMap { $0.first.flatMap { Double($0) } }.max() ?? 0, 0,
                             planned.log)
        var differing = 0
        for i in 0..<min(planned.picture.pixels.count, drawn.picture.pixels.count) where planned.picture.pixels[i] != drawn.picture.pixels[i] {
            differing += 1
        }
        XCTAssertEqual(differing, 0, "bytes of the kept picture's window unlike the window drawn without one")
    }

    /// The picture of a frame's start is taken from the window once as the window starts (issue 24: each take draws
    /// the start again, 15–20 ms of a frame on llvmpipe, and the pipe's smoke took three in its first five frames).
    /// Its background is drawn from a copy at its size from the third frame (`PrescaledPictures`), and its first wisp
    /// comes after that: the picture waits for the copy, and ends where the smoke's emitter is, wisps or none.
    func testAWindowTakesItsPictureOnceAsItStarts() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let smoke = try WindowShot("pipe-smoke", named: "pipe-smoke-start", script: { "at 3 screenshot \($0); at 3.2 quit" },
                                   in: x, setting: [:])
        // The first line of the draw log is the mean of the first 60 frames.
        let first = try XCTUnwrap(smoke.drawLogNumbers(after: "taken").first?.first, smoke.log)
        XCTAssertEqual((first * 60).rounded(), 1, "pictures taken in the first 60 frames\n\(smoke.log)")
        let copies = try XCTUnwrap(smoke.drawLogNumbers(after: "kept-picture").first?.first, smoke.log)
        XCTAssertGreaterThan(copies * 60, 50, "frames of the 60 drawn over the kept picture\n\(smoke.log)")
    }

    /// On X11 the window's OpenGL framebuffer has alpha (`Window.wantsAlpha`: the kept picture is then taken as memory,
    /// not drawn). What is drawn leaves that alpha at 1, so the window shows, byte for byte, what a window without
    /// alpha shows (Belts and Gears paused at 1.5 s: brass, gears, the kept picture and the scrub bar over it).
    func testAWindowWithAlphaShowsWhatAWindowWithoutItShows() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let withAlpha = try gears("alpha-on", in: x, [:], script: Self.pausedAtOneAndAHalf)
        let without = try gears("alpha-off", in: x, ["ZOETROPE_WINDOW_ALPHA": "0"], script: Self.pausedAtOneAndAHalf)
        let a = withAlpha.picture.pixels, b = without.picture.pixels
        XCTAssertEqual(a.count, b.count)
        let differing = zip(a, b).filter { $0 != $1 }.count
        XCTAssertEqual(differing, 0, "bytes of the window with alpha unlike the window without")
        let translucent = stride(from: 3, to: a.count, by: 4).filter { a[$0] != 255 }.count
        XCTAssertEqual(translucent, 0, "pixels of the window with alpha read back with an alpha below 1")
    }
}
