import Foundation
import XCTest
@testable import Particles

/// Hostile and broken `.sks` input: every case must end in a `ParticleFileError` naming the file (and the key), or in
/// a sanitised result with one warning — never a crash or a hang.
final class FilesMalformedTests: XCTestCase {
    struct LCG: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return state
        }
    }

    func expectError(_ data: Data, name: String = "Bad.sks", _ problem: ParticleFileError.Problem? = nil,
                     mentions: [String] = [], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try SKSFile.load(data: data, name: name), file: file, line: line) { error in
            guard let e = error as? ParticleFileError else { return XCTFail("not a ParticleFileError: \(error)", file: file, line: line) }
            if let p = problem { XCTAssertEqual(e.problem, p, e.description, file: file, line: line) }
            XCTAssertTrue(e.description.hasPrefix("\(name): "), e.description, file: file, line: line)
            for m in mentions { XCTAssertTrue(e.description.contains(m), "\(e.description) should mention \(m)", file: file, line: line) }
        }
    }

    /// Loads without crashing; returns nil on a (well-formed) error.
    @discardableResult
    func survive(_ data: Data, name: String = "Fuzz.sks") -> LoadResult? {
        do {
            return try SKSFile.load(data: data, name: name)
        } catch let e as ParticleFileError {
            XCTAssertTrue(e.description.hasPrefix("\(name): "), e.description)
            return nil
        } catch {
            XCTFail("not a ParticleFileError: \(error)")
            return nil
        }
    }

    static func fixture() -> (ArchiveBuilder, [String: Any]) {
        let b = ArchiveBuilder()
        let root = SpecEffects.archive(SpecEffects.magic, b)
        return (b, root)
    }

    // MARK: Not an archive

    func testRandomBytes() {
        var rng = LCG(state: 42)
        for n in [1, 7, 8, 40, 100, 1000, 5000] {
            for _ in 0..<20 {
                let bytes = Data((0..<n).map { _ in UInt8.random(in: 0...255, using: &rng) })
                expectError(bytes, .notPropertyList)
                survive(Data("bplist00".utf8) + bytes)
            }
        }
        expectError(Data(), .notPropertyList, mentions: ["empty"])
    }

    func testTruncatedBinaryAndXML() {
        let (b, root) = Self.fixture()
        let bin = b.binaryData(root: root)
        for n in 0..<bin.count { expectError(bin.prefix(n), .notPropertyList) }
        let xml = b.xmlData(root: root)
        for n in stride(from: 0, to: xml.count, by: 97) { expectError(xml.prefix(n)) }
    }

    /// Seeded mutations of deterministic fixtures (our own bplist writer sorts keys; CF's XML writer does too).
    /// Found and now guarded: a mutated marker that turns an array into a set crashes Foundation's NSSet bridging.
    func testMutatedFilesNeverCrash() {
        let (b, root) = Self.fixture()
        let b2 = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 1
        let root2 = b2.scene(children: [b2.emitter(FilesSKSTests.richConfig, position: (1, 2)), b2.emitter(c)])
        let fixtures = [b.ownBinaryData(root: root), b.xmlData(root: root), b2.ownBinaryData(root: root2)]
        var rng = LCG(state: 7)
        var loaded = 0
        for _ in 0..<1500 {
            var d = fixtures[Int.random(in: 0..<fixtures.count, using: &rng)]
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let i = Int.random(in: 0..<d.count, using: &rng)
                switch Int.random(in: 0..<8, using: &rng) {
                case 0: d.remove(at: i)
                case 1: d.insert(UInt8.random(in: 0...255, using: &rng), at: i)
                case 2: d[i] = UInt8.random(in: 0xA0...0xDF, using: &rng)     // container markers, sets included
                case 3: d[i] = UInt8.random(in: 0x80...0x8F, using: &rng)     // UIDs
                default: d[i] = UInt8.random(in: 0...255, using: &rng)
                }
            }
            if let r = survive(d) {
                loaded += 1
                for c in r.configs {
                    let (clean, notes) = EmitterSanitizer.sanitize(c)
                    XCTAssertEqual(clean, c, "results are already sanitised")
                    XCTAssertEqual(notes, [])
                }
            }
        }
        XCTAssertGreaterThan(loaded, 0, "some mutations still load")
    }

    func testValidPlistButNotAnArchive() throws {
        let array = try PropertyListSerialization.data(fromPropertyList: [1, 2, 3], format: .binary, options: 0)
        expectError(array, .notKeyedArchive)
        let dict = try PropertyListSerialization.data(fromPropertyList: ["particleBirthRate": 10], format: .xml, options: 0)
        expectError(dict, .notKeyedArchive, mentions: ["$objects"])
        let str = try PropertyListSerialization.data(fromPropertyList: "spark", format: .binary, options: 0)
        expectError(str, .notKeyedArchive)
        // The old OpenStep text form is not accepted (real files are binary or XML).
        expectError(Data("{ \"$objects\" = (); \"$top\" = {}; }".utf8), .notPropertyList)
        expectError(Data("hello".utf8), .notPropertyList)
    }

    func testArchiveWithoutEmitter() throws {
        // An actions file: NSDictionary root.
        let b = ArchiveBuilder()
        let root = b.object("NSDictionary", ["NSObject"], ["NS.keys": [b.string("fade")], "NS.objects": [b.add(["x": 1])]])
        expectError(b.binaryData(root: root), .noEmitter, mentions: ["NSDictionary"])
        // A scene with only sprites.
        let b2 = ArchiveBuilder()
        let sprite = b2.object("SKSpriteNode", ["SKNode", "NSObject"], b2.nodeFields(name: "s"))
        expectError(b2.xmlData(root: b2.scene(children: [sprite])), .noEmitter, mentions: ["SKScene"])
        // No root at all, or a root that is a string.
        let b3 = ArchiveBuilder()
        let p = try PropertyListSerialization.data(fromPropertyList: ["$archiver": "NSKeyedArchiver", "$version": 100000,
                                                                      "$top": [String: Any](), "$objects": ["$null"]],
                                                   format: .binary, options: 0)
        expectError(p, .noEmitter)
        expectError(b3.binaryData(root: b3.string("hello")), .noEmitter)
    }

    // MARK: Wrong types name the key

    func emitterData(_ overrides: (ArchiveBuilder) -> [String: Any], xml: Bool = false) -> Data {
        let b = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 10; c.particleLifetime = 1; c.particleTexture = "spark"
        let root = b.emitter(c, overrides: overrides(b))
        return xml ? b.xmlData(root: root) : b.binaryData(root: root)
    }

    func testBirthRateAsStringNamesTheKey() {
        for xml in [false, true] {
            expectError(emitterData({ ["_birthrate": $0.string("lots")] }, xml: xml), name: "Smoke.sks",
                        .wrongType(key: "_birthrate"), mentions: ["_birthrate", "a number", "a string"])
            expectError(emitterData({ _ in ["_birthrate": "lots"] }, xml: xml), name: "Smoke.sks", .wrongType(key: "_birthrate"))
        }
    }

    func testOtherWrongTypes() {
        expectError(emitterData { _ in ["_startPositionVariance": 5.0] }, .wrongType(key: "_startPositionVariance"))
        expectError(emitterData { ["_acceleration": $0.string("{up, down}")] }, .malformedValue(key: "_acceleration"))
        expectError(emitterData { _ in ["_particleBlendMode": "screen"] }, .wrongType(key: "_particleBlendMode"))
        expectError(emitterData { ["_numParticlesToEmit": $0.string("0")] }, .wrongType(key: "_numParticlesToEmit"))
        expectError(emitterData { _ in ["_particleTexture": 3] }, .wrongType(key: "_particleTexture"))
        expectError(emitterData { $0.add(["x": 1]); return ["_particleTexture": $0.texture(nil, sub: nil, atlas: nil),
                                                             "_name": 12] }, .wrongType(key: "_name"))
        expectError(emitterData { ["_particleColorSequence": $0.string("red")] }, .wrongType(key: "_particleColorSequence"))
        expectError(emitterData { b in
            ["_particleColorSequence": b.sequence(times: [0], values: [b.number(0.5)])]
        }, .wrongType(key: "_particleColorSequence._values[0]"))
        expectError(emitterData { b in
            ["_particleAlphaSequence": b.sequence(times: [0, 1], values: [b.number(0.5), b.string("x")])]
        }, .wrongType(key: "_particleAlphaSequence._values[1]"))
        expectError(emitterData { b in
            ["_particleAlphaSequence": b.sequence(timeItems: [b.number(0.0), b.string("late")], values: [b.number(1), b.number(0)])]
        }, .wrongType(key: "_particleAlphaSequence._times[1]"))
        expectError(emitterData { b in
            ["_particleColorSequence": b.sequence(times: [0], values: [b.object("NSColor", ["NSObject"], ["NSColorSpace": 1, "NSRGB": Data("0.5 zero 1".utf8)])])]
        }, .malformedValue(key: "_particleColorSequence._values[0].NSRGB"))
        expectError(emitterData { b in
            ["_particleColorSequence": b.sequence(times: [0], values: [b.object("NSColor", ["NSObject"], ["NSColorSpace": 9])])]
        }, .malformedValue(key: "_particleColorSequence._values[0]"), mentions: ["colour space 9"])
    }

    func testWrongTypeInsideASceneNamesThePath() {
        let b = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 1
        let e = b.emitter(c, overrides: ["_lifetime": b.string("long")])
        expectError(b.binaryData(root: b.scene(children: [b.emitter(c), e])), .wrongType(key: "_children[1]._lifetime"))
    }

    // MARK: References

    func testDanglingUID() {
        expectError(emitterData { _ in ["_particleTexture": ArchiveBuilder.ref(9999)] }, .danglingReference(uid: 9999),
                    mentions: ["_particleTexture", "9999"])
        let b = ArchiveBuilder()
        expectError(b.binaryData(root: ArchiveBuilder.ref(500)), .danglingReference(uid: 500))
    }

    func testSelfReferences() {
        // A node that is its own child.
        let b = ArchiveBuilder()
        let slot = b.reserve()
        var c = EmitterConfig(); c.particleBirthRate = 1
        var fields = b.nodeFields(children: [ArchiveBuilder.ref(slot)])
        fields["$class"] = b.classRef("SKNode", ["NSObject"])
        b.set(slot, fields)
        expectError(b.binaryData(root: ArchiveBuilder.ref(slot)), .cycle)
        expectError(b.ownBinaryData(root: ArchiveBuilder.ref(slot)), .cycle)

        // An emitter inside a group that contains the group.
        let b2 = ArchiveBuilder()
        let groupSlot = b2.reserve()
        let e = b2.emitter(c, children: [ArchiveBuilder.ref(groupSlot)])
        var g = b2.nodeFields(children: [e])
        g["$class"] = b2.classRef("SKNode", ["NSObject"])
        b2.set(groupSlot, g)
        expectError(b2.xmlData(root: b2.scene(children: [ArchiveBuilder.ref(groupSlot)])), .cycle)

        // A catalogue colour whose fallback is itself.
        let b3 = ArchiveBuilder()
        let colorSlot = b3.reserve()
        b3.set(colorSlot, ["$class": b3.classRef("NSColor", ["NSObject"]), "NSColorSpace": 6,
                           "NSColor": ArchiveBuilder.ref(colorSlot)])
        var cs = c; cs.particleColorSequence = KeyframeSequence(keyframeValues: [.white], times: [0])
        expectError(b3.binaryData(root: b3.emitter(cs, colorValues: [ArchiveBuilder.ref(colorSlot)])), .cycle)

        // An $objects entry that is a UID to itself (only our own writer can produce that).
        let w = BPlistWriter()
        let keys = ["$archiver", "$version", "$top", "$objects"].map { w.add(.string($0)) }
        let null = w.add(.string("$null"))
        let selfRef = w.add(.uid(1))
        let objects = w.add(.array([null, selfRef]))
        let rootKey = w.add(.string("root"))
        let rootRef = w.add(.uid(1))
        let top = w.add(.dict([(rootKey, rootRef)]))
        let archiver = w.add(.string("NSKeyedArchiver"))
        let version = w.add(.int(100000))
        let dict = w.add(.dict([(keys[0], archiver), (keys[1], version), (keys[2], top), (keys[3], objects)]))
        expectError(w.data(top: dict), .cycle)
    }

    func testDeepNodeNesting() {
        let b = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 1
        var node = b.emitter(c)
        for _ in 0..<100 { node = b.object("SKNode", ["NSObject"], b.nodeFields(children: [node])) }
        expectError(b.binaryData(root: b.scene(children: [node])), .tooComplex)
    }

    func testSharedSubtreesDoNotExplode() {
        // [A1, A1], A1 = [A2, A2], … 40 levels: 2^40 paths through 41 objects.
        let w = BPlistWriter()
        var last = w.add(.array([]))
        for _ in 0..<40 { last = w.add(.array([last, last])) }
        let start = Date()
        expectError(w.data(top: last), .tooComplex)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20)

        // An array that contains itself.
        let w2 = BPlistWriter()
        let a = w2.add(.array([]))
        w2.replace(a, .array([a]))
        expectError(w2.data(top: a), .notPropertyList)

        // A real fixture expands to a modest size.
        let (b, root) = Self.fixture()
        guard case .expandedCount(let n) = BinaryPlistScan.scan(b.binaryData(root: root), limit: 1_000_000) else {
            return XCTFail("fixture not scanned")
        }
        XCTAssertGreaterThan(n, 100)
        XCTAssertLessThan(n, 2_000)
    }

    // MARK: Absurd values: sanitised, one warning per file

    func testAbsurdValuesAreClampedWithOneWarning() throws {
        let data = emitterData { b in
            ["_birthrate": 1e9, "_lifetime": 2.0, "_lifetimeVariance": 1.0, "_startSpeed": Double.nan,
             "_startScale": Double.infinity, "_particleBlendMode": 42, "_numParticlesToEmit": b.number(-5)]
        }
        let r = try SKSFile.load(data: data, name: "Absurd.sks")
        let c = r.configs[0]
        XCTAssertEqual(c.particleBirthRate, 200_000 / 2.5, accuracy: 1e-9)
        XCTAssertEqual(c.particleBirthRate * (c.particleLifetime + c.particleLifetimeRange / 2), 200_000, accuracy: 1e-6)
        XCTAssertEqual(c.particleSpeed, 0)
        XCTAssertEqual(c.particleScale, 1)
        XCTAssertEqual(c.particleBlendMode, .alpha)
        XCTAssertEqual(c.numParticlesToEmit, 0)
        XCTAssertEqual(r.warnings.count, 1, "\(r.warnings)")
        let w = r.warnings[0]
        XCTAssertTrue(w.hasPrefix("Absurd.sks: absurd values sanitised: "), w)
        for m in ["particleBirthRate", "particleSpeed", "particleScale", "_particleBlendMode 42", "numParticlesToEmit"] {
            XCTAssertTrue(w.contains(m), "\(w) should mention \(m)")
        }
    }

    func testNaNBirthRateAndNegativeLifetime() throws {
        let r = try SKSFile.load(data: emitterData { _ in ["_birthrate": Double.nan, "_lifetime": -3.0] }, name: "N.sks")
        XCTAssertEqual(r.configs[0].particleBirthRate, 0)
        XCTAssertEqual(r.configs[0].particleLifetime, 0)
        XCTAssertEqual(r.warnings.count, 1)
        // NaN as text in a point string
        let r2 = try SKSFile.load(data: emitterData { ["_acceleration": $0.string("{nan, inf}")] }, name: "P.sks")
        XCTAssertEqual(r2.configs[0].xAcceleration, 0)
        XCTAssertEqual(r2.configs[0].yAcceleration, 0)
        XCTAssertEqual(r2.warnings.count, 1)
    }

    func testBurstEmittersAreNotClampedByTheirTotal() throws {
        // 1e5/s for 10 s would be 1e6 live, but numParticlesToEmit caps the total at 500.
        let r = try SKSFile.load(data: emitterData { b in
            ["_birthrate": 1e5, "_lifetime": 10.0, "_numParticlesToEmit": b.number(500)]
        }, name: "Burst.sks")
        XCTAssertEqual(r.configs[0].particleBirthRate, 1e5)
        XCTAssertEqual(r.warnings, [])
    }

    func testOneWarningForAWholeScene() throws {
        let b = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 1e9; c.particleLifetime = 1
        let root = b.scene(children: [b.emitter(c), b.emitter(c, overrides: ["_startSpeed": Double.nan])])
        let r = try SKSFile.load(data: b.binaryData(root: root), name: "Scene.sks")
        XCTAssertEqual(r.configs.map(\.particleBirthRate), [200_000, 200_000])
        XCTAssertEqual(r.warnings.count, 1)
        XCTAssertTrue(r.warnings[0].contains("_children[0]: "), r.warnings[0])
        XCTAssertTrue(r.warnings[0].contains("_children[1]: "), r.warnings[0])
    }

    func testHugeAndBrokenKeyframeArrays() throws {
        let n = 5000
        let r = try SKSFile.load(data: emitterData { b in
            ["_particleAlphaSequence": b.sequence(times: (0..<n).map { Double($0) / Double(n) }, values: (0..<n).map { _ in b.number(0.5) })]
        }, name: "Huge.sks")
        XCTAssertEqual(r.configs[0].particleAlphaSequence?.keyframeTimes.count, FileLimits.maxKeyframes)
        XCTAssertEqual(r.warnings.count, 1)

        let r2 = try SKSFile.load(data: emitterData { b in
            ["_particleScaleSequence": b.sequence(times: [0, 0.5, 1], values: [b.number(1), b.number(2)]),
             "_particleAlphaSequence": b.sequence(times: [1, Double.nan, 0], values: [b.number(1), b.number(2), b.number(3)], interpolation: 7)]
        }, name: "Broken.sks")
        let c = r2.configs[0]
        XCTAssertEqual(c.particleScaleSequence?.keyframeTimes, [0, 0.5])
        XCTAssertEqual(c.particleScaleSequence?.keyframeValues, [1, 2])
        XCTAssertEqual(c.particleAlphaSequence?.keyframeTimes, [0, 1], "NaN key dropped, sorted")
        XCTAssertEqual(c.particleAlphaSequence?.keyframeValues, [3, 1])
        XCTAssertEqual(c.particleAlphaSequence?.interpolationMode, .linear)
        XCTAssertEqual(r2.warnings.count, 1)

        let r3 = try SKSFile.load(data: emitterData { b in
            ["_particleColorSequence": b.sequence(times: [], values: [])]
        }, name: "Empty.sks")
        XCTAssertNil(r3.configs[0].particleColorSequence)
        XCTAssertEqual(r3.warnings.count, 1)
    }

    func testManyEmittersAreCapped() throws {
        let b = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 1
        let e = b.emitter(c)
        let r = try SKSFile.load(data: b.binaryData(root: b.scene(children: Array(repeating: e, count: 1500))), name: "Many.sks")
        XCTAssertEqual(r.emitters.count, FileLimits.maxEmitters)
        XCTAssertEqual(r.warnings.count, 1)
        XCTAssertTrue(r.warnings[0].contains("more than 1000 emitters"))
    }
}
