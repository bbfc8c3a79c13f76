import Foundation
import Particles

/// One editable emitter field of the particle lab: its label, where it lives in the config, its slider range and
/// how it is shown. Angles are edited in degrees and stored in radians, as Xcode's particle editor does.
struct LabField: Sendable {
    let label: String
    let keyPath: WritableKeyPath<EmitterConfig, Double> & Sendable
    let range: ClosedRange<Double>
    let isAngle: Bool

    init(_ label: String, _ keyPath: WritableKeyPath<EmitterConfig, Double> & Sendable, _ range: ClosedRange<Double>,
         angle: Bool = false) {
        self.label = label; self.keyPath = keyPath; self.range = range; isAngle = angle
    }

    /// The slider value for a config.
    func sliderValue(_ config: EmitterConfig) -> Double {
        let v = config[keyPath: keyPath]
        return isAngle ? v * 180 / .pi : v
    }

    func apply(_ slider: Double, to config: inout EmitterConfig) {
        config[keyPath: keyPath] = isAngle ? slider * .pi / 180 : slider
    }

    /// A slider value as the row shows it.
    func text(_ v: Double) -> String {
        isAngle ? String(format: "%.0f°", v) : String(format: abs(v) >= 100 ? "%.0f" : "%.2f", v)
    }

    /// The fields the book explains (chapter 15's tour of the particle editor).
    static let all: [LabField] = [
        LabField("Birth rate", \.particleBirthRate, 0...2000),
        LabField("Lifetime", \.particleLifetime, 0...20),
        LabField("Lifetime range", \.particleLifetimeRange, 0...20),
        LabField("Position range X", \.particlePositionRange.x, 0...800),
        LabField("Position range Y", \.particlePositionRange.y, 0...800),
        LabField("Angle", \.emissionAngle, 0...360, angle: true),
        LabField("Angle range", \.emissionAngleRange, 0...360, angle: true),
        LabField("Speed", \.particleSpeed, -500...500),
        LabField("Speed range", \.particleSpeedRange, 0...1000),
        LabField("Acceleration X", \.xAcceleration, -500...500),
        LabField("Acceleration Y", \.yAcceleration, -500...500),
        LabField("Alpha", \.particleAlpha, 0...1),
        LabField("Alpha range", \.particleAlphaRange, 0...1),
        LabField("Alpha speed", \.particleAlphaSpeed, -2...2),
        LabField("Scale", \.particleScale, 0...3),
        LabField("Scale range", \.particleScaleRange, 0...3),
        LabField("Scale speed", \.particleScaleSpeed, -2...2),
        LabField("Rotation", \.particleRotation, 0...360, angle: true),
        LabField("Rotation range", \.particleRotationRange, 0...360, angle: true),
        LabField("Rotation speed", \.particleRotationSpeed, -10...10),
        LabField("Color blend", \.particleColorBlendFactor, 0...1),
        LabField("Color blend speed", \.particleColorBlendFactorSpeed, -2...2),
    ]
}
