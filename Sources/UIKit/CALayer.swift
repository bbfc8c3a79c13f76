import Particles
import Stage

/// Core Animation's layer, as far as the book uses it: a frame and sublayers (`addSublayer`).
open class CALayer {
    public var frame: Rect = .zero
    public var bounds: Rect { get { Rect(origin: .zero, size: frame.size) } set { frame.size = newValue.size } }
    public var position: Point = .zero
    public var masksToBounds = false
    public var opacity: Float = 1
    public var backgroundColor: CGColor?
    public private(set) var sublayers: [CALayer]?

    public init() {}

    public func addSublayer(_ layer: CALayer) { sublayers = (sublayers ?? []) + [layer] }
    public func removeFromSuperlayer() {}

    /// This layer's sublayers and theirs, depth first.
    var allSublayers: [CALayer] { (sublayers ?? []).flatMap { [$0] + $0.allSublayers } }
}

/// How an emitter layer spreads its births (`CAEmitterLayerEmitterShape`).
public struct CAEmitterLayerEmitterShape: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let point = Self(rawValue: "point"), line = Self(rawValue: "line")
    public static let rectangle = Self(rawValue: "rectangle"), circle = Self(rawValue: "circle")
    public static let cuboid = Self(rawValue: "cuboid"), sphere = Self(rawValue: "sphere")
}

/// The order emitter layers draw their particles in (`CAEmitterLayerRenderMode`).
public struct CAEmitterLayerRenderMode: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let unordered = Self(rawValue: "unordered"), oldestFirst = Self(rawValue: "oldestFirst")
    public static let oldestLast = Self(rawValue: "oldestLast"), backToFront = Self(rawValue: "backToFront")
    public static let additive = Self(rawValue: "additive")
}

/// Core Animation's particle emitter: its cells, run by the engine's particle system (`EmitterConfig(cell:layer:)`).
open class CAEmitterLayer: CALayer {
    public var emitterCells: [CAEmitterCell]?
    public var emitterPosition: Point = .zero
    public var emitterSize: Size = .zero
    public var emitterShape: CAEmitterLayerEmitterShape = .point
    public var renderMode: CAEmitterLayerRenderMode = .unordered
    public var birthRate: Float = 1, lifetime: Float = 1, velocity: Float = 1, scale: Float = 1, spin: Float = 1
    public var seed: UInt32 = 0

    public override init() { super.init() }

    /// One engine emitter per enabled cell, placed where this layer sits in the view (layer space is y down from
    /// the view's top-left; the particle layer's scene space is y up from its bottom-left).
    func addEmitters(to particles: ParticleLayer, seed: UInt64) {
        var geometry = EmitterLayerGeometry(
            emitterPosition: Vector2(emitterPosition.x, emitterPosition.y),
            emitterSize: Vector2(emitterSize.width, emitterSize.height),
            emitterShape: EmitterLayerShape(rawValue: emitterShape.rawValue) ?? .point,
            renderMode: EmitterLayerRenderMode(rawValue: renderMode.rawValue) ?? .unordered)
        geometry.birthRate = Double(birthRate); geometry.lifetime = Double(lifetime)
        geometry.velocity = Double(velocity); geometry.scale = Double(scale); geometry.spin = Double(spin)
        for (i, cell) in (emitterCells ?? []).enumerated() {
            let node = EmitterNode(name: cell.name, config: EmitterConfig(cell: cell.engineCell, layer: geometry),
                                   seed: seed &+ UInt64(i))
            // The cell's emitter point is (x, −y) from the layer's origin: the layer's frame origin sits at
            // (frame.minX, H − frame.minY) in the particle layer's y-up space.
            node.position = Vector2(frame.minX, particles.sceneSize.y - frame.minY)
            particles.add(node)
        }
    }
}

/// One kind of particle of a `CAEmitterLayer`, with Core Animation's property names and defaults.
open class CAEmitterCell {
    public var name: String?
    public var isEnabled = true
    /// A `CGImage` (`UIImage(named:)?.cgImage`).
    public var contents: Any?
    public var contentsScale: Double = 1
    public var birthRate: Float = 0
    public var lifetime: Float = 0, lifetimeRange: Float = 0
    public var velocity: Double = 0, velocityRange: Double = 0
    public var xAcceleration: Double = 0, yAcceleration: Double = 0, zAcceleration: Double = 0
    public var emissionLongitude: Double = 0, emissionLatitude: Double = 0, emissionRange: Double = 0
    public var spin: Double = 0, spinRange: Double = 0
    public var scale: Double = 1, scaleRange: Double = 0, scaleSpeed: Double = 0
    public var color: CGColor?
    public var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    public var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    public var emitterCells: [CAEmitterCell]?

    public init() {}

    /// The engine's description of the same cell.
    var engineCell: EmitterCell {
        var c = EmitterCell()
        c.name = name
        c.isEnabled = isEnabled
        c.contents = (contents as? CGImage)?.name ?? (contents as? UIImage)?.name
        c.contentsScale = contentsScale
        c.birthRate = Double(birthRate)
        c.lifetime = Double(lifetime); c.lifetimeRange = Double(lifetimeRange)
        c.velocity = velocity; c.velocityRange = velocityRange
        c.xAcceleration = xAcceleration; c.yAcceleration = yAcceleration
        c.emissionLongitude = emissionLongitude; c.emissionRange = emissionRange
        c.spin = spin; c.spinRange = spinRange
        c.scale = scale; c.scaleRange = scaleRange; c.scaleSpeed = scaleSpeed
        if let color { c.color = RGBA(color.color.r, color.color.g, color.color.b, color.color.a) }
        c.redRange = Double(redRange); c.greenRange = Double(greenRange); c.blueRange = Double(blueRange)
        c.alphaRange = Double(alphaRange)
        c.redSpeed = Double(redSpeed); c.greenSpeed = Double(greenSpeed); c.blueSpeed = Double(blueSpeed)
        c.alphaSpeed = Double(alphaSpeed)
        return c
    }
}
