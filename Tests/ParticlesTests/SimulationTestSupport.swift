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

/// Smoke and steam as the projects' code overrides them (spec 05 §2.1, §2.2), from the spec's file values.
func smokeOverrides(_ file: EmitterConfig) -> EmitterConfig {
    var c = file
    c.particleBlendMode = .screen
    c.particleScale = 0.01
    c.particleScaleRange = 0.05
    return c
}

/// The spec's effective pipe-smoke emitter (spec 05 §2.1, code overrides applied).
func pipeSmokeConfig() -> EmitterConfig { smokeOverrides(SpecEffects.smoke.config) }

/// Coffee steam (spec 05 §2.2), with its two-key colour ramp in sRGB.
func coffeeSteamConfig() -> EmitterConfig { smokeOverrides(SpecEffects.coffeeSteam.config) }

/// The coffee ramp as the spec stores it (Display P3 keys converted to sRGB: ≈ #DEE2D5 @ 0.5 → #262829 @ 0.6496).
let coffeeRamp = SpecEffects.coffeeSteam.config.particleColorSequence!

/// Rocket fire (spec 05 §2.3), with the code's position range.
func fireConfig() -> EmitterConfig {
    var c = SpecEffects.fire.config
    c.particlePositionRange = Vector2(5, 0)
    return c
}

/// Blizzard `snow` and `blustery` (spec 05 §2.4), with the code's spawn area.
func snowConfig(blustery: Bool) -> EmitterConfig {
    var c = (blustery ? SpecEffects.blustery : SpecEffects.snow).config
    c.particlePositionRange = Vector2(500, 900)
    return c
}
