import Foundation
import Particles
import Stage
import SwiftUI
import UIKit

/// How particles (and sprites) combine with what is beneath them; raw values are SpriteKit's.
public enum SKBlendMode: Int {
    case alpha = 0, add, subtract, multiply, multiplyX2, screen, replace, multiplyAlpha
}

/// SpriteKit's particle emitter, run by the engine's `ParticleEmitter` (spec 05 §1): every SpriteKit property
/// reads and writes the engine's configuration under the same name. Particles live in the emitter's space unless
/// `targetNode` is set; the emitter starts empty when its scene first steps (no pre-warm).
open class SKEmitterNode: SKNode {
    let emitter: EmitterNode

    /// An emitter with nothing to emit (birth rate 0), as SpriteKit's `SKEmitterNode()`.
    public override init() {
        emitter = EmitterNode(config: EmitterConfig(), seed: EmitterSeeds.next())
        super.init()
    }

    public required init?(coder aDecoder: NSCoder) {
        emitter = EmitterNode(config: EmitterConfig(), seed: EmitterSeeds.next())
        super.init(coder: aDecoder)
    }

    /// The first emitter of the particle file `filename` (`"Fire.sks"`, or `"Fire"`) of the project; nil, with one
    /// message, when there is no such file or it cannot be read, as SpriteKit returns nil.
    public init?(fileNamed filename: String) {
        guard let url = EmitterFiles.url(of: filename) else {
            SpriteKitLog.say("SKEmitterNode(fileNamed: \"\(filename)\"): no such file in the project; the emitter is nil")
            return nil
        }
        let loaded: LoadedEmitter
        do {
            let result = try ParticleFile.load(url)
            for warning in result.warnings { SpriteKitLog.say("\(filename): \(warning)") }
            guard let first = result.emitters.first else {
                SpriteKitLog.say("SKEmitterNode(fileNamed: \"\(filename)\"): the file holds no emitter; the emitter is nil")
                return nil
            }
            loaded = first
        } catch {
            SpriteKitLog.say("SKEmitterNode(fileNamed: \"\(filename)\"): \(error); the emitter is nil")
            return nil
        }
        emitter = EmitterNode(config: loaded.config, seed: EmitterSeeds.next())
        // The texture's size in points as the editor recorded it (a 2x image is half its pixels, spec 05 §5 item 9).
        emitter.textureSize = loaded.textureSize
        super.init()
        name = loaded.config.name
        if let p = loaded.nodePosition { position = Point(p.x, p.y) }
    }

    override var layerNode: LayerNode? { emitter }

    /// The engine's configuration. What code sets goes through the same checks as a file's values (a NaN, an
    /// absurd birth rate): one warning per fix, and the emitter runs with the fixed value.
    private var config: EmitterConfig {
        get { emitter.config }
        set {
            let (clean, notes) = EmitterSanitizer.sanitize(newValue)
            for note in notes { SpriteKitLog.say("SKEmitterNode: \(note)") }
            emitter.config = clean
        }
    }

    /// The particles' own node: they are handed to its space when born and stay there (nil: the emitter's).
    public weak var targetNode: SKNode?

    /// Runs the simulation `seconds` ahead at once (to start a fire already burning).
    public func advanceSimulationTime(_ seconds: TimeInterval) { emitter.emitter.advanceSimulationTime(seconds) }
    /// Removes every particle and starts over.
    public func resetSimulation() { emitter.emitter.resetSimulation() }

    public var particleTexture: SKTexture? {
        get { config.particleTexture.map(SKTexture.init(imageNamed:)) }
        set { config.particleTexture = newValue?.imageName; emitter.textureSize = nil }
    }
    public var particleSize: Size {
        get { Size(config.particleSize.x, config.particleSize.y) }
        set { config.particleSize = Vector2(newValue.width, newValue.height) }
    }
    public var particleBirthRate: Double { get { config.particleBirthRate } set { config.particleBirthRate = newValue } }
    public var numParticlesToEmit: Int { get { config.numParticlesToEmit } set { config.numParticlesToEmit = newValue } }
    public var particleLifetime: Double { get { config.particleLifetime } set { config.particleLifetime = newValue } }
    public var particleLifetimeRange: Double {
        get { config.particleLifetimeRange } set { config.particleLifetimeRange = newValue }
    }
    public var particlePosition: Point {
        get { Point(config.particlePosition.x, config.particlePosition.y) }
        set { config.particlePosition = Vector2(newValue.x, newValue.y) }
    }
    public var particlePositionRange: CGVector {
        get { CGVector(dx: config.particlePositionRange.x, dy: config.particlePositionRange.y) }
        set { config.particlePositionRange = Vector2(newValue.dx, newValue.dy) }
    }
    public var emissionAngle: Double { get { config.emissionAngle } set { config.emissionAngle = newValue } }
    public var emissionAngleRange: Double { get { config.emissionAngleRange } set { config.emissionAngleRange = newValue } }
    public var particleSpeed: Double { get { config.particleSpeed } set { config.particleSpeed = newValue } }
    public var particleSpeedRange: Double { get { config.particleSpeedRange } set { config.particleSpeedRange = newValue } }
    public var xAcceleration: Double { get { config.xAcceleration } set { config.xAcceleration = newValue } }
    public var yAcceleration: Double { get { config.yAcceleration } set { config.yAcceleration = newValue } }
    public var particleAlpha: Double { get { config.particleAlpha } set { config.particleAlpha = newValue } }
    public var particleAlphaRange: Double { get { config.particleAlphaRange } set { config.particleAlphaRange = newValue } }
    public var particleAlphaSpeed: Double { get { config.particleAlphaSpeed } set { config.particleAlphaSpeed = newValue } }
    public var particleScale: Double { get { config.particleScale } set { config.particleScale = newValue } }
    public var particleScaleRange: Double { get { config.particleScaleRange } set { config.particleScaleRange = newValue } }
    public var particleScaleSpeed: Double { get { config.particleScaleSpeed } set { config.particleScaleSpeed = newValue } }
    public var particleRotation: Double { get { config.particleRotation } set { config.particleRotation = newValue } }
    public var particleRotationRange: Double {
        get { config.particleRotationRange } set { config.particleRotationRange = newValue }
    }
    public var particleRotationSpeed: Double {
        get { config.particleRotationSpeed } set { config.particleRotationSpeed = newValue }
    }
    public var particleColorBlendFactor: Double {
        get { config.particleColorBlendFactor } set { config.particleColorBlendFactor = newValue }
    }
    public var particleColorBlendFactorRange: Double {
        get { config.particleColorBlendFactorRange } set { config.particleColorBlendFactorRange = newValue }
    }
    public var particleColorBlendFactorSpeed: Double {
        get { config.particleColorBlendFactorSpeed } set { config.particleColorBlendFactorSpeed = newValue }
    }
    /// The particles' colour; setting it drops a colour ramp read from the file, as SpriteKit does.
    public var particleColor: UIColor {
        get { let c = config.particleColor; return UIColor(red: c.r, green: c.g, blue: c.b, alpha: c.a) }
        set {
            let c = newValue.color
            config.particleColor = RGBA(c.r, c.g, c.b, c.a)
            config.particleColorSequence = nil
        }
    }
    public var particleBlendMode: SKBlendMode {
        get { SKBlendMode(rawValue: config.particleBlendMode.rawValue) ?? .alpha }
        set { config.particleBlendMode = ParticleBlendMode(rawValue: newValue.rawValue) ?? .alpha }
    }
    public var fieldBitMask: UInt32 { get { config.fieldBitMask } set { config.fieldBitMask = newValue } }
}

/// The project's particle files: found by file name in the project folder (`Bundle.main`), or at a path.
enum EmitterFiles {
    static func url(of filename: String) -> URL? {
        if filename.hasPrefix("/") {
            return FileManager.default.fileExists(atPath: filename) ? URL(fileURLWithPath: filename) : nil
        }
        let bundle = ProjectBundle.main
        let ext = (filename as NSString).pathExtension
        if !ext.isEmpty, let url = bundle.url(forResource: filename, withExtension: nil) { return url }
        return bundle.url(forResource: filename, withExtension: "sks")
    }
}

/// Seeds for the emitters of the running scene: its seed (`--seed`) for the first emitter made, then the next
/// numbers, so a run is the same every time and our built-in scenes' emitters (seeded the same way) can be matched.
enum EmitterSeeds {
    private static weak var scene: ViewScene?
    private static var made: UInt64 = 0

    /// Outside a running scene (a test of the node alone) every emitter gets seed 0.
    static func next() -> UInt64 {
        guard let running = ViewScene.running else { return 0 }
        if running !== scene { scene = running; made = 0 }
        defer { made += 1 }
        return running.context.seed &+ made
    }
}
