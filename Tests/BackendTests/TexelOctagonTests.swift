import CSDL2
import Foundation
import Stage
import XCTest
@testable import Backend

/// A quad drawing a picture with transparent margins fills only the octagon round its visible texels (issue 24):
/// every texel that draws, with the margin linear filtering reaches, is inside it, and each of its corners is drawn
/// with the texture coordinates the whole quad gives that point.
final class TexelOctagonTests: XCTestCase {
    /// Whether texel-space point (x, y) is inside `o`.
    func contains(_ o: TexelOctagon, _ x: Double, _ y: Double) -> Bool {
        x >= Double(o.x0) && x <= Double(o.x1) && y >= Double(o.y0) && y <= Double(o.y1)
            && x + y >= Double(o.sumMin) && x + y <= Double(o.sumMax) && x - y >= Double(o.diffMin) && x - y <= Double(o.diffMax)
    }

    /// An RGBA32 picture, transparent but for `drawn` texels.
    func surface(_ w: Int, _ h: Int, drawn: [(Int, Int)]) throws -> UnsafeMutablePointer<SDL_Surface> {
        let s = try XCTUnwrap(SDL_CreateRGBSurfaceWithFormat(0, Int32(w), Int32(h), 32, SDL_PIXELFORMAT_RGBA32.rawValue))
        let base = s.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        memset(base, 0, Int(s.pointee.pitch) * h)
        for (x, y) in drawn { for c in 0..<4 { base[y * Int(s.pointee.pitch) + x * 4 + c] = 200 } }
        return s
    }

    func testADiagonalStrokeKeepsItsMarginAndLeavesTheCornersOut() throws {
        let s = try surface(40, 40, drawn: (5..<35).map { ($0, $0) })
        defer { SDL_FreeSurface(s) }
        let o = try XCTUnwrap(TextureCache.coverage(s, opaqueParts: false).outline, "most of the picture is empty")
        let m = Double(TextureCache.outlineMargin)
        for i in 5..<35 {
            let t = Double(i)
            // The texel's square grown by the margin.
            for (x, y) in [(t - m, t - m), (t + 1 + m, t - m), (t - m, t + 1 + m), (t + 1 + m, t + 1 + m)] {
                XCTAssertTrue(contains(o, x, y), "texel \(i) grown by the margin: (\(x), \(y))")
            }
        }
        XCTAssertFalse(contains(o, 30, 5), "the empty corner above the stroke is left out")
        XCTAssertFalse(contains(o, 5, 30), "and the one below")
        XCTAssertLessThan(o.area, 0.35 * 1600)
        // Its corners go round it clockwise (y down): a convex outline, so a fan of triangles tiles it.
        let c = o.corners
        for i in c.indices {
            let a = c[i], b = c[(i + 1) % 8], d = c[(i + 2) % 8]
            XCTAssertGreaterThanOrEqual((b.x - a.x) * (d.y - b.y) - (b.y - a.y) * (d.x - b.x), 0, "corner \(i + 1) turns right")
        }
    }

    func testAPictureWithLittleToTrimHasNoOutline() throws {
        let s = try surface(20, 20, drawn: (0..<20).flatMap { y in (0..<20).compactMap { x in x + y < 34 ? (x, y) : nil } })
        defer { SDL_FreeSurface(s) }
        XCTAssertNil(TextureCache.coverage(s, opaqueParts: false).outline, "a corner of a few texels is not worth six triangles")
    }

    /// Every texel of the blizzard's branch that draws is inside its outline, which leaves a fifth of the quad out.
    func testTheBranchPictureIsInsideItsOutline() throws {
        let assets = AssetResolver(roots: AssetResolver.bundledRoot().map { [$0] } ?? [])
        let url = try XCTUnwrap(assets.imageURL(named: "snow-blizzard/branch"))
        let surface = try XCTUnwrap(PictureJob.decodeFile(url, name: "branch").0)
        defer { SDL_FreeSurface(surface) }
        let o = try XCTUnwrap(TextureCache.coverage(surface, opaqueParts: true).outline)
        let w = Int(surface.pointee.w), h = Int(surface.pointee.h), pitch = Int(surface.pointee.pitch)
        let base = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        var outside = 0
        for y in 0..<h { for x in 0..<w where base[y * pitch + x * 4 + 3] != 0 {
            // The texel's square grown by the texel linear filtering reaches, within the picture (sampling clamps there).
            let left = Double(max(0, x - 1)), right = Double(min(w, x + 2)), top = Double(max(0, y - 1)), bottom = Double(min(h, y + 2))
            if !contains(o, left, top) || !contains(o, right, bottom) || !contains(o, right, top) || !contains(o, left, bottom) {
                outside += 1
            }
        } }
        XCTAssertEqual(outside, 0, "texels that draw, with the texel linear filtering reaches round them")
        XCTAssertLessThan(o.area, 0.85 * Double(w * h))
    }

    /// A turned sprite's outline: its corners are where the whole quad draws their texture coordinates, in one colour.
    func testATurnedQuadsOutlineIsDrawnWithTheQuadsOwnMapping() throws {
        let o = TexelOctagon(x0: 10, y0: 0, x1: 90, y1: 50, sumMin: 30, sumMax: 130, diffMin: -20, diffMax: 70)
        let c = (UInt8(255), UInt8(255), UInt8(255), UInt8(180))
        let angle = 0.5, cx = 300.0, cy = 200.0
        func turned(_ x: Double, _ y: Double) -> Point {
            Point(cx + x * cos(angle) - y * sin(angle), cy + x * sin(angle) + y * cos(angle))
        }
        let quad = TriangleBatch(vertices: [Vertex(turned(0, 0), c, u: 0, v: 0), Vertex(turned(200, 0), c, u: 1, v: 0),
                                            Vertex(turned(200, 100), c, u: 1, v: 1), Vertex(turned(0, 100), c, u: 0, v: 1)],
                                 indices: [0, 1, 2, 0, 2, 3], texture: .image("sprite"), blend: .alpha)
        let outlined = try XCTUnwrap(o.outline(of: quad, width: 100, height: 50))
        XCTAssertEqual(outlined.vertices.count, 8)
        XCTAssertEqual(outlined.indices.count, 18, "six triangles, a fan round the first corner")
        XCTAssertEqual(outlined.texture, quad.texture)
        XCTAssertEqual(outlined.blend, quad.blend)
        for (v, corner) in zip(outlined.vertices, o.corners) {
            XCTAssertEqual(Double(v.u), corner.x / 100, accuracy: 1e-6)
            XCTAssertEqual(Double(v.v), corner.y / 50, accuracy: 1e-6)
            // The picture is 200×100 points over 100×50 texels: two points a texel, turned with the quad.
            let p = turned(corner.x * 2, corner.y * 2)
            XCTAssertEqual(Double(v.x), p.x, accuracy: 1e-3)
            XCTAssertEqual(Double(v.y), p.y, accuracy: 1e-3)
            XCTAssertTrue(v.r == c.0 && v.g == c.1 && v.b == c.2 && v.a == c.3)
        }
        var tinted = quad
        tinted.vertices[2].r = 0
        XCTAssertNil(o.outline(of: tinted, width: 100, height: 50), "corners of other colours would be interpolated anew")
        var part = quad
        part.vertices[1].u = 0.5
        part.vertices[2].u = 0.5
        XCTAssertNil(o.outline(of: part, width: 100, height: 50), "a quad of part of the picture")
    }
}
