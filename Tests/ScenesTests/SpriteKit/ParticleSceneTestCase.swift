import Particles
import Player
import Stage
import XCTest
import ZoetropeHarness

/// Shared reading of particle scenes at the reference size 390×844 (spec 05 §0.3 harness operations).
@MainActor
class ParticleSceneTestCase: XCTestCase {
    let C = Point(195, 422)

    func harness(_ id: String, seed: UInt64 = 7, render: Bool = false) throws -> Harness {
        try Harness(scene: id, size: Size(390, 844), seed: seed, render: render)
    }

    func layer(_ h: Harness, _ name: String) throws -> ParticleLayer {
        try XCTUnwrap(h.node(name) as? ParticleLayer, "no particle layer \(name)")
    }

    func emitter(_ layer: ParticleLayer, _ name: String) throws -> EmitterNode {
        try XCTUnwrap(layer.node(named: name) as? EmitterNode, "no emitter \(name)")
    }

    /// Canvas position of a node's origin.
    func canvas(_ layer: ParticleLayer, _ node: LayerNode) -> Point {
        layer.canvasPoint(fromScene: node.position)
    }

    /// Canvas position of every live particle of an emitter (emitter space → scene → canvas).
    func particleCanvasPositions(_ layer: ParticleLayer, _ e: EmitterNode) -> [Point] {
        e.emitter.states.map { layer.canvasPoint(fromScene: e.transform.apply($0.position)) }
    }

    func assertPoint(_ p: Point, _ x: Double, _ y: Double, _ tol: Double = 1, _ what: String = "",
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: tol, "\(what) x", file: file, line: line)
        XCTAssertEqual(p.y, y, accuracy: tol, "\(what) y", file: file, line: line)
    }

    func degrees(_ radians: Double) -> Double {
        var d = radians * 180 / .pi
        while d < 0 { d += 360 }
        while d >= 360 { d -= 360 }
        return d
    }
}
