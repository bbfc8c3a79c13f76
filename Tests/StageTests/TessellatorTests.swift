import XCTest
@testable import Stage

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

    func testFilledSquareHasSolidInsideAndClearFringeHalfAPixelOutside() {
        for polygon in [square, square.reversed()] {   // both windings
            var t = Tessellator()
            t.fill(polygon, color: .red)
            XCTAssertEqual(t.vertices.count, 8)
            XCTAssertTrue(t.indices.allSatisfy { $0 >= 0 && Int($0) < t.vertices.count })
            XCTAssertEqual(t.indices.count % 3, 0)
            let solid = t.vertices.filter { $0.a == 255 }, clear = t.vertices.filter { $0.a == 0 }
            XCTAssertEqual(solid.count, 4); XCTAssertEqual(clear.count, 4)
            // Solid ring half a pixel inside the edge, clear ring half a pixel outside (corners on the miter).
            for v in solid {
                XCTAssertTrue([0.5, 9.5].contains(where: { abs(Double(v.x) - $0) < 1e-5 }), "solid x \(v.x)")
                XCTAssertTrue([0.5, 9.5].contains(where: { abs(Double(v.y) - $0) < 1e-5 }), "solid y \(v.y)")
            }
            for v in clear {
                XCTAssertTrue([-0.5, 10.5].contains(where: { abs(Double(v.x) - $0) < 1e-5 }), "fringe x \(v.x)")
                XCTAssertTrue([-0.5, 10.5].contains(where: { abs(Double(v.y) - $0) < 1e-5 }), "fringe y \(v.y)")
            }
            // Colour is the fill colour on both rings (only alpha fades).
            XCTAssertTrue(t.vertices.allSatisfy { $0.r == 255 && $0.g == 59 && $0.b == 48 })
            // Solid part: triangles whose corners are all solid cover the inner 9×9 square.
            let solidArea = triangles(t).filter { $0.0.a == 255 && $0.1.a == 255 && $0.2.a == 255 }
                .reduce(0) { $0 + abs(triangleArea($1.0.point, $1.1.point, $1.2.point)) }
            XCTAssertEqual(solidArea, 81, accuracy: 1e-3)
            // Total coverage ≈ the square's area: 81 + the fringe ring at mean alpha ≈ 100.
            XCTAssertEqual(coverage(t), 100, accuracy: 2)
            // No degenerate triangles, and together they tile the outer 11×11 square without overlap.
            let areas = triangles(t).map { abs(triangleArea($0.0.point, $0.1.point, $0.2.point)) }
            XCTAssertTrue(areas.allSatisfy { $0 > 1e-6 })
            XCTAssertEqual(areas.reduce(0, +), 121, accuracy: 1e-3)
        }
    }

    func testFillAlphaFollowsColourOpacity() {
        var t = Tessellator()
        t.fill(square, color: Color.blue.opacity(0.5))
        XCTAssertEqual(Set(t.vertices.map(\.a)), [128, 0])
    }

    func testDegenerateInputsDrawNothing() {
        var t = Tessellator()
        t.fill([Point(0, 0), Point(1, 1)], color: .black)
        t.fill([Point(0, 0), Point(0, 0), Point(5, 5), Point(0, 0)], color: .black)   // duplicates cleaned to 2 points
        t.stroke([Point(0, 0), Point(10, 0)], width: 0, color: .black)
        XCTAssertTrue(t.vertices.isEmpty); XCTAssertTrue(t.indices.isEmpty)
    }

    func testLShapeTriangulatesToItsArea() {
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

    func testUShapeTriangulatesToItsArea() {
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

    func testHarderPolygonsTriangulateToTheirArea() {
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

    func testConcaveFillUsesEarClippedTriangles() {
        let l = [Point(0, 0), Point(10, 0), Point(10, 4), Point(4, 4), Point(4, 10), Point(0, 10)]
        var t = Tessellator()
        t.fill(l, color: .black)
        // Coverage ≈ the L's area (the fringe straddles the edge, half out, half in).
        XCTAssertEqual(coverage(t), 64, accuracy: 3)
        // The inside of the notch stays uncovered.
        let notch = Point(7, 7)
        XCTAssertFalse(triangles(t).contains { Tessellator.pointInTriangle(notch, $0.0.point, $0.1.point, $0.2.point) })
    }

    func testStrokeOfCircleStaysOnTheOutline() {
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

    func testHairlineStrokeIsOnePixelAtReducedAlpha() {
        var t = Tessellator()
        t.stroke(square, width: 0.5, color: .black)
        XCTAssertEqual(Set(t.vertices.map(\.a)), [128, 0])
        // Coverage ≈ perimeter × 0.5.
        XCTAssertEqual(coverage(t), 40 * 0.5, accuracy: 2)
    }

    func testTexturedGrid() {
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
