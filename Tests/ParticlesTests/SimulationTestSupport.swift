import Foundation
import XCTest
@testable import Particles

/// Steps an emitter at the fixed 1/60 s frame for `seconds` (rounded to whole frames).
func runFrames(_ emitter: ParticleEmitter, seconds: Double, step: Double = 1.0 / 60) {
    let n = Int((seconds / step).rounded())
    for _ in 0..<n { emitter.advance(by: step) }
}

func degrees(_ r: Double) -> Double { r * 180 / .pi }

/// Mean and population variance.
func meanVariance(_ xs: [Double]) -> (mean: Double, variance: Double) {
    let m = xs.reduce(0, +) / Double(xs.count)
    let v = xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count)
    return (m, v)
}

/// Asserts that `xs` look like a uniform sample of [lo, hi]: all inside, extremes within 1 % of the width from the
/// bounds, mean within 1 % of the width of the centre, variance within 5 % of w²/12.
func assertUniform(_ xs: [Double], _ lo: Double, _ hi: Double, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
    let w = hi - lo, eps = 1e-9 * max(1, abs(lo), abs(hi))
    guard let mn = xs.min(), let mx = xs.max() else { return XCTFail("\(what): no samples", file: file, line: line) }
    XCTAssertGreaterThanOrEqual(mn, lo - eps, "\(what) min", file: file, line: line)
    XCTAssertLessThanOrEqual(mx, hi + eps, "\(what) max", file: file, line: line)
    XCTAssertLessThan(mn - lo, 0.01 * w, "\(what) min should reach the lower bound", file: file, line: line)
    XCTAssertLessThan(hi - mx, 0.01 * w, "\(what) max should reach the upper bound", file: file, line: line)
    let (m, v) = meanVariance(xs)
    XCTAssertEqual(m, (lo + hi) / 2, accuracy: 0.01 * w, "\(what) mean", file: file, line: line)
    XCTAssertEqual(v, w * w / 12, accuracy: 0.05 * w * w / 12, "\(what) variance", file: file, line: line)
}

/// The spec's effective pipe-smoke emitter (spec 05 §2.1, code overrides applied).
func pipeSmokeConfig() -> EmitterConfig {
    var c = EmitterConfig()
    c.particleTexture = "spark"
    c.particleBirthRate = 10
    c.particleLifetime = 4
    c.particlePositionRange = Vector2(4, 5)
    c.emissionAngle = 1.56; c.emissionAngleRange = 0.35
    c.particleSpeed = 16; c.particleSpeedRange = 28
    c.yAcceleration = 10
    c.particleAlpha = 0.4; c.particleAlphaRange = 0.3; c.particleAlphaSpeed = -0.15
    c.particleScale = 0.01; c.particleScaleRange = 0.05; c.particleScaleSpeed = 0.5
    c.particleRotationRange = 6.28; c.particleRotationSpeed = 3
    c.particleColor = RGBA(0.1101, 0.1116, 0.1055, 1)
    c.particleColorBlendFactor = 1
    c.particleBlendMode = .screen
    return c
}

/// Coffee steam (spec 05 §2.2), with its two-key colour ramp in sRGB.
func coffeeSteamConfig() -> EmitterConfig {
    var c = pipeSmokeConfig()
    c.particleBirthRate = 38
    c.particleLifetime = 8
    c.particlePositionRange = Vector2(40, 5)
    c.particleSpeed = 40; c.particleSpeedRange = 40
    c.particleColorBlendFactor = 2; c.particleColorBlendFactorSpeed = 4
    c.particleColorSequence = coffeeRamp
    return c
}

let coffeeRamp = KeyframeSequence(keyframeValues: [RGBA(0.870, 0.886, 0.834, 0.5), RGBA(0.151, 0.157, 0.162, 0.6496)],
                                  times: [0, 0.7437])

/// Rocket fire (spec 05 §2.3).
func fireConfig() -> EmitterConfig {
    var c = EmitterConfig()
    c.particleTexture = "spark"
    c.particleBirthRate = 455.28
    c.particleLifetime = 2.5
    c.particlePositionRange = Vector2(5, 0)
    c.emissionAngle = 1.56; c.emissionAngleRange = 0.35
    c.particleSpeed = 100; c.particleSpeedRange = 50
    c.particleAlpha = 0.8; c.particleAlphaRange = 0.2; c.particleAlphaSpeed = -0.45
    c.particleScale = 0.5; c.particleScaleRange = 0.4; c.particleScaleSpeed = -0.5
    c.particleColor = RGBA(0.3049, 0.1302, 0.0232, 1)
    c.particleColorBlendFactor = 1
    c.particleBlendMode = .add
    return c
}

/// Blizzard `snow` and `blustery` (spec 05 §2.4).
func snowConfig(blustery: Bool) -> EmitterConfig {
    var c = EmitterConfig()
    c.particleTexture = "spark"
    c.particleBirthRate = blustery ? 500 : 2000
    c.particleLifetime = 10
    c.particlePositionRange = Vector2(500, 900)
    c.emissionAngle = blustery ? 5.23599 : 4.4482
    c.emissionAngleRange = blustery ? 0.436332 : 0.349066
    c.particleSpeed = blustery ? 300 : 260
    c.particleSpeedRange = blustery ? 400 : 500
    c.xAcceleration = blustery ? 45 : 0
    c.yAcceleration = blustery ? 20 : -10
    c.particleAlphaRange = 0.2
    c.particleScale = blustery ? 0.2 : 0.1
    c.particleScaleRange = 0.2
    c.particleColor = RGBA(0, 0, 0, 0)
    c.particleColorSequence = KeyframeSequence(keyframeValues: [RGBA(0.9689, 0.9699, 1.0, 1)], times: [0])
    c.particleColorBlendFactor = 1
    return c
}
