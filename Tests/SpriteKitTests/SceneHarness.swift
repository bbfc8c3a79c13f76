import Particles
import Stage
@testable import SpriteKit

/// A scene shown by an SKView in a bare particle layer (no player): the layer is `frame`, stepped by `step(to:)`.
@MainActor
final class SceneHarness {
    let layer: ParticleLayer
    let view = SKView(frame: Rect(x: 0, y: 0, width: 390, height: 844))

    init(_ scene: SKScene, frame: Rect = Rect(x: 0, y: 0, width: 390, height: 844)) {
        layer = ParticleLayer(sceneSize: Vector2(frame.width, frame.height))
        layer.frame = frame
        view.presentScene(scene)
        view.host(in: layer, seed: 0)
        layer.sceneSize = view.sceneSize(forLayerSize: frame.size)
        layer.update(to: 0)
    }

    func step(to time: Double) { layer.update(to: time) }
}
