@testable import Scenes
import Stage
import XCTest

/// Spec 06 §4.7, checks 40–46: dragging the car with the mouse as one touch, through hit testing and the responder
/// chain to the controller.
@MainActor
final class RoadTripDragTests: RoadTripTestCase {
    override func setUp() async throws { try open() }

    /// 40. Press inside the car, move: the centre jumps under the pointer on the first move; release: it stays.
    func testDragFromInsideTheCar() async {
        press(150, 480)
        assertCar(160, 468, "a press alone moves nothing")
        XCTAssertTrue(controller.touchInCar)
        move(100, 200)
        XCTAssertEqual(carCenter, Point(100, 200), "exactly under the pointer, no grab offset")
        XCTAssertEqual(carModelCenter, Point(100, 200), "set without animation")
        release(100, 200)
        h.advance(to: 1)
        XCTAssertEqual(carCenter, Point(100, 200), "left where it was released")
        XCTAssertTrue(systemSounds.isEmpty, "no drive")
    }

    /// 41. The frame's min corner is inside (the car follows), its max corner outside (it does not).
    func testFrameEdges() async {
        press(135, 418); move(120, 400)
        XCTAssertEqual(carCenter, Point(120, 400), "min corner is in the frame")
        release(120, 400)
        // The car now spans (95, 350)–(145, 450): its max corner is (145, 450).
        press(145, 450); move(60, 60); release(60, 60)
        XCTAssertEqual(carCenter, Point(120, 400), "max corner is not in the frame")
        XCTAssertFalse(controller.touchInCar)
    }

    /// 41, on the load pose exactly: (185, 518) is outside.
    func testTheMaxCornerOfTheLoadFrameIsOutside() async {
        press(185, 518); move(100, 100); release(100, 100)
        assertCar(160, 468, "not moved")
        press(184.99, 517.99); move(100, 100); release(100, 100)
        assertCar(100, 100, "just inside")
    }

    /// 42. A press outside the car lands on the root view and goes up to the controller, which passes it on.
    func testPressOutsideTheCar() async {
        XCTAssertTrue(scene.window.hitTest(CGPoint(x: 20, y: 20), with: nil) === controller.view, "the root view")
        XCTAssertTrue(scene.window.hitTest(CGPoint(x: 160, y: 468), with: nil) === controller.view,
                      "the car is an image view: not interactive")
        press(20, 20); move(300, 500); release(300, 500)
        assertCar(160, 468, "not moved")
        XCTAssertFalse(controller.touchInCar)
        XCTAssertFalse(controller.isDriving)
        XCTAssertTrue(systemSounds.isEmpty)
    }

    /// 43. A press on the button never reaches the controller: dragging off and releasing outside does nothing; the
    /// same press released inside starts a drive.
    func testPressOnTheButton() async {
        XCTAssertTrue(scene.window.hitTest(CGPoint(x: 160, y: 284), with: nil) === controller.testDriveButton)
        press(160, 284)
        XCTAssertEqual(h.probe("testDrive")?.value("state.highlighted"), .state(.bool(true)), "pressed look")
        move(160, 420)
        XCTAssertEqual(h.probe("testDrive")?.value("state.highlighted"), .state(.bool(false)), "dragged off")
        release(160, 420)
        assertCar(160, 468, "the car did not move")
        XCTAssertFalse(controller.isDriving, "no drive")
        XCTAssertTrue(systemSounds.isEmpty)
        h.advance(to: 1)
        press(160, 284); move(170, 290); release(170, 290)
        XCTAssertTrue(controller.isDriving, "released inside: a drive")
        XCTAssertEqual(systemSounds.map(\.name), ["BurnRubber"])
        h.advance(to: 4); assertCar(160, 50, "driven up")
    }

    /// 44. Drag to (100, 200), then drive: straight up x = 100, diagonally back to the centre column.
    func testDragThenDrive() async {
        drag(150, 480, to: 100, 200)
        tapTestDrive(at: 0)
        h.advance(to: 3.0); assertCar(100, 50, "straight up x = 100")
        h.advance(to: 7.5); assertCar(130, 259, "midpoint of (100, 50) → (160, 468)")
        h.advance(to: 9.0); assertCar(160, 468, "back at the centre")
        h.advance(to: 12.0); assertCar(160, 468, "home"); assertRotation(degrees: 0, "facing up")
    }

    /// 45. At t = 1 of a drive, a press on the car where it is drawn and a drag do not disturb it.
    func testNoDragDuringADrive() async {
        tapTestDrive(at: 0)
        h.advance(to: 1.0)
        let at = carCenter
        press(at.x, at.y)
        move(40, 500)
        XCTAssertFalse(controller.touchInCar)
        h.advance(to: 1.5); assertCar(160, 259, "unaffected at 1.5")
        move(300, 100); release(300, 100)
        h.advance(to: 3.0); assertCar(160, 50, "unaffected at 3")
    }

    /// 46. Off-canvas: the pointer, captured by the drag, takes the car to (−40, 600), unclamped.
    func testOffCanvas() async {
        press(160, 468); move(-40, 600)
        XCTAssertEqual(carCenter, Point(-40, 600))
        release(-40, 600)
        XCTAssertEqual(carCenter, Point(-40, 600))
        assertRect(carFrame, -65, 550, 50, 100, "frame partly off the canvas")
    }
}
