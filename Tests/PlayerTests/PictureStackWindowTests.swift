import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// On OpenGL over llvmpipe (Xvfb) the blizzard's 47 swaying branches are drawn on the CPU as one stack
/// (`PictureStack`), and look as OpenGL draws them. The blizzard paused at 1.5 s, so both runs show the same frame.
@MainActor
final class PictureStackWindowTests: XCTestCase {
    func testTheBranchesDrawnAsAStackLookAsOpenGLDrawsThem() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        func blizzard(_ name: String, _ setting: [String: String]) throws -> WindowShot {
            try WindowShot.pausedBlizzard(name, in: x, setting: setting)
        }
        let stacked = try blizzard("stacked", [:])
        let drawn = try blizzard("branches-by-opengl", ["ZOETROPE_PICTURE_STACKS": "0"])
        // Every frame drew one stack of all 47 branches; with stacks off, none.
        let stacks = stacked.drawLogNumbers(after: "stacks")
        XCTAssertFalse(stacks.isEmpty, stacked.log)
        for line in stacks where line.count >= 2 {
            // A line holds means a frame. A moving frame stacks the 47 branches over its kept background; the
            // kept picture of the paused frame is taken with the background in its stack too (48).
            XCTAssertEqual(line[0], 1, accuracy: 0.1, "stacks a frame")
            XCTAssertEqual(line[1] / max(line[0], 0.01), 47.5, accuracy: 0.6, "pictures a stack")
        }
        XCTAssertEqual(drawn.drawLogSum(after: "stacks"), 0, "ZOETROPE_PICTURE_STACKS=0")
        let d = stacked.difference(from: drawn, over: 8)
        // Measured: 43,000 pixels differ, by 2.6 levels on average; 2,200 by more than 8 (the twigs' edges,
        // premultiplied colour filtered against straight), at most 71.
        XCTAssertGreaterThan(stacked.difference(from: drawn, over: 0).over, 1000, "the stack drew the branches")
        XCTAssertLessThan(d.over * 100, d.pixels, "pixels more than 8 levels off, of the window's")
        XCTAssertLessThanOrEqual(d.worst, 120, "the worst pixel, in levels")
    }
}
