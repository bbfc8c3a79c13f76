import Foundation
import XCTest
@testable import Particles

/// `.sks` loading: fixtures are NSKeyedArchiver plists built by the tests (FilesSupport/ArchiveBuilder.swift).
final class FilesSKSTests: XCTestCase {
    /// Every field away from its default, every sequence present.
    static var richConfig: EmitterConfig {
        var c = EmitterConfig()
        c.name = "rich"
        c.particleTexture = "spark"
        c.particleSize = Vector2(12, 14)
        c.particleBirthRate = 123.5
        c.numParticlesToEmit = 777
        c.particleLifetime = 3.25
        c.particleLifetimeRange = 0.75
        c.particlePosition = Vector2(1.5, -2.5)
        c.particlePositionRange = Vector2(55.65, 5)
        c.emissionAngle = 1.56
        c.emissionAngleRange = 0.35
        c.particleSpeed = 16
        c.particleSpeedRange = 28
        c.particleSpeedSequence = KeyframeSequence(keyframeValues: [10, 20], times: [0, 1], interpolationMode: .spline)
        c.xAcceleration = -3.5
        c.yAcceleration = 10
        c.particleAlpha = 0.4
        c.particleAlphaRange = 0.3
        c.particleAlphaSpeed = -0.15
        c.particleAlphaSequence = KeyframeSequence(keyframeValues: [0, 0.5, 0], times: [0, 0.5, 1])
        c.particleScale = 0.5
        c.particleScaleRange = 0.3
        c.particleScaleSpeed = 0.5
        c.particleScaleSequence = KeyframeSequence(keyframeValues: [1, 2], times: [0.1, 0.9], interpolationMode: .step,
                                                   repeatMode: .loop)
        c.particleRotation = 0.25
        c.particleRotationRange = 6.28
        c.particleRotationSpeed = 3
        c.particleRotationSequence = KeyframeSequence(keyframeValues: [0, 3.14], times: [0, 1])
        c.particleColorBlendFactor = 2
        c.particleColorBlendFactorRange = 0.1
        c.particleColorBlendFactorSpeed = 4
        c.particleColorBlendFactorSequence = KeyframeSequence(keyframeValues: [1], times: [0])
        c.particleColor = RGBA(0.1101, 0.1116, 0.1055, 0.9)
        c.particleColorRedRange = 0.01
        c.particleColorGreenRange = 0.02
        c.particleColorBlueRange = 0.03
        c.particleColorAlphaRange = 0.04
        c.particleColorRedSpeed = -0.1
        c.particleColorGreenSpeed = -0.2
        c.particleColorBlueSpeed = -0.3
        c.particleColorAlphaSpeed = -0.4
        c.particleColorSequence = KeyframeSequence(keyframeValues: [RGBA(1, 0.5, 0.25, 0.5), RGBA(0, 0.125, 1, 1)],
                                                   times: [0, 0.7437])
        c.particleBlendMode = .screen
        c.fieldBitMask = 0xFFFF_FFFF
        return c
    }

    enum Form: CaseIterable { case binaryCF, binaryOwn, xml, binaryDictionaryUIDs }

    static func data(_ b: ArchiveBuilder, root: [String: Any], _ form: Form) -> Data {
        switch form {
        case .binaryCF: return b.binaryData(root: root)
        case .binaryOwn: return b.ownBinaryData(root: root)
        case .xml: return b.xmlData(root: root)
        case .binaryDictionaryUIDs: return b.binaryDataWithDictionaryUIDs(root: root)
        }
    }

    // MARK: UIDs on Linux

    func testBinaryFixturesHoldRealUIDsAndXMLUsesCFUIDDictionaries() throws {
        let b = ArchiveBuilder()
        let root = b.emitter(Self.richConfig)
        let bin = b.binaryData(root: root)
        XCTAssertTrue(bin.starts(with: Array("bplist00".utf8)))
        let plist = try PropertyListSerialization.propertyList(from: bin, options: [], format: nil) as! [String: Any]
        let top = plist["$top"] as! [String: Any]
        // A genuine UID, not a dictionary: swift-corelibs-foundation's `_NSKeyedArchiverUID`.
        XCTAssertNil(top["root"] as? [String: Any])
        XCTAssertTrue(String(describing: type(of: top["root"]!)).contains("KeyedArchiverUID"))
        XCTAssertEqual(try FileValue.from(foundation: top["root"]!), .uid(Self.uidIndex(root)))

        // XML spells the same thing {CF$UID: n}, which CF's parser also turns into a UID object.
        let xml = b.xmlData(root: root)
        XCTAssertTrue(String(decoding: xml, as: UTF8.self).contains("<key>CF$UID</key>"))
        let xplist = try PropertyListSerialization.propertyList(from: xml, options: [], format: nil) as! [String: Any]
        XCTAssertTrue(String(describing: type(of: (xplist["$top"] as! [String: Any])["root"]!)).contains("KeyedArchiverUID"))

        // Our own bplist writer's UIDs come back the same way.
        let own = try PropertyListSerialization.propertyList(from: b.ownBinaryData(root: root), options: [], format: nil) as! [String: Any]
        XCTAssertEqual(try FileValue.from(foundation: (own["$top"] as! [String: Any])["root"]!), .uid(Self.uidIndex(root)))

        // Dictionaries written into a binary plist stay dictionaries; the loader takes them as UIDs too.
        let dictForm = try PropertyListSerialization.propertyList(from: b.binaryDataWithDictionaryUIDs(root: root),
                                                                  options: [], format: nil) as! [String: Any]
        XCTAssertNotNil((dictForm["$top"] as! [String: Any])["root"] as? [AnyHashable: Any])
    }

    static func uidIndex(_ ref: [String: Any]) -> Int { ref["CF$UID"] as! Int }

    // MARK: Every key

    func testEveryArchiveKeyInEveryForm() throws {
        for form in Form.allCases {
            let b = ArchiveBuilder()
            let root = b.emitter(Self.richConfig)
            let result = try SKSFile.load(data: Self.data(b, root: root, form), name: "Rich.sks")
            XCTAssertEqual(result.emitters.count, 1, "\(form)")
            XCTAssertEqual(result.warnings, [], "\(form)")
            XCTAssertEqual(result.configs.first, Self.richConfig, "\(form)")
            XCTAssertNil(result.emitters.first?.nodePosition, "a root emitter has no node position (\(form))")
        }
    }

    func testSpecKeyByKey() throws {
        let b = ArchiveBuilder()
        let root = b.emitter(Self.richConfig)
        let c = try SKSFile.load(data: b.binaryData(root: root), name: "Rich.sks").configs[0]
        XCTAssertEqual(c.particleBirthRate, 123.5)                  // _birthrate
        XCTAssertEqual(c.numParticlesToEmit, 777)                   // _numParticlesToEmit (UID → integer)
        XCTAssertEqual(c.particleLifetime, 3.25)                    // _lifetime
        XCTAssertEqual(c.particleLifetimeRange, 0.75)               // _lifetimeVariance
        XCTAssertEqual(c.particlePositionRange, Vector2(55.65, 5))  // _startPositionVariance "{55.65, 5}"
        XCTAssertEqual(c.particlePosition, Vector2(1.5, -2.5))      // _startPosition
        XCTAssertEqual(c.particleSize, Vector2(12, 14))             // _startSize
        XCTAssertEqual(c.emissionAngle, 1.56)                       // _emissionAngle
        XCTAssertEqual(c.emissionAngleRange, 0.35)                  // _emissionAngleVariance
        XCTAssertEqual(c.xAcceleration, -3.5)                       // _acceleration
        XCTAssertEqual(c.yAcceleration, 10)
        XCTAssertEqual(c.particleColorBlendFactor, 2)               // _startColorMix
        XCTAssertEqual(c.particleColorBlendFactorRange, 0.1)        // _startColorBlendVariance
        XCTAssertEqual(c.particleColorBlendFactorSpeed, 4)          // _colorBlendSpeed
        XCTAssertEqual(c.particleColor, RGBA(0.1101, 0.1116, 0.1055, 0.9))  // _startColorR/G/B/A
        XCTAssertEqual(c.particleColorBlueRange, 0.03)              // _startColorVarianceB
        XCTAssertEqual(c.particleColorAlphaSpeed, -0.4)             // _colorSpeedA
        XCTAssertEqual(c.particleBlendMode, .screen)                // _particleBlendMode 5
        XCTAssertEqual(c.fieldBitMask, 0xFFFF_FFFF)                 // _fieldBitMask (int32 −1)
        XCTAssertEqual(c.particleTexture, "spark")                  // _particleTexture._imgName
        XCTAssertEqual(c.name, "rich")                              // _name
        XCTAssertEqual(c.particleScaleSequence?.interpolationMode, .step)
        XCTAssertEqual(c.particleScaleSequence?.repeatMode, .loop)
        XCTAssertEqual(c.particleColorSequence?.keyframeTimes, [0, 0.7437])
    }

    func testMissingKeysKeepSpriteKitDefaults() throws {
        let b = ArchiveBuilder()
        let root = b.object("SKEmitterNode", ["SKNode", "NSObject"], ["_birthrate": 5.0])
        let c = try SKSFile.load(data: b.binaryData(root: root), name: "Bare.sks").configs[0]
        var expected = EmitterConfig()
        expected.particleBirthRate = 5
        XCTAssertEqual(c, expected)
    }

    func testEmptyNameAndNullTextureAreNil() throws {
        let b = ArchiveBuilder()
        var cfg = EmitterConfig(); cfg.particleBirthRate = 1
        let root = b.emitter(cfg, overrides: ["_name": b.string("")])
        let c = try SKSFile.load(data: b.xmlData(root: root), name: "E.sks").configs[0]
        XCTAssertNil(c.name)
        XCTAssertNil(c.particleTexture)
    }

    func testTextureFromAtlasKeepsAtlasNameAndSize() throws {
        let b = ArchiveBuilder()
        var cfg = EmitterConfig(); cfg.particleBirthRate = 1
        let tex = b.texture("Sprites", sub: "flame_01", atlas: "Sprites", size: (151, 155))
        let root = b.emitter(cfg, texture: tex)
        let e = try SKSFile.load(data: b.binaryData(root: root), name: "A.sks").emitters[0]
        XCTAssertEqual(e.config.particleTexture, "flame_01")
        XCTAssertEqual(e.textureAtlas, "Sprites")
        XCTAssertEqual(e.textureSize, Vector2(151, 155))

        let b2 = ArchiveBuilder()
        let root2 = b2.emitter(cfg, texture: b2.texture("star", size: (151, 155)))
        let e2 = try SKSFile.load(data: b2.binaryData(root: root2), name: "B.sks").emitters[0]
        XCTAssertEqual(e2.config.particleTexture, "star")
        XCTAssertNil(e2.textureAtlas)
    }

    // MARK: Scenes

    func testSceneWithTwoEmittersAndANestedGroup() throws {
        for form in Form.allCases {
            let b = ArchiveBuilder()
            var a = EmitterConfig(); a.name = "left"; a.particleBirthRate = 10; a.particleLifetime = 1
            var c = EmitterConfig(); c.name = "right"; c.particleBirthRate = 20; c.particleLifetime = 2
            let e1 = b.emitter(a, position: (-100, 50))
            let e2 = b.emitter(c, position: (10, 20))
            let sprite = b.object("SKSpriteNode", ["SKNode", "NSObject"], b.nodeFields(name: "sprite", position: (3, 3)))
            let group = b.object("SKNode", ["NSObject"], b.nodeFields(name: "group", position: (100, 200), children: [sprite, e2]))
            let root = b.scene(children: [e1, group])
            let result = try SKSFile.load(data: Self.data(b, root: root, form), name: "Scene.sks")
            XCTAssertEqual(result.emitters.map(\.config.name), ["left", "right"], "\(form)")
            XCTAssertEqual(result.emitters[0].nodePosition, Vector2(-100, 50), "\(form)")
            XCTAssertEqual(result.emitters[1].nodePosition, Vector2(110, 220), "group offset is added (\(form))")
            XCTAssertEqual(result.emitters[1].config.particleBirthRate, 20)
            XCTAssertEqual(result.warnings, [])
        }
    }

    func testNodePositionAsPlainString() throws {
        let b = ArchiveBuilder()
        var cfg = EmitterConfig(); cfg.particleBirthRate = 1
        let e = b.emitter(cfg, overrides: ["_position": b.string("{7, -8}")])
        let root = b.scene(children: [e])
        let r = try SKSFile.load(data: b.binaryData(root: root), name: "S.sks")
        XCTAssertEqual(r.emitters[0].nodePosition, Vector2(7, -8))
    }

    // MARK: Colours

    func loadColor(_ make: (ArchiveBuilder) -> [String: Any], file: StaticString = #filePath, line: UInt = #line) throws -> RGBA {
        let b = ArchiveBuilder()
        var cfg = EmitterConfig(); cfg.particleBirthRate = 1
        cfg.particleColorSequence = KeyframeSequence(keyframeValues: [.white], times: [0])
        let root = b.emitter(cfg, colorValues: [make(b)])
        var results: [RGBA] = []
        for form in Form.allCases {
            let r = try SKSFile.load(data: Self.data(b, root: root, form), name: "C.sks")
            results.append(r.configs[0].particleColorSequence!.keyframeValues[0])
        }
        XCTAssertEqual(Set(results.map { "\($0)" }).count, 1, "all plist forms agree", file: file, line: line)
        return results[0]
    }

    func assertColor(_ c: RGBA, _ r: Double, _ g: Double, _ b: Double, _ a: Double, accuracy: Double = 1e-9,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.r, r, accuracy: accuracy, "red", file: file, line: line)
        XCTAssertEqual(c.g, g, accuracy: accuracy, "green", file: file, line: line)
        XCTAssertEqual(c.b, b, accuracy: accuracy, "blue", file: file, line: line)
        XCTAssertEqual(c.a, a, accuracy: accuracy, "alpha", file: file, line: line)
    }

    func testColourInEveryNSColorForm() throws {
        // 1: calibrated RGB, NUL-terminated, with alpha
        assertColor(try loadColor { $0.colorRGB(0.25, 0.5, 0.75, 0.5, space: 1, nul: true) }, 0.25, 0.5, 0.75, 0.5)
        // 2: device RGB, no NUL, no alpha → 1
        assertColor(try loadColor { $0.colorRGB(0.1, 0.2, 0.3, nil, space: 2, nul: false) }, 0.1, 0.2, 0.3, 1)
        // 3 / 4: white
        assertColor(try loadColor { $0.colorWhite(0.6, 0.25, space: 3) }, 0.6, 0.6, 0.6, 0.25)
        assertColor(try loadColor { $0.colorWhite(0.3, nil, space: 4) }, 0.3, 0.3, 0.3, 1)
        // 5: CMYK
        assertColor(try loadColor { $0.colorCMYK(0, 1, 1, 0.5) }, 0.5, 0, 0, 1)
        // 6: catalogue colour → its fallback NSColor
        assertColor(try loadColor { $0.colorCatalog("systemRedColor", fallback: $0.colorRGB(1, 0.231, 0.188, 1)) },
                    1, 0.231, 0.188, 1)
        // Components in Display P3 (NSSpaceID 12 and an ICC profile named Display P3): converted, not the fallback
        for form in [ArchiveBuilder.P3Form.spaceID, .iccProfile] {
            let magicRed = try loadColor { $0.colorP3(0.7615, 0, 0.0743, 1, fallback: (0.784, 0, 0), form: form) }
            XCTAssertEqual(Int((magicRed.r * 255).rounded()), 0xD5, "\(form)")
            XCTAssertEqual(magicRed.g, 0); XCTAssertEqual(magicRed.b, 0)
        }
        // Components in sRGB (NSID 7): used as they are
        assertColor(try loadColor { b in
            b.object("NSColor", ["NSObject"], [
                "NSColorSpace": 1, "NSRGB": ArchiveBuilder.ascii([0.9, 0.9, 0.9]),
                "NSComponents": ArchiveBuilder.ascii([0.2, 0.4, 0.6, 0.8], nul: false),
                "NSCustomColorSpace": b.object("NSColorSpace", ["NSObject"], ["NSID": 7]),
            ])
        }, 0.2, 0.4, 0.6, 0.8)
        // Components in an unknown custom space: the NSRGB fallback
        assertColor(try loadColor { b in
            b.object("NSColor", ["NSObject"], [
                "NSColorSpace": 1, "NSRGB": ArchiveBuilder.ascii([0.9, 0.8, 0.7]),
                "NSComponents": ArchiveBuilder.ascii([0.2, 0.4, 0.6, 0.8], nul: false),
                "NSCustomColorSpace": b.object("NSColorSpace", ["NSObject"], ["NSICC": b.add(ArchiveBuilder.fakeICC(description: "Adobe RGB (1998)"))]),
            ])
        }, 0.9, 0.8, 0.7, 1)
        // UIColor (iOS archive)
        assertColor(try loadColor { $0.object("UIColor", ["NSObject"], ["UIRed": 0.5, "UIGreen": 0.25, "UIBlue": 1.0, "UIAlpha": 0.5]) },
                    0.5, 0.25, 1, 0.5)
    }

    func testDisplayP3ToSRGBMatchesTheSpecsSwatches() {
        func hex(_ c: RGBA) -> String {
            String(format: "#%02X%02X%02X", Int((c.r * 255).rounded()), Int((c.g * 255).rounded()), Int((c.b * 255).rounded()))
        }
        // Coffee ramp key 0: P3 (0.8725, 0.8850, 0.8382) → #DEE2D5 (0.870, 0.886, 0.834)
        let coffee = ColorConversion.displayP3ToSRGB(RGBA(0.8725, 0.8850, 0.8382, 0.5))
        XCTAssertEqual(hex(coffee), "#DEE2D5")
        assertColor(coffee, 0.870, 0.886, 0.834, 0.5, accuracy: 0.0015)
        // Coffee ramp key 1: (0.1520, 0.1571, 0.1612) → #262829 (0.151, 0.157, 0.162)
        let coffee2 = ColorConversion.displayP3ToSRGB(RGBA(0.1520, 0.1571, 0.1612, 0.6496))
        XCTAssertEqual(hex(coffee2), "#262829")
        assertColor(coffee2, 0.151, 0.157, 0.162, 0.6496, accuracy: 0.0015)
        // Rain: (0.7058, 0.7276, 0.9710) → #B3BAFD (0.701, 0.729, 0.991)
        let rain = ColorConversion.displayP3ToSRGB(RGBA(0.7058, 0.7276, 0.9710))
        XCTAssertEqual(hex(rain), "#B3BAFD")
        assertColor(rain, 0.701, 0.729, 0.991, 1, accuracy: 0.0015)
        // Magic: red #D50000 (not the fallback #C80000), green #00FF00, yellow #F9FF00 — out of gamut, clamped
        XCTAssertEqual(hex(ColorConversion.displayP3ToSRGB(RGBA(0.7615, 0, 0.0743))), "#D50000")
        XCTAssertEqual(hex(ColorConversion.displayP3ToSRGB(RGBA(0, 1, 0.0412))), "#00FF00")
        XCTAssertEqual(hex(ColorConversion.displayP3ToSRGB(RGBA(0.9807, 1, 0))), "#F9FF00")
        // White and black are fixed points; P3 pure red is outside sRGB and clamps to sRGB red.
        assertColor(ColorConversion.displayP3ToSRGB(.white), 1, 1, 1, 1, accuracy: 1e-6)
        assertColor(ColorConversion.displayP3ToSRGB(RGBA(0, 0, 0)), 0, 0, 0, 1)
        assertColor(ColorConversion.displayP3ToSRGB(RGBA(1, 0, 0)), 1, 0, 0, 1, accuracy: 1e-9)
    }

    // MARK: The seven files of spec 05 §2

    func testSpecFilesWrittenLikeXcodeLoadToTheSpecValues() throws {
        for entry in SpecEffects.all {
            for form in [ArchiveBuilder.P3Form.spaceID, .iccProfile] {
                let b = ArchiveBuilder()
                let root = SpecEffects.archive(entry, b, form: form)
                let r = try SKSFile.load(data: b.binaryData(root: root), name: "\(entry.file).sks")
                XCTAssertEqual(r.warnings, [], entry.file)
                XCTAssertEqual(r.configs, [entry.config], entry.file)
                XCTAssertEqual(r.emitters[0].textureSize, entry.textureSize, entry.file)
            }
        }
    }

    // MARK: Round trip .sks → config → JSON → config

    func testRoundTripThroughJSON() throws {
        var cases: [(String, ArchiveBuilder, [String: Any])] = []
        let b = ArchiveBuilder(); cases.append(("Rich", b, b.emitter(Self.richConfig)))
        for e in SpecEffects.all { let b = ArchiveBuilder(); cases.append((e.file, b, SpecEffects.archive(e, b))) }
        for (name, b, root) in cases {
            let first = try SKSFile.load(data: b.binaryData(root: root), name: "\(name).sks")
            let json = EffectJSON.encode(first.configs[0])
            let again = try EffectJSON.decode(json, name: "\(name).json")
            XCTAssertEqual(again.configs, first.configs, name)
            XCTAssertEqual(again.warnings, [], name)
            // With the extras (texture size, atlas, node position) too.
            let full = try EffectJSON.decode(EffectJSON.encode(first.emitters), name: "\(name).json")
            XCTAssertEqual(full.emitters, first.emitters, name)
            // Stable text.
            XCTAssertEqual(EffectJSON.encode(again.configs[0]), json, name)
        }
    }

    func testSceneRoundTripKeepsNodePositions() throws {
        let b = ArchiveBuilder()
        var a = EmitterConfig(); a.particleBirthRate = 10; a.particleLifetime = 1
        let root = b.scene(children: [b.emitter(a, position: (1, 2)), b.emitter(a, position: (3, 4))])
        let first = try SKSFile.load(data: b.xmlData(root: root), name: "Scene.sks")
        let again = try EffectJSON.decode(EffectJSON.encode(first.emitters), name: "Scene.json")
        XCTAssertEqual(again.emitters, first.emitters)
        XCTAssertEqual(again.emitters.map(\.nodePosition), [Vector2(1, 2), Vector2(3, 4)])
    }
}
