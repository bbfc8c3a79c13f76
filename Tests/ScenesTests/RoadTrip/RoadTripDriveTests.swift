@testable import Scenes
import Stage
import XCTest

/// Spec 06 §4.6, checks 29–39: the drive of an untouched car on the 320 × 568 canvas, tapped at t = 0.
@MainActor
final class RoadTripDriveTests: RoadTripTestCase {
    override func setUp() async throws { try open() }

    /// 29. At load: the car at (160, 468), θ = 0, frame (135, 418, 50, 100); the button at (160, 284); the engine
    /// prepared, not playing, at 0; no system sound yet.
    func testLoadPose() async throws {
        assertCar(160, 468, "car centre")
        assertRotation(degrees: 0, "θ")
        assertRect(carFrame, 135, 418, 50, 100, "car frame")
        XCTAssertEqual(value("testDrive", "position.x").presented, 160, accuracy: pt)
        XCTAssertEqual(value("testDrive", "position.y").presented, 284, accuracy: pt)
        assertRect(h.probe("testDrive")!.frame, 110, 262, 100, 44, "button frame")
        XCTAssertEqual(h.probe("testDrive")?.text, "Test Drive")
        let engine = try XCTUnwrap(engine, "the engine player loads")
        XCTAssertTrue(engine.isPrepared)
        XCTAssertFalse(engine.isPlaying)
        XCTAssertEqual(engine.currentTime, 0)
        XCTAssertEqual(engine.numberOfLoops, -1)
        XCTAssertTrue(systemSounds.isEmpty)
        XCTAssertNil(h.nowPlaying(.player))
    }

    /// 30. Blink: Button0 on [0, 0.5), Button1 on [0.5, 1.0), Button0 at 1.0, Button1 at 10.75, alternating during a
    /// drive — in the probe and in the pixels of the button's face.
    func testTheButtonBlinks() async throws {
        try open(render: true)
        // A point of the button's face clear of the title: pale yellow (Button0) or warm orange (Button1).
        func face() -> String {
            let p = pixel(116, 300)
            return p.g > 200 ? "Button0" : (p.g < 190 && p.r > 220 ? "Button1" : "other \(p)")
        }
        for (t, frame) in [(0.0, 0), (0.25, 0), (0.49, 0), (0.5, 1), (0.75, 1), (0.99, 1), (1.0, 0)] {
            h.advance(to: t)
            XCTAssertEqual(blinkFrame, frame, "frame at t = \(t)")
            XCTAssertEqual(face(), "Button\(frame)", "pixels at t = \(t)")
        }
        tapTestDrive(at: 1.2)
        for (t, frame) in [(1.4, 0), (1.6, 1), (5.1, 0), (7.7, 1), (10.75, 1), (11.0, 0)] {
            h.advance(to: t)
            XCTAssertEqual(blinkFrame, frame, "frame at t = \(t), during the drive")
            XCTAssertEqual(face(), "Button\(frame)", "pixels at t = \(t)")
        }
    }

    /// 31. The tap plays BurnRubber once at t = 0 on the system-sound service; the engine starts at exactly 0.2 s.
    func testTheTapPlaysBurnRubberThenTheEngine() async throws {
        tapTestDrive(at: 0)
        XCTAssertEqual(systemSounds.map(\.name), ["BurnRubber"])
        XCTAssertEqual(systemSounds.first?.time, 0)
        h.advance(to: 0.19)
        XCTAssertEqual(engine?.isPlaying, false, "not yet at 0.19")
        XCTAssertEqual(h.nowPlaying(.effect(0))?.name, "BurnRubber", "the system sound plays beside the player")
        h.advance(to: 0.2)
        XCTAssertEqual(engine?.isPlaying, true, "playing at 0.2")
        h.advance(to: 0.3)
        let now = try XCTUnwrap(h.nowPlaying(.player))
        XCTAssertEqual(now.name, "CarRunning")
        XCTAssertEqual(now.position, 0.1, accuracy: 0.001)
        XCTAssertEqual(systemSounds.count, 1)
    }

    /// 32. Move up, ease-in-ease-out over 3 s: y 414.0 at 0.75, (160, 259) at 1.5, y 104.0 at 2.25, (160, 50) at 3
    /// with the frame's top at 0.
    func testMoveUp() async {
        tapTestDrive(at: 0)
        h.advance(to: 0.75); assertCar(160, 414.0, "p = 0.1292")
        h.advance(to: 1.5); assertCar(160, 259, "p = 0.5")
        h.advance(to: 2.25); assertCar(160, 104.0, "p = 0.8708")
        h.advance(to: 3.0); assertCar(160, 50, "top")
        XCTAssertEqual(carFrame.minY, 0, accuracy: pt, "the car's top edge meets the view's top")
    }

    /// 33. Right after the tap, before any frame: the model centre is already the target, the presentation is not.
    func testModelValueIsTheTargetRightAway() async {
        tapTestDrive(at: 0)
        XCTAssertEqual(controller.car.center.x, 160, accuracy: pt)
        XCTAssertEqual(controller.car.center.y, 50, accuracy: pt)
        let p = controller.car.presentationCenter(at: h.session.sceneTime)
        XCTAssertEqual(p.x, 160, accuracy: pt)
        XCTAssertEqual(p.y, 468, accuracy: pt)
        XCTAssertEqual(carModelCenter.y, 50, accuracy: pt, "probe model value")
        assertCar(160, 468, "probe presented value")
    }

    /// 34. Z-order: at 1.5 the car (135, 209)–(185, 309) passes under the button; the pixels over the button are the
    /// button's, while above the button the car shows.
    func testTheCarPassesUnderTheButton() async throws {
        try open(render: true)
        tapTestDrive(at: 0)
        // At 0.5 (blink frame 1, as at 1.5) the car is still far below the button.
        h.advance(to: 0.5)
        let points = [(160.0, 284.0), (140, 300), (180, 268), (150, 290)]
        let before = points.map { pixel($0.0, $0.1) }
        let above = pixel(160, 240)
        h.advance(to: 1.5)
        assertRect(carFrame, 135, 209, 50, 100, "car frame at 1.5")
        for (i, p) in points.enumerated() {
            let now = pixel(p.0, p.1)
            XCTAssertTrue(now == before[i], "pixel \(p) at 1.5 is the button's \(before[i]), not the car's \(now)")
        }
        XCTAssertFalse(pixel(160, 240) == above, "above the button the car is drawn")
    }

    /// 35. Rotate: θ 0 at 3, 90° at 4.5 (clockwise on screen: the nose points to +x), 180° at 6; the centre stays.
    func testRotateClockwise() async {
        tapTestDrive(at: 0)
        h.advance(to: 3.0); assertRotation(degrees: 0, "start of A2")
        for t in [3.0, 3.7, 4.5] { h.advance(to: t); assertCar(160, 50, "centre while turning") }
        assertRotation(degrees: 90, "half way")
        // The nose — the middle of the image's top edge — is to the right of the centre.
        let nose = controller.car.presentationToWindow(CGPoint(x: 25, y: 0), at: h.session.sceneTime)
        XCTAssertEqual(nose.x, 210, accuracy: pt); XCTAssertEqual(nose.y, 50, accuracy: pt)
        assertRect(carFrame, 110, 25, 100, 50, "frame across")
        for t in [5.2, 6.0] { h.advance(to: t); assertCar(160, 50, "centre while turning") }
        assertRotation(degrees: 180, "end of A2")
    }

    /// 36. Return: (160, 259) with θ = 180° at 7.5, (160, 468) at 9.
    func testReturn() async {
        tapTestDrive(at: 0)
        h.advance(to: 7.5); assertCar(160, 259, "half way back"); assertRotation(degrees: 180, "upside down")
        h.advance(to: 9.0); assertCar(160, 468, "back")
    }

    /// 37. Rotate back counter-clockwise: 90° at 10.5, 0 at 12 — the load pose again.
    func testRotateBack() async {
        tapTestDrive(at: 0)
        h.advance(to: 10.5); assertRotation(degrees: 90, "half way back round")
        h.advance(to: 12.0); assertRotation(degrees: 0, "facing up")
        assertCar(160, 468, "load pose")
        assertRect(carFrame, 135, 418, 50, 100, "load frame")
        XCTAssertEqual(value("car", "rotation").model, 0, accuracy: 1e-12)
        XCTAssertFalse(controller.isDriving, "A4's completion ran at 12")
    }

    /// 38. The engine plays at 11.9; at 12, after A4's completion, it is stopped and prepared again, its currentTime
    /// 11.8 s modulo the loop (not rewound), and the mixer is silent on its channel.
    func testTheEngineStopsAtTwelveWithoutRewinding() async throws {
        tapTestDrive(at: 0)
        h.advance(to: 11.9)
        let engine = try XCTUnwrap(engine)
        XCTAssertTrue(engine.isPlaying)
        XCTAssertEqual(h.nowPlaying(.player)?.name, "CarRunning")
        h.advance(to: 12.0)
        XCTAssertFalse(engine.isPlaying)
        XCTAssertTrue(engine.isPrepared)
        XCTAssertEqual(engine.duration, 3.0, accuracy: 1e-9)
        XCTAssertEqual(engine.currentTime, 11.8.truncatingRemainder(dividingBy: engine.duration), accuracy: 1e-6)
        h.advance(to: 12.05)
        XCTAssertNil(h.nowPlaying(.player), "stopped in the mix")
        // The next drive resumes the loop where it stopped.
        tapTestDrive(at: 13)
        h.advance(to: 13.3)
        XCTAssertEqual(try XCTUnwrap(h.nowPlaying(.player)).position, 2.8 + 0.1, accuracy: 0.001)
    }

    /// 39. A tap at t = 5 is ignored: no second BurnRubber, and the timeline of 32–38 is unchanged.
    func testATapDuringTheDriveIsIgnored() async throws {
        tapTestDrive(at: 0)
        tapTestDrive(at: 5)
        XCTAssertEqual(systemSounds.count, 1, "no second BurnRubber")
        h.advance(to: 6.0); assertRotation(degrees: 180, "A2 ends at 6"); assertCar(160, 50, "still on top")
        h.advance(to: 7.5); assertCar(160, 259, "A3 as before")
        h.advance(to: 9.0); assertCar(160, 468, "back at 9")
        h.advance(to: 10.5); assertRotation(degrees: 90, "A4 as before")
        h.advance(to: 11.9); XCTAssertEqual(engine?.isPlaying, true)
        h.advance(to: 12.0); assertRotation(degrees: 0, "done at 12")
        XCTAssertEqual(engine?.isPlaying, false)
        XCTAssertEqual(engine?.currentTime ?? 0, 2.8, accuracy: 1e-6)
        XCTAssertEqual(systemSounds.count, 1)
    }
}
