import Stage
import XCTest
@testable import Backend

/// Which batches a copy at the drawn size can stand in for (`PrescaledPictures.uprightBox`): a quad drawing all of its
/// picture upright. A turned, mirrored or cropped one, or a mesh, is drawn as it is.
final class PrescaledPicturesTests: XCTestCase {
    private let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)

    /// A quad over `r` with the texture coordinates `uv` gives its corners (top-left, top-right, bottom-right,
    /// bottom-left), each corner's point turned by `degrees` about the quad's centre.
    private func quad(_ r: Rect, uv: [(Double, Double)] = [(0, 0), (1, 0), (1, 1), (0, 1)], degrees: Double = 0) -> TriangleBatch {
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        let c = Point(r.midX, r.midY), a = degrees * .pi / 180
        let vertices = zip(corners, uv).map { p, t in
            let dx = p.x - c.x, dy = p.y - c.y
            return Vertex(Point(c.x + dx * cos(a) - dy * sin(a), c.y + dx * sin(a) + dy * cos(a)), white, u: t.0, v: t.1)
        }
        return TriangleBatch(vertices: vertices, indices: [0, 1, 2, 0, 2, 3], texture: .image("door"), blend: .alpha)
    }

    func testAnUprightQuadOfTheWholePictureIsItsBox() {
        let r = Rect(x: 3.25, y: 0, width: 636.5, height: 800)
        XCTAssertEqual(PrescaledPictures.uprightBox(of: quad(r)), r)
    }

    func testATurnedMirroredOrCroppedQuadIsNot() {
        let r = Rect(x: 10, y: 20, width: 100, height: 50)
        XCTAssertNil(PrescaledPictures.uprightBox(of: quad(r, degrees: 10)), "turned")
        XCTAssertNil(PrescaledPictures.uprightBox(of: quad(r, uv: [(1, 0), (0, 0), (0, 1), (1, 1)])), "mirrored")
        XCTAssertNil(PrescaledPictures.uprightBox(of: quad(r, uv: [(0, 0), (0.5, 0), (0.5, 1), (0, 1)])), "half of the picture")
        var mesh = quad(r)
        mesh.vertices.append(mesh.vertices[0])
        mesh.indices += [0, 3, 4]
        XCTAssertNil(PrescaledPictures.uprightBox(of: mesh), "more than a quad")
    }

    /// A picture drawn otherwise is halved while it stays at least as big as drawn, from a quarter of its size
    /// down (`ReducedImage.level`): Belts and Gears' 1000-texel fan turning at 190 pixels is drawn from 250 texels.
    func testATurnedPictureDrawnAQuarterOfItsSizeOrLessIsDrawnFromAHalvedLevel() {
        let fan = Size(1000, 974)
        let turned = quad(Rect(x: 0, y: 0, width: 200, height: 194.8), degrees: 30)
        XCTAssertEqual(PrescaledPictures.level(of: turned, texels: fan, scale: 0.948), 2, "190 pixels of 1000 texels")
        XCTAssertEqual(PrescaledPictures.level(of: turned, texels: fan, scale: 2), 0, "400 pixels: not a quarter")
        XCTAssertEqual(PrescaledPictures.level(of: turned, texels: Size(4000, 3896), scale: 0.948), 4)
        let half = quad(Rect(x: 0, y: 0, width: 100, height: 97.4), uv: [(0, 0), (0.5, 0), (0.5, 1), (0, 1)], degrees: 30)
        XCTAssertEqual(PrescaledPictures.level(of: half, texels: fan, scale: 0.948), 2, "half the picture on half the pixels")
    }
}
