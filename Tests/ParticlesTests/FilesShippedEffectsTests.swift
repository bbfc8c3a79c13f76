import Foundation
import XCTest
@testable import Particles

/// `Resources/Effects/*.json`: the seven chapter 15 files (spec 05 §2, file values before code overrides) and the
/// three template proposals (§1.12).
///
/// When the canonical encoding changes on purpose, the encoding test writes the new files to a temporary folder and
/// names it in its failure message: copy them over `Resources/Effects/`.
final class FilesShippedEffectsTests: XCTestCase {
    static let folder = SpecEffects.effectsFolder

    /// The files the spec asks for, typed in again: §2's seven and §1.12's three presets.
    static let shippedNames = ["Blustery", "Bokeh", "CoffeeSteam", "Fire", "Fireflies", "Magic", "Rain", "Smoke", "Snow", "Spark"]

    static func expectedFiles() -> [(name: String, data: Data)] {
        SpecEffects.all.map { e in
            (e.file + ".json", EffectJSON.encode(LoadedEmitter(config: e.config, textureSize: e.textureSize)))
        } + SpecEffects.presets.map { ($0.file + ".json", EffectJSON.encode($0.config)) }
    }

    /// The `.json` files actually in the folder, sorted.
    func shippedFiles() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Self.folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    func testTheFolderHoldsExactlyTheSpecFiles() throws {
        XCTAssertEqual(try shippedFiles().map { $0.deletingPathExtension().lastPathComponent }, Self.shippedNames)
        XCTAssertEqual(Self.expectedFiles().map(\.name).sorted(), Self.shippedNames.map { $0 + ".json" })
    }

    func testShippedFilesAreTheCanonicalEncoding() throws {
        let proposals = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-effects")
        for f in Self.expectedFiles() {
            let url = Self.folder.appendingPathComponent(f.name)
            let data = try Data(contentsOf: url)
            if data != f.data {
                try FileManager.default.createDirectory(at: proposals, withIntermediateDirectories: true)
                try f.data.write(to: proposals.appendingPathComponent(f.name))
            }
            XCTAssertEqual(String(decoding: data, as: UTF8.self), String(decoding: f.data, as: UTF8.self),
                           "\(f.name): the canonical encoding is in \(proposals.path)/\(f.name)")
            let r = try ParticleFile.load(url)
            XCTAssertEqual(r.warnings, [], f.name)
            XCTAssertEqual(r.emitters.count, 1, f.name)
        }
    }

    /// Each shipped file, loaded and run at 60 Hz from empty (seeded) until its oldest possible particle has died once:
    /// the live count settles at birthRate × mean lifetime (typed in here: spec 05 §1.11 for the seven, §1.12's numbers
    /// for the presets), and every live particle
    /// has the lifetime, spawn point and closed-form motion (§1.4, §1.6) that the file's numbers give.
    func testEveryShippedFileSimulatesToItsSteadyState() throws {
        // name: live particles, tolerance (±1 for the accumulator when lifetimes are fixed; a few σ of the
        // binomial spread for the presets whose lifetimes vary).
        let steady: [String: (live: Double, tolerance: Double)] = [
            "Smoke": (40, 1), "CoffeeSteam": (304, 1), "Fire": (1138.2, 1), "Snow": (20_000, 1), "Blustery": (5_000, 1),
            "Rain": (1_500, 1), "Magic": (10, 1), "Spark": (800, 48), "Bokeh": (24, 6), "Fireflies": (48, 10),
        ]
        let files = try shippedFiles()
        XCTAssertEqual(files.count, steady.count)
        for url in files {
            let name = url.deletingPathExtension().lastPathComponent
            let r = try ParticleFile.load(url)
            XCTAssertEqual(r.warnings, [], name)
            guard let c = r.emitters.first?.config, let expected = steady[name] else {
                XCTFail("\(name): no emitter, or not a file of the spec"); continue
            }
            let e = ParticleEmitter(config: c, seed: 42)
            let longest = c.particleLifetime + c.particleLifetimeRange / 2
            e.advanceSimulationTime(longest + 1)
            XCTAssertEqual(Double(e.particleCount), expected.live, accuracy: expected.tolerance, "\(name): live particles")
            let states = e.states
            XCTAssertFalse(states.isEmpty, name)
            var wrong: [String] = []
            for s in states {
                let a = s.age
                if !(a >= 0 && a < s.lifetime) { wrong.append("age \(a) of \(s.lifetime)") }
                if abs(s.lifetime - c.particleLifetime) > c.particleLifetimeRange / 2 + 1e-9 { wrong.append("lifetime \(s.lifetime)") }
                let p0 = s.initialPosition, v0 = s.initialVelocity
                if abs(p0.x - c.particlePosition.x) > c.particlePositionRange.x / 2 + 1e-9
                    || abs(p0.y - c.particlePosition.y) > c.particlePositionRange.y / 2 + 1e-9 {
                    wrong.append("spawn \(p0)")
                }
                // pos(a) = p0 + v0·a + ½·acc·a², with the file's acceleration.
                let x = p0.x + v0.x * a + c.xAcceleration * a * a / 2, y = p0.y + v0.y * a + c.yAcceleration * a * a / 2
                if abs(s.position.x - x) > 1e-6 || abs(s.position.y - y) > 1e-6 { wrong.append("position \(s.position) ≠ (\(x), \(y))") }
                if wrong.count > 3 { break }
            }
            XCTAssertEqual(wrong, [], name)
        }
    }

    func load(_ name: String) throws -> LoadedEmitter {
        let r = try ParticleFile.load(Self.folder.appendingPathComponent(name + ".json"))
        XCTAssertEqual(r.warnings, [], name)
        return r.emitters[0]
    }

    func hex(_ c: RGBA) -> String {
        String(format: "#%02X%02X%02X", Int((c.r * 255).rounded()), Int((c.g * 255).rounded()), Int((c.b * 255).rounded()))
    }

    /// The numbers of spec 05 §2, typed in again (independently of SpecEffects).
    func testTheSevenFilesCarryTheSpecNumbers() throws {
        struct Row {
            var file: String, texture: String, birth: Double, life: Double, range: Vector2, angle: Double, angleRange: Double
            var speed: Double, speedRange: Double, accel: Vector2, alpha: (Double, Double, Double)
            var scale: (Double, Double, Double), rotation: (Double, Double, Double), factor: (Double, Double, Double)
            var blend: ParticleBlendMode
        }
        let rows = [
            Row(file: "Smoke", texture: "spark", birth: 10, life: 4, range: Vector2(4, 5), angle: 1.56, angleRange: 0.35,
                speed: 16, speedRange: 28, accel: Vector2(0, 10), alpha: (0.4, 0.3, -0.15), scale: (0.5, 0.3, 0.5),
                rotation: (0, 6.28, 3), factor: (1, 0, 0), blend: .alpha),
            Row(file: "CoffeeSteam", texture: "spark", birth: 38, life: 8, range: Vector2(40, 5), angle: 1.56, angleRange: 0.35,
                speed: 40, speedRange: 40, accel: Vector2(0, 10), alpha: (0.4, 0.3, -0.15), scale: (0.2, 0.3, 0.5),
                rotation: (0, 6.28, 3), factor: (2, 0, 4), blend: .screen),
            Row(file: "Fire", texture: "spark", birth: 455.28, life: 2.5, range: Vector2(55.65, 5), angle: 1.56, angleRange: 0.35,
                speed: 100, speedRange: 50, accel: Vector2(0, 0), alpha: (0.8, 0.2, -0.45), scale: (0.5, 0.4, -0.5),
                rotation: (0, 0, 0), factor: (1, 0, 0), blend: .add),
            Row(file: "Snow", texture: "spark", birth: 2000, life: 10, range: Vector2(363.44, 5), angle: 4.4482, angleRange: 0.349066,
                speed: 260, speedRange: 500, accel: Vector2(0, -10), alpha: (1, 0.2, 0), scale: (0.1, 0.2, 0),
                rotation: (0, 0, 0), factor: (1, 0, 0), blend: .alpha),
            Row(file: "Blustery", texture: "spark", birth: 500, life: 10, range: Vector2(500, 10), angle: 5.23599, angleRange: 0.436332,
                speed: 300, speedRange: 400, accel: Vector2(45, 20), alpha: (1, 0.2, 0), scale: (0.2, 0.2, 0),
                rotation: (0, 0, 0), factor: (1, 0, 0), blend: .alpha),
            Row(file: "Rain", texture: "spark", birth: 150, life: 10, range: Vector2(242.3, 5), angle: 4.71925, angleRange: 0.0300022,
                speed: 340, speedRange: 150, accel: Vector2(0, -150), alpha: (1, 0.2, 0), scale: (0.08, 0.05, 0),
                rotation: (0, 0, 0), factor: (1, 0, 0), blend: .alpha),
            Row(file: "Magic", texture: "star", birth: 20, life: 0.5, range: Vector2(25, 600), angle: 1.56, angleRange: 6.29,
                speed: 0, speedRange: 20, accel: Vector2(0, 0), alpha: (1, 0.2, -0.35), scale: (0.01, 0, 0.45),
                rotation: (0, 0, 0), factor: (1, 0, 0), blend: .alpha),
        ]
        for r in rows {
            let c = try load(r.file).config
            XCTAssertEqual(c.particleTexture, r.texture, r.file)
            XCTAssertEqual(c.particleBirthRate, r.birth, r.file)
            XCTAssertEqual(c.numParticlesToEmit, 0, r.file)
            XCTAssertEqual(c.particleLifetime, r.life, r.file)
            XCTAssertEqual(c.particleLifetimeRange, 0, r.file)
            XCTAssertEqual(c.particlePositionRange, r.range, r.file)
            XCTAssertEqual(c.particlePosition, .zero, r.file)
            XCTAssertEqual(c.particleSize, .zero, r.file)
            XCTAssertEqual(c.emissionAngle, r.angle, r.file)
            XCTAssertEqual(c.emissionAngleRange, r.angleRange, r.file)
            XCTAssertEqual(c.particleSpeed, r.speed, r.file)
            XCTAssertEqual(c.particleSpeedRange, r.speedRange, r.file)
            XCTAssertEqual(Vector2(c.xAcceleration, c.yAcceleration), r.accel, r.file)
            XCTAssertEqual(c.particleAlpha, r.alpha.0, r.file)
            XCTAssertEqual(c.particleAlphaRange, r.alpha.1, r.file)
            XCTAssertEqual(c.particleAlphaSpeed, r.alpha.2, r.file)
            XCTAssertEqual(c.particleScale, r.scale.0, r.file)
            XCTAssertEqual(c.particleScaleRange, r.scale.1, r.file)
            XCTAssertEqual(c.particleScaleSpeed, r.scale.2, r.file)
            XCTAssertEqual(c.particleRotation, r.rotation.0, r.file)
            XCTAssertEqual(c.particleRotationRange, r.rotation.1, r.file)
            XCTAssertEqual(c.particleRotationSpeed, r.rotation.2, r.file)
            XCTAssertEqual(c.particleColorBlendFactor, r.factor.0, r.file)
            XCTAssertEqual(c.particleColorBlendFactorRange, r.factor.1, r.file)
            XCTAssertEqual(c.particleColorBlendFactorSpeed, r.factor.2, r.file)
            XCTAssertEqual(c.particleBlendMode, r.blend, r.file)
            XCTAssertEqual(c.fieldBitMask, 0, r.file)
            XCTAssertNil(c.name, r.file)
            XCTAssertNil(c.particleAlphaSequence, r.file)
            XCTAssertNil(c.particleScaleSequence, r.file)
            XCTAssertNil(c.particleSpeedSequence, r.file)
            XCTAssertNil(c.particleRotationSequence, r.file)
            XCTAssertNil(c.particleColorBlendFactorSequence, r.file)
        }
        // Colours
        XCTAssertEqual(try load("Smoke").config.particleColor, RGBA(0.1101, 0.1116, 0.1055, 1))
        XCTAssertNil(try load("Smoke").config.particleColorSequence)
        XCTAssertEqual(try load("Fire").config.particleColor, RGBA(0.3049, 0.1302, 0.0232, 1))
        XCTAssertEqual(hex(try load("Fire").config.particleColor), "#4E2106")
        XCTAssertNil(try load("Fire").config.particleColorSequence)

        let coffee = try load("CoffeeSteam").config
        XCTAssertEqual(coffee.particleColor, RGBA(0.1101, 0.1116, 0.1055, 1))
        let cramp = try XCTUnwrap(coffee.particleColorSequence)
        XCTAssertEqual(cramp.keyframeTimes, [0, 0.7437])
        XCTAssertEqual(cramp.keyframeValues.map(hex), ["#DEE2D5", "#262829"])
        XCTAssertEqual(cramp.keyframeValues.map(\.a), [0.5, 0.6496])
        XCTAssertEqual(cramp.interpolationMode, .linear)
        XCTAssertEqual(cramp.repeatMode, .clamp)

        for name in ["Snow", "Blustery"] {
            let c = try load(name).config
            XCTAssertEqual(c.particleColor, RGBA(0, 0, 0, 0), name)
            XCTAssertEqual(c.particleColorSequence?.keyframeTimes, [0], name)
            XCTAssertEqual(c.particleColorSequence?.keyframeValues, [RGBA(0.9689, 0.9699, 1.0, 1)], name)
            XCTAssertEqual(c.particleColorSequence.map { hex($0.keyframeValues[0]) }, "#F7F7FF", name)
        }

        let rain = try load("Rain").config
        XCTAssertEqual(rain.particleColor, RGBA(0.545, 0.567, 1.0, 1))
        XCTAssertEqual(rain.particleColorSequence?.keyframeTimes, [0.0186])
        XCTAssertEqual(rain.particleColorSequence.map { hex($0.keyframeValues[0]) }, "#B3BAFD")

        let magic = try load("Magic")
        XCTAssertEqual(magic.config.particleColor, RGBA(0.3496, 0.8837, 0.2930, 1))
        XCTAssertEqual(magic.config.particleColorSequence?.keyframeTimes, [0, 0.4666, 1])
        XCTAssertEqual(magic.config.particleColorSequence?.keyframeValues.map(hex), ["#D50000", "#00FF00", "#F9FF00"])
        XCTAssertEqual(magic.textureSize, Vector2(151, 155))
    }

    func testTheSevenFilesEqualTheSpecArchivesLoadedFromSKS() throws {
        for e in SpecEffects.all {
            let b = ArchiveBuilder()
            let fromSKS = try SKSFile.load(data: b.binaryData(root: SpecEffects.archive(e, b)), name: e.file + ".sks")
            let shipped = try ParticleFile.load(Self.folder.appendingPathComponent(e.file + ".json"))
            XCTAssertEqual(shipped.emitters, fromSKS.emitters, e.file)
        }
    }

    func testTemplatePresets() throws {
        let spark = try load("Spark").config
        XCTAssertEqual(spark.particleTexture, "spark")
        XCTAssertEqual(spark.particleBirthRate, 800)
        XCTAssertEqual(spark.particleLifetime, 1); XCTAssertEqual(spark.particleLifetimeRange, 1)
        XCTAssertEqual(spark.emissionAngle, .pi / 2); XCTAssertEqual(spark.emissionAngleRange, 2 * .pi)
        XCTAssertEqual(spark.particleSpeed, 300); XCTAssertEqual(spark.particleSpeedRange, 200)
        XCTAssertEqual(spark.yAcceleration, -300)
        XCTAssertEqual(spark.particleAlphaSpeed, -1)
        XCTAssertEqual([spark.particleScale, spark.particleScaleRange, spark.particleScaleSpeed], [0.25, 0.2, -0.2])
        XCTAssertEqual(spark.particleColorSequence?.keyframeValues.map(hex), ["#FFFFFF", "#FFC000", "#FF3000"])
        XCTAssertEqual(spark.particleBlendMode, .add)
        XCTAssertEqual(spark.particleColorBlendFactor, 1)

        let bokeh = try load("Bokeh").config
        XCTAssertEqual(bokeh.particleTexture, "bokeh")
        XCTAssertEqual(bokeh.particleBirthRate, 3)
        XCTAssertEqual(bokeh.particleLifetime, 8); XCTAssertEqual(bokeh.particleLifetimeRange, 4)
        XCTAssertEqual(bokeh.particlePositionRange, Vector2(400, 400))
        XCTAssertEqual(bokeh.particleAlphaSequence?.keyframeValues, [0, 0.5, 0])
        XCTAssertEqual([bokeh.particleColorRedRange, bokeh.particleColorGreenRange, bokeh.particleColorBlueRange], [1, 1, 1])
        XCTAssertEqual(bokeh.particleBlendMode, .add)

        let flies = try load("Fireflies").config
        XCTAssertEqual(flies.particleBirthRate, 8)
        XCTAssertEqual(flies.particleLifetime, 6); XCTAssertEqual(flies.particleLifetimeRange, 4)
        XCTAssertEqual(flies.particlePositionRange, Vector2(300, 300))
        XCTAssertEqual(flies.particleSpeed, 20); XCTAssertEqual(flies.particleSpeedRange, 20)
        XCTAssertEqual(flies.particleAlphaSequence?.keyframeValues, [0, 1, 0])
        XCTAssertEqual([flies.particleScale, flies.particleScaleRange], [0.25, 0.15])
        XCTAssertEqual(hex(flies.particleColor), "#D7FF4D")
        XCTAssertEqual(flies.particleBlendMode, .add)
    }
}
