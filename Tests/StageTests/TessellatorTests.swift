import XCTest
@testable import Stage

@MainActor
final class TessellatorTests: XCTestCase {
    private func triangles(_ t: Tessellator) -> [(Vertex, Vertex, Vertex)] {
        stride(from: 0, to: t.indices.count, by: 3).map {
            (t.vertices[Int(t.indices[$0])], t.vertices[Int(t.indices[$0 + 1])], t.vertices[Int(t.indices[$0 + 2])])
        }
    }

    /// ∫ alpha dA over the mesh (alpha interpolated linearly across each triangle): the area the fill covers.
    private func coverage(_ t: Tessellator) -> Double {
        triangles(t).reduce(0) { sum, tri in
            let area = abs(triangleArea(tri.0.point, tri.1.point, tri.2.point))
            let meanAlpha = (Double(tri.0.a) + Double(tri.1.a) + Double(tri.2.a)) / 3 / 255
            return sum + area * meanAlpha
        }
    }

    private let square = [Point(0, 0), Point(10, 0), Point(10, 10), Point(0, 10)]

    /// A diamond: no edge on a pixel axis, so every edge gets the centred ramp.
    private let diamond = [Point(10, 0), Point(20, 10), Point(10, 20), Point(0, 10)]

    func testDiagonalEdgesRampFromSolidHalfAPixelInsideToClearHalfAPixelOutside() async {
        for polygon in [diamond, diamond.reversed()] {   // both windings
            var t = Tessellator()
            t.fill(polygon, color: .red)
            XCTAssertEqual(t.vertices.count, 8)
            XCTAssertTrue(t.indices.allSatisfy { $0 >= 0 && Int($0) < t.vertices.count })
            XCTAssertEqual(t.indices.count % 3, 0)
            let solid = t.vertices.filter { $0.a == 255 }, clear = t.vertices.filter { $0.a == 0 }
            XCTAssertEqual(solid.count, 4); XCTAssertEqual(clear.count, 4)
            // Solid ring half a pixel inside each edge, clear ring half a pixel outside (corners on the miter).
            let r = 0.5 * 2.0.squareRoot()
            for v in solid { XCTAssertEqual(abs(Double(v.x) - 10) + abs(Double(v.y) - 10), 10 - r, accuracy: 1e-4) }
            for v in clear { XCTAssertEqual(abs(Double(v.x) - 10) + abs(Double(v.y) - 10), 10 + r, accuracy: 1e-4) }
            // Colour is the fill colour on both rings (only alpha fades).
            XCTAssertTrue(t.vertices.allSatisfy { $0.r == 255 && $0.g == 59 && $0.b == 48 })
            // Total coverage ≈ the diamond's area (200).
            XCTAssertEqual(coverage(t), 200, accuracy: 1)
            let areas = triangles(t).map { abs(triangleArea($0.0.point, $0.1.point, $0.2.point)) }
            XCTAssertTrue(areas.allSatisfy { $0 > 1e-6 })
        }
    }

    /// Edges on pixel boundaries need no fringe: every vertex is on whole pixels, so even SDL's software renderer
    /// (which truncates vertex positions) covers the last inside pixel fully and leaves the first outside one alone.
    func testPixelAlignedSquareHasNoFringe() async {
        for polygon in [square, square.reversed()] {
            var t = Tessellator()
            t.fill(polygon, color: .red)
            XCTAssertEqual(t.vertices.count, 4)
            XCTAssertTrue(t.vertices.allSatisfy { $0.a == 255 })
            XCTAssertTrue(t.vertices.allSatisfy { [0, 10].contains($0.x) && [0, 10].contains($0.y) })
            XCTAssertEqual(coverage(t), 100, accuracy: 1e-9)
        }
    }

    /// An axis-aligned edge inside a pixel: the solid part stops at the pixel boundary inside it, and the pixel row
    /// or column it crosses gets a flat band at the fraction of the pixel inside — all vertices on whole pixels.
    func testAxisAlignedEdgesOffTheGridGetAFlatPixelBand() async {
        let offset = square.map { Point($0.x + 0.25, $0.y + 0.25) }   // 0.25…10.25
        for polygon in [offset, offset.reversed()] {
            var t = Tessellator()
            t.fill(polygon, color: .red)
            XCTAssertTrue(t.vertices.allSatisfy { $0.x == $0.x.rounded() && $0.y == $0.y.rounded() }, "on whole pixels")
            XCTAssertEqual(Set(t.vertices.map(\.a)), [255, 191, 64])   // solid, 0.75 (left/top), 0.25 (right/bottom)
            let solid = t.vertices.filter { $0.a == 255 }
            XCTAssertTrue(solid.allSatisfy { [1, 10].contains($0.x) && [1, 10].contains($0.y) })
            for v in t.vertices where v.a == 191 { XCTAssertTrue(v.x <= 1 || v.y <= 1) }
            for v in t.vertices where v.a == 64 { XCTAssertTrue(v.x >= 10 || v.y >= 10) }
            // The corner pixels are approximated (one band's factor instead of the product): ≈ the area, 100.
            XCTAssertEqual(coverage(t), 100, accuracy: 1.5)
        }
    }

    func testFillAlphaFollowsColourOpacity() async {
        var t = Tessellator()
        t.fill(diamond, color: Color.blue.opacity(0.5))
        XCTAssertEqual(Set(t.vertices.map(\.a)), [128, 0])
    }

    func testDegenerateInputsDrawNothing() async {
        var t = Tessellator()
        t.fill([Point(0, 0), Point(1, 1)], color: .black)
        t.fill([Point(0, 0), Point(0, 0), Point(5, 5), Point(0, 0)], color: .black)   // duplicates cleaned to 2 points
        t.stroke([Point(0, 0), Point(10, 0)], width: 0, color: .black)
        XCTAssertTrue(t.vertices.isEmpty); XCTAssertTrue(t.indices.isEmpty)
    }

    func testLShapeTriangulatesToItsArea() async {
        let l = [Point(0, 0), Point(10, 0), Point(10, 4), Point(4, 4), Point(4, 10), Point(0, 10)]
        XCTAssertFalse(Tessellator.isConvex(l))
        for polygon in [l, l.reversed()] {
            let tris = Tessellator.triangulate(polygon)
            XCTAssertEqual(tris.count, polygon.count - 2)
            let areas = tris.map { triangleArea(polygon[$0.0], polygon[$0.1], polygon[$0.2]) }
            XCTAssertEqual(areas.map(abs).reduce(0, +), 64, accuracy: 1e-9)
            // Every triangle has the polygon's winding, so none lies outside (the signed sum matches too).
            XCTAssertEqual(abs(areas.reduce(0, +)), 64, accuracy: 1e-9)
            let polygonSign = Tessellator.signedArea(polygon)
            XCTAssertTrue(areas.allSatisfy { $0 * polygonSign > 0 })
        }
    }

    func testUShapeTriangulatesToItsArea() async {
        // A 10×10 square with a 4×7 notch cut from the top: area 72. Ears must not bridge the notch.
        let u = [Point(0, 0), Point(3, 0), Point(3, 7), Point(7, 7), Point(7, 0), Point(10, 0), Point(10, 10), Point(0, 10)]
        let tris = Tessellator.triangulate(u)
        XCTAssertEqual(tris.count, 6)
        let areas = tris.map { triangleArea(u[$0.0], u[$0.1], u[$0.2]) }
        XCTAssertEqual(areas.map(abs).reduce(0, +), 72, accuracy: 1e-9)
        XCTAssertTrue(areas.allSatisfy { $0 > 0 })
        // The notch's centre is covered by no triangle.
        let notch = Point(5, 3)
        XCTAssertFalse(tris.contains { Tessellator.pointInTriangle(notch, u[$0.0], u[$0.1], u[$0.2]) })
    }

    func testHarderPolygonsTriangulateToTheirArea() async {
        let polygons: [(String, [Point], Double)] = [
            ("L with collinear points", [Point(0, 0), Point(5, 0), Point(10, 0), Point(10, 4), Point(4, 4), Point(4, 7),
                                         Point(4, 10), Point(0, 10), Point(0, 5)], 64),
            ("comb", [Point(0, 0), Point(1, 0), Point(1, 5), Point(2, 5), Point(2, 0), Point(3, 0), Point(3, 5), Point(4, 5),
                      Point(4, 0), Point(5, 0), Point(5, 10), Point(0, 10)], 40),
            ("arrow", [Point(0, 4), Point(6, 4), Point(6, 0), Point(10, 5), Point(6, 10), Point(6, 6), Point(0, 6)], 32),
        ]
        for (name, p, expected) in polygons {
            for polygon in [p, p.reversed()] {
                let tris = Tessellator.triangulate(polygon)
                XCTAssertEqual(tris.count, polygon.count - 2, name)
                let area = tris.reduce(0.0) { $0 + abs(triangleArea(polygon[$1.0], polygon[$1.1], polygon[$1.2])) }
                XCTAssertEqual(area, expected, accuracy: 1e-9, name)
            }
        }
    }

    func testConcaveFillUsesEarClippedTriangles() async {
        let l = [Point(0, 0), Point(10, 0), Point(10, 4), Point(4, 4), Point(4, 10), Point(0, 10)]
        var t = Tessellator()
        t.fill(l, color: .black)
        // Coverage ≈ the L's area (the fringe straddles the edge, half out, half in).
        XCTAssertEqual(coverage(t), 64, accuracy: 3)
        // The inside of the notch stays uncovered.
        let notch = Point(7, 7)
        XCTAssertFalse(triangles(t).contains { Tessellator.pointInTriangle(notch, $0.0.point, $0.1.point, $0.2.point) })
    }

    func testStrokeOfCircleStaysOnTheOutline() async {
        let outline = Shape.circle.outline(in: Rect(x: 0, y: 0, width: 10, height: 10))
        let c = Point(5, 5)
        for (width, solidBand, clearBand) in [(1.0, 4.4...5.6, 3.9...6.1), (3.0, 3.9...6.1, 2.9...7.1)] {
            var t = Tessellator()
            t.stroke(outline, width: width, color: .red)
            let solid = t.vertices.filter { $0.a == 255 }, clear = t.vertices.filter { $0.a == 0 }
            XCTAssertEqual(solid.count, 2 * outline.count); XCTAssertEqual(clear.count, 2 * outline.count)
            for v in solid { XCTAssertTrue(solidBand.contains(v.point.distance(to: c)), "w \(width): \(v.point.distance(to: c))") }
            for v in clear { XCTAssertTrue(clearBand.contains(v.point.distance(to: c)), "w \(width): \(v.point.distance(to: c))") }
            // Coverage ≈ ring area 2πr·width.
            XCTAssertEqual(coverage(t), 2 * Double.pi * 5 * width, accuracy: 2 * Double.pi * 5 * width * 0.08)
        }
    }

    func testHairlineStrokeIsOnePixelAtReducedAlpha() async {
        var t = Tessellator()
        t.stroke(square, width: 0.5, color: .black)
        XCTAssertEqual(Set(t.vertices.map(\.a)), [128, 0])
        // Coverage ≈ perimeter × 0.5.
        XCTAssertEqual(coverage(t), 40 * 0.5, accuracy: 2)
    }

    func testTexturedGrid() async {
        var t = Tessellator()
        t.texturedGrid(cols: 2, rows: 3, color: .white, uv: Rect(x: 0.5, y: 0, width: 0.5, height: 1)) { s, v in
            Point(100 + 10 * s, 20 * v)
        }
        XCTAssertEqual(t.vertices.count, 3 * 4)
        XCTAssertEqual(t.indices.count, 2 * 3 * 6)
        let last = try! XCTUnwrap(t.vertices.last)
        XCTAssertEqual(last.point, Point(110, 20))
        XCTAssertEqual(last.u, 1); XCTAssertEqual(last.v, 1)
        XCTAssertEqual(t.vertices[0].u, 0.5); XCTAssertEqual(t.vertices[0].point, Point(100, 0))
        // Cells cover the whole mapped rect.
        let area = stride(from: 0, to: t.indices.count, by: 3).reduce(0.0) { s, i in
            s + abs(triangleArea(t.vertices[Int(t.indices[i])].point, t.vertices[Int(t.indices[i + 1])].point,
                                 t.vertices[Int(t.indices[i + 2])].point))
        }
        XCTAssertEqual(area, 200, accuracy: 1e-6)
    }
}
