import Foundation
import Stage
import XCTest

/// Spec 01 §2.2.3, `ch2-implicit-spring-grow`: spring(response 0.55, dampingFraction 0.3): k = 130.51, c = 6.854.
@MainActor
final class ImplicitSpringGrowTests: ViewSceneTestCase {
    func testChecks1To4() async throws {
        try open("ch2-implicit-spring-grow")
        let t0 = click(195, 422, at: 0.5)
        XCTAssertEqual(model("circle", "scale"), 1.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.1), 1.237, accuracy: 0.01)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.288), 1.686, accuracy: 0.02)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.577), 1.431, accuracy: 0.02)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 1.0), 1 + 0.5 * 1.0133, accuracy: 0.005)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 1.85 + 1.0 / 60), 1.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 3), 1.5)
    }

    /// Check 5: a tap during the wobble retargets to 2.0 from the presented value and velocity. Expected values come
    /// from the spec's spring model (README §3.4), worked out here in closed form.
    func testCheck5TapDuringTheWobbleKeepsTheVelocity() async throws {
        let k = pow(2 * Double.pi / 0.55, 2), c = 4 * Double.pi * 0.3 / 0.55
        let w0 = sqrt(k), zeta = c / (2 * sqrt(k)), wd = w0 * sqrt(1 - zeta * zeta)
        /// Displacement from the target and its velocity, for a start displacement a and velocity v.
        func motion(_ a: Double, _ v: Double, _ t: Double) -> (x: Double, v: Double) {
            let b = (v + zeta * w0 * a) / wd, e = exp(-zeta * w0 * t)
            let x = e * (a * cos(wd * t) + b * sin(wd * t))
            let dx = e * ((-zeta * w0) * (a * cos(wd * t) + b * sin(wd * t)) + (-a * wd * sin(wd * t) + b * wd * cos(wd * t)))
            return (x, dx)
        }
        try open("ch2-implicit-spring-grow")
        let t0 = click(195, 422, at: 0.5)
        let tap = 0.2
        let first = motion(-0.5, 0, tap)            // 1.0 → 1.5, at rest
        let valueAtTap = 1.5 + first.x
        XCTAssertEqual(presented("circle", "scale", at: t0 + tap), valueAtTap, accuracy: 0.005)
        click(195, 422, at: t0 + tap)
        XCTAssertEqual(model("circle", "scale"), 2.0)
        XCTAssertEqual(presented("circle", "scale"), valueAtTap, accuracy: 0.005, "no jump")
        for dt in [0.05, 0.15, 0.3, 0.6] {
            let want = 2.0 + motion(valueAtTap - 2.0, first.v, dt).x
            XCTAssertEqual(presented("circle", "scale", at: t0 + tap + dt), want, accuracy: 0.01, "\(dt) s after the second tap")
        }
        // Without the kept velocity the value 0.05 s later would differ by more than the tolerance.
        XCTAssertGreaterThan(abs(motion(valueAtTap - 2, first.v, 0.05).x - motion(valueAtTap - 2, 0, 0.05).x), 0.03)
        XCTAssertEqual(presented("circle", "scale", at: t0 + tap + 2.0), 2.0)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch2-implicit-spring-grow", size: Size(500, 900))
        let t0 = click(250 - 40, 450, at: 0.5)
        XCTAssertEqual(presented("circle", "scale", at: t0 + 0.288), 1.686, accuracy: 0.02)
        let d = probe("circle").drawn
        XCTAssertEqual(d.midX, 250, accuracy: 0.5)
        XCTAssertEqual(d.width, 168.6, accuracy: 2)
        h.advance(to: t0 + 2)
        assertColor(pixel(250, 450 - 70), SpecColor.blue)
    }
}
