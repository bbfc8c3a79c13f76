import Backend
import Foundation
import Particles
import Stage
import XCTest

/// Emitters drawn one after another with the same picture and blend are sent as one batch (SDLRenderer.drawParticles):
/// the frame looks exactly as when each is drawn on its own.
final class ParticleRunsTests: XCTestCase {
    func render(_ draw: (SDLRenderer) -> Void) throws -> Framebuffer {
        let canvas = try HeadlessCanvas(width: 200, height: 150, assets: SparkBatch.assets)
        canvas.renderer.clear(Color(hex: 0x101020))
        draw(canvas.renderer)
        return canvas.renderer.readFramebuffer()
    }

    func sparks(seed: UInt64, blend: ParticleBlendMode) -> ParticleBatch {
        SparkBatch.make(count: 300, seed: seed) { e in
            e.particleBlendMode = blend
            e.particleAlpha = 0.6
            e.particleColor = seed == 1 ? RGBA(1, 0.6, 0.1, 1) : RGBA(0.2, 0.5, 1, 1)
            e.particleColorBlendFactor = 1
        }
    }

    func testTwoEmittersInARowDrawAsTheyDoApart() throws {
        for blend in [ParticleBlendMode.alpha, .add] {
            let a = sparks(seed: 1, blend: blend), b = sparks(seed: 2, blend: blend)
            let mode = BlendMode(blend)
            let joined = try render { r in
                r.drawParticles(a, texture: .image("spark"), blend: mode)
                r.drawParticles(b, texture: .image("spark"), blend: mode)
            }
            // A clip command between the two keeps them apart.
            let apart = try render { r in
                r.drawParticles(a, texture: .image("spark"), blend: mode)
                r.setClip(nil)
                r.drawParticles(b, texture: .image("spark"), blend: mode)
            }
            XCTAssertEqual(joined.pixels, apart.pixels, "\(blend)")
            // And the second one is drawn over the first (alpha blending keeps the order).
            let alone = try render { r in r.drawParticles(a, texture: .image("spark"), blend: mode) }
            XCTAssertNotEqual(joined.pixels, alone.pixels, "\(blend)")
        }
    }
}
