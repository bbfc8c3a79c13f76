import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// Pictures drawn smaller than they are, from copies at the size drawn (`PrescaledPictures`), on OpenGL (Mesa's
/// llvmpipe under Xvfb). The elevator's doors (600×2000, drawn 636×800) and frame (924×1284, drawn over the whole
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
        let a = copied.picture.pixels, b = pictures.picture.pixels
        var worst = 0, moreThanTwo = 0
        for i in stride(from: 0, to: min(a.count, b.count), by: 4) {
            let d = (0..<3).map { abs(Int(a[i + $0]) - Int(b[i + $0])) }.max() ?? 0
            worst = max(worst, d)
            if d > 2 { moreThanTwo += 1 }
        }
        // An edge half a pixel away changes its pixels by up to half its contrast (18 levels seen); a door missing,
        // misplaced or drawn from a wrong copy is a hundred levels off over thousands of pixels.
        XCTAssertLessThanOrEqual(worst, 64, "the worst pixel")
        XCTAssertLessThan(Double(moreThanTwo) / Double(a.count / 4), 0.025, "\(moreThanTwo) pixels more than two levels off")
    }
}
