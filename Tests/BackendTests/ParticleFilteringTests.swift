@testable import Backend
import Particles
import XCTest

/// Which particle batches drawn as triangles sample their picture nearest: those drawn at most half again as big as
/// its texels, every quad of them.
final class ParticleFilteringTests: XCTestCase {
    /// Sparks at `particleScale` of the 64-texel spark (so 64 × scale pixels across at scale 1).
    func sparks(scale: Double, range: Double = 0) -> ParticleBatch {
        SparkBatch.make(count: 400, seed: 5) { e in
            e.particleScale = scale
            e.particleScaleRange = range
        }
    }

    func nearest(_ batch: ParticleBatch, texels: Int, scale: Double) -> Bool {
        ParticleFiltering.samplesNearest(ParticleExtent(batch), width: texels, height: texels, scale: scale)
    }

    func testSnowflakesSmallerThanTheirTexelsAreSampledNearest() {
        // The blizzard's flakes: 6 to 19 pixels from the spark halved twice (16 texels).
        XCTAssertTrue(nearest(sparks(scale: 0.2, range: 0.2), texels: 16, scale: 1))
        XCTAssertTrue(nearest(sparks(scale: 0.3), texels: 64, scale: 1), "19 pixels from 64 texels")
        XCTAssertTrue(nearest(sparks(scale: 1.45), texels: 64, scale: 1), "93 pixels from 64 texels")
    }

    func testParticlesDrawnBiggerAreFiltered() {
        XCTAssertFalse(nearest(sparks(scale: 1.6), texels: 64, scale: 1), "102 pixels from 64 texels")
        XCTAssertFalse(nearest(sparks(scale: 0.3), texels: 16, scale: 2), "38 pixels from 16 texels on a HiDPI window")
        // One big particle among small ones filters the batch: its blocks would show.
        var batch = sparks(scale: 0.2)
        batch.vertices[1].x += 200
        XCTAssertFalse(nearest(batch, texels: 64, scale: 1))
        batch = sparks(scale: 0.2)
        batch.vertices[5].y = .nan
        XCTAssertFalse(nearest(batch, texels: 64, scale: 1), "a corner that is not a number")
        batch = sparks(scale: 0.2)
        batch.vertices[7].x = .nan
        XCTAssertFalse(nearest(batch, texels: 64, scale: 1), "the far end of a left edge that is not a number")
        XCTAssertFalse(nearest(ParticleBatch(), texels: 64, scale: 1), "no particles")
    }
}
