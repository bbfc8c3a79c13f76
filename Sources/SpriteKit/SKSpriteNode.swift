import Foundation
import Particles
import Stage
import UIKit

/// SpriteKit's sprite: a texture drawn at `size`, tinted by `color` as far as `colorBlendFactor` says, or a plain
/// rectangle of `color` when it has no texture. Drawn by an engine `SpriteNode`.
open class SKSpriteNode: SKNode {
    public var texture: SKTexture?
    public var size: Size
    public var color: UIColor
    /// 0: the texture as it is; 1: its colours multiplied by `color`.
    public var colorBlendFactor = 0.0
    /// The point of the sprite at its position, in unit coordinates from its bottom-left.
    public var anchorPoint = Point(0.5, 0.5)
    /// How the sprite combines with what is beneath it (the particle blend modes' rules, spec 05 §1.8).
    public var blendMode = SKBlendMode.alpha
    let sprite: SpriteNode

    /// A sprite of `texture` at `size` (nil texture: a rectangle of `color`).
    public init(texture: SKTexture?, color: UIColor, size: Size) {
        self.texture = texture; self.color = color; self.size = size
        sprite = SpriteNode(color: .white, size: Vector2(size.width, size.height))
        super.init()
    }

    public required init?(coder aDecoder: NSCoder) {
        size = .zero; color = .white
        sprite = SpriteNode(color: .white, size: .zero)
        super.init(coder: aDecoder)
    }

    /// A sprite of the image `name` at the image's size.
    public convenience init(imageNamed name: String) {
        let texture = SKTexture(imageNamed: name)
        self.init(texture: texture, color: .white, size: texture.size())
    }

    public convenience init(texture: SKTexture?) {
        self.init(texture: texture, color: .white, size: texture?.size() ?? .zero)
    }

    public convenience init(texture: SKTexture?, size: Size) { self.init(texture: texture, color: .white, size: size) }

    public convenience init(color: UIColor, size: Size) { self.init(texture: nil, color: color, size: size) }

    override var layerNode: LayerNode? {
        sprite.name = name
        sprite.image = texture?.imageName
        sprite.size = Vector2(size.width, size.height)
        sprite.anchorPoint = Vector2(anchorPoint.x, anchorPoint.y)
        sprite.blend = BlendMode(ParticleBlendMode(rawValue: blendMode.rawValue) ?? .alpha)
        // An untextured sprite is its colour, alpha included (`.clear` makes an invisible node); a textured one mixes
        // towards the tint by the blend factor, ignoring the tint's alpha.
        let c = color.color
        sprite.color = texture == nil ? c : Color.white.mix(Color(r: c.r, g: c.g, b: c.b, a: 1), min(1, max(0, colorBlendFactor)))
        return sprite
    }

    /// The sprite's box in its parent's coordinates (scaled, not rotated).
    open override var frame: Rect {
        let w = size.width * xScale, h = size.height * yScale
        return Rect(x: position.x - anchorPoint.x * w, y: position.y - anchorPoint.y * h, width: w, height: h)
    }

    /// Scales the sprite so that it is drawn at `size` (`scale(to:)`).
    public func scale(to newSize: Size) {
        xScale = size.width == 0 ? 1 : newSize.width / size.width
        yScale = size.height == 0 ? 1 : newSize.height / size.height
    }
}
