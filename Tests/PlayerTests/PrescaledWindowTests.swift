import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// Pictures drawn smaller than they are, from copies at the size drawn or halved levels (`PrescaledPictures`), on
/// OpenGL (Mesa's llvmpipe under Xvfb). The elevator's doors (600×2000, drawn 636×800) and frame (924×1284, drawn over the whole
/// window) slide and stay while the doors open: each is copied once and drawn from the copy, sampled nearest, and the
/// frame is the frame drawn from the pictures themselves but for the half pixel each door edge moves to a whole one
/// and a level of rounding. The copies a run makes are kept in the picture store, and a later run draws from them from its
/// first frame. Each window here starts with an empty store (`WindowShot`) unless a test gives it one.
@MainActor
final class PrescaledWindowTests: XCTestCase {
    /// Each test's own cache folders.
    private let cache = FileManager.default.temporaryDirectory.appendingPathComponent("prescaled-window-\(UUID().uuidString)")

    override func setUpWithError() throws {
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: cache) }

    /// The doors half open: called at 0.5 s, paused at 1.3 s (the last frame drawn stays), shot at 2 s.
    private func ride(_ name: String, in x: E2EXvfb, setting: [String: String]) throws -> WindowShot {
        try WindowShot("elevator", named: "prescaled-\(name)",
                       script: { "at 0.5 click callButton; at 1.3 key space; at 2 screenshot \($0); at 2.2 quit" }, in: x, setting: setting)
    }

    /// The draws from copies a frame and the copies made a frame (`prescaled 4 (made 0)`), summed over the draw log.
    private func prescaled(_ shot: WindowShot) -> (draws: Double, made: Double) {
        (shot.drawLogSum(after: "prescaled"), shot.drawLogSum(after: "prescaled", number: 1))
    }

    func testTheRidesDoorsDrawnFromCopiesAreTheDoorsDrawnFromThePictures() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let copied = try ride("copies", in: x, setting: [:])
        let pictures = try ride("pictures", in: x, setting: ["ZOETROPE_PRESCALE": "0"])
        let used = prescaled(copied), off = prescaled(pictures)
        XCTAssertGreaterThan(used.draws, 0, "draws from copies\n\(copied.log)")
        XCTAssertGreaterThan(used.made, 0, "copies made\n\(copied.log)")
        XCTAssertEqual(off.draws + off.made, 0, "none with ZOETROPE_PRESCALE=0\n\(pictures.log)")
        let d = copied.difference(from: pictures, over: 2)
        // An edge half a pixel away changes its pixels by up to half its contrast (18 levels seen); a door missing,
        // misplaced or drawn from a wrong copy is a hundred levels off over thousands of pixels.
        XCTAssertLessThanOrEqual(d.worst, 64, "the worst pixel")
        XCTAssertLessThan(Double(d.over) / Double(d.pixels), 0.025, "\(d.over) pixels more than two levels off")
    }

    /// Belts and Gears' fan (1000×974 texels) turns at 190 pixels: it is drawn from its pixels halved twice (250×243),
    /// sampled linearly as before. Paused, then put back at 1.5 s, against the window without copies: the fan's box
    /// differs at the blades' edges, where a linear filter minifying fivefold skipped texels the halved level averages
    /// (1,924 pixels over 8 levels seen, 44 over 64), and nowhere else much.
    func testTheTurningFanIsDrawnFromAHalvedLevel() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        func gears(_ name: String, _ setting: [String: String]) throws -> WindowShot {
            try WindowShot("ch07-gears-and-belts", named: "prescaled-gears-\(name)", arguments: ["--seed", "3"],
                           script: { "at 1.7 key space; at 1.8 seek 1.5; at 3.5 screenshot \($0); at 3.7 quit" }, in: x, setting: setting)
        }
        let levels = try gears("levels", [:]), pictures = try gears("pictures", ["ZOETROPE_PRESCALE": "0"])
        XCTAssertGreaterThan(prescaled(levels).made, 0, levels.log)
        // The fan's box: 200×200 pixels round its hub at (640, 630).
        var over8 = 0, over64 = 0
        let a = levels.picture, b = pictures.picture
        for y in 530..<730 {
            for x in 540..<740 {
                let i = (y * a.width + x) * 4
                let d = (0..<3).map { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) }.max() ?? 0
                if d > 8 { over8 += 1 }
                if d > 64 { over64 += 1 }
            }
        }
        XCTAssertGreaterThan(over8, 300, "the fan drawn from its halved level (its edges smoother)")
        XCTAssertLessThan(over8, 6_000, "the fan's box")
        XCTAssertLessThan(over64, 1_000, "a fan missing or out of place is thousands of pixels a hundred levels off")
    }

    /// Paused and put back at 0.5 s: the frames after the seek draw the same moment, and each picture steady in them
    /// gets its copy (one a frame).
    private static let pausedAtAHalf = { (png: String) in "at 1.0 key space; at 1.2 seek 0.5; at 2.5 screenshot \(png); at 2.7 quit" }

    /// The copies kept in `folder`'s picture store (`….copyWxH.rgba`).
    private func keptCopies(in folder: URL) -> [String] {
        let pictures = folder.appendingPathComponent("zoetrope/pictures")
        return ((try? FileManager.default.contentsOfDirectory(atPath: pictures.path)) ?? []).filter { $0.contains(".copy") }.sorted()
    }

    /// A still scene draws a frame or two, so its pictures hardly stay long enough to be copied; the window keeps
    /// their copies for later runs while it waits, and the next run draws them from those from its first frame, making
    /// none, without reading the pictures whole (issue 24: the first frame and memory). What it shows is byte for
    /// byte what a run that made its copies as it went shows.
    func testACopyKeptByOneRunIsWhatTheNextRunDraws() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let kept = cache.appendingPathComponent("kept"), fresh = cache.appendingPathComponent("fresh")
        // The elevator at rest: the inside, the doors and the frame, drawn smaller than they are.
        let still = try WindowShot("elevator", named: "prescaled-still", script: { "at 1.5 screenshot \($0); at 1.7 quit" },
                                   in: x, setting: ["XDG_CACHE_HOME": kept.path])
        // Its frames (the first, and the screenshot's) make at most one copy as they go, from the third on; the
        // other five pictures' copies are made while it waits.
        let copies = keptCopies(in: kept)
        XCTAssertGreaterThanOrEqual(copies.count, 5, "copies kept by the still run: \(copies)\n\(still.log)")

        let next = try WindowShot("elevator", named: "prescaled-next", script: Self.pausedAtAHalf,
                                  in: x, setting: ["XDG_CACHE_HOME": kept.path])
        XCTAssertEqual(prescaled(next).made, 0, "copies the next run made\n\(next.log)")
        let firstLine = try XCTUnwrap(next.drawLogNumbers(after: "prescaled").first?.first, next.log)
        XCTAssertGreaterThan(firstLine, 0, "draws from copies in the next run's first frames\n\(next.log)")

        let madeAsItWent = try WindowShot("elevator", named: "prescaled-fresh", script: Self.pausedAtAHalf,
                                          in: x, setting: ["XDG_CACHE_HOME": fresh.path])
        XCTAssertGreaterThan(prescaled(madeAsItWent).made, 0, "copies made by a run with no store\n\(madeAsItWent.log)")
        XCTAssertEqual(keptCopies(in: fresh), copies, "copies kept by a run that made them as it went")
        let d = next.difference(from: madeAsItWent, over: 0)
        XCTAssertEqual(d.over, 0, "pixels of the run drawn from kept copies unlike the run that made them (worst \(d.worst) levels)")
    }

    /// A copy takes its picture's place in every draw of a frame, so a picture that a frame also draws larger than
    /// it is gets none. The find-words background fills the window and is on the New Word button and the badges:
    /// it was drawn blurred over the whole window from the button's halved copy until the next frame.
    func testAPictureDrawnOtherwiseTooIsNeverDrawnFromACopy() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let setting = ["XDG_CACHE_HOME": cache.path]
        let prescaled = try WindowShot("find-words", named: "find-words-prescaled", arguments: ["--seed", "3"],
                                       script: Self.pausedAtAHalf, in: x, setting: setting)
        let drawn = try WindowShot("find-words", named: "find-words-as-is", arguments: ["--seed", "3"], script: Self.pausedAtAHalf,
                                   in: x, setting: setting.merging(["ZOETROPE_PRESCALE": "0"]) { $1 })
        // The title (rows 75–116) is drawn from its own halved copy, smoother than the picture minified twelvefold;
        // below it the two windows are the same.
        let a = prescaled.picture, b = drawn.picture
        func differing(_ rows: Range<Int>) -> Int {
            var n = 0
            for y in rows {
                for x in 0..<1280 {
                    let i = (y * 1280 + x) * 4
                    if (0..<3).contains(where: { a.pixels[i + $0] != b.pixels[i + $0] }) { n += 1 }
                }
            }
            return n
        }
        XCTAssertGreaterThan(differing(60..<130), 1_000, "pixels of the title drawn from its halved copy")
        XCTAssertEqual(differing(140..<800), 0, "pixels below the title unlike the window drawn without copies")
    }
}
