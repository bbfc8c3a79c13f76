import Backend
import Foundation
import Particles
import Stage
import XCTest

/// The CPU splat path (large additive batches) draws what the triangle path draws.
final class ParticleSplatterTests: XCTestCase {
    func assets() -> AssetResolver { SparkBatch.assets }

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
        let canvas = try HeadlessCanvas(width: 200, height: 150, assets: assets())
        canvas.renderer.clear(Color(hex: 0x101020))
        if splat {
            canvas.renderer.drawParticles(b, texture: .image("spark"), blend: .add)
        } else {
            // The same quads through the triangle path.
            let vertices = b.vertices.map { v in
                Vertex(Point(Double(v.x), Double(v.y)), (v.r, v.g, v.b, v.a), u: Double(v.u), v: Double(v.v))
            }
            canvas.renderer.drawTriangles(vertices, indices: b.indices, texture: .image("spark"), blend: .add)
        }
        return canvas.renderer.readFramebuffer()
    }

    func testSplatMatchesTheGeometryPath() throws {
        let b = batch(count: 3000)
        XCTAssertGreaterThanOrEqual(b.quadCount, 2000, "large enough for the splat path")
        let splat = try render(b, splat: true), geometry = try render(b, splat: false)
        var total = 0.0, maxDiff = 0, brightSplat = 0.0, brightGeometry = 0.0
        for i in stride(from: 0, to: splat.pixels.count, by: 4) {
            for c in 0..<3 {
                let d = abs(Int(splat.pixels[i + c]) - Int(geometry.pixels[i + c]))
                total += Double(d); maxDiff = max(maxDiff, d)
                brightSplat += Double(splat.pixels[i + c]); brightGeometry += Double(geometry.pixels[i + c])
            }
        }
        let pixels = Double(splat.pixels.count / 4 * 3)
        XCTAssertGreaterThan(brightSplat / pixels, 40, "the sparks light the canvas up")
        XCTAssertEqual(brightSplat / brightGeometry, 1, accuracy: 0.05, "same total light")
        XCTAssertLessThan(total / pixels, 6, "mean difference per channel")
    }

    func testSmallBatchesKeepTheGeometryPath() {
        XCTAssertFalse(ParticleSplatterProbe.suits(batch(count: 500)))
        XCTAssertTrue(ParticleSplatterProbe.suits(batch(count: 3000)))
    }
}
