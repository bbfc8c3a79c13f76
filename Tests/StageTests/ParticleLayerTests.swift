import Particles
@testable import Stage
import XCTest
import ZoetropeTestSupport

/// Spec 05 §1.2 (scene space → canvas), §1.8 (draw order) and §1.9 (targetNode) at the Stage level.
@MainActor
final class ParticleLayerTests: XCTestCase {
    func testFillAndAspectFillMappings() async {
        let layer = ParticleLayer(sceneSize: Vector2(400, 600))
        layer.frame = Rect(center: Point(55, 527), size: Size(390, 844))
        // fill: canvasX = Rx + (sx − Sw/2)·kx, canvasY = Ry − (sy − Sh/2)·ky.
        let p = layer.canvasPoint(fromScene: Vector2(300, 100))
        XCTAssertEqual(p.x, 55 + 100 * 390 / 400, accuracy: 1e-9)
        XCTAssertEqual(p.y, 527 + 200 * 844 / 600, accuracy: 1e-9)
        let magic = ParticleLayer(sceneSize: Vector2(900, 600), scaleMode: .aspectFill)
        magic.frame = Rect(center: Point(195, 422), size: Size(390, 844))
        let k = 844.0 / 600
        let q = magic.canvasPoint(fromScene: Vector2(391.3, 150))
        XCTAssertEqual(q.x, 195 + (391.3 - 450) * k, accuracy: 1e-9)
        XCTAssertEqual(q.y, 422 - (150 - 300) * k, accuracy: 1e-9)
        let back = magic.scenePoint(fromCanvas: q)
        XCTAssertEqual(back.x, 391.3, accuracy: 1e-9); XCTAssertEqual(back.y, 150, accuracy: 1e-9)
    }

    func testNodesDrawByZThenInsertionAndClipToTheLayer() async {
        let layer = ParticleLayer(sceneSize: Vector2(100, 100))
        layer.frame = Rect(x: 10, y: 20, width: 100, height: 100)
        let a = SpriteNode(name: "a", image: "a", size: Vector2(10, 10)), b = SpriteNode(name: "b", image: "b", size: Vector2(10, 10))
        let c = SpriteNode(name: "c", image: "c", size: Vector2(10, 10))
        a.zPosition = 2
        [a, b, c].forEach(layer.add)
        let r = RecordingRenderer()
        Painter().draw(layer, on: r, time: 0)
        XCTAssertEqual(r.batches.map(\.texture), [.image("b"), .image("c"), .image("a")])
        XCTAssertTrue(r.batches.allSatisfy { $0.clip == Rect(x: 10, y: 20, width: 100, height: 100) })
    }

    func makeEmitterLayer(target: Bool) -> (ParticleLayer, EmitterNode) {
        let layer = ParticleLayer(sceneSize: Vector2(400, 400))
        layer.frame = Rect(x: 0, y: 0, width: 400, height: 400)
        var config = EmitterConfig()
        config.particleBirthRate = 60
        config.particleLifetime = 10
        let e = EmitterNode(name: "e", config: config, seed: 1)
        e.position = Vector2(100, 100)
        if target {
            let world = LayerNode(name: "world")
            layer.add(world)
            e.targetNode = world
        }
        layer.add(e)
        return (layer, e)
    }

    func canvasPositions(_ layer: ParticleLayer, _ e: EmitterNode) -> [Point] {
        let r = RecordingRenderer()
        Painter().draw(layer, on: r, time: 0)
        return r.particleDraws.first.map { d in stride(from: 0, to: d.vertexCount, by: 4).map { d.positions[$0] } } ?? []
    }

    func testTargetNodeLeavesParticlesBehind() async {
        let (free, e1) = makeEmitterLayer(target: false), (targeted, e2) = makeEmitterLayer(target: true)
        for layer in [free, targeted] { layer.update(to: 0); layer.update(to: 1) }
        let before1 = canvasPositions(free, e1), before2 = canvasPositions(targeted, e2)
        XCTAssertEqual(before1.count, 60); XCTAssertEqual(before2.count, 60)
        e1.position = Vector2(250, 100); e2.position = Vector2(250, 100)
        let after1 = canvasPositions(free, e1), after2 = canvasPositions(targeted, e2)
        for (p, q) in zip(before1, after1) { XCTAssertEqual(q.x - p.x, 150, accuracy: 1e-3, "emitter-space particles move with it") }
        for (p, q) in zip(before2, after2) { XCTAssertEqual(q.x, p.x, accuracy: 1e-3, "target-space particles stay") }
        // New particles are born at the emitter's new place.
        targeted.update(to: 1.5)
        XCTAssertTrue(e2.emitter.states.contains { $0.position.x > 240 })
    }
}
