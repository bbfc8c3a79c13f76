import XCTest
@testable import SpriteKit

/// SKAction timing on the scene clock: parts of a composition start at the exact moment the previous one ends,
/// whatever the step size.
@MainActor
final class ActionTests: XCTestCase {
    func testASequenceCarriesLeftOverTimeIntoItsNextPart() async {
        let scene = SKScene(size: Size(400, 600))
        let node = SKNode()
        scene.addChild(node)
        var completed = 0
        node.run(.sequence([.move(by: CGVector(dx: 100, dy: 0), duration: 1), .wait(forDuration: 0.5),
                            .fadeOut(withDuration: 1)]), completion: { completed += 1 })
        let h = SceneHarness(scene)
        h.step(to: 0.9)
        XCTAssertEqual(node.position.x, 90, accuracy: 1e-9)
        h.step(to: 1.2)
        XCTAssertEqual(node.position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(node.alpha, 1)
        h.step(to: 2.0)
        XCTAssertEqual(node.alpha, 0.5, accuracy: 1e-9, "0.5 s into the fade")
        XCTAssertEqual(completed, 0)
        h.step(to: 2.7)
        XCTAssertEqual(node.alpha, 0)
        XCTAssertEqual(completed, 1)
        XCTAssertFalse(node.hasActions())
    }

    func testARepeatedGroupEndsWithItsLongestPart() async {
        let scene = SKScene(size: Size(400, 600))
        let node = SKNode()
        scene.addChild(node)
        node.run(.repeat(.group([.moveBy(x: 10, y: 0, duration: 1), .rotate(byAngle: .pi, duration: 2)]), count: 2))
        let h = SceneHarness(scene)
        h.step(to: 1.0)
        XCTAssertEqual(node.position.x, 10, accuracy: 1e-9)
        XCTAssertEqual(node.zRotation, .pi / 2, accuracy: 1e-9)
        h.step(to: 3.0)
        XCTAssertEqual(node.position.x, 20, accuracy: 1e-9, "the second round's move ran from 2 s to 3 s")
        for t in stride(from: 3.1, through: 5, by: 0.1) { h.step(to: t) }
        XCTAssertEqual(node.zRotation, 2 * .pi, accuracy: 1e-9)
        XCTAssertFalse(node.hasActions())
    }

    func testEasedMovesAndRemoval() async {
        let scene = SKScene(size: Size(400, 600))
        let node = SKSpriteNode(color: .red, size: Size(10, 10))
        scene.addChild(node)
        let move = SKAction.move(to: Point(100, 0), duration: 1)
        move.timingMode = .easeInEaseOut
        node.run(.sequence([move, .removeFromParent()]))
        let h = SceneHarness(scene)
        h.step(to: 0.25)
        XCTAssertLessThan(node.position.x, 25, "eased in: slower than linear at first")
        h.step(to: 0.5)
        XCTAssertEqual(node.position.x, 50, accuracy: 1e-6)
        h.step(to: 1.0)
        XCTAssertNil(node.parent)
        XCTAssertFalse(h.layer.nodes.contains { $0 === node.sprite }, "its engine sprite left the layer")
    }

    /// An instantaneous action repeated forever runs once per step instead of hanging.
    func testAnInstantActionRepeatedForeverRunsOncePerStep() async {
        let scene = SKScene(size: Size(400, 600))
        var runs = 0
        scene.run(.repeatForever(.run { runs += 1 }))
        let h = SceneHarness(scene)
        h.step(to: 0.1)
        h.step(to: 0.2)
        XCTAssertEqual(runs, 3, "the first step at 0 and two more")
    }

    func testAKeyedActionReplacesTheOneUnderItsKey() async {
        let node = SKNode()
        node.run(.wait(forDuration: 1), withKey: "k")
        node.run(.fadeOut(withDuration: 2), withKey: "k")
        XCTAssertEqual(node.action(forKey: "k")?.duration, 2)
        node.removeAction(forKey: "k")
        XCTAssertFalse(node.hasActions())
    }
}
