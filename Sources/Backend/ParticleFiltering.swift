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

    /// Whether every quad of a batch (its `extent`, in logical coordinates, `scale` pixels each) is drawn within
    /// `largestNearestMagnification` times the longer side of a `width`×`height` texture.
    static func samplesNearest(_ extent: ParticleExtent, width: Int, height: Int, scale: Double) -> Bool {
        guard width > 0, height > 0, scale > 0, scale.isFinite, extent.x0 <= extent.x1 else { return false }
        let limit = Float(max(width, height)) * largestNearestMagnification / Float(scale)
        // A side that is not a number is infinite here: it filters the batch.
        return extent.largestSideSquared <= limit * limit
    }

    /// The same for the texture `texture` (its size from SDL).
    static func samplesNearest(_ extent: ParticleExtent, texture: OpaquePointer, scale: Double) -> Bool {
        guard isOn else { return false }
        var w: Int32 = 0, h: Int32 = 0
        guard SDL_QueryTexture(texture, nil, nil, &w, &h) == 0 else { return false }
        return samplesNearest(extent, width: Int(w), height: Int(h), scale: scale)
    }
}
