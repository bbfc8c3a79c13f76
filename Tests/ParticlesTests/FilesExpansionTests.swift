import Foundation
import XCTest
@testable import Particles

/// Issue 9 item 2.3: "billion laughs" `.sks` files. A binary plist may share one object from many places; Foundation
/// expands every shared reference into a copy, so a few hundred bytes can stand for a million values. The expanded
/// size is counted (memoised, linear) before anything is converted and such files are refused at once.
final class FilesExpansionTests: XCTestCase {
    /// A minimal keyed archive whose root is an `SKEmitterNode`; its `_userData` is a list of `width` references to
    /// one list, which holds `width` references to the next one, `levels` deep, ending in a string. Written with our
    /// own `bplist00` writer so the sharing is exactly what the bytes say.
    static func laughs(levels: Int, width: Int = 10) -> Data {
        let w = BPlistWriter()
        let keys = ["$archiver", "$version", "$top", "$objects"].map { w.add(.string($0)) }
        let null = w.add(.string("$null"))
        // The bomb: L0 = "lol", Lk = [Lk-1 × width].
        var level = w.add(.string("lol"))
        for _ in 0..<levels { level = w.add(.array(Array(repeating: level, count: width))) }
        // Class of the root.
        let className = w.add(.string("SKEmitterNode"))
        let classes = w.add(.array([className, w.add(.string("SKNode")), w.add(.string("NSObject"))]))
        let classDict = w.add(.dict([(w.add(.string("$classname")), className), (w.add(.string("$classes")), classes)]))
        // The emitter: objects[1]; its class is objects[2], the bomb objects[3].
        let emitter = w.add(.dict([
            (w.add(.string("$class")), w.add(.uid(2))),
            (w.add(.string("_birthrate")), w.add(.real(10))),
            (w.add(.string("_lifetime")), w.add(.real(1))),
            (w.add(.string("_userData")), w.add(.uid(3))),
        ]))
        let objects = w.add(.array([null, emitter, classDict, level]))
        let top = w.add(.dict([(w.add(.string("root")), w.add(.uid(1)))]))
        let dict = w.add(.dict([(keys[0], w.add(.string("NSKeyedArchiver"))), (keys[1], w.add(.int(100000))),
                                (keys[2], top), (keys[3], objects)]))
        return w.data(top: dict)
    }

    func testBillionLaughsIsRefusedQuickly() {
        let data = Self.laughs(levels: 6)
        XCTAssertLessThan(data.count, 600, "a few hundred bytes")
        let start = Date()
        XCTAssertThrowsError(try SKSFile.load(data: data, name: "Laughs.sks")) { error in
            guard let e = error as? ParticleFileError else { return XCTFail("not a ParticleFileError: \(error)") }
            XCTAssertEqual(e.problem, .tooComplex, e.description)
            XCTAssertTrue(e.description.hasPrefix("Laughs.sks: "), e.description)
            XCTAssertTrue(e.description.contains("more than \(FileLimits.maxValues) values"), e.description)
            XCTAssertTrue(e.description.contains("shared references"), e.description)
            XCTAssertTrue(e.description.contains("refused"), e.description)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0, "refused before Foundation expands anything")
    }

    func testExpansionIsCountedLinearlyAndSaturates() {
        // 1 + 10 + … + 10^6 = 1,111,111 values; reported saturated at limit + 1.
        guard case .expandedCount(let n) = BinaryPlistScan.scan(Self.laughs(levels: 6), limit: 10_000_000) else {
            return XCTFail("not scanned")
        }
        XCTAssertGreaterThan(n, 1_111_111)
        guard case .expandedCount(let s) = BinaryPlistScan.scan(Self.laughs(levels: 6), limit: FileLimits.maxValues) else {
            return XCTFail("not scanned")
        }
        XCTAssertEqual(s, FileLimits.maxValues + 1)
        // 200 levels of 10: 10^200 paths, counted in linear time.
        let start = Date()
        XCTAssertThrowsError(try SKSFile.load(data: Self.laughs(levels: 200), name: "Deep.sks")) { error in
            XCTAssertEqual((error as? ParticleFileError)?.problem, .tooComplex)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
    }

    func testModestSharingStillLoads() throws {
        // The same archive with 10 × 10 × 10 shared values (1,111 in all) is an ordinary file.
        let r = try SKSFile.load(data: Self.laughs(levels: 3), name: "Fine.sks")
        XCTAssertEqual(r.emitters.count, 1)
        XCTAssertEqual(r.configs[0].particleBirthRate, 10)
    }

    func testRealStyleFilesAreFarBelowTheBudget() throws {
        for effect in SpecEffects.all {
            let b = ArchiveBuilder()
            let data = b.binaryData(root: SpecEffects.archive(effect, b))
            guard case .expandedCount(let n) = BinaryPlistScan.scan(data, limit: FileLimits.maxValues) else {
                return XCTFail("\(effect.file) not scanned")
            }
            XCTAssertLessThan(n, FileLimits.maxValues / 10, effect.file)
            XCTAssertEqual(try SKSFile.load(data: data, name: effect.file + ".sks").emitters.count, 1, effect.file)
        }
    }

    func testSharedNodesInASceneAreBounded() {
        // The same idea one level up: a group node listed ten times as a child of the next group, six levels deep,
        // shared through archive UIDs (the plist itself is small; the loader resolves UIDs lazily). The expanded
        // node tree is counted before the walk and refused at once.
        let b = ArchiveBuilder()
        var c = EmitterConfig(); c.particleBirthRate = 1
        var node = b.emitter(c)
        for _ in 0..<6 {
            node = b.object("SKNode", ["NSObject"], b.nodeFields(children: Array(repeating: node, count: 10)))
        }
        let data = b.ownBinaryData(root: b.scene(children: [node]))
        let start = Date()
        XCTAssertThrowsError(try SKSFile.load(data: data, name: "Nodes.sks")) { error in
            XCTAssertEqual((error as? ParticleFileError)?.problem, .tooComplex, "\(error)")
            XCTAssertTrue("\(error)".contains("more than \(FileLimits.maxNodes) nodes (shared references); refused"),
                          "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 1.0)
    }
}
