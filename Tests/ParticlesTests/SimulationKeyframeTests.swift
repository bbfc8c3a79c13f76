import XCTest
@testable import Particles

final class SimulationKeyframeTests: XCTestCase {
    func seq(_ pairs: [(Double, Double)], _ mode: KeyframeInterpolation = .linear, _ rep: KeyframeRepeat = .clamp) -> KeyframeSequence<Double> {
        KeyframeSequence(keyframeValues: pairs.map { $0.1 }, times: pairs.map { $0.0 }, interpolationMode: mode, repeatMode: rep)
    }

    func testEmptyIsNilAndSingleKeyIsConstant() {
        XCTAssertNil(seq([]).sample(at: 0.5))
        let one = seq([(0.3, 7)])
        for t in [-1.0, 0, 0.3, 0.9, 5] { XCTAssertEqual(one.sample(at: t), 7) }
        XCTAssertEqual(seq([(0.3, 7)], .spline, .loop).sample(at: 12.7), 7)
    }

    func testLinearAndClamp() throws {
        let s = seq([(0, 0), (0.5, 10), (1, 0)])
        XCTAssertEqual(try XCTUnwrap(s.sample(at: 0.25)), 5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(s.sample(at: 0.5)), 10, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(s.sample(at: 0.75)), 5, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(s.sample(at: 0.9)), 2, accuracy: 1e-12)
        XCTAssertEqual(s.sample(at: -3), 0)
        XCTAssertEqual(s.sample(at: 7), 0)
        // Keys not starting at 0: before the first → first value.
        let late = seq([(0.2, 4), (0.6, 8)])
        XCTAssertEqual(late.sample(at: 0), 4)
        XCTAssertEqual(try XCTUnwrap(late.sample(at: 0.5)), 7, accuracy: 1e-12)
        XCTAssertEqual(late.sample(at: 1), 8)
    }

    /// Coffee steam ramp (spec 05 §4.3 check 3).
    func testCoffeeSteamRamp() throws {
        let c0 = coffeeRamp.keyframeValues[0], c1 = coffeeRamp.keyframeValues[1]
        XCTAssertEqual(coffeeRamp.sample(at: 0), c0)
        let mid = try XCTUnwrap(coffeeRamp.sample(at: 0.37185))
        XCTAssertEqual(mid.r, (c0.r + c1.r) / 2, accuracy: 1e-9)
        XCTAssertEqual(mid.g, (c0.g + c1.g) / 2, accuracy: 1e-9)
        XCTAssertEqual(mid.b, (c0.b + c1.b) / 2, accuracy: 1e-9)
        XCTAssertEqual(mid.a, (0.5 + 0.6496) / 2, accuracy: 1e-9)
        for t in [0.7437, 0.8, 1.0, 3.0] { XCTAssertEqual(coffeeRamp.sample(at: t), c1) }
        // sRGB #DEE2D5 / #262829 within one 8-bit step.
        XCTAssertEqual(c0.r * 255, 0xDE, accuracy: 1); XCTAssertEqual(c1.b * 255, 0x29, accuracy: 1)
    }

    func testStep() {
        let s = seq([(0, 1), (0.5, 2), (1, 3)], .step)
        XCTAssertEqual(s.sample(at: 0), 1)
        XCTAssertEqual(s.sample(at: 0.49), 1)
        XCTAssertEqual(s.sample(at: 0.5), 2)
        XCTAssertEqual(s.sample(at: 0.99), 2)
        XCTAssertEqual(s.sample(at: 1), 3)
        XCTAssertEqual(s.sample(at: 4), 3)
    }

    func testLoop() throws {
        let s = seq([(0, 0), (1, 10)], .linear, .loop)
        XCTAssertEqual(try XCTUnwrap(s.sample(at: 1.25)), 2.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s.sample(at: -0.25)), 7.5, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(s.sample(at: 3.5)), 5, accuracy: 1e-9)
        XCTAssertEqual(s.sample(at: 1), 0, "the period end wraps to the start")
        // Period = last − first = 0.4, starting at 0.2: 0.7 → 0.3.
        let p = seq([(0.2, 0), (0.6, 4)], .linear, .loop)
        XCTAssertEqual(try XCTUnwrap(p.sample(at: 0.7)), 1, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(p.sample(at: 0.1)), 3, accuracy: 1e-9)
        let st = seq([(0, 1), (0.5, 2), (1, 3)], .step, .loop)
        XCTAssertEqual(st.sample(at: 1.6), 2)
        XCTAssertEqual(st.sample(at: 2.2), 1)
    }

    func testSplineIsCatmullRom() throws {
        // Two keys: the reflected end neighbours make it a straight line.
        let two = seq([(0, 2), (1, 6)], .spline)
        for t in stride(from: 0.0, through: 1.0, by: 0.125) {
            XCTAssertEqual(try XCTUnwrap(two.sample(at: t)), 2 + 4 * t, accuracy: 1e-12)
        }
        // Evenly spaced keys: the middle segment is the uniform Catmull-Rom.
        let p = [0.0, 3.0, 1.0, 5.0]
        let s = seq([(0, p[0]), (1.0 / 3, p[1]), (2.0 / 3, p[2]), (1, p[3])], .spline)
        for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
            let u = 1.0 / 3 + t / 3
            let c1: Double = -p[0] + p[2]
            let c2: Double = 2 * p[0] - 5 * p[1] + 4 * p[2] - p[3]
            let c3: Double = -p[0] + 3 * p[1] - 3 * p[2] + p[3]
            let expected: Double = 0.5 * (2 * p[1] + c1 * t + c2 * t * t + c3 * t * t * t)
            XCTAssertEqual(try XCTUnwrap(s.sample(at: u)), expected, accuracy: 1e-9, "t = \(t)")
        }
        // It passes through every key and differs from linear between them.
        for (i, v) in p.enumerated() { XCTAssertEqual(try XCTUnwrap(s.sample(at: Double(i) / 3)), v, accuracy: 1e-9) }
        XCTAssertNotEqual(try XCTUnwrap(s.sample(at: 0.5)), 2, accuracy: 0.01)
        // Colours work channel by channel.
        let c = KeyframeSequence(keyframeValues: [RGBA(0, 0, 0, 0), RGBA(1, 0.5, 0, 1)], times: [0, 1], interpolationMode: .spline)
        let m = try XCTUnwrap(c.sample(at: 0.5))
        XCTAssertEqual(m.r, 0.5, accuracy: 1e-12); XCTAssertEqual(m.g, 0.25, accuracy: 1e-12); XCTAssertEqual(m.a, 0.5, accuracy: 1e-12)
    }

    func testUnsortedKeysAreSortedAndDuplicatesJump() throws {
        let s = seq([(1, 10), (0, 0)])
        XCTAssertEqual(try XCTUnwrap(s.sample(at: 0.3)), 3, accuracy: 1e-12)
        let jump = seq([(0, 0), (0.5, 1), (0.5, 5), (1, 5)])
        XCTAssertEqual(try XCTUnwrap(jump.sample(at: 0.25)), 0.5, accuracy: 1e-12)
        XCTAssertEqual(jump.sample(at: 0.5), 5)
        XCTAssertEqual(jump.sample(at: 0.75), 5)
    }

    func testIntegralIsExact() {
        XCTAssertEqual(seq([(0, 0), (1, 10)]).integral(from: 0, to: 1), 5, accuracy: 1e-12)
        // Clamp: constant outside the keys.
        XCTAssertEqual(seq([(0.5, 2), (1, 4)]).integral(from: 0, to: 2), 6.5, accuracy: 1e-12)
        XCTAssertEqual(seq([(0, 1), (0.5, 3)], .step).integral(from: 0, to: 1), 2.0, accuracy: 1e-12)
        // Loop: two full periods plus a half.
        XCTAssertEqual(seq([(0, 0), (1, 10)], .linear, .loop).integral(from: 0, to: 2.5), 11.25, accuracy: 1e-9)
        // Spline against a fine midpoint sum.
        let s = seq([(0, 0), (0.3, 3), (0.55, 1), (1, 5)], .spline)
        let n = 20_000
        var sum = 0.0
        for k in 0..<n { sum += s.sample(at: (Double(k) + 0.5) / Double(n) * 0.8)! }
        XCTAssertEqual(s.integral(from: 0, to: 0.8), sum * 0.8 / Double(n), accuracy: 1e-7)
    }
}
