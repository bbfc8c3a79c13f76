import Player
import Scenes
import Stage
import XCTest

/// The normal cycle: spec 04 §1.7.1–§1.7.3 and acceptance checks 1–4 of §1.12, on the virtual clock.
@MainActor
final class ElevatorTimelineTests: ElevatorTestCase {
    func testInitialFrame() async {
        assertDoors(4, -4, 1e-9)
        XCTAssertEqual(buttonCentre, .black)
        XCTAssertEqual(lightOpacity(1), 0.3, accuracy: 1e-9)
        XCTAssertEqual(lightOpacity(2), 0.3, accuracy: 1e-9)
        XCTAssertEqual(lightColor(1).0, 0)
        // Frames lie on whole pixels (issue 22): each edge within half a pixel of the formula's, so a centre too.
        let row = h.probe("floor1Indicator")!.frame.center, row2 = h.probe("floor2Indicator")!.frame.center
        XCTAssertEqual((row.x + row2.x) / 2, 196.5, accuracy: 0.5)
        XCTAssertEqual(row.y, 0.02 * 759 + 2, accuracy: 0.5)
        let button = h.probe("callButton")!.frame
        XCTAssertEqual(button.midX, 393.0 / 33, accuracy: 0.5)
        XCTAssertEqual(button.midY, 379.5, accuracy: 0.5)
        XCTAssertEqual(button.size, Size(20, 20))
        XCTAssertTrue(h.sounds.events.isEmpty)
    }

    func testClick1CallsTheElevator() async {
        click(at: 0)
        h.advance(to: 0.016)
        XCTAssertEqual(lightOpacity(1), 1, accuracy: 1e-9)
        XCTAssertEqual(lightColor(1).0, 255)
        XCTAssertEqual(buttonCentre, .white)
        assertDoors(4, -4, 1e-9)
        let expected: [(Double, Double)] = [(0.30, 4), (1.00, -9.18), (2.2444, -96.25), (3.00, -157.46),
                                            (4.00, -195.59), (4.1889, -196.5), (10, -196.5), (20, -196.5)]
        for (t, l) in expected {
            h.advance(to: t)
            assertDoors(l, -l)
        }
        assertTimes(doorSounds(), [0.5])
        XCTAssertEqual(chimes(), [], "no chime after a call")
        XCTAssertEqual(buttonCentre, .white, "no automatic closing")
    }

    func testClick2RidesToFloor2() async {
        click(at: 0)
        click(at: 10)
        h.advance(to: 10.016)
        XCTAssertEqual(buttonCentre, .black)
        XCTAssertEqual(lightOpacity(1), 0.3, accuracy: 1e-9, "① goes dark at once")
        h.advance(to: 14.99)
        XCTAssertEqual(lightOpacity(2), 0.3, accuracy: 1e-9)
        h.advance(to: 10 + 4.1889)
        assertDoors(4, -4)
        h.advance(to: 15.175)
        XCTAssertEqual(lightOpacity(2), 0.65, accuracy: 0.0071)
        let c = lightColor(2)
        XCTAssertEqual(Double(c.0), 128, accuracy: 12); XCTAssertEqual(Double(c.1), 30, accuracy: 12)
        XCTAssertEqual(Double(c.2), 24, accuracy: 12)
        h.advance(to: 15.35)
        XCTAssertEqual(lightOpacity(2), 1, accuracy: 1e-9)
        XCTAssertEqual(lightColor(2).0, 255)
        h.advance(to: 17.99)
        XCTAssertEqual(buttonCentre, .black)
        h.advance(to: 18.01)
        XCTAssertEqual(buttonCentre, .white, "the 8-s timer opens the doors")
        h.advance(to: 18.3)
        assertDoors(4, -4)
        h.advance(to: 18.4)
        XCTAssertLessThan(left, 4)
        h.advance(to: 22.1889)
        assertDoors(-196.5, 196.5)
        assertTimes(doorSounds(), [0.5, 10.5, 18.5])
        assertTimes(chimes(), [15.5])
        // The door sound at 8.5 s plays on the one global player, which cuts the chime.
        XCTAssertEqual(h.sounds.events.last?.channel, .player)
    }

    func testClick3RidesBackToFloor1() async {
        click(at: 0)
        click(at: 10)
        click(at: 25)
        for t in [25.0, 27.0, 29.5, 30.0] {
            h.advance(to: t)
            XCTAssertEqual(lightOpacity(2), 1, accuracy: 1e-9, "② stays lit at \(t)")
            XCTAssertEqual(lightOpacity(1), 0.3, accuracy: 1e-9, "① stays dark at \(t)")
        }
        h.advance(to: 30.35)
        XCTAssertEqual(lightOpacity(1), 1, accuracy: 1e-9)
        XCTAssertEqual(lightOpacity(2), 0.3, accuracy: 1e-9)
        XCTAssertEqual(lightColor(1).0, 255)
        XCTAssertEqual(lightColor(2).0, 0)
        h.advance(to: 33.3)
        assertDoors(4, -4)
        h.advance(to: 37.1889)
        assertDoors(-196.5, 196.5)
        assertTimes(chimes(), [15.5, 30.5])
        assertTimes(doorSounds(), [0.5, 10.5, 18.5, 25.5, 33.5])
    }

    func testModelFlagsAfterEachClick() async throws {
        click(at: 0)
        XCTAssertEqual(flags, .init(doorsOpened: true, floor1: true, floor2: false, goingUp: true))
        click(at: 10)
        XCTAssertEqual(flags, .init(doorsOpened: false, floor1: false, floor2: true, goingUp: false))
        click(at: 25)
        XCTAssertEqual(flags, .init(doorsOpened: false, floor1: true, floor2: false, goingUp: true))
    }
}
