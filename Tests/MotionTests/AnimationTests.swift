import XCTest
@testable import Motion

final class AnimationTests: XCTestCase {
    func testDefaultsAndDurations() {
        XCTAssertEqual(Animation.default, .easeInOut(duration: 0.35))
        XCTAssertEqual(Animation.easeInOut, .easeInOut(duration: 0.35))
        XCTAssertEqual(Animation.linear.duration, 0.35)
        XCTAssertEqual(Animation.easeIn.duration, 0.35)
        XCTAssertEqual(Animation.easeOut.duration, 0.35)
        XCTAssertEqual(Animation.timingCurve(0.1, 0.8, 0, 1).duration, 0.35)
        XCTAssertEqual(Animation.timingCurve(0.1, 0.8, 0, 1, duration: 2).duration, 2)
        XCTAssertEqual(Animation.linear(duration: 2).delay(0.5).duration, 2.5)
        XCTAssertEqual(Animation.spring, .spring(response: 0.55, dampingFraction: 0.825, blendDuration: 0))
        XCTAssertEqual(Animation.interactiveSpring, .spring(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25))
        XCTAssertEqual(Animation.spring.duration!, 0.757, accuracy: 1e-9)
        XCTAssertEqual(Animation.interpolatingSpring(stiffness: 60, damping: 2).duration!, 6.651, accuracy: 1e-9)
        XCTAssertNil(Animation.linear.repeatForever().duration)
        XCTAssertEqual(Animation.linear(duration: 1).repeatCount(3).duration, 3)
    }

    func testClassification() {
        XCTAssertTrue(Animation.spring.isMergingSpring)
        XCTAssertTrue(Animation.interactiveSpring.isMergingSpring)
        XCTAssertTrue(Animation.spring(response: 0.3).delay(0.2).speed(2).isMergingSpring)
        XCTAssertFalse(Animation.interpolatingSpring(stiffness: 60, damping: 2).isMergingSpring)
        XCTAssertFalse(Animation.easeInOut.isMergingSpring)
        XCTAssertFalse(Animation.spring.repeatForever().isMergingSpring)
        XCTAssertFalse(Animation.easeIn.isRepeating)
        XCTAssertFalse(Animation.easeIn.repeatCount(1).isRepeating)
        XCTAssertTrue(Animation.easeIn.repeatCount(2).isRepeating)
        XCTAssertTrue(Animation.easeIn.repeatForever().delay(1).isRepeating)
        XCTAssertTrue(Animation.linear(duration: 0).repeatForever().isRepeating)
    }

    /// 04 §0.2 / README §3.5: `easeInOut.speed(0.09).delay(0.3)` is 0.3 s of delay, then 3.8889 s of motion.
    func testSpeedThenDelay() {
        let a = Animation.easeInOut.speed(0.09).delay(0.3)
        XCTAssertEqual(a.duration!, 4.188889, accuracy: 1e-6)
        XCTAssertEqual(a.progress(at: 0.29), 0)
        XCTAssertEqual(a.progress(at: 0.3), 0)
        XCTAssertEqual(a.progress(at: 0.3 + 3.8889 / 2), 0.5, accuracy: 1e-4)
        XCTAssertEqual(a.progress(at: 4.1889), 1)
        // A delay written before the speed is scaled too.
        let b = Animation.easeInOut.delay(0.3).speed(0.09)
        XCTAssertEqual(b.duration!, (0.3 + 0.35) / 0.09, accuracy: 1e-9)
        XCTAssertEqual(b.progress(at: 3.3), 0)
        XCTAssertEqual(b.progress(at: 0.3 / 0.09 + 0.35 / 0.09 / 2), 0.5, accuracy: 1e-9)
        // Speed-up.
        let c = Animation.linear(duration: 1).delay(1).speed(2)
        XCTAssertEqual(c.duration, 1)
        XCTAssertEqual(c.progress(at: 0.75), 0.5, accuracy: 1e-12)
    }

    /// 04 §1.12 item 2: left door from +4 to −196.5 with easeInOut.speed(0.09).delay(0.3).
    func testElevatorDoorTimeline() {
        let a = Animation.easeInOut.speed(0.09).delay(0.3)
        func door(_ t: Double) -> Double { 4 + (-196.5 - 4) * a.progress(at: t) }
        XCTAssertEqual(door(0.016), 4)
        XCTAssertEqual(door(0.30), 4)
        XCTAssertEqual(door(1.00), -9.18, accuracy: 0.005)
        XCTAssertEqual(door(2.2444), -96.25, accuracy: 0.005)
        XCTAssertEqual(door(3.00), -157.46, accuracy: 0.005)
        XCTAssertEqual(door(4.00), -195.59, accuracy: 0.005)
        XCTAssertEqual(door(4.1889), -196.5)
        XCTAssertEqual(door(100), -196.5)
        // Floor indicator fade (04 §1.12 item 3): easeInOut 0.35 s after a 5 s delay, opacity 0.3 → 1.
        let f = Animation.easeInOut.delay(5)
        XCTAssertEqual(0.3 + 0.7 * f.progress(at: 4.99), 0.3)
        XCTAssertEqual(0.3 + 0.7 * f.progress(at: 5.175), 0.65, accuracy: 1e-9)
        XCTAssertEqual(0.3 + 0.7 * f.progress(at: 5.35), 1, accuracy: 1e-12)
    }

    /// 01 §2.2.1 ch2-timing-curves: 0 → 250 over 2 s and over 0.35 s.
    func testTimingCurveRace() {
        let expectedHalf = [62.5, 23.4, 94.5, 32.3]
        let expectedMid = [125, 78.9, 171.2, 125]
        let curves: [(Double) -> Animation] = [Animation.linear(duration:), Animation.easeIn(duration:),
                                              Animation.easeOut(duration:), Animation.easeInOut(duration:)]
        for (i, make) in curves.enumerated() {
            XCTAssertEqual(250 * make(2).progress(at: 0.5), expectedHalf[i], accuracy: 0.05)
            // The spec prints one decimal (easeIn: 250·0.31536 = 78.84 is printed 78.9; check tolerance ±2.5).
            XCTAssertEqual(250 * make(2).progress(at: 1.0), expectedMid[i], accuracy: 0.1)
            XCTAssertEqual(250 * make(2).progress(at: 2.0), 250)
            XCTAssertEqual(250 * make(0.35).progress(at: 0.175), expectedMid[i], accuracy: 0.1)
        }
    }

    /// 01 §2.3.1 ch3-breathing: easeInOut (0.35 s) repeatForever(autoreverses) speed 1/8 → legs of 2.8 s.
    func testBreathingRepeatForeverSpeed() {
        let a = Animation.easeInOut.repeatForever(autoreverses: true).speed(1.0 / 8)
        XCTAssertNil(a.duration)
        let table: [(Double, Double)] = [(0, 0), (0.7, 0.1292), (1.4, 0.5), (2.1, 0.8708), (2.8, 1), (3.5, 0.8708),
                                         (4.2, 0.5), (5.6, 0), (11.2, 0), (11.2 + 1.4, 0.5)]
        for (t, p) in table { XCTAssertEqual(a.progress(at: t), p, accuracy: 1e-4, "t = \(t)") }
        // S = 0.25 + 0.75 p, R = 90 p, O = 60 p at t = 0.7 (table row).
        let p = a.progress(at: 0.7)
        XCTAssertEqual(0.25 + 0.75 * p, 0.3469, accuracy: 1e-4)
        XCTAssertEqual(90 * p, 11.6, accuracy: 0.05)
        XCTAssertEqual(60 * p, 7.75, accuracy: 0.01)
        // Strictly rising on (0, 2.8), strictly falling on (2.8, 5.6).
        var last = a.progress(at: 0.01)
        for i in 2..<280 { let v = a.progress(at: Double(i) / 100); XCTAssertGreaterThan(v, last); last = v }
        last = a.progress(at: 2.81)
        for i in 282..<560 { let v = a.progress(at: Double(i) / 100); XCTAssertLessThan(v, last); last = v }
    }

    /// README §3.5 / 03 §0.4 / 02 §1.4: delay before repeat → waited at the start of every leg.
    func testDelayBeforeRepeatIsWaitedEveryLeg() {
        // 03 §1.1.1: easeInOut D = 2, delay 2, repeatForever(autoreverses): period 8.
        let a = Animation.easeInOut(duration: 2).delay(2).repeatForever(autoreverses: true)
        func phase(_ t: Double) -> Double {     // 03 §0.4 phase(t; D, d, E) written out
            let u = t.truncatingRemainder(dividingBy: 8)
            if u < 2 { return 0 }
            if u < 4 { return UnitCurve.easeInOut.progress((u - 2) / 2) }
            if u < 6 { return 1 }
            return 1 - UnitCurve.easeInOut.progress((u - 6) / 2)
        }
        for i in 0...400 {
            let t = Double(i) * 0.05
            XCTAssertEqual(a.progress(at: t), phase(t), accuracy: 1e-12, "t = \(t)")
        }
        XCTAssertEqual(a.progress(at: 1.99), 0)
        XCTAssertEqual(a.progress(at: 3), 0.5, accuracy: 1e-12)
        XCTAssertEqual(a.progress(at: 5), 1)
        XCTAssertEqual(a.progress(at: 7), 0.5, accuracy: 1e-12)
        XCTAssertEqual(a.progress(at: 9), 0)
    }

    /// README §3.5: repeat then delay → the delay is waited once (ch4 record, 01 §2.4.1).
    func testRepeatThenDelayIsWaitedOnce() {
        let a = Animation.linear(duration: 0.8).repeatForever(autoreverses: false).delay(1.5)
        func theta(_ t: Double) -> Double { 360 * a.progress(at: t) }
        XCTAssertEqual(theta(1.0), 0)
        XCTAssertEqual(theta(1.49), 0)
        XCTAssertEqual(theta(1.9), 180, accuracy: 1e-9)
        XCTAssertEqual(theta(2.1), 270, accuracy: 1e-9)
        XCTAssertEqual(theta(2.5), 90, accuracy: 1e-9)      // leg restarted at "from" at 2.3
        XCTAssertEqual(theta(3.0), 315, accuracy: 1e-9)
        XCTAssertEqual(theta(10.5), 90, accuracy: 1e-9)     // 11¼ legs after 1.5 s
        // 450°/s between leg boundaries.
        XCTAssertEqual((theta(2.2) - theta(2.0)) / 0.2, 450, accuracy: 1e-6)
        XCTAssertEqual(a.progressVelocity(at: 2.0) * 360, 450, accuracy: 1e-9)
    }

    /// 02 §4.3/4.4 (girl on a swing): easeInOut with a per-leg delay, autoreversing forever.
    func testSwingAngles() {
        let swing = Animation.easeInOut(duration: 1).delay(0.09).repeatForever(autoreverses: true)
        func theta(_ t: Double) -> Double { -45 + 15 * swing.progress(at: t) }
        func phiR(_ t: Double) -> Double { 50 - 70 * swing.progress(at: t) }
        XCTAssertEqual(theta(0), -45); XCTAssertEqual(phiR(0), 50)
        XCTAssertEqual(theta(0.59), -37.5, accuracy: 1e-9); XCTAssertEqual(phiR(0.59), 15, accuracy: 1e-9)
        XCTAssertEqual(theta(1.09), -30); XCTAssertEqual(phiR(1.09), -20)
        XCTAssertEqual(theta(1.68), -37.5, accuracy: 1e-9)
        XCTAssertEqual(theta(2.18), -45, accuracy: 1e-9); XCTAssertEqual(phiR(2.18), 50, accuracy: 1e-9)
        let leg = Animation.easeInOut(duration: 0.4).delay(1).repeatForever(autoreverses: true)
        func phiL(_ t: Double) -> Double { 30 - 75 * leg.progress(at: t) }
        XCTAssertEqual(phiL(0), 30); XCTAssertEqual(phiL(0.59), 30)
        XCTAssertEqual(phiL(1.2), -7.5, accuracy: 1e-9)
        XCTAssertEqual(phiL(1.4), -45); XCTAssertEqual(phiL(2.3), -45)
        XCTAssertEqual(phiL(2.6), -7.5, accuracy: 1e-9)
        XCTAssertEqual(phiL(2.8), 30); XCTAssertEqual(phiL(3.5), 30)
    }

    /// 02 §3.2 kaleidoscope hue: easeInOut 2 s, delay 0.3 s, forever with autoreverse; period 4.6 s.
    func testKaleidoscopeHue() {
        let a = Animation.easeInOut(duration: 2).delay(0.3).repeatForever(autoreverses: true)
        func n(_ t: Double) -> Double { 360 * a.progress(at: t) }
        XCTAssertEqual(n(0.29), 0)
        XCTAssertEqual(n(1.3), 180, accuracy: 1e-9)
        XCTAssertEqual(n(2.3), 360)
        XCTAssertEqual(n(2.59), 360)
        XCTAssertEqual(n(3.6), 180, accuracy: 1e-9)
        XCTAssertEqual(n(4.6), 0)
        XCTAssertEqual(n(4.6 + 1.3), 180, accuracy: 1e-9)
    }

    /// README §3.5: a backward leg runs the same curve in its own direction (easeOut starts fast).
    func testBackwardLegUsesSameCurve() {
        // 03 §3.x lamp: 1 − 0.5·phase(t; 1, 0, easeOut), period 2 s.
        let a = Animation.easeOut(duration: 1).repeatForever(autoreverses: true)
        XCTAssertEqual(a.progress(at: 0.25), 0.3781, accuracy: 1e-4)
        XCTAssertEqual(a.progress(at: 1.25), 1 - 0.3781, accuracy: 1e-4)
        XCTAssertEqual(1 - 0.5 * a.progress(at: 1.25), 0.68905, accuracy: 1e-4)
        // Not the time-reverse of the forward leg (which would give easeOut(0.75) = 0.9065 here).
        XCTAssertGreaterThan(abs(a.progress(at: 1.25) - a.progress(at: 0.75)), 0.2)
        // For easeInOut the backward leg equals the time-reverse.
        let b = Animation.easeInOut(duration: 1).repeatForever(autoreverses: true)
        for t in [0.1, 0.3, 0.6, 0.9] { XCTAssertEqual(b.progress(at: 1 + t), b.progress(at: 1 - t), accuracy: 1e-9) }
        // Buoy tilt θ2 (03): 15 − 35·phase(t; 1.0, 0.2, easeInOut), period 2.4 s.
        let buoy = Animation.easeInOut(duration: 1).delay(0.2).repeatForever(autoreverses: true)
        XCTAssertEqual(15 - 35 * buoy.progress(at: 0.7), -2.5, accuracy: 1e-9)
        XCTAssertEqual(15 - 35 * buoy.progress(at: 1.3), -20)
        XCTAssertEqual(15 - 35 * buoy.progress(at: 1.9), -2.5, accuracy: 1e-9)
        XCTAssertEqual(15 - 35 * buoy.progress(at: 2.4), 15)
    }

    /// README §3.5: repeatCount legs; even counts with autoreverse end with a jump to "to".
    func testRepeatCountLegs() {
        let a = Animation.linear(duration: 1).repeatCount(3, autoreverses: true)
        XCTAssertEqual(a.duration, 3)
        XCTAssertEqual(a.progress(at: 0.25), 0.25)
        XCTAssertEqual(a.progress(at: 1.25), 0.75)    // backward
        XCTAssertEqual(a.progress(at: 2.25), 0.25)    // forward again
        XCTAssertEqual(a.progress(at: 2.999), 0.999, accuracy: 1e-9)
        XCTAssertEqual(a.progress(at: 3), 1)
        let even = Animation.linear(duration: 1).repeatCount(2, autoreverses: true)
        XCTAssertEqual(even.progress(at: 1.9), 0.1, accuracy: 1e-12)   // almost back at "from"
        XCTAssertEqual(even.progress(at: 2), 1)                       // then the jump to "to"
        let noReverse = Animation.easeIn(duration: 1).repeatCount(2, autoreverses: false)
        XCTAssertEqual(noReverse.progress(at: 0.999), UnitCurve.easeIn.progress(0.999), accuracy: 1e-12)
        XCTAssertEqual(noReverse.progress(at: 1.0), 0)                 // leg 2 restarts at "from"
        XCTAssertEqual(noReverse.progress(at: 1.5), 0.3154, accuracy: 1e-4)
        XCTAssertEqual(noReverse.progress(at: 2.0), 1)
        XCTAssertEqual(Animation.linear(duration: 1).repeatCount(1).progress(at: 0.5), 0.5)
        XCTAssertEqual(Animation.linear(duration: 1).repeatCount(1).duration, 1)
        // repeat then speed: every leg sped up.
        let fast = Animation.linear(duration: 1).repeatCount(4, autoreverses: true).speed(2)
        XCTAssertEqual(fast.duration, 2)
        XCTAssertEqual(fast.progress(at: 0.75), 0.5, accuracy: 1e-12)  // second leg, backward, halfway
        XCTAssertEqual(fast.progress(at: 1.25), 0.5, accuracy: 1e-12)
        // Delay before repeatCount: each leg waits.
        let delayed = Animation.linear(duration: 1).delay(0.5).repeatCount(2, autoreverses: true)
        XCTAssertEqual(delayed.duration, 3)
        XCTAssertEqual(delayed.progress(at: 1.0), 0.5)
        XCTAssertEqual(delayed.progress(at: 1.7), 1)     // backward leg holds "to" during its delay
        XCTAssertEqual(delayed.progress(at: 2.5), 0.5)
        XCTAssertEqual(delayed.progress(at: 3.0), 1)
    }

    /// README §3.5: zero-length legs complete instantly; a repeating animation with a 0-s leg completes after
    /// its first leg (ch4 Stop: linear 0 s, forever, delay 1.5 s).
    func testZeroLengthLegs() {
        let stop = Animation.linear(duration: 0).repeatForever().delay(1.5)
        XCTAssertEqual(stop.duration, 1.5)
        XCTAssertEqual(stop.progress(at: 1.49), 0)
        XCTAssertEqual(stop.progress(at: 1.5), 1)
        XCTAssertEqual(stop.progress(at: 99), 1)
        XCTAssertEqual(Animation.linear(duration: 0).progress(at: 0), 1)
        XCTAssertEqual(Animation.linear(duration: 0).repeatCount(5).duration, 0)
        XCTAssertEqual(Animation.easeIn(duration: 0).repeatForever(autoreverses: false).progress(at: 0), 1)
        XCTAssertEqual(Animation.linear(duration: 0).progress(at: -0.1), 0)
    }

    /// 01 §2.2.6: interpolatingSpring(60, 2) repeating forever with autoreverse; backward leg = 1.4 − 0.4·x(τ).
    func testSpringRepeatForeverAutoreverse() {
        let a = Animation.interpolatingSpring(stiffness: 60, damping: 2).repeatForever(autoreverses: true)
        func scale(_ t: Double) -> Double { 1 + 0.4 * a.progress(at: t) }
        XCTAssertEqual(scale(0.409), 1.666, accuracy: 0.001)
        XCTAssertEqual(scale(7.060), 0.734, accuracy: 0.001)
        XCTAssertEqual(scale(13.30), 1.0, accuracy: 0.001)
        XCTAssertEqual(scale(13.709), 1.666, accuracy: 0.001)
        XCTAssertEqual(scale(6.651), 1.4)    // the backward leg starts from "to"
    }

    /// 01 §2.2.5: "interpolatingSpring(stiffness 60, damping 2) lasting 2.5 s" = x(2.660·t), snapped at 2.5 s.
    func testSpringWithDuration() {
        let a = Animation.interpolatingSpring(stiffness: 60, damping: 2, duration: 2.5)
        XCTAssertEqual(a.duration!, 2.5, accuracy: 1e-12)
        func scale(_ t: Double) -> Double { 1 + 0.5 * a.progress(at: t) }
        XCTAssertEqual(scale(0.154), 1.832, accuracy: 0.002)
        XCTAssertEqual(scale(0.308), 1.279, accuracy: 0.002)
        XCTAssertEqual(scale(2.5), 1.5)
        XCTAssertEqual(scale(3), 1.5)
    }

    func testSpringProgressSnapsAtSettlingTime() {
        let a = Animation.spring(response: 0.55, dampingFraction: 0.3)
        XCTAssertEqual(a.progress(at: 0.1), 0.4737, accuracy: 1e-4)
        XCTAssertNotEqual(a.progress(at: 1.848), 1)
        XCTAssertEqual(a.progress(at: 1.849), 1)
        XCTAssertEqual(a.progress(at: 0), 0)
    }

    func testProgressVelocityMatchesDifferenceQuotient() {
        let animations: [Animation] = [
            .easeInOut.speed(0.09).delay(0.3), .spring, .interpolatingSpring(stiffness: 60, damping: 2),
            .easeOut(duration: 1).delay(0.2).repeatForever(autoreverses: true).speed(1.5),
            .linear(duration: 0.8).repeatForever(autoreverses: false).delay(1.5),
        ]
        for a in animations {
            for t in [0.05, 0.37, 0.9, 1.7, 2.6, 3.33] {
                let h = 1e-6
                let numeric = (a.progress(at: t + h) - a.progress(at: t - h)) / (2 * h)
                XCTAssertEqual(a.progressVelocity(at: t), numeric, accuracy: 1e-4 * max(1, abs(numeric)), "\(a) at \(t)")
            }
        }
    }
}
