@testable import Backend
import Stage
import XCTest

/// Which draws land texel for texel on whole pixels, so nearest sampling gives what linear filtering gives (issue 24):
/// only unscaled, unturned, unflipped quads on the pixel grid whose texture coordinates start on a texel edge.
final class TexelExactFilteringTests: XCTestCase {
    /// A quad over `rect` (logical pixels) showing the texture's part from (u0, v0) to (u1, v1).
    func quad(_ rect: Rect, _ u0: Float = 0, _ v0: Float = 0, _ u1: Float = 1, _ v1: Float = 1) -> TriangleBatch {
        let c = (UInt8(255), UInt8(255), UInt8(255), UInt8(255))
        func corner(_ x: Double, _ y: Double, _ u: Float, _ v: Float) -> Vertex {
            var p = Vertex(Point(x, y), c)
            (p.u, p.v) = (u, v)
            return p
        }
        return TriangleBatch(vertices: [corner(rect.minX, rect.minY, u0, v0), corner(rect.maxX, rect.minY, u1, v0),
                                        corner(rect.maxX, rect.maxY, u1, v1), corner(rect.minX, rect.maxY, u0, v1)],
                             indices: [0, 1, 2, 0, 2, 3], texture: .image("picture"), blend: .alpha)
    }

    func testAPictureAtItsOwnSizeOnWholePixelsIsExact() {
        let picture = quad(Rect(x: 37, y: 11, width: 200, height: 100))
        XCTAssertTrue(TexelExactFiltering.isExact(picture, width: 200, height: 100, scale: 1))
        XCTAssertTrue(TexelExactFiltering.isExact(quad(Rect(x: 37, y: 11, width: 100, height: 50)), width: 200, height: 100, scale: 2),
                      "a HiDPI window: 2 output pixels a point, 2 texels a point")
        // A part of a sprite sheet that starts on a texel edge.
        XCTAssertTrue(TexelExactFiltering.isExact(quad(Rect(x: 0, y: 0, width: 50, height: 25), 0.25, 0.5, 0.5, 0.75),
                                                  width: 200, height: 100, scale: 1))
    }

    func testScaledShiftedTurnedOrFlippedPicturesAreFiltered() {
        XCTAssertFalse(TexelExactFiltering.isExact(quad(Rect(x: 37, y: 11, width: 201, height: 100)), width: 200, height: 100, scale: 1),
                       "stretched by a pixel")
        XCTAssertFalse(TexelExactFiltering.isExact(quad(Rect(x: 37.5, y: 11, width: 200, height: 100)), width: 200, height: 100, scale: 1),
                       "half a pixel off the grid")
        XCTAssertFalse(TexelExactFiltering.isExact(quad(Rect(x: 37, y: 11, width: 200, height: 100), 1, 0, 0, 1),
                                                   width: 200, height: 100, scale: 1), "mirrored")
        XCTAssertFalse(TexelExactFiltering.isExact(quad(Rect(x: 0, y: 0, width: 50, height: 25), 0.2525, 0.5, 0.5025, 0.75),
                                                   width: 200, height: 100, scale: 1), "a part starting inside a texel")
        XCTAssertFalse(TexelExactFiltering.isExact(quad(Rect(x: 37, y: 11, width: 200, height: 100)), width: 200, height: 100, scale: 1.5),
                       "a scale that puts the corners between pixels")
        var turned = quad(Rect(x: 37, y: 11, width: 200, height: 100))
        turned.vertices[1].y += 3
        XCTAssertFalse(TexelExactFiltering.isExact(turned, width: 200, height: 100, scale: 1), "not axis-aligned")
    }

    func testALayerDrawnOverItsOwnPixelsIsExact() {
        XCTAssertTrue(TexelExactFiltering.isExact(width: 120, height: 80, over: Rect(x: 10, y: 20, width: 120, height: 80), scale: 1))
        XCTAssertTrue(TexelExactFiltering.isExact(width: 240, height: 160, over: Rect(x: 10, y: 20, width: 120, height: 80), scale: 2))
        XCTAssertFalse(TexelExactFiltering.isExact(width: 30, height: 20, over: Rect(x: 10, y: 20, width: 120, height: 80), scale: 1),
                       "a wide blur made at a quarter of the size and stretched")
        XCTAssertFalse(TexelExactFiltering.isExact(width: 120, height: 80, over: Rect(x: 10.25, y: 20, width: 120, height: 80), scale: 1))
    }
}
