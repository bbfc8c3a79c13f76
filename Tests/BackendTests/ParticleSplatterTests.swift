import Backend
import Foundation
import Particles
import Stage
import XCTest

/// The CPU splat path (large additive batches): it adds exactly what the batch asks for, and it looks like what the
/// triangle path draws.
final class ParticleSplatterTests: XCTestCase {
    static let size = (w: 200, h: 150)
    static let background = Color(hex: 0x101020)

    /// The particle texture: the bundled soft spark, or one a test writes.
    var textureName = "spark"
    var assets = SparkBatch.assets

    /// `count` faint orange sparks (rotated, non-square) scattered over a 200×150 canvas, additive.
    func batch(count: Int) -> ParticleBatch {
        SparkBatch.make(count: count, seed: 9, yScale: -0.8) { e in
            e.particleRotationRange = 6
            e.particleAlpha = 0.25
            e.particleColor = RGBA(1, 0.6, 0.1, 1)
            e.particleColorBlendFactor = 1
        }
    }

    func render(_ b: ParticleBatch, splat: Bool) throws -> Framebuffer {
        let canvas = try HeadlessCanvas(width: Self.size.w, height: Self.size.h, assets: assets)
        canvas.renderer.clear(Self.background)
        if splat {
            canvas.renderer.drawParticles(b, texture: .image(textureName), blend: .add)
        } else {
            // The same quads through the triangle path.
            let vertices = b.vertices.map { v in
                Vertex(Point(Double(v.x), Double(v.y)), (v.r, v.g, v.b, v.a), u: Double(v.u), v: Double(v.v))
            }
            canvas.renderer.drawTriangles(vertices, indices: b.indices, texture: .image(textureName), blend: .add)
        }
        return canvas.renderer.readFramebuffer()
    }

    /// What an additive draw of the batch must give, worked out the plain way in Double: each quad containing a
    /// pixel's centre adds its texel there (nearest, at the u, v interpolated from the quad's own vertices,
    /// premultiplied) times the vertex tint and alpha; the sum, rounded to 8 bits and saturated, is added to the
    /// background. `cover` counts the quads over each pixel. RGB, 3 values per pixel.
    func reference(_ b: ParticleBatch) throws -> (rgb: [Int], cover: [Int]) {
        let (w, h) = Self.size
        let tex = try Framebuffer.loadPNG(try XCTUnwrap(assets.imageURL(named: textureName)))
        var sum = [Double](repeating: 0, count: w * h * 3), cover = [Int](repeating: 0, count: w * h)
        for q in 0..<b.quadCount {
            let a = b.vertices[q * 4], e = b.vertices[q * 4 + 1], d = b.vertices[q * 4 + 3]
            let ax = Double(a.x), ay = Double(a.y)
            let ux = Double(e.x) - ax, uy = Double(e.y) - ay, vx = Double(d.x) - ax, vy = Double(d.y) - ay
            let det = ux * vy - uy * vx
            let k = Double(a.a) / 255 / 255
            let tint = (Double(a.r) * k, Double(a.g) * k, Double(a.b) * k)
            let x0 = max(0, Int(min(ax, ax + ux, ax + vx, ax + ux + vx).rounded(.down)))
            let x1 = min(w, Int(max(ax, ax + ux, ax + vx, ax + ux + vx).rounded(.up)) + 1)
            let y0 = max(0, Int(min(ay, ay + uy, ay + vy, ay + uy + vy).rounded(.down)))
            let y1 = min(h, Int(max(ay, ay + uy, ay + vy, ay + uy + vy).rounded(.up)) + 1)
            guard x1 > x0, y1 > y0 else { continue }
            for py in y0..<y1 {
                for px in x0..<x1 {
                    let dx = Double(px) + 0.5 - ax, dy = Double(py) + 0.5 - ay
                    let s = (dx * vy - dy * vx) / det, t = (ux * dy - uy * dx) / det
                    guard s >= 0, s < 1, t >= 0, t < 1 else { continue }
                    let u = Double(a.u) + s * Double(e.u - a.u) + t * Double(d.u - a.u)
                    let v = Double(a.v) + s * Double(e.v - a.v) + t * Double(d.v - a.v)
                    let texel = tex.pixel(Int(u * Double(tex.width)), Int(v * Double(tex.height)))
                    let i = py * w + px, premultiplied = Double(texel.a) / 255 / 255
                    cover[i] += 1
                    sum[i * 3] += Double(texel.r) * premultiplied * tint.0
                    sum[i * 3 + 1] += Double(texel.g) * premultiplied * tint.1
                    sum[i * 3 + 2] += Double(texel.b) * premultiplied * tint.2
                }
            }
        }
        let bg = [Self.background.r, Self.background.g, Self.background.b].map { Int(($0 * 255).rounded()) }
        return (sum.enumerated().map { i, s in min(255, bg[i % 3] + min(255, Int(s * 255 + 0.5))) }, cover)
    }

    func testSplatAddsEveryTexelOfEveryQuad() throws {
        try assertSplatMatchesReference(batch(count: 3000))
    }

    /// Unrotated quads: one texture coordinate is constant along each row (the splatter's other slab case). The
    /// texture is opaque to its edges and every texel differs, so a row or texel too many or too few shows.
    func testSplatAddsEveryTexelOfAxisAlignedQuads() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("splat-block-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var pixels: [UInt8] = []
        for y in 0..<16 { for x in 0..<16 { pixels += [UInt8(x * 16), UInt8(y * 16), UInt8((x + y) * 8), 255] } }
        try Framebuffer(width: 16, height: 16, pixels: pixels).savePNG(to: folder.appendingPathComponent("block.png"))
        textureName = "block"
        assets = AssetResolver(roots: [folder])
        let b = SparkBatch.make(count: 3000, seed: 4, yScale: -0.8) { e in
            e.particleAlpha = 0.25
            e.particleColor = RGBA(0.2, 0.7, 1, 1)
            e.particleColorBlendFactor = 1
        }
        XCTAssertEqual(b.vertices[0].y, b.vertices[1].y, "the first quad's top edge is level")
        try assertSplatMatchesReference(b)
    }

    func assertSplatMatchesReference(_ b: ParticleBatch, line: UInt = #line) throws {
        XCTAssertTrue(ParticleSplatterProbe.suits(b), "large enough, and small quads: the splat path")
        let splat = try render(b, splat: true), expected = try reference(b)
        var off = 0, worst = 0, lit = 0
        for p in 0..<(Self.size.w * Self.size.h) {
            if expected.cover[p] > 0 { lit += 1 }
            for c in 0..<3 {
                let d = abs(Int(splat.pixels[p * 4 + c]) - expected.rgb[p * 3 + c])
                if d > 0 { off += 1 }
                worst = max(worst, d)
            }
        }
        XCTAssertGreaterThan(lit, Self.size.w * Self.size.h * 3 / 4, "the sparks cover most of the canvas", line: line)
        // Float accumulation against Double: a sum landing on a rounding boundary may go the other way.
        XCTAssertLessThanOrEqual(worst, 1, line: line)
        XCTAssertLessThan(off, 30, "channels one level off, of \(Self.size.w * Self.size.h * 3)", line: line)
    }

    func testSplatMatchesTheGeometryPath() throws {
        let b = batch(count: 3000)
        let splat = try render(b, splat: true), geometry = try render(b, splat: false)
        let cover = try reference(b).cover
        var total = 0.0, maxDiff = 0, brightSplat = 0.0, brightGeometry = 0.0
        var beyond: [String] = []
        for p in 0..<(Self.size.w * Self.size.h) {
            for c in 0..<3 {
                let s = Int(splat.pixels[p * 4 + c]), g = Int(geometry.pixels[p * 4 + c])
                let d = abs(s - g)
                total += Double(d); maxDiff = max(maxDiff, d)
                brightSplat += Double(s); brightGeometry += Double(g)
                // SDL's blender rounds every draw to 8 bits and filters the texture linearly: each spark over a pixel
                // may move it by a few levels, never more; where no spark is, both show the bare background.
                if d > 4 * cover[p] {
                    beyond.append("(\(p % Self.size.w), \(p / Self.size.w)) channel \(c): \(s) vs \(g) under \(cover[p]) sparks")
                }
            }
        }
        XCTAssertEqual(beyond.count, 0, "differences beyond 4 levels per spark: \(beyond.prefix(5))")
        let channels = Double(Self.size.w * Self.size.h * 3)
        XCTAssertGreaterThan(brightSplat / channels, 40, "the sparks light the canvas up")
        XCTAssertEqual(brightSplat / brightGeometry, 1, accuracy: 0.05, "same total light")
        XCTAssertLessThan(total / channels, 6, "mean difference per channel")
        XCTAssertLessThanOrEqual(maxDiff, 48, "largest difference, where dozens of sparks overlap")
    }

    func testSmallBatchesKeepTheGeometryPath() {
        XCTAssertFalse(ParticleSplatterProbe.suits(batch(count: 500)))
        XCTAssertTrue(ParticleSplatterProbe.suits(batch(count: 3000)))
    }
}
