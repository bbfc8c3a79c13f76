import Foundation
import Particles

/// A node inside a particle layer, in SpriteKit's scene space: y up, rotations in radians, counter-clockwise
/// positive (spec 05 §1.1–§1.2). Children draw by ascending `zPosition`, then insertion order. Main-actor isolated,
/// as the layer that holds it.
@MainActor
open class LayerNode {
    public var name: String?
    public var position = Vector2.zero
    public var zPosition = 0.0
    /// Radians, counter-clockwise.
    public var zRotation = 0.0
    public var xScale = 1.0
    public var yScale = 1.0
    public var alpha = 1.0
    public var isHidden = false
    /// Removed nodes neither simulate nor draw.
    public internal(set) weak var layer: ParticleLayer?

    public init(name: String? = nil) { self.name = name }

    /// Node space → scene space.
    public var transform: Affine2 {
        let c = cos(zRotation), s = sin(zRotation)
        return Affine2(a: c * xScale, b: s * xScale, c: -s * yScale, d: c * yScale, tx: position.x, ty: position.y)
    }

    public func removeFromLayer() { layer?.remove(self) }

    /// Advances whatever the node simulates.
    open func advance(by dt: Double) {}
}

/// SKSpriteNode: an image of `size` scene points centred on its position (or on `anchorPoint`), or a plain
/// rectangle of `color` when it has no image.
public final class SpriteNode: LayerNode {
    /// nil: an untextured rectangle of `color` (`SKSpriteNode(color:size:)`).
    public var image: String?
    public var size: Vector2
    /// Multiplies the image's colours (white: the image as it is); the colour of an untextured sprite.
    public var color = Color.white
    /// The point of the sprite at its position, in unit coordinates from its bottom-left: (0.5, 0.5) is the centre.
    public var anchorPoint = Vector2(0.5, 0.5)
    /// How the sprite combines with what is beneath it (SKSpriteNode's `blendMode`).
    public var blend = BlendMode.alpha

    public init(name: String? = nil, image: String, size: Vector2) {
        self.image = image; self.size = size
        super.init(name: name)
    }

    public init(name: String? = nil, color: Color, size: Vector2) {
        self.image = nil; self.color = color; self.size = size
        super.init(name: name)
    }
}

/// SKEmitterNode: an emitter and how its particles look.
public final class EmitterNode: LayerNode {
    public let emitter: ParticleEmitter
    /// The particle texture's size in points, set by the layer from the renderer when it is first drawn
    /// (nil = not known yet). A scene may set it to override (Magic's star, spec 05 §5 item 9).
    public var textureSize: Vector2?
    /// SpriteKit's targetNode: when set, new particles are handed to that node's space and stay there.
    public weak var targetNode: LayerNode?

    public init(name: String? = nil, config: EmitterConfig, seed: UInt64) {
        emitter = ParticleEmitter(config: config, seed: seed)
        super.init(name: name)
    }

    public var config: EmitterConfig {
        get { emitter.config }
        set { emitter.config = newValue }
    }

    public override func advance(by dt: Double) {
        if let target = targetNode, let layer {
            // Emitter space → target space, through scene space.
            emitter.emitterToTarget = layer.sceneTransform(of: target).inverted.concatenating(layer.sceneTransform(of: self))
        } else {
            emitter.emitterToTarget = nil
        }
        emitter.advance(by: dt)
    }
}
