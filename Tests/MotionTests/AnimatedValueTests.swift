import XCTest
@testable import Motion

/// A 2-D value for vector tests.
struct P2: Interpolatable, Equatable {
    var x: Double, y: Double
    static func + (a: P2, b: P2) -> P2 { P2(x: a.x + b.x, y: a.y + b.y) }
    static func - (a: P2, b: P2) -> P2 { P2(x: a.x - b.x, y: a.y - b.y) }
    func scaled(by k: Double) -> P2 { P2(x: x * k, y: y * k) }
    static var zero: P2 { P2(x: 0, y: 0) }
}

final class AnimatedValueTests: XCTestCase {
    let door = Animation.easeInOut.speed(0.09).delay(0.3)
    let open = -196.5, closed = 4.0

    /// Scans `v` on a 0.1-ms grid for its maximum in [from, to].
    private func maximum(_ v: AnimatedValue<Double>, from: Double, to: Double) -> (t: Double, value: Double) {
        var best = (t: from, value: -Double.infinity)
        var i = 0
        while from + Double(i) * 1e-4 <= to {
            let t = from + Double(i) * 1e-4
            let x = v.value(at: t)
            if x > best.value { best = (t, x) }
            i += 1
        }
        return best
    }

    // MARK: - Additive rule (04 §0.3, §1.7.4, §1.12)

    func testElevatorDoorOpens() {
        var left = AnimatedValue(closed)
        left.set(open, at: 0, animation: door)
        XCTAssertEqual(left.target, open)
        XCTAssertEqual(left.value(at: 0.016), 4)
        XCTAssertEqual(left.value(at: 0.30), 4)
        XCTAssertEqual(left.value(at: 1.00), -9.18, accuracy: 0.005)
        XCTAssertEqual(left.value(at: 2.2444), -96.25, accuracy: 0.005)
        XCTAssertEqual(left.value(at: 3.00), -157.46, accuracy: 0.005)
        XCTAssertEqual(left.value(at: 4.00), -195.59, accuracy: 0.005)
        XCTAssertEqual(left.value(at: 4.1889), -196.5)
        XCTAssertEqual(left.value(at: 60), -196.5)
        XCTAssertTrue(left.isAnimating(at: 4.18))
        XCTAssertFalse(left.isAnimating(at: 4.1889))
        // Right door mirrors it.
        var right = AnimatedValue(-4.0)
        right.set(196.5, at: 0, animation: door)
        XCTAssertEqual(right.value(at: 2.2444), 96.25, accuracy: 0.005)
    }

    /// 04 §1.7.4: click 2 at 0 (doors closing), extra click at 2.0: the door keeps closing until ≈ 3.24 s, reaching
    /// 75.7 % of the closing travel (≈ −44.8), then opens again and is fully open at 6.1889.
    func testReversingClickWhileClosing() {
        var left = AnimatedValue(open)
        left.set(closed, at: 0, animation: door)
        XCTAssertEqual(left.value(at: 2.0), open + 200.5 * door.progress(at: 2.0), accuracy: 1e-9)
        let before = left.value(at: 2.0)
        left.set(open, at: 2.0, animation: door)
        XCTAssertEqual(left.value(at: 2.0), before, accuracy: 1e-12)        // no jump
        let peak = maximum(left, from: 2, to: 6.2)
        XCTAssertEqual(peak.t, 3.24, accuracy: 0.01)
        XCTAssertEqual(peak.value, -44.8, accuracy: 0.05)
        XCTAssertEqual((peak.value - open) / 200.5, 0.757, accuracy: 0.0005)
        XCTAssertNotEqual(left.value(at: 6.18), open)
        XCTAssertEqual(left.value(at: 6.1889), open)
        XCTAssertFalse(left.isAnimating(at: 6.1889))
    }

    /// 04 §1.7.4: double click (0 and 0.3): the doors only dip 13.3 % (≈ −169.9 at ≈ 2.39 s), open at 4.4889.
    func testDoubleClickDip() {
        var left = AnimatedValue(open)
        left.set(closed, at: 0, animation: door)
        left.set(open, at: 0.3, animation: door)
        let peak = maximum(left, from: 0, to: 4.5)
        XCTAssertEqual(peak.t, 2.39, accuracy: 0.01)
        XCTAssertEqual(peak.value, -169.9, accuracy: 0.05)
        XCTAssertEqual((peak.value - open) / 200.5, 0.133, accuracy: 0.0005)
        XCTAssertEqual(left.value(at: 0.3), open)          // nothing moves before 0.3
        XCTAssertEqual(left.value(at: 4.4889), open)
    }

    /// README §3.6 / 04 §0.3: two opposite changes with the same timing cancel exactly (the two delay-5 blocks).
    func testOppositeChangesCancelExactly() {
        let fade = Animation.easeInOut.delay(5)
        var opacity = AnimatedValue(0.3)
        opacity.set(1, at: 2, animation: fade)
        opacity.set(0.3, at: 2, animation: fade)
        for i in 0...800 {
            XCTAssertEqual(opacity.value(at: 2 + Double(i) * 0.01), 0.3)   // exactly, at every instant
        }
        XCTAssertEqual(opacity.target, 0.3)
        // With another change still running, the pair still cancels exactly.
        var x = AnimatedValue(0.0)
        x.set(10, at: 0, animation: .linear(duration: 1))
        x.set(13.7, at: 0.25, animation: .easeIn(duration: 0.6))
        x.set(10, at: 0.25, animation: .easeIn(duration: 0.6))
        var reference = AnimatedValue(0.0)
        reference.set(10, at: 0, animation: .linear(duration: 1))
        for t in stride(from: 0.0, through: 1.2, by: 0.05) {
            XCTAssertEqual(x.value(at: t), reference.value(at: t))      // bit for bit
            XCTAssertEqual(x.value(at: t), min(t, 1) * 10, accuracy: 1e-12)
        }
        // Opposite changes at different times do not cancel.
        var y = AnimatedValue(0.0)
        y.set(1, at: 0, animation: .linear(duration: 1))
        y.set(0, at: 0.5, animation: .linear(duration: 1))
        XCTAssertEqual(y.value(at: 0.75), 0.5, accuracy: 1e-12)   // 0 − 1·(1 − 0.75) + 1·(1 − 0.25)
        XCTAssertEqual(y.value(at: 1.5), 0)
    }

    /// 04 §1.12 item 3 and 01 §2.2.2: delayed fade and the implicit grow overlap.
    func testFloorIndicatorFadeAndGrowOverlap() {
        var opacity = AnimatedValue(0.3)
        opacity.set(1, at: 0, animation: Animation.easeInOut.delay(5))
        XCTAssertEqual(opacity.value(at: 4.99), 0.3, accuracy: 1e-12)     // 1 − 0.7 (floating point)
        XCTAssertEqual(opacity.value(at: 5.175), 0.65, accuracy: 1e-9)
        XCTAssertEqual(opacity.value(at: 5.35), 1)

        var grow = AnimatedValue(1.0)
        grow.set(1.5, at: 0, animation: .default)
        XCTAssertEqual(grow.value(at: 0.0875), 1.0646, accuracy: 1e-4)
        XCTAssertEqual(grow.value(at: 0.175), 1.25, accuracy: 1e-9)
        XCTAssertEqual(grow.value(at: 0.35), 1.5)
        var twice = AnimatedValue(1.0)
        twice.set(1.5, at: 0, animation: .default)
        twice.set(2.0, at: 0.1, animation: .default)
        XCTAssertEqual(twice.value(at: 0.1), 1.0849, accuracy: 1e-4)
        XCTAssertEqual(twice.value(at: 0.2), 1.3956, accuracy: 1e-4)
        XCTAssertEqual(twice.value(at: 0.275), 1.7029, accuracy: 1e-4)
        XCTAssertEqual(twice.value(at: 0.35), 1.9151, accuracy: 1e-4)
        XCTAssertEqual(twice.value(at: 0.45), 2.0)
    }

    /// 01 §2.4.1 check 8: Play, then Stop 1.0 s later: the arm holds 4° for 1 s, then falls linearly (2° at 1.5 s,
    /// 0° at 2.0 s after the Stop). Check 3/5/6 for the normal cycle.
    func testRecordArmAdditiveHold() {
        let linear2 = Animation.linear(duration: 2)
        var arm = AnimatedValue(0.0)
        arm.set(8, at: 0, animation: linear2)
        XCTAssertEqual(arm.value(at: 1.0), 4, accuracy: 1e-12)
        arm.set(0, at: 1.0, animation: linear2)
        for t in stride(from: 1.0, through: 2.0, by: 0.1) { XCTAssertEqual(arm.value(at: t), 4, accuracy: 1e-12) }
        XCTAssertEqual(arm.value(at: 2.5), 2, accuracy: 1e-12)
        XCTAssertEqual(arm.value(at: 3.0), 0)

        var armB = AnimatedValue(0.0)
        armB.set(8, at: 0, animation: linear2)
        XCTAssertEqual(armB.value(at: 2.0), 8)
        armB.set(0, at: 3.0, animation: linear2)
        XCTAssertEqual(armB.value(at: 4.0), 4, accuracy: 1e-12)
        XCTAssertEqual(armB.value(at: 5.0), 0)
    }

    /// 01 §2.4.1: the record spin is superseded by Stop (freeze for 1.5 s, then 0°); Play/Stop edge cases.
    func testRecordSpinSupersededByStop() {
        let spin = Animation.linear(duration: 0.8).repeatForever(autoreverses: false).delay(1.5)
        let stop = Animation.linear(duration: 0).repeatForever().delay(1.5)
        var theta = AnimatedValue(0.0)
        theta.set(360, at: 0, animation: spin)
        XCTAssertEqual(theta.value(at: 1.0), 0)
        XCTAssertEqual(theta.value(at: 1.9), 180, accuracy: 1e-9)
        XCTAssertEqual(theta.value(at: 2.1), 270, accuracy: 1e-9)
        XCTAssertEqual(theta.value(at: 2.5), 90, accuracy: 1e-9)
        XCTAssertTrue(theta.isAnimating(at: 1000))
        XCTAssertEqual(theta.endTime, .infinity)
        theta.set(0, at: 3.0, animation: stop)
        XCTAssertEqual(theta.value(at: 3.0), 315, accuracy: 1e-9)
        XCTAssertEqual(theta.value(at: 4.49), 315, accuracy: 1e-9)
        XCTAssertEqual(theta.value(at: 4.5), 0)
        XCTAssertEqual(theta.value(at: 30), 0)
        XCTAssertFalse(theta.isAnimating(at: 4.5))
        XCTAssertEqual(theta.endTime, 4.5)

        // Play then Stop within 1.5 s: Θ never leaves 0.
        var quick = AnimatedValue(0.0)
        quick.set(360, at: 0, animation: spin)
        quick.set(0, at: 1.0, animation: stop)
        for t in stride(from: 0.0, through: 5, by: 0.05) { XCTAssertEqual(quick.value(at: t), 0, accuracy: 1e-9) }

        // Play again within 1.5 s of a Stop: a new loop from the frozen angle to 360°, every 0.8 s after 1.5 s.
        var again = AnimatedValue(0.0)
        again.set(360, at: 0, animation: spin)
        again.set(0, at: 3.0, animation: stop)
        again.set(360, at: 4.0, animation: spin)
        XCTAssertEqual(again.value(at: 4.0), 315, accuracy: 1e-9)
        XCTAssertEqual(again.value(at: 5.49), 315, accuracy: 1e-9)
        XCTAssertEqual(again.value(at: 5.9), 337.5, accuracy: 1e-9)
        XCTAssertEqual(again.value(at: 6.1), 348.75, accuracy: 1e-9)
        XCTAssertEqual(again.value(at: 6.5), 326.25, accuracy: 1e-9)  // the next leg restarts at the frozen angle
    }

    /// README §3.6: a repeating animation superseded by a newer animated change stops at once, with no jump.
    func testRepeatForeverSupersededWithoutJump() {
        var x = AnimatedValue(0.0)
        x.set(100, at: 0, animation: Animation.linear(duration: 1).repeatForever(autoreverses: true))
        XCTAssertEqual(x.value(at: 0.25), 25, accuracy: 1e-9)
        XCTAssertEqual(x.value(at: 1.5), 50, accuracy: 1e-9)      // backward leg
        x.set(200, at: 1.5, animation: .easeInOut(duration: 1))
        XCTAssertEqual(x.value(at: 1.5), 50, accuracy: 1e-9)
        XCTAssertEqual(x.value(at: 2.0), 125, accuracy: 1e-9)
        XCTAssertEqual(x.value(at: 2.5), 200)
        XCTAssertEqual(x.value(at: 3.7), 200)                       // no more oscillation
        XCTAssertEqual(x.endTime, 2.5)

        // With a delay, the value holds where it was during the delay.
        var y = AnimatedValue(0.0)
        y.set(100, at: 0, animation: Animation.easeInOut(duration: 1).repeatForever(autoreverses: true))
        let frozen = y.value(at: 0.4)
        y.set(-50, at: 0.4, animation: Animation.easeInOut(duration: 1).delay(0.5))
        XCTAssertEqual(y.value(at: 0.4), frozen, accuracy: 1e-12)
        XCTAssertEqual(y.value(at: 0.89), frozen, accuracy: 1e-12)
        XCTAssertEqual(y.value(at: 1.4), frozen + (-50 - frozen) * 0.5, accuracy: 1e-9)
        XCTAssertEqual(y.value(at: 1.9), -50)

        // A non-repeating contribution that is still running is kept (it keeps adding up).
        var z = AnimatedValue(0.0)
        z.set(10, at: 0, animation: .linear(duration: 2))
        z.set(20, at: 0, animation: Animation.linear(duration: 1).repeatForever(autoreverses: true))
        XCTAssertEqual(z.value(at: 0.5), 7.5, accuracy: 1e-9)     // 20 − 10·(1 − 0.25) − 10·(1 − 0.5)
        let before = z.value(at: 1.5)
        z.set(0, at: 1.5, animation: .linear(duration: 1))
        XCTAssertEqual(z.value(at: 1.5), before, accuracy: 1e-9)
        XCTAssertEqual(z.value(at: 2.5), 0)
    }

    func testRepeatCountLegsThroughAnimatedValue() {
        var x = AnimatedValue(10.0)
        x.set(20, at: 1, animation: Animation.easeOut(duration: 1).repeatCount(2, autoreverses: true))
        XCTAssertEqual(x.value(at: 1.25), 13.781, accuracy: 1e-3)
        XCTAssertEqual(x.value(at: 2.25), 20 - 3.781, accuracy: 1e-3)
        XCTAssertEqual(x.value(at: 2.999), 10, accuracy: 0.01)
        XCTAssertEqual(x.value(at: 3), 20)             // even count: jump to "to" at the end
        XCTAssertFalse(x.isAnimating(at: 3))
    }

    func testNonAnimatedChangeJumpsAndDropsEverything() {
        var x = AnimatedValue(0.0)
        x.set(100, at: 0, animation: .linear(duration: 1))
        x.set(50, at: 0.5, animation: Animation.easeIn.repeatForever())
        XCTAssertTrue(x.isAnimating(at: 0.6))
        x.set(-7, at: 0.6, animation: nil)
        XCTAssertEqual(x.value(at: 0.6), -7)
        XCTAssertEqual(x.value(at: 0.7), -7)
        XCTAssertFalse(x.isAnimating(at: 0.6))
        XCTAssertEqual(x.contributionCount, 0)
        XCTAssertNil(x.endTime)
    }

    /// Setting the same target again adds nothing, with or without an animation (running ones continue).
    func testSameTargetIsANoOp() {
        var x = AnimatedValue(0.0)
        x.set(100, at: 0, animation: .linear(duration: 1))
        x.set(100, at: 0.5, animation: .easeIn(duration: 3))
        x.set(100, at: 0.5, animation: nil)
        XCTAssertEqual(x.contributionCount, 1)
        XCTAssertEqual(x.value(at: 0.75), 75, accuracy: 1e-12)
        XCTAssertEqual(x.value(at: 1), 100)
    }

    func testAdditiveDuringDelayHoldsOldPresentedValue() {
        var x = AnimatedValue(0.0)
        x.set(10, at: 0, animation: .linear(duration: 1))
        x.set(30, at: 0.5, animation: Animation.linear(duration: 1).delay(1))
        // −20 during the delay: the second change adds nothing visible until 1.5.
        XCTAssertEqual(x.value(at: 0.75), 7.5, accuracy: 1e-12)
        XCTAssertEqual(x.value(at: 1.2), 10, accuracy: 1e-12)
        XCTAssertEqual(x.value(at: 2.0), 20, accuracy: 1e-12)
        XCTAssertEqual(x.value(at: 2.5), 30)
    }

    /// 05 §3.6: the confetti trajectory is the additive rule applied to two overlapping timing curves.
    func testConfettiComposition() {
        let e = 500.0 / 1300, t1 = 0.2 + e + 500.0 / 2100, d = 420.0, phi = 75.0 * Double.pi / 180
        let b1 = Animation.timingCurve(0.10, 0.80, 0.00, 1.00, duration: t1)
        let b2 = Animation.timingCurve(0.12, 0.00, 0.39, 0.00, duration: 11.5).delay(0.1 * e)
        var dy = AnimatedValue(0.0)
        dy.set(-d * sin(phi), at: 0, animation: b1)
        dy.set(-d * sin(phi) + 1800, at: 0, animation: b2)
        var opacity = AnimatedValue(0.0)
        opacity.set(1, at: 0, animation: b1)
        opacity.set(0, at: 0, animation: b2)
        let B1 = UnitCurve.bezier(0.10, 0.80, 0.00, 1.00), B2 = UnitCurve.bezier(0.12, 0.00, 0.39, 0.00)
        for t in [0.0, 0.1, 0.3, 1.0, 5.07, 7.4, 9.5, 11.0, 12.0] {
            let u1 = min(max(t / t1, 0), 1), u2 = min(max((t - 0.1 * e) / 11.5, 0), 1)
            XCTAssertEqual(dy.value(at: t), -d * sin(phi) * B1.progress(u1) + 1800 * B2.progress(u2), accuracy: 1e-6)
            XCTAssertEqual(opacity.value(at: t), B1.progress(u1) - B2.progress(u2), accuracy: 1e-9)
        }
        // The cumulative fall 1800·B2 reaches 422 pt at ≈ 5.07 s, 844 at ≈ 7.40 s and 1300 at ≈ 9.50 s.
        var fall = AnimatedValue(0.0)
        fall.set(1800, at: 0, animation: b2)
        XCTAssertEqual(fall.value(at: 5.07), 422, accuracy: 2)
        XCTAssertEqual(fall.value(at: 7.40), 844, accuracy: 2)
        XCTAssertEqual(fall.value(at: 9.50), 1300, accuracy: 2)
        XCTAssertEqual(fall.value(at: 11.8846), 1800)
    }

    func testInterpolatingSpringIsAdditive() {
        let a = Animation.interpolatingSpring(stiffness: 60, damping: 2)
        let s = Spring(mass: 1, stiffness: 60, damping: 2)
        var x = AnimatedValue(1.0)
        x.set(1.4, at: 0, animation: a)
        XCTAssertEqual(x.value(at: 0.409), 1.666, accuracy: 1e-3)      // 01 §2.2.4 check 1
        XCTAssertEqual(x.value(at: 0.818), 1.223, accuracy: 1e-3)      // check 2
        XCTAssertEqual(x.value(at: 3.0), 1.412, accuracy: 1e-3)        // check 3
        XCTAssertEqual(x.value(at: 6.651), 1.4)                        // check 4
        x.set(1.96, at: 7, animation: a)                               // check 5
        XCTAssertEqual(x.target, 1.96, accuracy: 1e-12)
        // Overlapping changes add: both contributions run on their own clocks.
        var y = AnimatedValue(0.0)
        y.set(1, at: 0, animation: a)
        y.set(2, at: 0.2, animation: a)
        for t in [0.3, 0.5, 1.1, 3.3] {
            XCTAssertEqual(y.value(at: t), 2 - (1 - s.value(at: t)) - (1 - s.value(at: t - 0.2)), accuracy: 1e-12)
        }
    }

    // MARK: - Merge rule (spring / interactiveSpring)

    /// 01 §2.2.3: one tap with spring(response 0.55, dampingFraction 0.3, blendDuration 0.5), 1 → 1.5.
    func testMergingSpringFromRest() {
        var scale = AnimatedValue(1.0)
        scale.set(1.5, at: 0, animation: .spring(response: 0.55, dampingFraction: 0.3, blendDuration: 0.5))
        XCTAssertEqual(scale.value(at: 0.1), 1.237, accuracy: 0.001)
        XCTAssertEqual(scale.value(at: 0.288), 1.686, accuracy: 0.001)
        XCTAssertEqual(scale.value(at: 0.577), 1.431, accuracy: 0.001)
        XCTAssertNotEqual(scale.value(at: 1.8), 1.5)
        XCTAssertEqual(scale.value(at: 1.85), 1.5)
        XCTAssertEqual(scale.endTime!, 1.849, accuracy: 1e-9)
        // Same as the plain spring formula.
        let s = Spring(response: 0.55, dampingFraction: 0.3)
        for t in [0.05, 0.4, 1.2] { XCTAssertEqual(scale.value(at: t), 1 + 0.5 * s.value(at: t), accuracy: 1e-12) }
    }

    /// 01 §2.2.3 check 5 / 04 §0.2: retargeting a running spring keeps the present value and velocity.
    func testMergingSpringKeepsValueAndVelocity() {
        let anim = Animation.spring(response: 0.55, dampingFraction: 0.3, blendDuration: 0.5)
        var scale = AnimatedValue(1.0)
        scale.set(1.5, at: 0, animation: anim)
        let t0 = 0.2
        let y0 = scale.value(at: t0), v0 = scale.velocity(at: t0)
        XCTAssertEqual(v0, 0.5 * Spring(response: 0.55, dampingFraction: 0.3).velocity(at: t0), accuracy: 1e-9)
        scale.set(2.0, at: t0, animation: anim)
        XCTAssertEqual(scale.contributionCount, 1)
        XCTAssertEqual(scale.value(at: t0), y0, accuracy: 1e-12)
        XCTAssertEqual(scale.velocity(at: t0), v0, accuracy: 1e-9)
        // The motion after the retarget is the spring toward 2.0 from (y0, v0):
        // y″ + c·y′ + k·(y − 2) = 0.
        let s = Spring(response: 0.55, dampingFraction: 0.3)
        for t in [0.25, 0.4, 0.9] {
            let h = 1e-4
            let acc = (scale.value(at: t + h) - 2 * scale.value(at: t) + scale.value(at: t - h)) / (h * h)
            XCTAssertEqual(acc + s.damping * scale.velocity(at: t) + s.stiffness * (scale.value(at: t) - 2), 0,
                           accuracy: 1e-3 * s.stiffness)
        }
        // Closed form with v0 in from→to distances per second.
        let dist = 2.0 - y0
        let sv = Spring(mass: 1, stiffness: s.stiffness, damping: s.damping, initialVelocity: v0 / dist)
        for t in [0.3, 0.7, 1.5] {
            XCTAssertEqual(scale.value(at: t), y0 + dist * sv.value(at: t - t0), accuracy: 1e-9)
        }
        XCTAssertEqual(scale.value(at: t0 + 3), 2.0)
        XCTAssertFalse(scale.isAnimating(at: t0 + 3))
    }

    /// Retargeting to the presented value: the distance is 0, the value settles from its velocity.
    func testMergingSpringZeroDistance() {
        let anim = Animation.spring
        var x = AnimatedValue(0.0)
        x.set(100, at: 0, animation: anim)
        let p = x.value(at: 0.1), v = x.velocity(at: 0.1)
        XCTAssertGreaterThan(v, 100)
        x.set(p, at: 0.1, animation: anim)
        XCTAssertEqual(x.value(at: 0.1), p)
        XCTAssertEqual(x.velocity(at: 0.1), v, accuracy: 1e-9)
        XCTAssertGreaterThan(x.value(at: 0.15), p + 1)       // carried on by its velocity
        XCTAssertTrue(x.isAnimating(at: 0.5))
        XCTAssertEqual(x.value(at: 3), p)                     // and settles back exactly
        XCTAssertFalse(x.isAnimating(at: 3))
    }

    /// blendDuration: from a running spring (0.55, 0.825) to (0.2, 0.5) with blendDuration 0.5, the response and
    /// damping fraction move linearly over 0.5 s; value and velocity stay continuous.
    func testMergingSpringBlendDuration() {
        var x = AnimatedValue(0.0)
        x.set(1, at: 0, animation: .spring)
        let t0 = 0.2
        let y0 = x.value(at: t0), v0 = x.velocity(at: t0)
        x.set(2, at: t0, animation: .spring(response: 0.2, dampingFraction: 0.5, blendDuration: 0.5))
        XCTAssertEqual(x.value(at: t0), y0, accuracy: 1e-12)
        XCTAssertEqual(x.velocity(at: t0), v0, accuracy: 1e-9)
        // Halfway through the blend: response 0.375, dampingFraction 0.6625.
        func check(_ t: Double, response r: Double, damping z: Double) {
            let w = 2 * Double.pi / r, k = w * w, c = 2 * z * w
            let h = 1e-4
            let acc = (x.value(at: t + h) - 2 * x.value(at: t) + x.value(at: t - h)) / (h * h)
            let vel = (x.value(at: t + h) - x.value(at: t - h)) / (2 * h)
            XCTAssertEqual(vel, x.velocity(at: t), accuracy: 1e-4)
            XCTAssertEqual(acc + c * vel + k * (x.value(at: t) - 2), 0, accuracy: 2e-3 * k, "t = \(t)")
        }
        check(t0 + 0.25, response: 0.375, damping: 0.6625)
        check(t0 + 0.1, response: 0.48, damping: 0.76)
        check(t0 + 0.6, response: 0.2, damping: 0.5)      // after the blend: the new spring
        check(t0 + 0.8, response: 0.2, damping: 0.5)
        // Differs from an unblended retarget, and still ends exactly at the target.
        var plain = AnimatedValue(0.0)
        plain.set(1, at: 0, animation: .spring)
        plain.set(2, at: t0, animation: .spring(response: 0.2, dampingFraction: 0.5))
        XCTAssertGreaterThan(abs(plain.value(at: t0 + 0.2) - x.value(at: t0 + 0.2)), 0.01)
        XCTAssertEqual(x.value(at: 5), 2)
        XCTAssertFalse(x.isAnimating(at: 5))
        // Same parameters: the blend has no effect (01 §3 item 29).
        var same1 = AnimatedValue(0.0), same2 = AnimatedValue(0.0)
        same1.set(1, at: 0, animation: .spring(blendDuration: 0.5))
        same1.set(2, at: 0.2, animation: .spring(blendDuration: 0.5))
        same2.set(1, at: 0, animation: .spring)
        same2.set(2, at: 0.2, animation: .spring)
        for t in [0.3, 0.5, 1.0] { XCTAssertEqual(same1.value(at: t), same2.value(at: t), accuracy: 1e-12) }
    }

    func testMergingSpringReplacesAdditiveContributions() {
        var x = AnimatedValue(0.0)
        x.set(10, at: 0, animation: .linear(duration: 1))
        x.set(20, at: 0.2, animation: .linear(duration: 1))
        let y0 = x.value(at: 0.5)
        XCTAssertEqual(x.velocity(at: 0.5), 20, accuracy: 1e-9)
        x.set(0, at: 0.5, animation: .interactiveSpring)
        XCTAssertEqual(x.contributionCount, 1)
        XCTAssertEqual(x.value(at: 0.5), y0, accuracy: 1e-12)
        XCTAssertEqual(x.velocity(at: 0.5), 20, accuracy: 1e-9)
        XCTAssertEqual(x.value(at: 2), 0)
        // An additive change on top of a running spring adds to it.
        var z = AnimatedValue(0.0)
        z.set(1, at: 0, animation: .spring)
        z.set(3, at: 0.1, animation: .linear(duration: 1))
        let s = Spring(response: 0.55, dampingFraction: 0.825)
        XCTAssertEqual(z.value(at: 0.5), 3 - (1 - s.value(at: 0.5)) - 2 * (1 - 0.4), accuracy: 1e-12)
    }

    func testMergingSpringWithDelayAndSpeed() {
        var x = AnimatedValue(0.0)
        x.set(10, at: 1, animation: Animation.spring.delay(0.5))
        XCTAssertEqual(x.value(at: 1.4), 0)
        let s = Spring(response: 0.55, dampingFraction: 0.825)
        XCTAssertEqual(x.value(at: 1.8), 10 * s.value(at: 0.3), accuracy: 1e-12)
        var y = AnimatedValue(0.0)
        y.set(10, at: 0, animation: Animation.spring.speed(2))
        XCTAssertEqual(y.value(at: 0.15), 10 * s.value(at: 0.3), accuracy: 1e-12)
        XCTAssertEqual(y.endTime!, s.settlingTime / 2, accuracy: 1e-12)
    }

    // MARK: - Vectors, closed form, housekeeping

    func testVectorValuesMergeWithVelocity() {
        var p = AnimatedValue(P2(x: 0, y: 0))
        p.set(P2(x: 100, y: 0), at: 0, animation: .spring)
        let v = p.velocity(at: 0.1)
        p.set(P2(x: 100, y: 50), at: 0.1, animation: .spring)      // velocity not parallel to the new distance
        XCTAssertEqual(p.velocity(at: 0.1).x, v.x, accuracy: 1e-9)
        XCTAssertEqual(p.velocity(at: 0.1).y, 0, accuracy: 1e-9)
        // x keeps moving toward 100 by the inertia alone, y springs from 0 to 50.
        let s = Spring(response: 0.55, dampingFraction: 0.825)
        XCTAssertEqual(p.value(at: 0.4).y, 50 * s.value(at: 0.3), accuracy: 1e-9)
        XCTAssertEqual(p.value(at: 5), P2(x: 100, y: 50))
        p.set(P2(x: 0, y: 0), at: 6, animation: .easeInOut(duration: 1))
        XCTAssertEqual(p.value(at: 6.5).x, 50, accuracy: 1e-9)
        XCTAssertEqual(p.value(at: 6.5).y, 25, accuracy: 1e-9)
    }

    /// Closed form: sampling in any order, at any step, gives the same values.
    func testValueIsClosedFormInTime() {
        var x = AnimatedValue(0.0)
        x.set(100, at: 0, animation: .easeInOut(duration: 1))
        x.set(-30, at: 0.4, animation: .spring)
        x.set(50, at: 0.6, animation: Animation.easeOut(duration: 0.5).delay(0.2))
        let times = (0..<300).map { Double($0) * 0.01 }
        let forward = times.map { x.value(at: $0) }
        let backward = times.reversed().map { x.value(at: $0) }.reversed()
        XCTAssertEqual(forward, Array(backward))
        var pruned = x
        pruned.prune(at: 2.9)
        XCTAssertEqual(pruned.value(at: 2.95), x.value(at: 2.95))
    }

    func testPruneAndEndTime() {
        var x = AnimatedValue(0.0)
        XCTAssertNil(x.endTime)
        x.set(1, at: 0, animation: .linear(duration: 1))
        x.set(2, at: 0.5, animation: .linear(duration: 2))
        XCTAssertEqual(x.endTime, 2.5)
        XCTAssertEqual(x.contributionCount, 2)
        x.prune(at: 1.2)
        XCTAssertEqual(x.contributionCount, 1)
        XCTAssertEqual(x.value(at: 1.5), 2 - 1 * 0.5, accuracy: 1e-12)
        x.prune(at: 2.5)
        XCTAssertEqual(x.contributionCount, 0)
        XCTAssertEqual(x.value(at: 2.5), 2)
        // Zero-length animations complete at once and leave nothing behind.
        x.set(3, at: 3, animation: .linear(duration: 0))
        XCTAssertEqual(x.contributionCount, 0)
        XCTAssertEqual(x.value(at: 3), 3)
    }
}
