import Particles
import Stage
import XCTest
@testable import SpriteKit
import UIKit

/// The node tree written into the particle layer, scale modes, touches and emitters.
@MainActor
final class SceneTests: XCTestCase {
    /// z adds up through parents, alphas multiply, a hidden parent hides its children, transforms compose; the
    /// layer's order (z, then list order) puts a parent before its children.
    func testTheTreeIsFlattenedInSpriteKitsOrder() async throws {
        let scene = SKScene(size: Size(400, 600))
        scene.backgroundColor = .clear
        let parent = SKSpriteNode(color: .red, size: Size(10, 10))
        parent.position = Point(100, 100)
        parent.zPosition = 1
        parent.zRotation = .pi / 2
        parent.setScale(2)
        parent.alpha = 0.5
        let child = SKSpriteNode(color: .blue, size: Size(10, 10))
        child.position = Point(10, 0)
        child.zPosition = -2
        child.alpha = 0.5
        let sibling = SKSpriteNode(color: .green, size: Size(10, 10))
        scene.addChild(parent)
        parent.addChild(child)
        scene.addChild(sibling)
        let h = SceneHarness(scene)
        let c = child.sprite
        XCTAssertEqual(c.position.x, 100, accuracy: 1e-9, "(10, 0) turned a quarter and doubled: (0, 20)")
        XCTAssertEqual(c.position.y, 120, accuracy: 1e-9)
        XCTAssertEqual(c.xScale, 2, accuracy: 1e-9)
        XCTAssertEqual(c.zRotation, .pi / 2, accuracy: 1e-9)
        XCTAssertEqual(c.zPosition, -1)
        XCTAssertEqual(c.alpha, 0.25)
        let order = h.layer.nodes.filter { $0 is SpriteNode }
        XCTAssertTrue(order[0] === parent.sprite && order[1] === child.sprite && order[2] === sibling.sprite)
        parent.isHidden = true
        h.step(to: 0.1)
        XCTAssertTrue(child.sprite.isHidden)
        XCTAssertFalse(sibling.sprite.isHidden)
    }

    /// The scene's size and scale mode win over the hosting view's size; `.resizeFill` takes the view's.
    func testTheScenesSizeAndScaleModeDecideTheMapping() async {
        let scene = SKScene(size: Size(900, 600))
        scene.scaleMode = .aspectFill
        let h = SceneHarness(scene)
        XCTAssertEqual(h.layer.sceneSize, Vector2(900, 600))
        XCTAssertEqual(h.layer.scaleMode, .aspectFill)
        let centre = scene.convertPoint(fromView: Point(195, 422))
        XCTAssertEqual(centre.x, 450, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 300, accuracy: 1e-9)
        let k = 844.0 / 600
        let p = scene.convertPoint(fromView: Point(195 + k * 100, 422 - k * 50))
        XCTAssertEqual(p.x, 550, accuracy: 1e-9)
        XCTAssertEqual(p.y, 350, accuracy: 1e-9)

        let resizing = SKScene(size: Size(10, 10))
        resizing.scaleMode = .resizeFill
        let r = SceneHarness(resizing)
        XCTAssertEqual(resizing.size, Size(390, 844))
        XCTAssertEqual(r.layer.sceneSize, Vector2(390, 844))
    }

    func testASpritesBlendModeIsTheEngines() async {
        let scene = SKScene(size: Size(400, 600))
        let glow = SKSpriteNode(color: .orange, size: Size(10, 10))
        glow.blendMode = .add
        scene.addChild(glow)
        _ = SceneHarness(scene)
        XCTAssertEqual(glow.sprite.blend, .add)
    }

    func testTheAnchorPointMovesTheOrigin() async {
        let scene = SKScene(size: Size(400, 600))
        scene.anchorPoint = Point(0.5, 0.5)
        let node = SKSpriteNode(color: .red, size: Size(10, 10))
        scene.addChild(node)
        _ = SceneHarness(scene)
        XCTAssertEqual(node.sprite.position, Vector2(200, 300))
        XCTAssertEqual(scene.frame, Rect(x: -200, y: -300, width: 400, height: 600))
    }

    /// A press begins a touch at its scene point; moves are kept until the next step and only the last is
    /// delivered; the release ends the touch where it is.
    func testTouchesArriveInSceneCoordinatesOncePerStep() async {
        final class Recorder: SKScene {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
            func note(_ what: String, _ touches: Set<UITouch>) {
                let p = touches.first!.location(in: self)
                log.append("\(what) \(Int(p.x.rounded())),\(Int(p.y.rounded()))")
            }
        }
        let scene = Recorder(size: Size(390, 844))
        let h = SceneHarness(scene)
        h.view.pointer(.press(Point(10, 44)), time: 0.5)
        h.view.pointer(.move(Point(20, 44)), time: 0.51)
        h.view.pointer(.move(Point(30, 44)), time: 0.52)
        XCTAssertEqual(scene.log, ["began 10,800"])
        h.step(to: 0.55)
        h.view.pointer(.release(Point(40, 144)), time: 0.6)
        XCTAssertEqual(scene.log, ["began 10,800", "moved 30,800", "ended 40,700"])
    }

    /// Emitter properties are the engine's configuration; an emitter made during a step is born at that step.
    func testEmittersWriteTheEngineConfigurationAndStartWhenMade() async throws {
        final class Spawner: SKScene {
            var made: SKEmitterNode?
            override func update(_ currentTime: TimeInterval) {
                guard made == nil, currentTime >= 1 else { return }
                let e = SKEmitterNode()
                e.particleBirthRate = 600
                e.particleLifetime = 10
                e.particlePositionRange = CGVector(dx: 5, dy: 7)
                e.particleBlendMode = .add
                addChild(e)
                made = e
            }
        }
        let scene = Spawner(size: Size(400, 600))
        let h = SceneHarness(scene)
        h.step(to: 0.5)
        h.step(to: 1.0)
        let e = try XCTUnwrap(scene.made)
        XCTAssertEqual(e.emitter.config.particlePositionRange, Vector2(5, 7))
        XCTAssertEqual(e.emitter.config.particleBlendMode, .add)
        XCTAssertEqual(e.emitter.emitter.particleCount, 0, "born at 1 s: the half second before is not its own")
        h.step(to: 1.1)
        XCTAssertEqual(e.emitter.emitter.particleCount, 60, "600/s for 0.1 s")
    }

    /// Values no emitter can run with are fixed as a file's would be, not run.
    func testAnAbsurdEmitterValueIsFixed() async {
        let e = SKEmitterNode()
        e.particleLifetime = .nan
        e.particleBirthRate = 1e15
        XCTAssertEqual(e.particleLifetime, 0)
        XCTAssertLessThanOrEqual(e.particleBirthRate, EmitterSanitizer.maxBirthRate)
    }

    func testNamedChildrenAndHitTesting() async {
        let scene = SKScene(size: Size(400, 600))
        let box = SKSpriteNode(color: .red, size: Size(100, 100))
        box.name = "box"
        box.position = Point(200, 300)
        let inner = SKSpriteNode(color: .blue, size: Size(20, 20))
        inner.name = "inner"
        inner.zPosition = 1
        box.addChild(inner)
        scene.addChild(box)
        XCTAssertTrue(scene.childNode(withName: "box") === box)
        XCTAssertNil(scene.childNode(withName: "inner"))
        XCTAssertTrue(scene.childNode(withName: "//inner") === inner)
        XCTAssertTrue(scene.atPoint(Point(205, 305)) === inner)
        XCTAssertTrue(scene.atPoint(Point(240, 340)) === box)
        XCTAssertTrue(scene.atPoint(Point(10, 10)) === scene)
        XCTAssertEqual(inner.convert(Point(0, 0), to: scene), Point(200, 300))
        scene.addChild(box)   // already has a parent: refused, not duplicated
        XCTAssertEqual(scene.children.count, 1)
    }
}
