import Foundation
import Stage
@testable import Backend
import XCTest

/// A picture drawn only small keeps only its small level (issue 24: the find-words title, 3124×416 drawn 250×50,
/// held its 5 MB of full-size pixels for the whole run).
final class ReducedTextureMemoryTests: XCTestCase {
    func testTheFullSizePixelsOfAReducedPictureAreNotKept() throws {
        guard let root = AssetResolver.bundledRoot() else { throw XCTSkip("no bundled Resources") }
        let canvas = try HeadlessCanvas(width: 64, height: 64, assets: AssetResolver(roots: [root]))
        let textures = canvas.renderer.textures
        let level = try XCTUnwrap(textures.reduced("find-words/title", level: 3))
        XCTAssertEqual([level.pixels.width, level.pixels.height], [3124 >> 3, 416 >> 3])
        XCTAssertNotNil(level.entry)
        XCTAssertEqual(textures.decodedBytes, 0, "no full-size copy is kept")
        // A picture also drawn at its size keeps its pixels for that.
        _ = textures.reduced("find-words/title", level: 0)
        XCTAssertEqual(textures.decodedBytes, 3124 * 416 * 4)
    }

    /// Pixels decoded for a frame are shared by its pictures and let go when it is presented (at most 8 MB stay).
    func testDecodedPixelsAreLetGoOnceTheFrameIsPresented() throws {
        guard let root = AssetResolver.bundledRoot() else { throw XCTSkip("no bundled Resources") }
        let canvas = try HeadlessCanvas(width: 64, height: 64, assets: AssetResolver(roots: [root]))
        let textures = canvas.renderer.textures
        XCTAssertNotNil(textures.pixels(of: "find-words/background"))
        XCTAssertEqual(textures.decodedBytes, 1242 * 2688 * 4)
        canvas.renderer.present()
        XCTAssertLessThanOrEqual(textures.decodedBytes, TextureCache.decodedBetweenFrames)
        XCTAssertEqual(textures.decodedBytes, 0, "a 12.7-MB picture is not kept between frames")
    }
}
