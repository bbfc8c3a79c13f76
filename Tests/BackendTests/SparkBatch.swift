import Backend
import Foundation
import Particles
import Stage

/// Shared fixtures of the splatter tests: the bundled resources and a batch of small additive sparks.
enum SparkBatch {
    static var assets: AssetResolver {
        AssetResolver(roots: [URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources")])
    }

    /// `count` sparks at scale 0.3 scattered over 200×150, two seconds into their life, drawn with `yScale`.
    static func make(count: Int, seed: UInt64, yScale: Double = -1, configure: (inout EmitterConfig) -> Void = { _ in }) -> ParticleBatch {
        var c = EmitterConfig()
        c.particleTexture = "spark"
        c.particleBirthRate = Double(count) / 2
        c.particleLifetime = 2
        c.particlePositionRange = Vector2(180, 130)
        c.particleScale = 0.3
        c.particleBlendMode = .add
        configure(&c)
        let e = ParticleEmitter(config: c, seed: seed)
        e.advanceSimulationTime(1.99)
        var b = ParticleBatch()
        e.writeQuads(into: &b, transform: Affine2(a: 1, b: 0, c: 0, d: yScale, tx: 100, ty: 75), textureSize: Vector2(64, 64),
                     nodeAlpha: 1)
        return b
    }
}
