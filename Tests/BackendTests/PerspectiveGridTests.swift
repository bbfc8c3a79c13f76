import Backend
import Foundation
import Stage
import XCTest

/// Tilted pictures are drawn as a grid as fine as their size and tilt on screen need (Homography.gridCells): few
/// triangles for a small or slightly tilted picture, the texture where the projection puts it, and the pixels of the
/// old 16×16 grid.
final class PerspectiveGridTests: XCTestCase {
    /// A `diameter`-point gear centred at `centre`, spun by `spin` degrees and tilted `tilt` degrees about y with the
    /// eye at its diameter, as Belts and Gears draws G7–G11.
    func gear(diameter: Double, tilt: Double, spin: Double = 30, centre: Point = Point(100, 100),
              axis: (x: Double, y: Double, z: Double) = (0, 1, 0)) -> (rect: Rect, h: Homography) {
        let rect = Rect(center: centre, size: Size(diameter, diameter))
        let h = Homography.rotation3D(degrees: tilt, axis: axis, about: centre, eyeDistance: diameter)
            * Homography.rotation(degrees: spin, about: centre)
        return (rect, h)
    }

    func grid(_ g: (rect: Rect, h: Homography)) -> Tessellator {
        var t = Tessellator()
        t.texturedRect(g.rect, under: g.h, color: .white)
        return t
    }

    /// The grid every tilted picture was drawn with before: 16×16 cells.
    func oldGrid(_ g: (rect: Rect, h: Homography), cells: Int = 16) -> Tessellator {
        var t = Tessellator()
        t.texturedGrid(cols: cells, rows: cells, color: .white) { s, u in
            g.h.apply(Point(g.rect.minX + s * g.rect.width, g.rect.minY + u * g.rect.height))
        }
        return t
    }

    func testAnAffinePictureIsOneQuad() {
        var t = Tessellator()
        t.texturedRect(Rect(x: 10, y: 10, width: 80, height: 60), under: .rotation(degrees: 30, about: Point(50, 40)), color: .white)
        XCTAssertEqual(t.vertices.count, 4)
        XCTAssertEqual(t.indices.count, 6)
    }

    func testASmallOrSlightlyTiltedPictureTakesFewTriangles() {
        // G8/G11: 25 pt, 76° edge-on, with the eye at its diameter: 12×12 cells instead of 16×16.
        XCTAssertLessThanOrEqual(grid(gear(diameter: 25, tilt: 76)).indices.count / 3, 288)
        // A slight tilt bends the picture little: a few cells.
        XCTAssertLessThanOrEqual(grid(gear(diameter: 100, tilt: 5)).indices.count / 3, 32)
        XCTAssertLessThanOrEqual(grid(gear(diameter: 25, tilt: 20)).indices.count / 3, 32)
        // A large steep picture keeps the old grid, never a coarser one than before.
        XCTAssertEqual(grid(gear(diameter: 175, tilt: 84, axis: (1, 0, 0))).indices.count / 3, 512)
    }

    /// Every point of every triangle: the drawn position (affine across the triangle) of a texture point against the
    /// projection of that point, at points spread over each triangle.
    func worstError(_ t: Tessellator, _ g: (rect: Rect, h: Homography)) -> Double {
        var worst = 0.0
        for k in stride(from: 0, to: t.indices.count, by: 3) {
            let v = (0..<3).map { t.vertices[Int(t.indices[k + $0])] }
            for i in 0...6 { for j in 0...(6 - i) {
                let a = Double(i) / 6, b = Double(j) / 6, c = 1 - a - b
                let x = a * Double(v[0].x) + b * Double(v[1].x) + c * Double(v[2].x)
                let y = a * Double(v[0].y) + b * Double(v[1].y) + c * Double(v[2].y)
                let u = a * Double(v[0].u) + b * Double(v[1].u) + c * Double(v[2].u)
                let w = a * Double(v[0].v) + b * Double(v[1].v) + c * Double(v[2].v)
                let p = g.h.apply(Point(g.rect.minX + u * g.rect.width, g.rect.minY + w * g.rect.height))
                // Vertex positions are Floats: a hundredth of a pixel of rounding on top.
                worst = max(worst, hypot(p.x - x, p.y - y))
            } }
        }
        return worst
    }

    func testTheTextureIsWhereTheProjectionPutsIt() {
        for g in [gear(diameter: 25, tilt: 76), gear(diameter: 100, tilt: 5), gear(diameter: 25, tilt: 20),
                  gear(diameter: 60, tilt: 40, spin: 75)] {
            // Within a third of a pixel, or no worse than the old grid where that was worse.
            XCTAssertLessThanOrEqual(worstError(grid(g), g), max(0.35, worstError(oldGrid(g), g) + 0.01))
        }
    }

    func testAPictureReachingTheEyeKeepsTheFineGrid() {
        // Tilted so far that part of it lies behind the eye (w ≤ 0): no grid is fine enough, so the most cells.
        var t = Tessellator()
        let g = gear(diameter: 100, tilt: 80, spin: 0)
        t.texturedRect(g.rect.insetBy(dx: -200, dy: -200), under: g.h, color: .white)
        XCTAssertEqual(t.indices.count / 3, 512)
    }

    /// Drawn by the software renderer, a gear that now takes fewer cells looks as it did with 16×16.
    func testPixelsMatchTheOldGrid() throws {
        let g = gear(diameter: 120, tilt: 30, spin: 20, centre: Point(120, 120))
        XCTAssertLessThan(grid(g).indices.count, oldGrid(g).indices.count, "fewer cells than before")
        func render(_ t: Tessellator) throws -> Framebuffer {
            let canvas = try HeadlessCanvas(width: 240, height: 240, assets: SparkBatch.assets)
            canvas.renderer.clear(Color(hex: 0x203040))
            canvas.renderer.drawTriangles(t.vertices, indices: t.indices, texture: .image("ch7/singleGear"), blend: .alpha)
            return canvas.renderer.readFramebuffer()
        }
        // Nearest to the exact projection: a 64×64 grid. Any change of cells moves sharp edges by a fraction of a
        // pixel; the new grid must be as close to the projection as the old one was.
        let a = try render(grid(g)), b = try render(oldGrid(g)), exact = try render(oldGrid(g, cells: 64))
        func difference(_ x: Framebuffer, _ y: Framebuffer) -> (mean: Double, large: Int) {
            var total = 0, large = 0
            for i in x.pixels.indices where i % 4 != 3 {
                let d = abs(Int(x.pixels[i]) - Int(y.pixels[i]))
                total += d
                if d > 16 { large += 1 }
            }
            return (Double(total) / Double(x.pixels.count * 3 / 4), large)
        }
        let new = difference(a, exact), old = difference(b, exact)
        XCTAssertLessThanOrEqual(new.mean, old.mean * 1.5 + 0.05, "mean difference from the projection, levels")
        XCTAssertLessThanOrEqual(new.large, old.large * 3 / 2 + 20, "channels more than 16 levels off")
        XCTAssertGreaterThan(a.pixels.enumerated().filter { $0.offset % 4 == 0 && $0.element != 0x20 }.count, 2000, "the gear is drawn")
    }
}
