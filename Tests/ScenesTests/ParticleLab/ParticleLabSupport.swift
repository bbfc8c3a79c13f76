import Foundation
import Player
@testable import Scenes
import Stage
@testable import Views
import XCTest
import ZoetropeHarness

/// Driving the Particle Lab as a user does: its controls found by probe name where they are drawn, pop-up pickers
/// chosen with a click and the keyboard, segmented pickers by their segments. The model is read to check results.
@MainActor
extension Harness {
    /// The lab model the scene's views draw.
    func particleLab(file: StaticString = #filePath, line: UInt = #line) throws -> ParticleLab {
        let scene = try XCTUnwrap(scene as? ViewScene, "the lab is a view scene", file: file, line: line)
        return try XCTUnwrap(scene.host.stateEntries().lazy.compactMap { $0.1 as? ParticleLab }.first, file: file, line: line)
    }

    /// Where the control probed as `name` is drawn now.
    func drawn(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws -> Rect {
        try XCTUnwrap(probe(name), "no \(name)", file: file, line: line).drawn
    }

    /// A slider's value as its probe reports it.
    func sliderValue(_ name: String) -> Double? { value(name, "value")?.model }

    /// Chooses row `row` of the pop-up picker `name`: a click opens the list, Home and ↓ move to the row, Return
    /// takes it.
    func choose(_ name: String, row: Int, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(click(node: name), "no \(name)", file: file, line: line)
        key("home")
        for _ in 0..<row { key("down") }
        key("return")
    }

    /// Clicks segment `i` of the `n` of the segmented picker `name`.
    func clickSegment(_ name: String, _ i: Int, of n: Int) throws {
        let r = try drawn(name)
        click(r.minX + (Double(i) + 0.5) * r.width / Double(n), r.midY)
    }

    /// The textures the particle batches of the last frame were drawn with (the lab's effects blend additively or
    /// otherwise, unlike the alpha-blended texture thumbnail beside the picker).
    func particleTextures(blend: BlendMode) -> [TextureSource?] {
        batches.filter { $0.blend == blend }.map(\.texture)
    }
}
