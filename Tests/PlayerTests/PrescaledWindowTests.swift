import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// Pictures drawn smaller than they are, from copies at the size drawn or halved levels (`PrescaledPictures`), on
/// OpenGL (Mesa's llvmpipe under Xvfb). The elevator's doors (600×2000, drawn 636×800) and frame (924×1284, drawn over the whole
/// window) slide and stay while the doors open: each is copied once and drawn from the copy, sampled nearest, and the
/// frame is the frame drawn from the pictures themselves but for the half pixel each door edge moves to a whole one
/// and a level of rounding.
@MainActor
final class PrescaledWindowTests: XCTestCase {
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
}
