import Foundation
import Particles
import Stage

/// Writes a scene's node tree into the engine's particle layer, which holds a flat list of nodes in scene space:
/// each node's engine node gets its transform through its ancestors (from the scene's bottom-left origin), the
/// z of the node plus its ancestors', the product of their alphas and whether any of them is hidden; the list is
/// in tree order (parent before children), so the layer's order — z, then list order — is SpriteKit's.
final class SceneLayerWriter {
    var isStale = true
    /// Draws the scene's background colour behind everything.
    private let background = SpriteNode(name: "background", color: .clear, size: Vector2(1, 1))

    func write(_ scene: SKScene, into layer: ParticleLayer) {
        var nodes: [LayerNode] = []
        let bg = scene.backgroundColor.color
        if bg.a > 0 {
            background.color = bg
            background.size = Vector2(scene.size.width, scene.size.height)
            background.anchorPoint = .zero
            background.zPosition = -.greatestFiniteMagnitude
            nodes.append(background)
        }
        // The scene's own origin sits at its anchor point; its node stands for it as a particle target.
        let origin = Affine2.translation(scene.anchorPoint.x * scene.size.width, scene.anchorPoint.y * scene.size.height)
        if let own = scene.layerNode {
            place(own, origin, z: scene.zPosition, alpha: scene.alpha, hidden: scene.isHidden)
            nodes.append(own)
        }
        visit(scene, origin, z: scene.zPosition, alpha: scene.alpha, hidden: scene.isHidden, paused: scene.isPaused,
              into: &nodes)
        if isStale || nodes.count != layer.nodes.count || zip(nodes, layer.nodes).contains(where: { $0 !== $1 }) {
            layer.replaceNodes(with: nodes)
        }
        isStale = false
    }

    private func visit(_ parent: SKNode, _ transform: Affine2, z: Double, alpha: Double, hidden: Bool, paused: Bool,
                       into nodes: inout [LayerNode]) {
        for child in parent.children {
            let t = transform.concatenating(child.localTransform)
            let cz = z + child.zPosition, ca = alpha * child.alpha, ch = hidden || child.isHidden
            let cp = paused || child.isPaused
            if let engine = child.layerNode {
                place(engine, t, z: cz, alpha: ca, hidden: ch)
                if let emitter = child as? SKEmitterNode, let engineEmitter = engine as? EmitterNode {
                    engineEmitter.targetNode = emitter.targetNode?.layerNode
                    engineEmitter.emitter.isPaused = cp
                }
                nodes.append(engine)
            }
            visit(child, t, z: cz, alpha: ca, hidden: ch, paused: cp, into: &nodes)
        }
    }

    /// Gives `engine` the position, rotation and scales of `t` (a node tree without shear: rotations and scales
    /// that do not mix a parent's non-uniform scale with a child's rotation).
    private func place(_ engine: LayerNode, _ t: Affine2, z: Double, alpha: Double, hidden: Bool) {
        let sx = (t.a * t.a + t.b * t.b).squareRoot()
        engine.position = Vector2(t.tx, t.ty)
        if sx > 1e-12 {
            engine.zRotation = atan2(t.b, t.a)
            engine.xScale = sx
            engine.yScale = t.determinant / sx
        } else {
            engine.zRotation = atan2(-t.c, t.d)
            engine.xScale = 0
            engine.yScale = (t.c * t.c + t.d * t.d).squareRoot()
        }
        engine.zPosition = z
        engine.alpha = alpha
        engine.isHidden = hidden
    }
}
