import Foundation
import Particles
import Stage
import UIKit
import XCTest
@testable import SpriteKit

/// `SKEmitterNode(fileNamed:)` against the engine path our built-in rocket-fire scene takes (its Fire effect, the
/// position range set to (5, 0), the run's seed): same particles, same places.
@MainActor
final class EmitterFileTests: XCTestCase {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    override func tearDown() async throws { ProjectBundle.main.resourceRoots = [] }

    func testAFileEmitterRunsLikeTheBuiltInRocketFire() async throws {
        ProjectBundle.main.resourceRoots = [root.appendingPathComponent("Tests/BookApps/Campfire")]
        let scene = SKScene(size: Size(400, 600))
        let flames = try XCTUnwrap(SKEmitterNode(fileNamed: "Flames.sks"))
        flames.position = Point(200, 300)
        flames.particlePositionRange = CGVector(dx: 5, dy: 0)
        scene.addChild(flames)
        let h = SceneHarness(scene)

        var config = try XCTUnwrap(ParticleFile.load(root.appendingPathComponent("Resources/Effects/Fire.json")).emitters.first).config
        config.particlePositionRange = Vector2(5, 0)
        let fire = EmitterNode(config: config, seed: 0)
        fire.position = Vector2(200, 300)
        let layer = ParticleLayer(sceneSize: Vector2(400, 600))
        layer.add(fire)
        layer.update(to: 0)

        for frame in 1...300 {
            let t = Double(frame) / 60
            h.step(to: t)
            layer.update(to: t)
        }
        let ours = flames.emitter.emitter, theirs = fire.emitter
        XCTAssertEqual(ours.particleCount, theirs.particleCount)
        XCTAssertEqual(Double(ours.particleCount), 1138, accuracy: 12, "spec 05 §4.4 check 5")
        for i in stride(from: 0, to: min(ours.particleCount, theirs.particleCount), by: 97) {
            XCTAssertEqual(ours.state(at: i).position.x, theirs.state(at: i).position.x, accuracy: 1e-9)
            XCTAssertEqual(ours.state(at: i).position.y, theirs.state(at: i).position.y, accuracy: 1e-9)
        }
    }

    /// A missing or broken file is nil, and nothing else happens.
    func testAMissingOrBrokenFileIsNil() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-sks-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("bplist00 not really".utf8).write(to: dir.appendingPathComponent("Broken.sks"))
        ProjectBundle.main.resourceRoots = [dir]
        XCTAssertNil(SKEmitterNode(fileNamed: "Missing.sks"))
        XCTAssertNil(SKEmitterNode(fileNamed: "Broken.sks"))
        XCTAssertNil(SKEmitterNode(fileNamed: "Broken"))
    }
}
