import Foundation
import XCTest
@testable import Particles

/// Our JSON effect format (`EffectJSON`) and the `ParticleFile` entry point.
final class FilesJSONTests: XCTestCase {
    func decode(_ text: String, name: String = "Test.json") throws -> LoadResult {
        try EffectJSON.decode(Data(text.utf8), name: name)
    }

    func assertError(_ text: String, _ problem: ParticleFileError.Problem, mentions: String? = nil,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try decode(text, name: "Bad.json"), file: file, line: line) { error in
            guard let e = error as? ParticleFileError else { return XCTFail("\(error)", file: file, line: line) }
            XCTAssertEqual(e.problem, problem, e.description, file: file, line: line)
            XCTAssertTrue(e.description.hasPrefix("Bad.json: "), e.description, file: file, line: line)
            if let m = mentions { XCTAssertTrue(e.description.contains(m), e.description, file: file, line: line) }
        }
    }

    static let everyField = """
    {
      "name": "everything",
      "particleTexture": "spark",
      "particleSize": {"width": 12, "height": 14},
      "particleBirthRate": 123.5,
      "numParticlesToEmit": 777,
      "particleRenderOrder": "oldestFirst",
      "particleLifetime": 3.25,
      "particleLifetimeRange": 0.75,
      "particlePosition": {"x": 1.5, "y": -2.5},
      "particlePositionRange": {"x": 55.65, "y": 5},
      "emissionAngle": 1.56,
      "emissionAngleRange": 0.35,
      "particleSpeed": 16,
      "particleSpeedRange": 28,
      "particleSpeedSequence": {"keyframeValues": [10, 20], "keyframeTimes": [0, 1], "interpolationMode": "spline"},
      "xAcceleration": -3.5,
      "yAcceleration": 10,
      "particleAlpha": 0.4,
      "particleAlphaRange": 0.3,
      "particleAlphaSpeed": -0.15,
      "particleAlphaSequence": {"keyframeValues": [0, 0.5, 0], "keyframeTimes": [0, 0.5, 1]},
      "particleScale": 0.5,
      "particleScaleRange": 0.3,
      "particleScaleSpeed": 0.5,
      "particleScaleSequence": {"keyframeValues": [1, 2], "keyframeTimes": [0.1, 0.9], "interpolationMode": 3, "repeatMode": "loop"},
      "particleRotation": 0.25,
      "particleRotationRange": 6.28,
      "particleRotationSpeed": 3,
      "particleRotationSequence": {"keyframeValues": [0, 3.14], "keyframeTimes": [0, 1], "repeatMode": 1},
      "particleColorBlendFactor": 2,
      "particleColorBlendFactorRange": 0.1,
      "particleColorBlendFactorSpeed": 4,
      "particleColorBlendFactorSequence": {"keyframeValues": [1], "keyframeTimes": [0]},
      "particleColor": {"r": 0.1101, "g": 0.1116, "b": 0.1055, "a": 0.9},
      "particleColorRedRange": 0.01,
      "particleColorGreenRange": 0.02,
      "particleColorBlueRange": 0.03,
      "particleColorAlphaRange": 0.04,
      "particleColorRedSpeed": -0.1,
      "particleColorGreenSpeed": -0.2,
      "particleColorBlueSpeed": -0.3,
      "particleColorAlphaSpeed": -0.4,
      "particleColorSequence": {"keyframeValues": [{"r": 1, "g": 0.5, "b": 0.25, "a": 0.5}, "#0020FF"],
                                "keyframeTimes": [0, 0.7437], "interpolationMode": "linear", "repeatMode": "clamp"},
      "particleBlendMode": "screen",
      "fieldBitMask": 4294967295
    }
    """

    func testEveryField() throws {
        let r = try decode(Self.everyField)
        XCTAssertEqual(r.warnings, [])
        var expected = FilesSKSTests.richConfig
        expected.name = "everything"
        expected.particleRenderOrder = .oldestFirst
        expected.particleColorSequence!.keyframeValues[1] = RGBA(0, 32.0 / 255, 1, 1)
        XCTAssertEqual(r.configs, [expected])
    }

    func testMissingFieldsTakeSpriteKitDefaults() throws {
        let r = try decode("{}")
        XCTAssertEqual(r.configs, [EmitterConfig()])
        XCTAssertEqual(r.warnings, [])
        let c = r.configs[0]
        XCTAssertEqual(c.particleAlpha, 1)
        XCTAssertEqual(c.particleScale, 1)
        XCTAssertEqual(c.particleColor, .white)
        XCTAssertEqual(c.particleBlendMode, .alpha)
        XCTAssertEqual(c.particleRenderOrder, .oldestLast)
    }

    func testBlendModeByNameOrNumber() throws {
        let names = ["alpha", "add", "subtract", "multiply", "multiplyX2", "screen", "replace", "multiplyAlpha"]
        for (raw, name) in names.enumerated() {
            XCTAssertEqual(try decode("{\"particleBlendMode\": \"\(name)\"}").configs[0].particleBlendMode.rawValue, raw)
            XCTAssertEqual(try decode("{\"particleBlendMode\": \"\(name.uppercased())\"}").configs[0].particleBlendMode.rawValue, raw)
            XCTAssertEqual(try decode("{\"particleBlendMode\": \(raw)}").configs[0].particleBlendMode.rawValue, raw)
        }
        // Written as names.
        var c = EmitterConfig(); c.particleBlendMode = .multiplyX2
        XCTAssertTrue(String(decoding: EffectJSON.encode(c), as: UTF8.self).contains("\"particleBlendMode\": \"multiplyX2\""))
        assertError("{\"particleBlendMode\": \"sparkly\"}", .malformedValue(key: "particleBlendMode"), mentions: "sparkly")
        assertError("{\"particleBlendMode\": 9}", .malformedValue(key: "particleBlendMode"))
        assertError("{\"particleBlendMode\": true}", .wrongType(key: "particleBlendMode"))
    }

    func testHexColours() throws {
        func color(_ s: String) throws -> RGBA { try decode("{\"particleColor\": \"\(s)\"}").configs[0].particleColor }
        XCTAssertEqual(try color("#FF8000"), RGBA(1, 128.0 / 255, 0, 1))
        XCTAssertEqual(try color("#ff800080"), RGBA(1, 128.0 / 255, 0, 128.0 / 255))
        XCTAssertEqual(try color("#F80"), RGBA(1, 136.0 / 255, 0, 1))
        XCTAssertEqual(try color("#F808"), RGBA(1, 136.0 / 255, 0, 136.0 / 255))
        XCTAssertEqual(try decode("{\"particleColor\": {\"r\": 0.5, \"g\": 0.25, \"b\": 1}}").configs[0].particleColor,
                       RGBA(0.5, 0.25, 1, 1))
        assertError("{\"particleColor\": \"#12345\"}", .malformedValue(key: "particleColor"))
        assertError("{\"particleColor\": \"red\"}", .malformedValue(key: "particleColor"))
        assertError("{\"particleColor\": {\"r\": 1}}", .malformedValue(key: "particleColor"))
        assertError("{\"particleColor\": 7}", .wrongType(key: "particleColor"))
        // Colours are written as objects.
        var c = EmitterConfig(); c.particleColor = RGBA(1, 0.5, 0, 1)
        XCTAssertTrue(String(decoding: EffectJSON.encode(c), as: UTF8.self)
            .contains("\"particleColor\": {\"a\": 1, \"b\": 0, \"g\": 0.5, \"r\": 1}"))
    }

    func testVectorSpellings() throws {
        for text in ["{\"x\": 3, \"y\": 4}", "{\"dx\": 3, \"dy\": 4}", "{\"width\": 3, \"height\": 4}", "[3, 4]"] {
            let r = try decode("{\"particlePositionRange\": \(text), \"particleSize\": \(text)}")
            XCTAssertEqual(r.configs[0].particlePositionRange, Vector2(3, 4), text)
            XCTAssertEqual(r.configs[0].particleSize, Vector2(3, 4), text)
            XCTAssertEqual(r.warnings, [], text)
        }
        assertError("{\"particlePosition\": [1]}", .malformedValue(key: "particlePosition"))
        assertError("{\"particlePosition\": {\"x\": 1}}", .malformedValue(key: "particlePosition"))
        assertError("{\"particlePosition\": \"{1, 2}\"}", .wrongType(key: "particlePosition"))
    }

    func testUnknownFieldsGiveOneWarning() throws {
        let r = try decode("{\"particleBirthRate\": 5, \"sparkle\": true, \"particleColour\": \"#FFF\", \"particleColor\": {\"r\": 1, \"g\": 1, \"b\": 1, \"hue\": 3}}")
        XCTAssertEqual(r.configs[0].particleBirthRate, 5)
        XCTAssertEqual(r.warnings.count, 1)
        XCTAssertEqual(r.warnings.first, "Test.json: unknown fields ignored: particleColour, sparkle, particleColor.hue")
    }

    func testWrongTypesNameTheField() {
        assertError("{\"particleBirthRate\": \"fast\"}", .wrongType(key: "particleBirthRate"), mentions: "`particleBirthRate`")
        assertError("{\"particleLifetime\": true}", .wrongType(key: "particleLifetime"))
        assertError("{\"particleLifetime\": null}", .wrongType(key: "particleLifetime"))
        assertError("{\"numParticlesToEmit\": 1.5}", .malformedValue(key: "numParticlesToEmit"))
        assertError("{\"numParticlesToEmit\": \"3\"}", .wrongType(key: "numParticlesToEmit"))
        assertError("{\"fieldBitMask\": -1}", .malformedValue(key: "fieldBitMask"))
        assertError("{\"particleTexture\": 3}", .wrongType(key: "particleTexture"))
        assertError("{\"name\": []}", .wrongType(key: "name"))
        assertError("{\"particleAlphaSequence\": [0, 1]}", .wrongType(key: "particleAlphaSequence"))
        assertError("{\"particleAlphaSequence\": {\"keyframeValues\": [0, \"x\"], \"keyframeTimes\": [0, 1]}}",
                    .wrongType(key: "particleAlphaSequence.keyframeValues[1]"))
        assertError("{\"particleAlphaSequence\": {\"keyframeValues\": [0, 1], \"keyframeTimes\": [0]}}",
                    .malformedValue(key: "particleAlphaSequence"))
        assertError("{\"particleAlphaSequence\": {\"keyframeValues\": [0]}}", .malformedValue(key: "particleAlphaSequence"))
        assertError("{\"particleColorSequence\": {\"keyframeValues\": [0.5], \"keyframeTimes\": [0]}}",
                    .wrongType(key: "particleColorSequence.keyframeValues[0]"))
        assertError("{\"particleColorSequence\": {\"keyframeValues\": [\"#FFF\"], \"keyframeTimes\": [0], \"repeatMode\": \"bounce\"}}",
                    .malformedValue(key: "particleColorSequence.repeatMode"))
        assertError("[{\"particleBirthRate\": 1}, {\"particleSpeed\": {}}]", .wrongType(key: "[1].particleSpeed"))
    }

    func testNotJSONAndNotAnEmitter() {
        assertError("{\"particleBirthRate\": 5,}", .notJSON)
        assertError("{\"particleBirthRate\": 5", .notJSON, mentions: "line 1")
        assertError("{\"a\": 1, \"a\": 2}", .notJSON, mentions: "twice")
        assertError("", .notJSON)
        assertError("\"spark\"", .noEmitter)
        assertError("[]", .noEmitter)
        assertError("[1]", .wrongType(key: "[0]"))
        assertError(String(repeating: "[", count: 600) + String(repeating: "]", count: 600), .notJSON, mentions: "nested")
    }

    func testNonFiniteAndAbsurdValuesAreSanitisedWithOneWarning() throws {
        let r = try decode("""
        {"particleBirthRate": 1e9, "particleLifetime": 10, "particleSpeed": "NaN", "xAcceleration": 1e400,
         "particleAlpha": "-Infinity"}
        """)
        let c = r.configs[0]
        XCTAssertEqual(c.particleBirthRate * c.particleLifetime, EmitterSanitizer.maxLiveParticles, accuracy: 1e-6)
        XCTAssertEqual(c.particleSpeed, 0)
        XCTAssertEqual(c.xAcceleration, 0)
        XCTAssertEqual(c.particleAlpha, 1)
        XCTAssertEqual(r.warnings.count, 1)
        XCTAssertTrue(r.warnings[0].hasPrefix("Test.json: absurd values sanitised: "), r.warnings[0])
        XCTAssertTrue(r.warnings[0].contains("particleBirthRate"), r.warnings[0])
    }

    func testNonFiniteNumbersAreWrittenAsStrings() throws {
        var c = EmitterConfig(); c.particleSpeed = .nan; c.xAcceleration = -.infinity
        let text = String(decoding: EffectJSON.encode(c), as: UTF8.self)
        XCTAssertTrue(text.contains("\"particleSpeed\": \"NaN\""))
        XCTAssertTrue(text.contains("\"xAcceleration\": \"-Infinity\""))
        let back = try EffectJSON.decode(Data(text.utf8), name: "N.json")
        XCTAssertEqual(back.configs[0].particleSpeed, 0)
        XCTAssertEqual(back.warnings.count, 1)
    }

    // MARK: Round trips and stability

    func testRoundTripIsExactAndStable() throws {
        // Seeded: the random configurations are the same on every run, so a failure can be replayed.
        var rng = SeededRandom(seed: 20_240_915)
        for run in 0..<50 {
            var c = FilesSKSTests.richConfig
            for (_, path, _) in EmitterSanitizer.doubleFields {
                c[keyPath: path] = Double.random(in: -1000...1000, using: &rng)
            }
            c.particleBirthRate = Double.random(in: 0...100, using: &rng)
            c.particleLifetime = Double.random(in: 0...10, using: &rng)
            c.particleLifetimeRange = Double.random(in: 0...10, using: &rng)
            c.particleSize = Vector2(Double.random(in: 0...100, using: &rng), 1e-7)
            c.particleColorSequence!.keyframeValues[0] = RGBA(.random(in: 0...1, using: &rng), .random(in: 0...1, using: &rng),
                                                              .random(in: 0...1, using: &rng), 0.1)
            let data = EffectJSON.encode(c)
            let back = try EffectJSON.decode(data, name: "R.json")
            XCTAssertEqual(back.configs, [c], "run \(run)")
            XCTAssertEqual(back.warnings, [], "run \(run)")
            XCTAssertEqual(EffectJSON.encode(back.configs[0]), data, "run \(run)")
        }
    }

    func testOutputIsPrettySortedAndStable() throws {
        let rich = EffectJSON.encode(FilesSKSTests.richConfig)
        let text = String(decoding: rich, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"emissionAngle\": 1.56,\n"))
        XCTAssertTrue(text.hasSuffix("}\n"))
        let keys = text.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map { $0.split(separator: "\"")[1] }
        XCTAssertEqual(keys, keys.sorted())
        XCTAssertEqual(keys.count, 45)   // every EmitterConfig property, sequences included

        // Stable: the bytes depend on the configuration only, not on the order its fields were read in. The same
        // members in a shuffled order (seeded) read back to the same config and write the same bytes.
        var members: [String] = []
        for line in text.split(separator: "\n").dropFirst().dropLast() {
            if line.hasPrefix("  \"") { members.append(String(line)) } else { members[members.count - 1] += "\n" + line }
        }
        members = members.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
        XCTAssertEqual(members.count, 45)
        var rng = SeededRandom(seed: 7)
        for _ in 0..<5 {
            let shuffled = members.shuffled(using: &rng)
            XCTAssertNotEqual(shuffled, members)
            let back = try decode("{\n" + shuffled.joined(separator: ",\n") + "\n}\n", name: "Shuffled.json")
            XCTAssertEqual(back.configs, [FilesSKSTests.richConfig])
            XCTAssertEqual(EffectJSON.encode(back.configs[0]), rich)
        }
    }

    /// The exact text for one small configuration: two-space indents, sorted keys, leaf objects and number arrays
    /// inline, whole numbers without ".0", −0 as 0, shortest round-tripping decimals, defaults written out.
    func testTheExactTextOfOneEffect() throws {
        var c = EmitterConfig()
        c.name = "golden"
        c.particleTexture = "spark"
        c.particleBirthRate = 0.1
        c.particleLifetime = 3
        c.particleSpeed = -0.0
        c.xAcceleration = 0.1 + 0.2   // 0.30000000000000004: all 17 digits are needed to read it back
        c.yAcceleration = -2.5e-7
        c.fieldBitMask = 0xFFFF_FFFF
        c.particleBlendMode = .multiplyX2
        c.particleColor = RGBA(1, 0.5, 0, 1)
        c.particleColorSequence = KeyframeSequence(keyframeValues: [RGBA(1, 1, 1, 1), RGBA(0.25, 0.5, 0.75, 0)], times: [0, 1])
        c.particleAlphaSequence = KeyframeSequence(keyframeValues: [0, 1, 0], times: [0, 0.5, 1], interpolationMode: .step,
                                                   repeatMode: .loop)
        let expected = """
        {
          "emissionAngle": 0,
          "emissionAngleRange": 0,
          "fieldBitMask": 4294967295,
          "name": "golden",
          "numParticlesToEmit": 0,
          "particleAlpha": 1,
          "particleAlphaRange": 0,
          "particleAlphaSequence": {
            "interpolationMode": "step",
            "keyframeTimes": [0, 0.5, 1],
            "keyframeValues": [0, 1, 0],
            "repeatMode": "loop"
          },
          "particleAlphaSpeed": 0,
          "particleBirthRate": 0.1,
          "particleBlendMode": "multiplyX2",
          "particleColor": {"a": 1, "b": 0, "g": 0.5, "r": 1},
          "particleColorAlphaRange": 0,
          "particleColorAlphaSpeed": 0,
          "particleColorBlendFactor": 0,
          "particleColorBlendFactorRange": 0,
          "particleColorBlendFactorSpeed": 0,
          "particleColorBlueRange": 0,
          "particleColorBlueSpeed": 0,
          "particleColorGreenRange": 0,
          "particleColorGreenSpeed": 0,
          "particleColorRedRange": 0,
          "particleColorRedSpeed": 0,
          "particleColorSequence": {
            "interpolationMode": "linear",
            "keyframeTimes": [0, 1],
            "keyframeValues": [
              {"a": 1, "b": 1, "g": 1, "r": 1},
              {"a": 0, "b": 0.75, "g": 0.5, "r": 0.25}
            ],
            "repeatMode": "clamp"
          },
          "particleLifetime": 3,
          "particleLifetimeRange": 0,
          "particlePosition": {"x": 0, "y": 0},
          "particlePositionRange": {"x": 0, "y": 0},
          "particleRenderOrder": "oldestLast",
          "particleRotation": 0,
          "particleRotationRange": 0,
          "particleRotationSpeed": 0,
          "particleScale": 1,
          "particleScaleRange": 0,
          "particleScaleSpeed": 0,
          "particleSize": {"height": 0, "width": 0},
          "particleSpeed": 0,
          "particleSpeedRange": 0,
          "particleTexture": "spark",
          "xAcceleration": 0.30000000000000004,
          "yAcceleration": -2.5e-07
        }

        """
        XCTAssertEqual(String(decoding: EffectJSON.encode(c), as: UTF8.self), expected)
        XCTAssertEqual(try decode(expected).configs, [c], "and it reads back")
    }

    func testSeveralEmittersWithExtras() throws {
        var a = EmitterConfig(); a.name = "a"
        var b = EmitterConfig(); b.name = "b"
        let list = [LoadedEmitter(config: a, nodePosition: Vector2(1, 2), textureAtlas: "Sprites", textureSize: Vector2(8, 9)),
                    LoadedEmitter(config: b)]
        let data = EffectJSON.encode(list)
        XCTAssertTrue(String(decoding: data, as: UTF8.self).hasPrefix("[\n"))
        XCTAssertEqual(try EffectJSON.decode(data, name: "L.json").emitters, list)
    }

    // MARK: ParticleFile

    func testParticleFileDispatchesOnExtensionThenContent() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }

        let b = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 42
        let root = b.emitter(c)
        let json = EffectJSON.encode(c)
        let files: [(String, Data)] = [
            ("a.sks", b.binaryData(root: root)), ("b.SKS", b.xmlData(root: root)), ("c.json", json),
            ("d.effect", b.binaryData(root: root)), ("e", b.xmlData(root: root)), ("f.txt", json),
            ("g.particles", Data("\u{FEFF}  \n".utf8) + json),
        ]
        for (name, data) in files {
            let url = dir.appendingPathComponent(name)
            try data.write(to: url)
            let r = try ParticleFile.load(url)
            XCTAssertEqual(r.configs.map(\.particleBirthRate), [42], name)
        }
        XCTAssertEqual(ParticleFile.sniff(b.binaryData(root: root)), .sks)
        XCTAssertEqual(ParticleFile.sniff(b.xmlData(root: root)), .sks)
        XCTAssertEqual(ParticleFile.sniff(json), .json)
        XCTAssertNil(ParticleFile.sniff(Data("hello".utf8)))

        let odd = dir.appendingPathComponent("h.bin")
        try Data([1, 2, 3, 4]).write(to: odd)
        XCTAssertThrowsError(try ParticleFile.load(odd)) { XCTAssertEqual(($0 as? ParticleFileError)?.problem, .unrecognisedFormat) }
        XCTAssertThrowsError(try ParticleFile.load(dir)) { XCTAssertEqual(($0 as? ParticleFileError)?.problem, .unreadable) }
        XCTAssertThrowsError(try ParticleFile.load(dir.appendingPathComponent("missing.sks"))) { error in
            XCTAssertEqual((error as? ParticleFileError)?.problem, .unreadable)
            XCTAssertTrue("\(error)".hasPrefix("missing.sks: "))
        }
        // A .json extension holding a plist is read as JSON and fails as such.
        let wrong = dir.appendingPathComponent("i.json")
        try b.binaryData(root: root).write(to: wrong)
        XCTAssertThrowsError(try ParticleFile.load(wrong)) { XCTAssertEqual(($0 as? ParticleFileError)?.problem, .notJSON) }
    }
}
