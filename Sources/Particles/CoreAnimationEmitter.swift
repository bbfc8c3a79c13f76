import Foundation

// Core Animation's CAEmitterLayer + CAEmitterCell (chapter 8 snow, spec 03 §1.1.3 and §1.2), mapped onto
// `EmitterConfig` so that the same `ParticleEmitter` simulates and draws them: there is one particle system.
//
// Conventions and choices:
// - A CALayer on iOS has y pointing DOWN and positive angles turn clockwise on screen. Particles always live in a
//   y-up space (SpriteKit's), so the mapping flips y: layer point (x, y) ↦ emitter point (x, −y), angles and spin are
//   negated, yAcceleration is negated. Draw with `EmitterLayerGeometry.emitterToLayer` (the flip back) followed by
//   the layer's own placement on the canvas; the image then appears upright, as on iOS.
// - Core Animation ranges are ± the range (spec 03 §4 item 2 for emissionRange: direction = longitude + U(−range,
//   +range), so π means every direction). We apply the same reading to every CA range (lifetime, velocity, spin,
//   scale, colour); `EmitterConfig` ranges are full widths, hence the factor 2.
// - The cell colour multiplies the contents (colour blend factor 1; white = no tint). alphaRange and alphaSpeed act
//   on the colour's alpha, which multiplies the particle alpha (spec 05 §1.8).
// - contentsScale: the contents are drawn at (image pixels / contentsScale) × scale points; our particleSize (0,0)
//   means "texture size in points" (1× assets), so 1/contentsScale is folded into the scale values.
// - Layer multipliers birthRate, lifetime, velocity, scale and spin multiply the cell's value and its range/speed.
// - Shapes: point; line (a horizontal segment of emitterSize.width centred on emitterPosition); rectangle (the area
//   emitterSize centred on emitterPosition, i.e. volume/surface mode). Outline mode, circle, cuboid and sphere are not
//   needed by any scene and are not modelled. emitterZPosition, emissionLatitude and zAcceleration are ignored (2D),
//   and so is spinRange (a per-particle spin rate, which the SpriteKit model has no place for).
// - renderMode: unordered and backToFront → dontCare (every particle has z = 0); oldestFirst / oldestLast map
//   directly; additive → dontCare with the Add blend mode.

/// CAEmitterCell's properties (Core Animation defaults), in layer coordinates (y down, angles clockwise on screen).
public struct EmitterCell: Equatable, Codable, Sendable {
    public var name: String?
    public var isEnabled = true
    /// Image asset name (CAEmitterCell.contents).
    public var contents: String?
    public var contentsScale = 1.0

    public var birthRate = 0.0
    public var lifetime = 0.0
    public var lifetimeRange = 0.0

    public var velocity = 0.0
    public var velocityRange = 0.0
    public var xAcceleration = 0.0
    public var yAcceleration = 0.0

    /// Radians from +x, clockwise on screen (y down).
    public var emissionLongitude = 0.0
    /// Half-angle: direction = longitude + U(−range, +range).
    public var emissionRange = 0.0

    public var spin = 0.0
    public var spinRange = 0.0

    public var scale = 1.0
    public var scaleRange = 0.0
    public var scaleSpeed = 0.0

    public var color = RGBA.white
    public var redRange = 0.0, greenRange = 0.0, blueRange = 0.0, alphaRange = 0.0
    public var redSpeed = 0.0, greenSpeed = 0.0, blueSpeed = 0.0, alphaSpeed = 0.0

    public init() {}
}

/// CAEmitterLayer.emitterShape (the shapes the scenes can use).
public enum EmitterLayerShape: String, Codable, Sendable { case point, line, rectangle }

/// CAEmitterLayer.renderMode.
public enum EmitterLayerRenderMode: String, Codable, Sendable { case unordered, oldestFirst, oldestLast, backToFront, additive }

/// The CAEmitterLayer side: where and how its cells emit, in the layer's coordinates (y down).
public struct EmitterLayerGeometry: Equatable, Codable, Sendable {
    public var emitterPosition = Vector2.zero
    public var emitterSize = Vector2.zero
    public var emitterShape = EmitterLayerShape.point
    public var renderMode = EmitterLayerRenderMode.unordered
    /// Layer multipliers (all 1 by default).
    public var birthRate = 1.0, lifetime = 1.0, velocity = 1.0, scale = 1.0, spin = 1.0

    public init(emitterPosition: Vector2 = .zero, emitterSize: Vector2 = .zero, emitterShape: EmitterLayerShape = .point,
                renderMode: EmitterLayerRenderMode = .unordered) {
        self.emitterPosition = emitterPosition; self.emitterSize = emitterSize
        self.emitterShape = emitterShape; self.renderMode = renderMode
    }

    /// Particle (emitter, y-up) space → the layer's own coordinates (y down): the y flip.
    public static let emitterToLayer = Affine2.scale(1, -1)

    /// Particle space → canvas, for a layer whose top-left corner sits at `layerOrigin` on the canvas (y down).
    public static func emitterToCanvas(layerOrigin: Vector2) -> Affine2 {
        Affine2.translation(layerOrigin.x, layerOrigin.y).concatenating(emitterToLayer)
    }
}

public extension EmitterConfig {
    /// The SpriteKit-model equivalent of one CAEmitterCell emitted by a CAEmitterLayer (see the notes above).
    init(cell: EmitterCell, layer: EmitterLayerGeometry = EmitterLayerGeometry()) {
        self.init()
        name = cell.name
        particleTexture = cell.contents
        particleBirthRate = cell.isEnabled ? max(0, cell.birthRate * layer.birthRate) : 0

        particleLifetime = cell.lifetime * layer.lifetime
        particleLifetimeRange = 2 * cell.lifetimeRange * layer.lifetime

        particlePosition = Vector2(layer.emitterPosition.x, -layer.emitterPosition.y)
        switch layer.emitterShape {
        case .point: particlePositionRange = .zero
        case .line: particlePositionRange = Vector2(layer.emitterSize.x, 0)
        case .rectangle: particlePositionRange = Vector2(layer.emitterSize.x, layer.emitterSize.y)
        }

        emissionAngle = -cell.emissionLongitude
        emissionAngleRange = 2 * cell.emissionRange
        particleSpeed = cell.velocity * layer.velocity
        particleSpeedRange = 2 * cell.velocityRange * layer.velocity
        xAcceleration = cell.xAcceleration
        yAcceleration = -cell.yAcceleration

        particleAlpha = 1
        let k = layer.scale / (cell.contentsScale > 0 ? cell.contentsScale : 1)
        particleScale = cell.scale * k
        particleScaleRange = 2 * cell.scaleRange * k
        particleScaleSpeed = cell.scaleSpeed * k

        particleRotation = 0
        particleRotationRange = 0
        particleRotationSpeed = -cell.spin * layer.spin
        // spinRange varies each particle's spin *rate* in Core Animation; SpriteKit's model (ours) has one rate per
        // emitter, so spinRange is not represented. No scene sets it.

        particleColorBlendFactor = 1
        particleColor = cell.color
        particleColorRedRange = 2 * cell.redRange
        particleColorGreenRange = 2 * cell.greenRange
        particleColorBlueRange = 2 * cell.blueRange
        particleColorAlphaRange = 2 * cell.alphaRange
        particleColorRedSpeed = cell.redSpeed
        particleColorGreenSpeed = cell.greenSpeed
        particleColorBlueSpeed = cell.blueSpeed
        particleColorAlphaSpeed = cell.alphaSpeed

        switch layer.renderMode {
        case .unordered, .backToFront: particleRenderOrder = .dontCare; particleBlendMode = .alpha
        case .oldestFirst: particleRenderOrder = .oldestFirst; particleBlendMode = .alpha
        case .oldestLast: particleRenderOrder = .oldestLast; particleBlendMode = .alpha
        case .additive: particleRenderOrder = .dontCare; particleBlendMode = .add
        }
    }
}
