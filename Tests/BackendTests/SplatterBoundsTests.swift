import Backend
import Foundation
import Particles
import Stage
import XCTest

/// Huge particles never reach the CPU splat path, and drawing the issue's hostile effect stays fast.
final class SplatterBoundsTests: XCTestCase {
    func assets() -> AssetResolver { SparkBatch.assets }
    func smallBatch(count: Int) -> ParticleBatch { SparkBatch.make(count: count, seed: 5) }

    func testOneHugeOrNonFiniteQuadAnywhereKeepsTheGeometryPath() {
        let b = smallBatch(count: 3000)
        XCTAssertTrue(ParticleSplatterProbe.suits(b))
        for (index, factor) in [(b.quadCount - 1, Float(1000)), (b.quadCount / 2, Float.infinity), (7, Float.nan)] {
            var huge = b
            for k in 0..<4 {
                huge.vertices[index * 4 + k].x *= factor
                huge.vertices[index * 4 + k].y *= factor
            }
            XCTAssertFalse(ParticleSplatterProbe.suits(huge), "quad \(index) × \(factor)")
        }
    }

    func testDrawingTheHostileEffectIsFastAndBounded() throws {
        let json = #"{"particleTexture":"spark","particleBlendMode":"add","particleBirthRate":1e6,"particleLifetime":3,"particleScale":1000,"particleSpeed":50}"#
        let loaded = try ParticleFile.load(data: Data(json.utf8), name: "Huge.json")
        XCTAssertTrue(loaded.warnings.joined().contains("particleScale 1000"), "\(loaded.warnings)")
        let start = Date()
        let e = ParticleEmitter(config: loaded.emitters[0].config, seed: 2)
        let canvas = try HeadlessCanvas(width: 320, height: 240, assets: assets())
        var b = ParticleBatch()
        for frame in 0..<(60 * 3) {
            e.advance(by: 1.0 / 60)
            // Draw every half second, like a (slow) preview.
            guard frame % 30 == 29 else { continue }
            b.removeAll()
            e.writeQuads(into: &b, transform: Affine2(a: 1, b: 0, c: 0, d: -1, tx: 160, ty: 120),
                         textureSize: Vector2(64, 64), nodeAlpha: 1)
            canvas.renderer.clear(Color(hex: 0x000000))
            canvas.renderer.drawParticles(b, texture: .image("spark"), blend: .add)
        }
        let fb = canvas.renderer.readFramebuffer()
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "three seconds of the effect, six draws")
        XCTAssertGreaterThan(b.quadCount, 0)
        XCTAssertLessThanOrEqual(b.quadCount, Int(EmitterSanitizer.maxLiveParticles(largestSide: EmitterSanitizer.maxParticleSide).rounded(.up)))
        XCTAssertGreaterThan(fb.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element).max() ?? 0, 0, "something drawn")
    }
}
