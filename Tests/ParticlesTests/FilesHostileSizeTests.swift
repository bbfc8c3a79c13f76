import Foundation
import XCTest
@testable import Particles

/// Effect files asking for gigantic particles: the scale is clamped so a particle stays at most
/// `EmitterSanitizer.maxParticleSide` points across, the live coverage is bounded, and one warning names the field.
final class FilesHostileSizeTests: XCTestCase {
    /// The issue's effect: particleScale 1000 (64 000 pt sparks) born a million a second.
    static let hostile = Data(#"{"particleTexture":"spark","particleBlendMode":"add","particleBirthRate":1e6,"particleLifetime":3,"particleScale":1000,"particleSpeed":50}"#.utf8)

    /// Largest quad side (points) the emitter's particles reach, from `writeQuads` with a 64 pt texture.
    static func largestSide(_ e: ParticleEmitter) -> Float {
        var b = ParticleBatch()
        e.writeQuads(into: &b, transform: .identity, textureSize: Vector2(64, 64), nodeAlpha: 1)
        var side: Float = 0
        for q in stride(from: 0, to: b.vertices.count, by: 4) {
            let a = b.vertices[q], c = b.vertices[q + 2]
            side = max(side, abs(c.x - a.x), abs(c.y - a.y))
        }
        return side
    }

    func testHugeScaleIsClampedWithOneWarningNamingTheField() throws {
        let r = try ParticleFile.load(data: Self.hostile, name: "Huge.json")
        XCTAssertEqual(r.warnings.count, 1, "\(r.warnings)")
        let w = try XCTUnwrap(r.warnings.first)
        XCTAssertTrue(w.hasPrefix("Huge.json: "), w)
        XCTAssertTrue(w.contains("particleScale 1000 → 16"), w)
        XCTAssertTrue(w.contains("particleBirthRate"), w)
        let c = r.emitters[0].config
        XCTAssertEqual(c.particleScale * EmitterSanitizer.nominalTextureSide, EmitterSanitizer.maxParticleSide)
        // 1024-pt particles: at most maxLiveParticles × (64/1024)⁴ ≈ 3 alive.
        let limit = EmitterSanitizer.maxLiveParticles(largestSide: EmitterSanitizer.maxParticleSide)
        XCTAssertEqual(limit, EmitterSanitizer.maxLiveParticles / 65536, accuracy: 1e-9)
        XCTAssertLessThanOrEqual(c.particleBirthRate * c.particleLifetime, limit * 1.000001)
    }

    func testSimulatingItStaysFastAndBounded() throws {
        let c = try ParticleFile.load(data: Self.hostile, name: "Huge.json").emitters[0].config
        let start = Date()
        let e = ParticleEmitter(config: c, seed: 1)
        for _ in 0..<(60 * 5) { e.advance(by: 1.0 / 60) }
        var b = ParticleBatch()
        e.writeQuads(into: &b, transform: .identity, textureSize: Vector2(64, 64), nodeAlpha: 1)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        XCTAssertGreaterThan(e.particleCount, 0, "still an effect")
        XCTAssertLessThanOrEqual(Double(e.particleCount),
                                 EmitterSanitizer.maxLiveParticles(largestSide: EmitterSanitizer.maxParticleSide).rounded(.up))
        XCTAssertLessThanOrEqual(Self.largestSide(e), Float(EmitterSanitizer.maxParticleSide) * 1.001)
    }

    func testRangeSpeedAndSequenceAreBoundedToo() throws {
        let json = #"""
        [{"particleScale":2,"particleScaleRange":500,"particleLifetime":4},
         {"particleScale":1,"particleScaleSpeed":1000,"particleLifetime":2,"particleLifetimeRange":2},
         {"particleLifetime":1,"particleScaleSequence":{"keyframeValues":[1,5000,-9000],"keyframeTimes":[0,0.5,1]}},
         {"particleLifetime":1,"particleScale":3,"particleSize":{"width":512,"height":100}}]
        """#
        let r = try ParticleFile.load(data: Data(json.utf8), name: "Grow.json")
        XCTAssertEqual(r.warnings.count, 1, "\(r.warnings)")
        let w = r.warnings[0]
        for field in ["particleScaleRange", "particleScaleSpeed", "particleScaleSequence", "[3]: particleScale 3 → 2"] {
            XCTAssertTrue(w.contains(field), "\(field) in \(w)")
        }
        for loaded in r.emitters {
            let e = ParticleEmitter(config: loaded.config, seed: 3)
            for _ in 0..<(60 * 4) {
                e.advance(by: 1.0 / 60)
                XCTAssertLessThanOrEqual(Self.largestSide(e), Float(EmitterSanitizer.maxParticleSide) * 1.001)
            }
        }
    }

    func testShippedStyleEffectsAreUntouched() throws {
        // CoffeeSteam-like growing puffs and a dense snow: within every bound, so no warning.
        let json = #"""
        [{"particleBirthRate":38,"particleLifetime":8,"particleScale":0.2,"particleScaleRange":0.3,"particleScaleSpeed":0.5},
         {"particleBirthRate":2000,"particleLifetime":10,"particleScale":0.1,"particleScaleRange":0.2}]
        """#
        let r = try ParticleFile.load(data: Data(json.utf8), name: "Fine.json")
        XCTAssertEqual(r.warnings, [])
    }
}
