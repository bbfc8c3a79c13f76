import Foundation

// What an effect file may hold: the field tables and value names that the reader and the writer share.
extension EffectJSON {
    /// The plain number fields. The sanitizer's table of every Double also lists the components of the compound
    /// fields (`particleColor.r`, `particleSize.width`, …), which JSON writes as objects; the rest is this list.
    static let doubleFields: [(String, WritableKeyPath<EmitterConfig, Double> & Sendable)] =
        EmitterSanitizer.doubleFields.filter { !$0.name.contains(".") }.map { ($0.name, $0.path) }

    static let numberSequenceFields: [(String, WritableKeyPath<EmitterConfig, KeyframeSequence<Double>?> & Sendable)] = [
        ("particleAlphaSequence", \.particleAlphaSequence),
        ("particleColorBlendFactorSequence", \.particleColorBlendFactorSequence),
        ("particleRotationSequence", \.particleRotationSequence),
        ("particleScaleSequence", \.particleScaleSequence),
        ("particleSpeedSequence", \.particleSpeedSequence),
    ]

    static let otherFields: Set<String> = [
        "numParticlesToEmit", "fieldBitMask", "particleBlendMode", "particleRenderOrder", "particleColor",
        "particlePosition", "particlePositionRange", "particleSize", "name", "particleTexture", "particleColorSequence",
        "nodePosition", "textureAtlas", "textureSize",
    ]

    static let knownFields: Set<String> = Set(doubleFields.map(\.0))
        .union(numberSequenceFields.map(\.0)).union(otherFields)

    public static func blendModeName(_ m: ParticleBlendMode) -> String {
        switch m {
        case .alpha: return "alpha"
        case .add: return "add"
        case .subtract: return "subtract"
        case .multiply: return "multiply"
        case .multiplyX2: return "multiplyX2"
        case .screen: return "screen"
        case .replace: return "replace"
        case .multiplyAlpha: return "multiplyAlpha"
        }
    }

    public static func renderOrderName(_ o: ParticleRenderOrder) -> String {
        switch o {
        case .oldestLast: return "oldestLast"
        case .oldestFirst: return "oldestFirst"
        case .dontCare: return "dontCare"
        }
    }

    static func interpolationName(_ m: KeyframeInterpolation) -> String {
        switch m { case .linear: return "linear"; case .spline: return "spline"; case .step: return "step" }
    }

    static func repeatName(_ m: KeyframeRepeat) -> String {
        switch m { case .clamp: return "clamp"; case .loop: return "loop" }
    }

    /// Name → value pairs for a named field, in declaration order (the reader also takes the raw numbers).
    static func names<E: CaseIterable>(_ name: (E) -> String) -> [(String, E)] { E.allCases.map { (name($0), $0) } }
}
