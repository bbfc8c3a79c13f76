import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 01 §2.4.1, `ch4-record-player`: every acceptance check, with the click at scene time `t0` (check times are
/// counted from it). A = the arm's extra turn (`rotation.2`), Θ = the record's turn.
@MainActor
final class RecordPlayerTests: ViewSceneTestCase {
    let t0 = 0.5
    /// The content area's centre at the reference size, and the button's centre C + (−105, 135).
    let c = Point(195, 422)
    var button: Point { Point(c.x - 105, c.y + 135) }

    func theta(at t: Double) -> Double { h.advance(to: t0 + t); return presented("record", "rotation") }
    func arm(at t: Double) -> Double { h.advance(to: t0 + t); return presented("arm", "rotation.2") }
    func label() -> String? { probe("button").text }

    /// Opens the scene and clicks Play at t0.
    func play(size: Size? = nil) throws {
        try open("ch4-record-player", size: size)
        h.advance(to: t0)
        h.click(button.x, button.y)
    }

    func testCheck1InitialState() async throws {
        try open("ch4-record-player")
        XCTAssertEqual(label(), "Play")
        XCTAssertNotNil(h.probe("image:play.circle.fill"), "the play icon")
        XCTAssertEqual(presented("record", "rotation"), 0)
        XCTAssertEqual(presented("arm", "rotation"), -35)
        XCTAssertEqual(presented("arm", "rotation.2"), 0)
        XCTAssertNil(h.nowPlaying())
        XCTAssertEqual(h.sounds.events, [])
        assertColor(pixel(c.x, c.y - 250), (172, 172, 172), tolerance: 3)
        assertColor(pixel(c.x, c.y - 170), (0, 0, 0), tolerance: 3)
        // The play icon is black: its darkest pixel, right of the text.
        let icon = probe("image:play.circle.fill").drawn
        assertColor(pixel(icon.midX, icon.midY + icon.height * 0.3), (0, 0, 0), tolerance: 40)
    }

    func testCheck2TheClickTurnsTheLabelAndStartsTheMusicAtOnce() async throws {
        try play()
        XCTAssertEqual(label(), "Stop", "in the same frame")
        XCTAssertNotNil(h.probe("image:stop.fill"))
        XCTAssertNil(h.probe("image:play.circle.fill"))
        let icon = probe("image:stop.fill").drawn
        assertColor(pixel(icon.midX, icon.midY), (255, 59, 48), tolerance: 6)
        XCTAssertEqual(h.sounds.starts(of: "music"), [t0], "music starts with the click, not after the delay")
        XCTAssertEqual(probe("button").values.first { $0.key == "state.rotateRecord" }?.value, .state(.bool(true)))
    }

    func testChecks3To5TheArmAndTheSpin() async throws {
        try play()
        XCTAssertEqual(arm(at: 1.0), 4, accuracy: 0.2)
        XCTAssertEqual(presented("arm", "rotation") + presented("arm", "rotation.2"), -31, accuracy: 0.2, "α")
        XCTAssertEqual(presented("record", "rotation"), 0, "Θ waits out its 1.5-s delay")
        XCTAssertEqual(theta(at: 1.49), 0)
        XCTAssertEqual(theta(at: 1.9), 180, accuracy: 8)
        XCTAssertEqual(theta(at: 2.1), 270, accuracy: 8)
        XCTAssertEqual(theta(at: 2.5), 90, accuracy: 8)
        // 450°/s between leg boundaries (legs start at 1.5 + 0.8k).
        for (a, b) in [(2.55, 3.05), (3.15, 3.85)] {
            let from = theta(at: a), to = theta(at: b)
            XCTAssertEqual((to - from) / (b - a), 450, accuracy: 9, "between \(a) and \(b)")
        }
        for t in [4.0, 9.0] { XCTAssertEqual(arm(at: t), 8, accuracy: 1e-9, "A at \(t)") }
    }

    /// Θ(t) = 360·frac((t − 1.5)/0.8) and A = 4t up to 2 s, then 8: frame by frame for 5 s.
    func testTheSpinAndTheArmFrameByFrame() async throws {
        try play()
        for frame in 0...300 {
            let t = Double(frame) / 60
            let expected = t < 1.5 ? 0 : 360 * ((t - 1.5) / 0.8).truncatingRemainder(dividingBy: 1)
            let got = theta(at: t)
            // At a leg boundary either end of the leg is the same picture.
            XCTAssertEqual(min(abs(got - expected), 360 - abs(got - expected)), 0, accuracy: 1e-6, "Θ at \(t)")
            XCTAssertEqual(presented("arm", "rotation.2"), min(8, 4 * t), accuracy: 1e-9, "A at \(t)")
        }
    }

    func testCheck6StopFreezesTheRecordThenResetsIt() async throws {
        try play()
        XCTAssertEqual(theta(at: 3.0), 315, accuracy: 1e-6)
        h.click(button.x, button.y)   // t′ = 0
        XCTAssertEqual(label(), "Play", "at once")
        XCTAssertNotNil(h.probe("image:play.circle.fill"))
        let stop = try XCTUnwrap(h.sounds.events.last)
        XCTAssertEqual(stop.action, .stop, "the music stops with the click")
        XCTAssertEqual(stop.channel, .player)
        XCTAssertEqual(stop.time, t0 + 3.0)
        for t in stride(from: 0.0, to: 1.5, by: 0.1) {
            XCTAssertEqual(theta(at: 3.0 + t), 315, accuracy: 1e-6, "Θ frozen at t′ = \(t)")
            if abs(t - 1) < 1e-9 { XCTAssertEqual(presented("arm", "rotation.2"), 4, accuracy: 0.2, "A at t′ = 1") }
        }
        for t in [1.5, 1.6] { XCTAssertEqual(theta(at: 3.0 + t), 0, "Θ at t′ = \(t)") }
        for t in [2.0, 3.0] {
            XCTAssertEqual(arm(at: 3.0 + t), 0, accuracy: 1e-9, "A at t′ = \(t)")
            XCTAssertEqual(presented("record", "rotation"), 0, "Θ at t′ = \(t)")
        }
    }

    func testCheck7ClicksOutsideTheButtonChangeNothing() async throws {
        try open("ch4-record-player")
        h.advance(to: t0)
        let arm = probe("arm").drawn
        for p in [c, Point(arm.midX, arm.midY), Point(c.x + 100, c.y + 135), Point(20, 20)] {
            h.click(p.x, p.y)
            h.advance(by: 0.1)
            XCTAssertEqual(label(), "Play", "click at \(p)")
            XCTAssertEqual(presented("arm", "rotation.2"), 0)
        }
        h.advance(by: 2)
        XCTAssertEqual(presented("record", "rotation"), 0)
        XCTAssertEqual(h.sounds.events, [])
    }

    func testCheck8StopAfterOneSecondHoldsTheArmThenLowersIt() async throws {
        try play()
        XCTAssertEqual(arm(at: 1.0), 4, accuracy: 1e-9)
        h.click(button.x, button.y)
        // Additive: the opposite change cancels the first one while both run.
        for t in [1.0, 1.3, 1.7, 2.0] { XCTAssertEqual(arm(at: t), 4, accuracy: 1e-9, "held at \(t - 1) s after Stop") }
        XCTAssertEqual(arm(at: 2.5), 2, accuracy: 1e-9)
        XCTAssertEqual(arm(at: 3.0), 0, accuracy: 1e-9)
        for frame in 0...240 { XCTAssertEqual(theta(at: Double(frame) / 60), 0, "Θ never leaves 0") }
    }

    /// Play again inside the freeze: the new loop runs from the frozen angle to 360° after the 1.5-s delay.
    func testPlayAgainDuringTheFreezeLoopsFromTheFrozenAngle() async throws {
        try play()
        XCTAssertEqual(theta(at: 3.0), 315, accuracy: 1e-6)
        h.click(button.x, button.y)
        XCTAssertEqual(theta(at: 3.5), 315, accuracy: 1e-6)
        h.click(button.x, button.y)
        XCTAssertEqual(h.sounds.starts(of: "music"), [t0, t0 + 3.5], "a new Play starts the music again")
        XCTAssertEqual(theta(at: 4.9), 315, accuracy: 1e-6, "the new delay holds the frozen angle")
        // Then 315 → 360 over each 0.8-s leg: 56.25°/s.
        XCTAssertEqual(theta(at: 5.0 + 0.4), 315 + 45 * 0.5, accuracy: 1e-6)
        XCTAssertEqual(theta(at: 5.0 + 0.8 + 0.2), 315 + 45 * 0.25, accuracy: 1e-6)
    }

    func testAtAnotherWindowSize() async throws {
        try open("ch4-record-player", size: Size(600, 500))
        let centre = Point(300, 250)
        XCTAssertEqual(probe("record").drawn.midX, centre.x, accuracy: 0.5)
        XCTAssertEqual(probe("record").drawn.midY, centre.y, accuracy: 0.5)
        assertColor(pixel(centre.x, centre.y - 170), (0, 0, 0), tolerance: 3)
        // The backdrop is centred too: grey 172 at 250 pt from the new centre (the window's corner is farther).
        assertColor(pixel(centre.x - 250, centre.y), (172, 172, 172), tolerance: 3)
        h.advance(to: t0)
        h.click(centre.x - 105, centre.y + 135)
        XCTAssertEqual(label(), "Stop")
        XCTAssertEqual(theta(at: 2.5), 90, accuracy: 1e-6)
        XCTAssertEqual(arm(at: 2.0), 8, accuracy: 1e-9)
    }

    /// The pivot stays at P = C + (150, −105) (01 §2.4.1, arm geometry): the arm's drawn box is the box of its
    /// frame's corners, v from the top-right corner, drawn at P + Rot(α)·v with α = −35° + A and A = min(8, 4t)
    /// (the linear 2-s swing of checks 3 and 5). The pivot is the turned square's topmost point.
    func testTheArmPivotsOnItsFrameCorner() async throws {
        try play()
        let pivot = Point(c.x + 150, c.y - 105)
        for t in [0.0, 0.5, 1.0, 1.5, 2.0, 3.0] {
            h.advance(to: t0 + t)
            let a = (-35 + min(8, 4 * t)) * .pi / 180
            let corners = [(0.0, 0.0), (-150.0, 0.0), (0.0, 150.0), (-150.0, 150.0)].map { v in
                Point(pivot.x + v.0 * cos(a) - v.1 * sin(a), pivot.y + v.0 * sin(a) + v.1 * cos(a))
            }
            let drawn = probe("arm").drawn
            XCTAssertEqual(drawn.minX, corners.map(\.x).min()!, accuracy: 0.5, "at \(t)")
            XCTAssertEqual(drawn.maxX, corners.map(\.x).max()!, accuracy: 0.5, "at \(t)")
            XCTAssertEqual(drawn.minY, pivot.y, accuracy: 0.5, "the pivot is the top at \(t)")
            XCTAssertEqual(drawn.maxY, corners.map(\.y).max()!, accuracy: 0.5, "at \(t)")
        }
    }
}
