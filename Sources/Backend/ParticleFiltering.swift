import CSDL2
import Foundation
import Particles

/// How a particle batch drawn as triangles samples its picture. Drawn at most half again as big as its texels, a
/// particle is sampled nearest: what the particle splat and SDL's software renderer draw, so a batch looks the same
/// whichever path it takes, and on llvmpipe a nearest texel costs one fetch where a filtered one costs four (the
/// blizzard's snow, 18,500 small triangles, is 1.2 ms a frame cheaper; issue 24). Bigger than that, as smoke and
/// bokeh often are, the picture is filtered, or its texels would show as blocks.
enum ParticleFiltering {
    /// How much bigger than its texels a particle may be drawn and still be sampled nearest.
    static let largestNearestMagnification: Float = 1.5
    /// `ZOETROPE_PARTICLE_NEAREST=0` filters every particle, as before (to compare the two).
    static let isOn = ProcessInfo.processInfo.environment["ZOETROPE_PARTICLE_NEAREST"] != "0"

    /// Whether every quad of `batch` (logical coordinates, `scale` pixels each) is drawn within
    /// `largestNearestMagnification` times the longer side of a `width`×`height` texture.
    static func samplesNearest(_ batch: ParticleBatch, width: Int, height: Int, scale: Double) -> Bool {
        guard width > 0, height > 0, scale > 0, scale.isFinite else { return false }
        let limit = Float(max(width, height)) * largestNearestMagnification / Float(scale)
        let count = batch.quadCount * 4
        return batch.vertices.withUnsafeBufferPointer { vs in
            guard vs.count >= count, count > 0 else { return false }
            let squared = limit * limit
            for q in stride(from: 0, to: count, by: 4) {
                let a = vs[q], b = vs[q + 1], d = vs[q + 3]
                let across = (b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)
                let down = (d.x - a.x) * (d.x - a.x) + (d.y - a.y) * (d.y - a.y)
                // A comparison with NaN is false: a corner that is not a number filters the batch.
                guard across <= squared, down <= squared else { return false }
            }
            return true
        }
    }

    /// The same for the texture `texture` (its size from SDL).
    static func samplesNearest(_ batch: ParticleBatch, texture: OpaquePointer, scale: Double) -> Bool {
        guard isOn else { return false }
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_QueryTexture(texture, nil, nil, &w, &h) == 0 else { return false }
        return samplesNearest(batch, width: Int(w), height: Int(h), scale: scale)
    }
}
