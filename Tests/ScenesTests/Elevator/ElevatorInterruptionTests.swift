import Player
import Scenes
import Stage
import XCTest
import ZoetropeHarness

/// Clicks while the elevator moves: spec 04 §1.7.4 and acceptance checks 5–6 of §1.12.
@MainActor
final class ElevatorInterruptionTests: ElevatorTestCase {
    /// Doors open, ① lit, then the ride click at `t0`.
    func rideFrom1(at t0: Double) {
        click(at: 0)
        click(at: t0)
    }

    func testClickDuringRideReopensWithoutChime() async throws {
        rideFrom1(at: 10)
        click(at: 12)
        // The left door keeps closing until ≈ 3.24 s after the ride click, at 75.7 % of the travel (≈ −44.8).
        let minimum = deepestLeftDoor(until: 16.1889)
        XCTAssertEqual(minimum.t - 10, 3.24, accuracy: 0.02)
        XCTAssertEqual(minimum.offset, -44.8, accuracy: 0.5)
        assertDoors(-196.5, 196.5, 0.02)
        XCTAssertTrue(flags.goingUp)
        XCTAssertTrue(flags.floor2)
        h.advance(to: 15.35)
        XCTAssertEqual(lightOpacity(2), 1, accuracy: 1e-9, "the pending ② fade at 5.0 is not cancelled")
        h.advance(to: 40)
        XCTAssertEqual(chimes(), [], "not a ride: no chime")
        assertTimes(doorSounds(), [0.5, 10.5, 12.5])
        assertDoors(-196.5, 196.5, 1e-9)
    }

    func testNextClickAfterInterruptedRideCancelsTheLightChange() async {
        rideFrom1(at: 10)
        click(at: 12)
        click(at: 30)
        h.advance(to: 36)
        XCTAssertEqual(lightOpacity(2), 1, accuracy: 1e-9, "both delay-5 blocks cancel: ② stays lit")
        XCTAssertEqual(lightOpacity(1), 0.3, accuracy: 1e-9)
        h.advance(to: 40)
        assertTimes(chimes(), [35.5])
        XCTAssertEqual(buttonCentre, .white, "reopened at 8 s")
    }

    func testTimerCancellation() async {
        rideFrom1(at: 10)
        click(at: 13)
        h.advance(to: 30)
        XCTAssertEqual(chimes(), [], "no chime in 3.0–20 s")
        assertTimes(doorSounds(), [0.5, 10.5, 13.5])
        // The second click re-opened the doors; no automatic toggle at 8.0 closes them again.
        XCTAssertEqual(buttonCentre, .white)
    }

    func testDoubleClickWithinHalfASecond() async {
        rideFrom1(at: 10)
        click(at: 10.3)
        let minimum = deepestLeftDoor(until: 14.4889)
        // The doors only dip: 13.3 % of the way toward closed, deepest at ≈ 2.39 s.
        XCTAssertEqual(minimum.offset, -169.9, accuracy: 0.5)
        XCTAssertEqual(minimum.t - 10, 2.39, accuracy: 0.03)
        assertDoors(-196.5, 196.5, 0.02)
        h.advance(to: 15.35)
        XCTAssertEqual(lightOpacity(2), 1, accuracy: 1e-9, "the ② fade at 5.0 still happens")
        h.advance(to: 30)
        assertTimes(doorSounds(), [0.5, 10.5, 10.8])
        XCTAssertEqual(chimes(), [])
    }

    func testClickDuringRideDownLeavesBothLightsDark() async {
        click(at: 0)
        click(at: 10)
        h.advance(to: 20)   // at floor 2, doors open
        click(at: 25)       // ride down
        click(at: 26)       // interrupt: floor2 is false, so ① switches off at once
        h.advance(to: 26.016)
        XCTAssertEqual(lightOpacity(1), 0.3, accuracy: 1e-9)
        h.advance(to: 30.4)
        XCTAssertEqual(lightOpacity(1), 0.3, accuracy: 1e-9, "① pending fade-in was dropped")
        XCTAssertEqual(lightOpacity(2), 0.3, accuracy: 1e-9, "② faded out")
        // The next click lights ① at once, then 4.0–4.35 ② on / ① off, 5.0–5.35 ① on / ② off.
        click(at: 40)
        h.advance(to: 40.016)
        XCTAssertEqual(lightOpacity(1), 1, accuracy: 1e-9)
        h.advance(to: 44.35)
        XCTAssertEqual(lightOpacity(2), 1, accuracy: 1e-9)
        XCTAssertEqual(lightOpacity(1), 0.3, accuracy: 1e-9)
        h.advance(to: 45.35)
        XCTAssertEqual(lightOpacity(1), 1, accuracy: 1e-9)
        XCTAssertEqual(lightOpacity(2), 0.3, accuracy: 1e-9)
    }

    func testPressOutsideTheButtonDoesNothing() async {
        h.click(button.x + 15, button.y)
        h.press(button.x, button.y)
        h.release(button.x + 30, button.y)
        h.advance(to: 5)
        XCTAssertEqual(h.sounds.events, [])
        assertDoors(4, -4, 1e-9)
    }

    func testSameResultsAtAnyStepSize() async throws {
        // One big step gives the values the 1/60 steps give (closed-form animation, exact timers).
        let other = try Harness(scene: "elevator", size: Size(393, 759))
        click(at: 0); click(at: 10)
        other.click(button.x, button.y)
        other.session.advance(to: 10)
        other.click(button.x, button.y)
        other.session.advance(to: 19.25)
        h.advance(to: 19.25)
        XCTAssertEqual(other.property("leftDoor.offset.x")!.presented, left, accuracy: 1e-9)
        XCTAssertEqual(other.sounds.events, h.sounds.events)
    }
}
