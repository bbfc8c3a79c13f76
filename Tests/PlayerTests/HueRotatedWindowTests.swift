import Foundation
import XCTest
import ZoetropeHarness

/// Layers that only turn a picture's hue, drawn from turned copies of the picture (`HueRotatedPictures`), on OpenGL
/// (Mesa's llvmpipe under Xvfb): the breathing flower's two bouquets, one picture at two angles, are drawn without
/// a target or a read-back, and look as they do drawn through their layers.
@MainActor
final class HueRotatedWindowTests: XCTestCase {
    /// Paused, then put back at 3.1 s (a seek replays the scene from its start, so both runs show the same moment):
    /// the bouquets on their way between hues, in the inhale.
    private func flower(_ name: String, in x: E2EXvfb, setting: [String: String]) throws -> WindowShot {
        try WindowShot("ch08-breathing-flower", named: "hue-\(name)", arguments: ["--seed", "3"],
                       script: { "at 3.3 key space; at 3.4 seek 3.1; at 4.5 screenshot \($0); at 4.7 quit" }, in: x, setting: setting)
    }

    func testTheFlowersBouquetsTurnedOnTheirTexelsAreTheBouquetsTurnedAsLayers() async throws {
        try E2E.requireTools(["Xvfb"])
        let x = try E2EXvfb(screen: "1920x1080x24")
        defer { x.stop() }
        let copies = try flower("copies", in: x, setting: [:])
        let layers = try flower("layers", in: x, setting: ["ZOETROPE_HUE_TEXELS": "0"])
        XCTAssertGreaterThan(copies.drawLogSum(after: "hue-rotated"), 0, "bouquets drawn from turned copies\n\(copies.log)")
        XCTAssertEqual(layers.drawLogSum(after: "hue-rotated"), 0, "none with ZOETROPE_HUE_TEXELS=0\n\(layers.log)")
        // The two bouquets' offscreen renders are gone; the haze's stays.
        XCTAssertLessThan(copies.drawLogSum(after: "renders"), layers.drawLogSum(after: "renders"), "\(copies.log)\n\(layers.log)")
        let d = copies.difference(from: layers, over: 4)
        // Mixing turned texels rather than turning mixed pixels differs by a rounding or two, a little more at the
        // picture's edges (11 levels at worst, 44 pixels over 4 seen mid-inhale); a bouquet unturned, turned the
        // wrong way or missing is tens of levels off over thousands of pixels (148 and 9,262 seen).
        XCTAssertLessThanOrEqual(d.worst, 48, "the worst pixel")
        XCTAssertLessThan(d.over, 400, "pixels more than four levels off")
    }
}
