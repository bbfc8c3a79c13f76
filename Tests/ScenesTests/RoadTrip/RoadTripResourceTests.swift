@testable import Scenes
import Stage
import XCTest

/// Spec 06 §4.8, checks 47–48 (missing files), and the scene in other windows (fixed canvas scaled and centred).
@MainActor
final class RoadTripResourceTests: RoadTripTestCase {
    /// 47. Without CarRunning.aif the scene loads and the drive animates, silently; the burn-rubber sound still plays.
    func testWithoutTheEngineSoundTheDriveIsSilent() async throws {
        try open(assets: assets(leaving: ["CarRunning.aif"]))
        XCTAssertNil(engine, "no player")
        assertCar(160, 468, "loaded")
        tapTestDrive(at: 0)
        h.advance(to: 0.5)
        XCTAssertNil(h.nowPlaying(.player), "silent")
        h.advance(to: 1.5); assertCar(160, 259, "animates")
        h.advance(to: 12); assertCar(160, 468, "and returns"); assertRotation(degrees: 0, "facing up")
        XCTAssertFalse(controller.isDriving)
        XCTAssertEqual(systemSounds.map(\.name), ["BurnRubber"])
    }

    /// 48. Without Button1 the animated image has one frame and the button does not blink.
    func testWithoutButton1TheButtonDoesNotBlink() async throws {
        try open(render: true, assets: assets(leaving: ["Button1.png", "Button1@2x.png"]))
        XCTAssertEqual(controller.testDriveButton.currentBackgroundImage?.images?.count, 1)
        h.advance(to: 0.25)
        let face = pixel(116, 300)
        XCTAssertGreaterThan(face.g, 200, "Button0's pale yellow")
        for t in [0.5, 0.75, 1.0, 1.6] {
            h.advance(to: t)
            XCTAssertEqual(blinkFrame, 0, "t = \(t)")
            XCTAssertTrue(pixel(116, 300) == face, "the face does not change at t = \(t)")
        }
        XCTAssertNil(scene.nextChange(after: 2), "nothing changes without input")
    }

    /// The 2× window (640 × 1136): the @2x images, the canvas scaled by 2; the drive and a drag in window pixels.
    func testTwiceTheSize() async throws {
        try open(size: Size(640, 1136), render: true)
        XCTAssertEqual(controller.car.image?.assetName, "roadtrip/CarImage@2x")
        XCTAssertEqual(controller.car.image?.size, CGSize(width: 50, height: 100), "100 × 200 px at scale 2")
        h.advance(to: 0.1)
        // The car's pink flank beside the cabin at canvas (141, 468) → window (282, 936).
        XCTAssertTrue(isPink(pixel(282, 936)), "\(pixel(282, 936))")
        h.click(320, 568)   // the button's centre in window pixels
        XCTAssertEqual(systemSounds.count, 1, "the tap lands on the button")
        h.advance(to: 3.1)
        assertCar(160, 50, "canvas coordinates")
        XCTAssertTrue(isPink(pixel(282, 100)), "drawn at the top of the window: \(pixel(282, 100))")
        h.advance(to: 12.1)
        h.press(300, 920); h.move(200, 400); h.release(200, 400)
        XCTAssertEqual(carCenter, Point(100, 200), "a drag in window pixels moves the car in canvas points")
    }

    /// A wide window (800 × 600): the canvas scales by 600/568 and sits centred between black bars; nothing is laid
    /// out again (spec 06 §2.10).
    func testAWideWindowLetterboxes() async throws {
        try open(size: Size(800, 600), render: true)
        let s = 600.0 / 568, dx = (800 - 320 * s) / 2
        let bar = pixel(20, 300)
        XCTAssertTrue(bar.r == 0 && bar.g == 0 && bar.b == 0, "black bar: \(bar)")
        XCTAssertTrue(isPink(pixel(dx + 141 * s, 468 * s)), "\(pixel(dx + 141 * s, 468 * s))")
        tapTestDrive(at: 0.2)
        h.advance(to: 3.2); assertCar(160, 50, "same canvas numbers")
        XCTAssertTrue(isPink(pixel(dx + 141 * s, 50 * s)))
        h.resize(640, 1136)
        h.advance(to: 4.7); assertCar(160, 50, "a resize does not move views"); assertRotation(degrees: 90, "turning")
    }

    /// Leaving the scene mid-drive stops the engine and cancels the chain and the delayed call (spec 06 §1.B.4).
    func testLeavingTheSceneStopsEverything() async throws {
        try open()
        tapTestDrive(at: 0)
        let clock = h.session.host.clock
        h.advance(to: 0.1)
        XCTAssertGreaterThan(clock.pendingTimerCount, 0, "playCarSound and A1's end are pending")
        h.key("escape")
        XCTAssertTrue(h.session.isInMenu)
        XCTAssertEqual(clock.pendingTimerCount, 0)
        h.advance(to: 0.5)
        XCTAssertNil(h.nowPlaying(.player), "the engine never starts")
        XCTAssertNil(h.nowPlaying(.effect(0)), "the squeal is cut")
    }

    private func isPink(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Bool { p.r > 200 && p.r - p.g > 40 && p.b - p.g > 20 }
}
