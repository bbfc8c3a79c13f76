@testable import Backend
import Foundation
import Stage
import XCTest

/// A picture's quad is drawn only where the picture is not transparent (VisibleBands): the bands hold every texel
/// that can show, leave out the empty corners, and meet each other on shared corners.
final class VisibleBandsTests: XCTestCase {
    /// A 64×64 picture, transparent but for a diagonal stroke 6 texels thick (a branch, roughly).
    static let size = 64
    static var diagonal: [UInt8] {
        var px = [UInt8](repeating: 0, count: size * size * 4)
        for y in 0..<size { for x in 0..<size where abs(x - y) < 3 { px[(y * size + x) * 4 + 3] = 200 } }
        return px
    }

    func bands(_ px: [UInt8]) -> [VisibleBands.TexelRect] {
        px.withUnsafeBufferPointer { VisibleBands.find($0.baseAddress!, width: Self.size, height: Self.size, pitch: Self.size * 4) }
    }

    /// A quad drawing the whole picture, rotated, in one colour.
    func quad(blend: BlendMode = .alpha) -> TriangleBatch {
        let h = Homography.rotation(degrees: 25, about: Point(100, 100))
        let corners = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)].map { (u, v) in
            Vertex(h.apply(Point(60 + 80 * u, 60 + 80 * v)), (255, 255, 255, 255), u: u, v: v)
        }
        return TriangleBatch(vertices: corners, indices: [0, 1, 2, 0, 2, 3], texture: .image("branch"), blend: blend)
    }

    func testBandsHoldEveryTexelThatShows() throws {
        let b = bands(Self.diagonal)
        XCTAssertFalse(b.isEmpty, "a diagonal leaves out much of the picture")
        XCTAssertLessThanOrEqual(b.count, VisibleBands.count)
        let px = Self.diagonal, n = Self.size
        // Every texel linear filtering can mix into a visible pixel: the visible ones and their 8 neighbours.
        for y in 0..<n { for x in 0..<n where px[(y * n + x) * 4 + 3] != 0 {
            for (dx, dy) in [(-1, -1), (0, -1), (1, -1), (-1, 0), (0, 0), (1, 0), (-1, 1), (0, 1), (1, 1)] {
                let tx = x + dx, ty = y + dy
                guard (0..<n).contains(tx), (0..<n).contains(ty) else { continue }
                XCTAssertTrue(b.contains { tx >= $0.x0 && tx < $0.x1 && ty >= $0.y0 && ty < $0.y1 }, "texel \(tx), \(ty)")
            }
        } }
        let area = b.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
        XCTAssertLessThan(Double(area), Double(n * n) * 0.5)
    }

    func testAnOpaqueOrFullPictureIsNotCut() {
        XCTAssertTrue(bands([UInt8](repeating: 255, count: Self.size * Self.size * 4)).isEmpty)
    }

    func testTheCutQuadMapsTheTextureAsTheWholeOneDoes() throws {
        let b = bands(Self.diagonal), whole = quad()
        let cut = try XCTUnwrap(VisibleBands.trimmed(whole, bands: b, textureSize: Size(64, 64)))
        XCTAssertEqual(cut.vertices.count, b.count * 4)
        XCTAssertEqual(cut.texture, whole.texture)
        // Each corner sits where the whole quad puts its texture coordinate.
        let a = whole.vertices[0], e = whole.vertices[1], d = whole.vertices[3]
        for v in cut.vertices {
            let x = a.x + v.u * (e.x - a.x) + v.v * (d.x - a.x), y = a.y + v.u * (e.y - a.y) + v.v * (d.y - a.y)
            XCTAssertEqual(v.x, x, accuracy: 1e-3)
            XCTAssertEqual(v.y, y, accuracy: 1e-3)
        }
        // Bands that touch meet on the same two corners (no T-junction to crack along).
        for i in 0..<(b.count - 1) where b[i].y1 == b[i + 1].y0 {
            let bottom = [cut.vertices[i * 4 + 2], cut.vertices[i * 4 + 3]], top = [cut.vertices[(i + 1) * 4], cut.vertices[(i + 1) * 4 + 1]]
            XCTAssertEqual(Set(bottom.map { [$0.x, $0.y] }), Set(top.map { [$0.x, $0.y] }))
        }
    }

    func testOnlyAWholePictureInOneColourAndABlendThatLeavesTransparencyAloneIsCut() {
        let b = bands(Self.diagonal), size = Size(64, 64)
        XCTAssertNil(VisibleBands.trimmed(quad(blend: .multiply), bands: b, textureSize: size))
        var tinted = quad()
        tinted.vertices[2].r = 10
        XCTAssertNil(VisibleBands.trimmed(tinted, bands: b, textureSize: size), "a gradient of vertex colours")
        var part = quad()
        part.vertices[1].u = 0.5
        XCTAssertNil(VisibleBands.trimmed(part, bands: b, textureSize: size), "part of the picture")
        XCTAssertNil(VisibleBands.trimmed(quad(), bands: [], textureSize: size), "a picture not worth cutting")
    }
}
