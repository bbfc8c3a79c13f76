import Stage
import XCTest
@testable import Backend

/// Which layers are drawn from a hue-rotated copy of their picture (`HueRotatedPictures`), at which level, and the
/// straight-colour rotation the copy is made with.
final class HueRotatedPicturesTests: XCTestCase {
    private func quad(_ name: String = "bouquet", colour: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)) -> TriangleBatch {
        let corners = [(0.0, 0.0), (100.0, 0.0), (100.0, 80.0), (0.0, 80.0)]
        let vertices = corners.map { Vertex(Point($0.0, $0.1), colour, u: $0.0 / 100, v: $0.1 / 80) }
        return TriangleBatch(vertices: vertices, indices: [0, 1, 2, 0, 2, 3], texture: .image(name), blend: .alpha)
    }

    private func layer(_ batches: [TriangleBatch], hue: Double = 50, blur: Double = 0, opacity: Double = 1) -> Layer {
        Layer(batches: batches, bounds: Rect(x: 0, y: 0, width: 100, height: 80), blur: blur, shadow: nil,
              opacity: opacity, hueRotation: hue)
    }

    func testALayerThatOnlyTurnsOnePicturesHueIsDrawnFromACopy() {
        XCTAssertEqual(HueRotatedPictures.picture(of: layer([quad()])), "bouquet")
        XCTAssertEqual(HueRotatedPictures.picture(of: layer([quad()], opacity: 0.5)), "bouquet", "one quad takes the opacity on its vertices")
    }

    func testOtherLayersAreDrawnAsLayers() {
        XCTAssertNil(HueRotatedPictures.picture(of: layer([quad()], hue: 0)), "no hue rotation")
        XCTAssertNil(HueRotatedPictures.picture(of: layer([quad()], blur: 2)), "blurred too")
        XCTAssertNil(HueRotatedPictures.picture(of: layer([quad(), quad("petal")])), "two pictures")
        XCTAssertNil(HueRotatedPictures.picture(of: layer([quad(colour: (255, 0, 0, 255))])), "tinted: a tint does not commute with the rotation")
        XCTAssertNil(HueRotatedPictures.picture(of: layer([quad(), quad()], opacity: 0.5)),
                     "two quads at half opacity: where they overlap the group's opacity is not each quad's")
        var untextured = quad()
        untextured.texture = nil
        XCTAssertNil(HueRotatedPictures.picture(of: layer([untextured])), "a shape")
    }

    /// Halved while it stays at least as big as it is drawn: the kaleidoscope's 800-texel ornament drawn at 341 pixels
    /// is turned on 400 texels, the flower's 512-texel bouquet drawn at 316 on all of them.
    func testThePictureIsTurnedAtTheLevelClosestAboveItsDrawnSize() {
        XCTAssertEqual(HueRotatedPictures.level(imageSide: 800, drawnSide: 341), 1)
        XCTAssertEqual(HueRotatedPictures.level(imageSide: 512, drawnSide: 316), 0)
        XCTAssertEqual(HueRotatedPictures.level(imageSide: 800, drawnSide: 199), 2)
        XCTAssertEqual(HueRotatedPictures.level(imageSide: 100, drawnSide: 400), 0, "drawn larger")
        XCTAssertEqual(HueRotatedPictures.level(imageSide: 100, drawnSide: 0), 0)
    }

    /// README §3.8's matrix on straight colour: 120° takes pure red to pure green in its luminance-preserving form
    /// (the same result as the premultiplied path gives for an opaque texel), and a transparent texel's bled colour is
    /// turned too, its alpha kept.
    func testStraightTexelsAreTurnedTheTransparentOnesToo() {
        let texels: [UInt8] = [255, 0, 0, 255, 255, 0, 0, 0]
        let turned = LayerEffects.hueRotated(straight: texels, count: 2, degrees: 120)
        let premultiplied = LayerEffects.hueRotated([255, 0, 0, 255], count: 1, degrees: 120)
        XCTAssertEqual(Array(turned[0..<4]), premultiplied)
        XCTAssertEqual(Array(turned[4..<8]), Array(premultiplied[0..<3]) + [0], "the transparent texel's colour, alpha 0")
        XCTAssertGreaterThan(turned[1], turned[0], "red turned towards green")
    }
}
