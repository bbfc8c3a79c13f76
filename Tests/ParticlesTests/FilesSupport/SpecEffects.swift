import Foundation
@testable import Particles

/// The seven chapter 15 particle files as spec 05 §2 reports them (file values, before the scenes' code overrides),
/// and the three template proposals of §1.12. Colour ramps that the files store as Display P3 are kept here as P3
/// components with their fallback RGB, so a test can write them into an archive the way Xcode did.
enum SpecEffects {
    struct P3Key {
        var time: Double
        var p3: (Double, Double, Double)
        var alpha: Double
        var fallback: (Double, Double, Double)
    }

    struct Entry {
        var file: String
        var config: EmitterConfig          // colour ramp in sRGB (P3 keys converted)
        var p3Ramp: [P3Key]?               // how the .sks stores the ramp, when in P3
        var textureSize: Vector2?
    }

    static func base(_ texture: String = "spark") -> EmitterConfig {
        var c = EmitterConfig()
        c.particleTexture = texture
        return c
    }

    static func ramp(_ keys: [P3Key]) -> KeyframeSequence<RGBA> {
        KeyframeSequence(keyframeValues: keys.map {
            ColorConversion.displayP3ToSRGB(RGBA($0.p3.0, $0.p3.1, $0.p3.2, $0.alpha))
        }, times: keys.map(\.time))
    }

    static var smoke: Entry {
        var c = base()
        c.particleBirthRate = 10; c.numParticlesToEmit = 0
        c.particleLifetime = 4; c.particleLifetimeRange = 0
        c.particlePositionRange = Vector2(4, 5)
        c.emissionAngle = 1.56; c.emissionAngleRange = 0.35
        c.particleSpeed = 16; c.particleSpeedRange = 28
        c.xAcceleration = 0; c.yAcceleration = 10
        c.particleAlpha = 0.4; c.particleAlphaRange = 0.3; c.particleAlphaSpeed = -0.15
        c.particleScale = 0.5; c.particleScaleRange = 0.3; c.particleScaleSpeed = 0.5
        c.particleRotation = 0; c.particleRotationRange = 6.28; c.particleRotationSpeed = 3
        c.particleColor = RGBA(0.1101, 0.1116, 0.1055, 1)
        c.particleColorBlendFactor = 1; c.particleColorBlendFactorRange = 0; c.particleColorBlendFactorSpeed = 0
        c.particleBlendMode = .alpha
        return Entry(file: "Smoke", config: c, p3Ramp: nil, textureSize: nil)
    }

    static var coffeeSteam: Entry {
        var c = base()
        c.particleBirthRate = 38
        c.particleLifetime = 8
        c.particlePositionRange = Vector2(40, 5)
        c.emissionAngle = 1.56; c.emissionAngleRange = 0.35
        c.particleSpeed = 40; c.particleSpeedRange = 40
        c.yAcceleration = 10
        c.particleAlpha = 0.4; c.particleAlphaRange = 0.3; c.particleAlphaSpeed = -0.15
        c.particleScale = 0.2; c.particleScaleRange = 0.3; c.particleScaleSpeed = 0.5
        c.particleRotationRange = 6.28; c.particleRotationSpeed = 3
        c.particleColorBlendFactor = 2; c.particleColorBlendFactorRange = 0; c.particleColorBlendFactorSpeed = 4
        c.particleColor = RGBA(0.1101, 0.1116, 0.1055, 1)
        let keys = [
            P3Key(time: 0, p3: (0.8725, 0.8850, 0.8382), alpha: 0.5, fallback: (0.8704, 0.8863, 0.8343)),
            P3Key(time: 0.7437, p3: (0.1520, 0.1571, 0.1612), alpha: 0.6496, fallback: (0.1511, 0.1571, 0.1617)),
        ]
        c.particleColorSequence = ramp(keys)
        c.particleBlendMode = .screen
        return Entry(file: "CoffeeSteam", config: c, p3Ramp: keys, textureSize: nil)
    }

    static var fire: Entry {
        var c = base()
        c.particleBirthRate = 455.28
        c.particleLifetime = 2.5
        c.particlePositionRange = Vector2(55.65, 5)
        c.emissionAngle = 1.56; c.emissionAngleRange = 0.35
        c.particleSpeed = 100; c.particleSpeedRange = 50
        c.particleAlpha = 0.8; c.particleAlphaRange = 0.2; c.particleAlphaSpeed = -0.45
        c.particleScale = 0.5; c.particleScaleRange = 0.4; c.particleScaleSpeed = -0.5
        c.particleColor = RGBA(0.3049, 0.1302, 0.0232, 1)
        c.particleColorBlendFactor = 1
        c.particleBlendMode = .add
        return Entry(file: "Fire", config: c, p3Ramp: nil, textureSize: nil)
    }

    static func snowLike(file: String, birth: Double, range: Vector2, angle: Double, angleRange: Double,
                         speed: Double, speedRange: Double, accel: Vector2, scale: Double) -> Entry {
        var c = base()
        c.particleBirthRate = birth
        c.particleLifetime = 10
        c.particlePositionRange = range
        c.emissionAngle = angle; c.emissionAngleRange = angleRange
        c.particleSpeed = speed; c.particleSpeedRange = speedRange
        c.xAcceleration = accel.x; c.yAcceleration = accel.y
        c.particleAlpha = 1; c.particleAlphaRange = 0.2; c.particleAlphaSpeed = 0
        c.particleScale = scale; c.particleScaleRange = 0.2; c.particleScaleSpeed = 0
        c.particleColor = RGBA(0, 0, 0, 0)
        c.particleColorSequence = KeyframeSequence(keyframeValues: [RGBA(0.9689, 0.9699, 1.0, 1)], times: [0])
        c.particleColorBlendFactor = 1
        c.particleBlendMode = .alpha
        return Entry(file: file, config: c, p3Ramp: nil, textureSize: nil)
    }

    static var snow: Entry {
        snowLike(file: "Snow", birth: 2000, range: Vector2(363.44, 5), angle: 4.4482, angleRange: 0.349066,
                 speed: 260, speedRange: 500, accel: Vector2(0, -10), scale: 0.1)
    }

    static var blustery: Entry {
        snowLike(file: "Blustery", birth: 500, range: Vector2(500, 10), angle: 5.23599, angleRange: 0.436332,
                 speed: 300, speedRange: 400, accel: Vector2(45, 20), scale: 0.2)
    }

    static var rain: Entry {
        var c = base()
        c.particleBirthRate = 150
        c.particleLifetime = 10
        c.particlePositionRange = Vector2(242.3, 5)
        c.emissionAngle = 4.71925; c.emissionAngleRange = 0.0300022
        c.particleSpeed = 340; c.particleSpeedRange = 150
        c.yAcceleration = -150
        c.particleAlpha = 1; c.particleAlphaRange = 0.2
        c.particleScale = 0.08; c.particleScaleRange = 0.05
        c.particleColor = RGBA(0.545, 0.567, 1.0, 1)
        let keys = [P3Key(time: 0.0186, p3: (0.7058, 0.7276, 0.9710), alpha: 1, fallback: (0.641, 0.660, 0.988))]
        c.particleColorSequence = ramp(keys)
        c.particleColorBlendFactor = 1
        c.particleBlendMode = .alpha
        return Entry(file: "Rain", config: c, p3Ramp: keys, textureSize: nil)
    }

    static var magic: Entry {
        var c = base("star")
        c.particleBirthRate = 20
        c.particleLifetime = 0.5
        c.particlePositionRange = Vector2(25, 600)
        c.emissionAngle = 1.56; c.emissionAngleRange = 6.29
        c.particleSpeed = 0; c.particleSpeedRange = 20
        c.particleAlpha = 1; c.particleAlphaRange = 0.2; c.particleAlphaSpeed = -0.35
        c.particleScale = 0.01; c.particleScaleRange = 0; c.particleScaleSpeed = 0.45
        c.particleColor = RGBA(0.3496, 0.8837, 0.2930, 1)
        let keys = [
            P3Key(time: 0, p3: (0.7615, 0, 0.0743), alpha: 1, fallback: (0.784, 0, 0)),
            P3Key(time: 0.4666, p3: (0, 1, 0.0412), alpha: 1, fallback: (0, 1, 0)),
            P3Key(time: 1, p3: (0.9807, 1, 0), alpha: 1, fallback: (0.972, 1, 0)),
        ]
        c.particleColorSequence = ramp(keys)
        c.particleColorBlendFactor = 1
        c.particleBlendMode = .alpha
        return Entry(file: "Magic", config: c, p3Ramp: keys, textureSize: Vector2(151, 155))
    }

    static var all: [Entry] { [smoke, coffeeSteam, fire, snow, blustery, rain, magic] }

    // MARK: §1.12 proposals

    static var spark: EmitterConfig {
        var c = base()
        c.particleBirthRate = 800; c.numParticlesToEmit = 0
        c.particleLifetime = 1; c.particleLifetimeRange = 1
        c.emissionAngle = .pi / 2; c.emissionAngleRange = 2 * .pi
        c.particleSpeed = 300; c.particleSpeedRange = 200
        c.yAcceleration = -300
        c.particleAlpha = 1; c.particleAlphaRange = 0; c.particleAlphaSpeed = -1
        c.particleScale = 0.25; c.particleScaleRange = 0.2; c.particleScaleSpeed = -0.2
        c.particleColorSequence = KeyframeSequence(
            keyframeValues: [RGBA(1, 1, 1, 1), RGBA(1, 192.0 / 255, 0, 1), RGBA(1, 48.0 / 255, 0, 1)],
            times: [0, 0.5, 1])
        c.particleColorBlendFactor = 1
        c.particleBlendMode = .add
        return c
    }

    static var bokeh: EmitterConfig {
        var c = base("bokeh")
        c.particleBirthRate = 3
        c.particleLifetime = 8; c.particleLifetimeRange = 4
        c.particlePositionRange = Vector2(400, 400)
        c.emissionAngle = .pi / 2; c.emissionAngleRange = 2 * .pi
        c.particleSpeed = 10; c.particleSpeedRange = 10
        c.particleAlphaSequence = KeyframeSequence(keyframeValues: [0, 0.5, 0], times: [0, 0.5, 1])
        c.particleScale = 1; c.particleScaleRange = 1; c.particleScaleSpeed = 0
        c.particleColor = .white
        c.particleColorRedRange = 1; c.particleColorGreenRange = 1; c.particleColorBlueRange = 1
        c.particleColorBlendFactor = 1
        c.particleBlendMode = .add
        return c
    }

    static var fireflies: EmitterConfig {
        var c = base()
        c.particleBirthRate = 8
        c.particleLifetime = 6; c.particleLifetimeRange = 4
        c.particlePositionRange = Vector2(300, 300)
        c.emissionAngle = .pi / 2; c.emissionAngleRange = 2 * .pi
        c.particleSpeed = 20; c.particleSpeedRange = 20
        c.particleAlphaSequence = KeyframeSequence(keyframeValues: [0, 1, 0], times: [0, 0.5, 1])
        c.particleScale = 0.25; c.particleScaleRange = 0.15; c.particleScaleSpeed = 0
        c.particleColor = RGBA(0xD7 / 255.0, 1, 0x4D / 255.0, 1)
        c.particleColorBlendFactor = 1
        c.particleBlendMode = .add
        return c
    }

    static var presets: [(file: String, config: EmitterConfig)] {
        [("Spark", spark), ("Bokeh", bokeh), ("Fireflies", fireflies)]
    }

    /// Writes the archive form of an entry (P3 ramps as Xcode stores them).
    static func archive(_ e: Entry, _ b: ArchiveBuilder, form: ArchiveBuilder.P3Form = .spaceID) -> [String: Any] {
        let colorValues: [Any]? = e.p3Ramp.map { keys in
            keys.map { b.colorP3($0.p3.0, $0.p3.1, $0.p3.2, $0.alpha, fallback: $0.fallback, form: form) }
        }
        let tex = b.texture(e.config.particleTexture, size: e.textureSize.map { ($0.x, $0.y) })
        return b.emitter(e.config, texture: tex, colorValues: colorValues)
    }

    static var effectsFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/Effects")
    }
}
