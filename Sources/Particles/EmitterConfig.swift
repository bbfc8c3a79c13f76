import Foundation

/// A 2D vector in emitter or scene space (SpriteKit: y points up).
public struct Vector2: Equatable, Hashable, Codable, Sendable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public static let zero = Vector2(0, 0)
}

/// A straight-alpha sRGB colour, channels 0…1 (values outside are allowed while integrating, clamped when drawn).
public struct RGBA: Equatable, Hashable, Codable, Sendable {
    public var r: Double, g: Double, b: Double, a: Double
    public init(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static let white = RGBA(1, 1, 1, 1)
}

/// How particles combine with what is beneath them; raw values are the `.sks` archive's (spec 05 §1.3, §1.8).
public enum ParticleBlendMode: Int, Codable, CaseIterable, Sendable {
    case alpha = 0, add = 1, subtract = 2, multiply = 3, multiplyX2 = 4, screen = 5, replace = 6, multiplyAlpha = 7
}

/// Draw order inside one emitter. SpriteKit's default is `oldestLast`: newest first, so the oldest ends on top.
public enum ParticleRenderOrder: Int, Codable, CaseIterable, Sendable {
    case oldestLast = 0, oldestFirst = 1, dontCare = 2
}

/// SKInterpolationMode raw values as archived.
public enum KeyframeInterpolation: Int, Codable, CaseIterable, Sendable { case linear = 1, spline = 2, step = 3 }
/// SKRepeatMode raw values as archived.
public enum KeyframeRepeat: Int, Codable, CaseIterable, Sendable { case clamp = 1, loop = 2 }

/// Values that keyframe sequences interpolate.
public protocol KeyframeValue: Codable, Equatable, Sendable {
    static func lerp(_ a: Self, _ b: Self, _ t: Double) -> Self
}
extension Double: KeyframeValue {
    public static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
}
extension RGBA: KeyframeValue {
    public static func lerp(_ a: RGBA, _ b: RGBA, _ t: Double) -> RGBA {
        RGBA(a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t)
    }
}

/// SKKeyframeSequence: values at normalised times (0 = birth, 1 = death) — spec 05 §1.7.
/// `sample(at:)` is implemented in KeyframeSequence+Sample.swift.
public struct KeyframeSequence<Value: KeyframeValue>: Equatable, Codable, Sendable {
    public var keyframeValues: [Value]
    public var keyframeTimes: [Double]
    public var interpolationMode: KeyframeInterpolation
    public var repeatMode: KeyframeRepeat
    public init(keyframeValues: [Value], times: [Double], interpolationMode: KeyframeInterpolation = .linear,
                repeatMode: KeyframeRepeat = .clamp) {
        self.keyframeValues = keyframeValues; keyframeTimes = times
        self.interpolationMode = interpolationMode; self.repeatMode = repeatMode
    }
}

/// Everything an SKEmitterNode is configured with, under SpriteKit's public property names (spec 05 §1.3).
/// Ranges are full widths: a value is sampled as start ± range/2. Angles are radians, counter-clockwise, 0 = +x.
public struct EmitterConfig: Equatable, Codable, Sendable {
    public var name: String?
    /// Image asset drawn for every particle; nil = a plain quad of `particleSize` in the particle colour.
    public var particleTexture: String?
    /// (0,0) = the texture's size in points.
    public var particleSize = Vector2.zero

    public var particleBirthRate = 0.0
    /// Total particles to emit before stopping; 0 = never stop (not a cap on live particles).
    public var numParticlesToEmit = 0
    public var particleRenderOrder = ParticleRenderOrder.oldestLast

    public var particleLifetime = 0.0
    public var particleLifetimeRange = 0.0

    public var particlePosition = Vector2.zero
    public var particlePositionRange = Vector2.zero

    public var emissionAngle = 0.0
    public var emissionAngleRange = 0.0

    public var particleSpeed = 0.0
    public var particleSpeedRange = 0.0
    public var particleSpeedSequence: KeyframeSequence<Double>?

    public var xAcceleration = 0.0
    public var yAcceleration = 0.0

    public var particleAlpha = 1.0
    public var particleAlphaRange = 0.0
    public var particleAlphaSpeed = 0.0
    public var particleAlphaSequence: KeyframeSequence<Double>?

    public var particleScale = 1.0
    public var particleScaleRange = 0.0
    public var particleScaleSpeed = 0.0
    public var particleScaleSequence: KeyframeSequence<Double>?

    public var particleRotation = 0.0
    public var particleRotationRange = 0.0
    public var particleRotationSpeed = 0.0
    public var particleRotationSequence: KeyframeSequence<Double>?

    public var particleColorBlendFactor = 0.0
    public var particleColorBlendFactorRange = 0.0
    public var particleColorBlendFactorSpeed = 0.0
    public var particleColorBlendFactorSequence: KeyframeSequence<Double>?

    public var particleColor = RGBA.white
    public var particleColorRedRange = 0.0
    public var particleColorGreenRange = 0.0
    public var particleColorBlueRange = 0.0
    public var particleColorAlphaRange = 0.0
    public var particleColorRedSpeed = 0.0
    public var particleColorGreenSpeed = 0.0
    public var particleColorBlueSpeed = 0.0
    public var particleColorAlphaSpeed = 0.0
    /// When present it overrides `particleColor` and the colour ranges and speeds.
    public var particleColorSequence: KeyframeSequence<RGBA>?

    public var particleBlendMode = ParticleBlendMode.alpha
    /// Physics-field categories; stored, not simulated (no fields exist in any scene).
    public var fieldBitMask: UInt32 = 0

    public init() {}
}
