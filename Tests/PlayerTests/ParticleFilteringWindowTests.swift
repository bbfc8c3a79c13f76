import Backend
import Foundation
import XCTest
import ZoetropeHarness

/// On OpenGL (llvmpipe under Xvfb) particles drawn about as big as their texels or smaller are sampled nearest
/// (`ParticleFiltering`). The blizzard paused at 1.5 s: its flakes change by a few levels at their soft edges.
@MainActor
final class ParticleFilteringWindowTests: XCTestCase {
    func testNearestFlakesLookLikeFilteredOnes() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        func blizzard(_ name: String, _ setting: [String: String]) throws -> WindowShot {
            try WindowShot.pausedBlizzard(name, in: x, setting: setting)
        }
        let nearest = try blizzard("nearest", [:])
        let filtered = try blizzard("filtered", ["ZOETROPE_PARTICLE_NEAREST": "0"])
        let d = nearest.difference(from: filtered, over: 0)
        XCTAssertGreaterThan(d.over, 1000, "pixels of the flakes sampled nearest unlike filtered ones: the rule is in force")
        // Measured: 33,000 pixels differ, by at most 9 levels.
        XCTAssertLessThan(d.over * 20, d.pixels, "pixels that differ at all, of the window's")
        XCTAssertLessThanOrEqual(d.worst, 16, "the worst pixel, in levels")
    }
}
