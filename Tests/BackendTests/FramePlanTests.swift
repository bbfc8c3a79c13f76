@testable import Backend
import Stage
import XCTest

/// The frame plan's rules on their own: what is covered, what is split, what is kept.
final class FramePlanTests: XCTestCase, PlanFixtures {
    func testSubtractingLeavesTheBandsAroundTheCut() {
        let r = rect(0, 0, 100, 50)
        XCTAssertEqual(r.subtracting(rect(200, 0, 300, 50)), [r], "no overlap: all of it is left")
        XCTAssertEqual(r.subtracting(rect(-10, -10, 110, 60)), [], "covered")
        // Doors closed over [4, 96) leave the two 4-pixel strips at the sides.
        XCTAssertEqual(r.subtracting(rect(4, 0, 96, 50)), [rect(0, 0, 4, 50), rect(96, 0, 100, 50)])
        let pieces = r.subtracting(rect(10, 10, 20, 20))
        XCTAssertEqual(pieces.reduce(0) { $0 + $1.area }, 100 * 50 - 100)
        XCTAssertEqual(pieces.count, 4)
    }

    func testPixelRectsRoundOutwardForBoundsAndInwardForCover() {
        let r = Rect(x: 3.5, y: 0.2, width: 10, height: 9.6)
        XCTAssertEqual(PixelRect(covering: r), rect(3, 0, 14, 10))
        XCTAssertEqual(PixelRect(inside: r), rect(4, 1, 13, 9))
    }

    func testABatchUnderALaterOpaqueQuadIsHiddenAndOneHalfCoveredIsSplit() {
        let items = [
            FramePlan.Item(bounds: rect(0, 0, 100, 100), occludes: []),          // the car
            FramePlan.Item(bounds: rect(40, 40, 60, 60), occludes: []),          // a person in the middle
            FramePlan.Item(bounds: nil, occludes: []),                           // particles: never culled
            FramePlan.Item(bounds: rect(0, 0, 45, 100), occludes: [rect(0, 0, 45, 100)]),   // left door
            FramePlan.Item(bounds: rect(55, 0, 100, 100), occludes: [rect(55, 0, 100, 100)]), // right door
        ]
        let plan = FramePlan.visibility(of: items)
        XCTAssertEqual(plan[0], .only([rect(45, 0, 55, 100)]), "only the gap between the doors")
        XCTAssertEqual(plan[1], .only([rect(45, 40, 55, 60)]))
        XCTAssertEqual(plan[2], .whole)
        XCTAssertEqual(plan[3], .whole, "the left door is under nothing")
        XCTAssertEqual(plan[4], .whole)

        let closed = FramePlan.visibility(of: [items[0], FramePlan.Item(bounds: rect(0, 0, 100, 100), occludes: [rect(0, 0, 100, 100)])])
        XCTAssertEqual(closed[0], .hidden)
    }

    func testASmallCutIsNotWorthSplitting() {
        let plan = FramePlan.visibility(of: [FramePlan.Item(bounds: rect(0, 0, 100, 100), occludes: []),
                                             FramePlan.Item(bounds: rect(0, 0, 5, 5), occludes: [rect(0, 0, 5, 5)])])
        XCTAssertEqual(plan[0], .whole)
    }

    func testOnlyOpaqueAxisAlignedQuadsThatTileTheirRectOcclude() {
        XCTAssertEqual(FramePlan.quadRect(quad(1, 2, 11, 22)), Rect(x: 1, y: 2, width: 10, height: 20))
        XCTAssertNil(FramePlan.quadRect(quad(1, 2, 11, 22, indices: [0, 1, 2, 0, 1, 2])), "one triangle twice")
        var skewed = quad(1, 2, 11, 22)
        skewed.vertices[2].x = 12
        XCTAssertNil(FramePlan.quadRect(skewed))

        let opaqueTexture: (TextureSource) -> Bool = { $0 == .image("door") }
        XCTAssertTrue(FramePlan.isOpaque(quad(0, 0, 1, 1), textureIsOpaque: opaqueTexture))
        XCTAssertTrue(FramePlan.isOpaque(quad(0, 0, 1, 1, texture: .image("door")), textureIsOpaque: opaqueTexture))
        XCTAssertFalse(FramePlan.isOpaque(quad(0, 0, 1, 1, texture: .image("frame")), textureIsOpaque: opaqueTexture))
        XCTAssertFalse(FramePlan.isOpaque(quad(0, 0, 1, 1, alpha: 254), textureIsOpaque: opaqueTexture))
        var added = quad(0, 0, 1, 1)
        added.blend = .add
        XCTAssertFalse(FramePlan.isOpaque(added, textureIsOpaque: opaqueTexture))
    }

    func testTheKeptStartIsTheRunOfSameCacheableCommands() {
        let a: [DrawCommand] = [.clear(.white), .triangles(quad(0, 0, 10, 10)), .clip(nil), .triangles(quad(0, 0, 5, 5)),
                                .triangles(quad(1, 1, 2, 2))]
        var b = a
        b[4] = .triangles(quad(1, 1, 3, 3))
        XCTAssertEqual(FramePlan.commonPrefix(a, b), 4)
        XCTAssertEqual(FramePlan.commonPrefix(a, []), 0)
        XCTAssertTrue(FramePlan.isWorthCaching(a[..<4], isTexelExact: { _ in true }))
        XCTAssertFalse(FramePlan.isWorthCaching(a[..<2], isTexelExact: { _ in true }), "one batch is drawn as cheaply as its picture")
        XCTAssertFalse(FramePlan.isWorthCaching(a[..<2], isTexelExact: { _ in false }), "an untextured one too")
        let stretched: [DrawCommand] = [.clear(.white), .triangles(quad(0, 0, 10, 10, texture: .image("background")))]
        XCTAssertTrue(FramePlan.isWorthCaching(stretched[...], isTexelExact: { _ in false }),
                      "a stretched picture is sampled linearly, its kept copy nearest")
        XCTAssertFalse(FramePlan.isWorthCaching(stretched[...], isTexelExact: { _ in true }))
    }
}

extension FramePlanTests {
    func testTrianglesSharingAnEdgeRatherThanTheDiagonalDoNotTileTheRect() {
        XCTAssertNil(FramePlan.quadRect(quad(1, 2, 11, 22, indices: [0, 1, 2, 0, 1, 3])))
        XCTAssertNotNil(FramePlan.quadRect(quad(1, 2, 11, 22, indices: [0, 1, 3, 1, 2, 3])), "the other diagonal")
    }
}

extension FramePlanTests {
    /// A sprite whose texture is transparent outside its middle draws only there, turned or not.
    func testBoundsOfATexturePartFollowTheQuadsMapping() throws {
        var q = quad(100, 50, 300, 150, texture: .image("skeleton"))
        let uv: [(Float, Float)] = [(0, 0), (1, 0), (1, 1), (0, 1)]
        for i in 0..<4 { (q.vertices[i].u, q.vertices[i].v) = uv[i] }
        let middle = Rect(x: 0.25, y: 0.5, width: 0.5, height: 0.5)
        XCTAssertEqual(FramePlan.bounds(of: q, inside: middle), Rect(x: 150, y: 100, width: 100, height: 50))

        // Turned a quarter: u runs down the screen, v to the left.
        let turned: [(Float, Float)] = [(0, 1), (0, 0), (1, 0), (1, 1)]
        for i in 0..<4 { (q.vertices[i].u, q.vertices[i].v) = turned[i] }
        let b = try XCTUnwrap(FramePlan.bounds(of: q, inside: middle))
        XCTAssertEqual(b.minX, 100, accuracy: 1e-9); XCTAssertEqual(b.width, 100, accuracy: 1e-9)
        XCTAssertEqual(b.minY, 75, accuracy: 1e-9); XCTAssertEqual(b.height, 50, accuracy: 1e-9)

        // Not an affine map of the texture (a perspective-like fourth corner): no bounds.
        q.vertices[3].x += 20
        XCTAssertNil(FramePlan.bounds(of: q, inside: middle))
    }
}

extension FramePlanTests {
    /// A frame of opaque jambs and header around a transparent middle: its largest opaque parts, largest first.
    func testOpaqueRegionsOfAFrameAreItsHeaderAndJambs() {
        let w = 40, h = 30
        var px = [UInt8](repeating: 255, count: w * h * 4)
        for y in 5..<h { for x in 8..<32 { px[(y * w + x) * 4 + 3] = 0 } }   // the see-through middle
        px[(20 * w + 2) * 4 + 3] = 254                                         // one soft texel in the left jamb
        let found = px.withUnsafeBufferPointer { OpaqueRegions.find($0.baseAddress!, width: w, height: h, pitch: w * 4) }
        XCTAssertEqual(found.count, 4, "\(found)")
        XCTAssertTrue(found[0] == (32, 0, 40, 30), "the right jamb is the largest: \(found)")
        // Searched in blocks of 4 texels: the header's fifth row (y = 4) shares its blocks with the hole.
        XCTAssertTrue(found.contains { $0 == (0, 0, 32, 4) } || found.contains { $0 == (0, 0, 8, 20) }, "\(found)")
        let area = found.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
        XCTAssertGreaterThan(area, 400, "most of the 599 opaque texels")
        var seen = Set<Int>()
        for r in found {
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 {
                    XCTAssertEqual(px[(y * w + x) * 4 + 3], 255)
                    XCTAssertTrue(seen.insert(y * w + x).inserted, "rects overlap at (\(x), \(y))")
                }
            }
        }
    }
}
