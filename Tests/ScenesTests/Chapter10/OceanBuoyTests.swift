import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 03 §3.7 checks 4–7 and 9 on `ch10-ocean`: the lamp's grey level, the two buoy rotations and the offset that
/// jumps instead of animating, frame by frame against §0.4's formulas; the buoy drawn where §3.3's transform puts
/// it; and the bells started once at t = 0 and stopped when the scene is left.
@MainActor
final class OceanBuoyTests: ViewSceneTestCase {
    func lampLevel() -> Double {
        guard case let .color(_, c)? = probe("lamp").value("color") else { XCTFail("no lamp colour"); return .nan }
        XCTAssertEqual(c.r, c.g, accuracy: 1e-9)
        XCTAssertEqual(c.r, c.b, accuracy: 1e-9)
        return c.r
    }

    /// Checks 4, 5, 6: the spec's reference values, in time order.
    func testChecks4To6ReferenceValues() async throws {
        try open("ch10-ocean", render: false)
        // (t, lamp 0…255 or nil, θ1 or nil, θ2 or nil)
        let marks: [(Double, Double?, Double?, Double?)] = [
            (0, 255, -3, 15), (0.1, nil, nil, 15), (0.2, nil, nil, 15), (0.45, nil, 3.85, nil), (0.5, 168, nil, nil),
            (0.7, nil, nil, -2.5), (0.9, nil, 7, nil), (1.0, 128, nil, nil), (1.2, nil, nil, -20), (1.3, nil, nil, -20),
            (1.35, nil, 0.15, nil), (1.4, nil, nil, -20), (1.8, nil, -3, nil), (1.9, nil, nil, -2.5), (2.0, 255, nil, nil),
            (2.4, nil, nil, 15), (2.5, 168, nil, nil), (3.0, 128, nil, nil), (3.6, nil, -3, -20), (4.0, 255, nil, nil), (4.8, nil, nil, 15),
        ]
        for (t, lamp, a1, a2) in marks {
            h.advance(to: t)
            if let lamp { XCTAssertEqual(lampLevel() * 255, lamp, accuracy: 1.3, "lamp at \(t)") }
            if let a1 { XCTAssertEqual(presented("buoy", "rotation"), a1, accuracy: 0.1, "θ1 at \(t)") }
            if let a2 { XCTAssertEqual(presented("buoy", "rotation.2"), a2, accuracy: 0.1, "θ2 at \(t)") }
        }
    }

    /// Checks 4–7 frame by frame over 7.2 s (the three periods' common multiple): lamp, θ1 and θ2 follow §0.4 with
    /// their curves and delays; the offset is −10 from the start and never anything between +10 and −10.
    func testChecks4To7EveryFrame() async throws {
        try open("ch10-ocean", render: false)
        var worst = (lamp: 0.0, a1: 0.0, a2: 0.0)
        for frame in 0...432 {
            let t = Double(frame) / 60
            h.advance(to: t)
            worst.lamp = max(worst.lamp, abs(lampLevel() - Ch10.lampLevel(t)))
            worst.a1 = max(worst.a1, abs(presented("buoy", "rotation") - Ch10.theta1(t)))
            worst.a2 = max(worst.a2, abs(presented("buoy", "rotation.2") - Ch10.theta2(t)))
            let offset = try XCTUnwrap(h.value("buoy", "offset.y"))
            XCTAssertEqual(offset.presented, -10, "the buoy's own offset at \(t)")
            XCTAssertEqual(offset.model, -10)
            XCTAssertEqual(presented("buoy", "offset.y.2"), 205, "the scene's offset of the buoy")
        }
        XCTAssertLessThan(worst.lamp, 0.005, "lamp level, as a share of 1 (range 0.5)")
        XCTAssertLessThan(worst.a1, 0.1, "θ1 in degrees")
        XCTAssertLessThan(worst.a2, 0.1, "θ2 in degrees")
        // The state the buoy flipped at appear.
        for name in ["animateOffset", "tiltForwardBackward", "upAndDown", "leadingAnchorAnimnate"] {
            XCTAssertEqual(probe("buoy").value("state." + name), .state(.bool(true)), name)
        }
    }

    /// §3.3's canvas transform, drawn: with a one-colour stand-in the picture's corners are where
    /// canvas = (84, 521) + R(θ2)(R(θ1)(q − lead) + lead − centre) + centre puts them, and the lamp's grey is drawn
    /// at its centre; the drawn box the probe reports is the rotated square's.
    func testTheBuoyIsDrawnWhereTheTransformPutsIt() async throws {
        h = try Harness(scene: "ch10-ocean", render: true, assets: Ch10StandIns.assets())
        for t in [0.0, 0.45, 1.0, 1.3] {
            h.advance(to: t)
            let (a1, a2) = (Ch10.theta1(t), Ch10.theta2(t))
            let corners = [Point(0, 0), Point(225, 0), Point(225, 225), Point(0, 225)].map {
                Ch10.buoyPoint($0, theta1: a1, theta2: a2)
            }
            let d = probe("buoy").drawn
            XCTAssertEqual(d.minX, corners.map(\.x).min()!, accuracy: 0.5, "t \(t)")
            XCTAssertEqual(d.maxX, corners.map(\.x).max()!, accuracy: 0.5)
            XCTAssertEqual(d.minY, corners.map(\.y).min()!, accuracy: 0.5)
            XCTAssertEqual(d.maxY, corners.map(\.y).max()!, accuracy: 0.5)
            let frame = try XCTUnwrap(h.capture())
            // The top corners are above every wave: the stand-in's green 4 pt inside them, the sky 4 pt outside.
            for (corner, inward) in [(Point(0, 0), Point(4, 4)), (Point(225, 0), Point(-4, 4))] {
                let inside = frame.rgb(Ch10.buoyPoint(corner + inward, theta1: a1, theta2: a2).x,
                                       Ch10.buoyPoint(corner + inward, theta1: a1, theta2: a2).y)
                XCTAssert(inside.g > 150 && inside.r < 80, "inside corner \(corner) at \(t): \(inside)")
                let out = Ch10.buoyPoint(corner - inward, theta1: a1, theta2: a2)
                let outside = frame.rgb(out.x, out.y)
                XCTAssert(outside.b > 200 && outside.r > 100, "outside corner \(corner) at \(t): \(outside)")
            }
            // The lamp: its grey over the picture at (112.5, 19.5), under wave 2's faint haze.
            let lamp = Ch10.buoyPoint(Point(112.5, 19.5), theta1: a1, theta2: a2)
            let c = frame.rgb(lamp.x, lamp.y)
            XCTAssertEqual(Double(c.r), 255 * Ch10.lampLevel(t), accuracy: 14, "lamp at \(t): \(c)")
            XCTAssertLessThan(abs(c.r - c.b), 12, "grey: \(c)")
        }
    }

    /// Check 9 through the harness: one start of `buoyBells` at t = 0, no other in 30 s, and a stop when the scene
    /// is left (Escape goes back to the menu).
    func testCheck9TheBellsPlayOnceAndStopWhenLeft() async throws {
        try open("ch10-ocean", render: false)
        XCTAssertEqual(h.sounds.starts(of: "buoyBells"), [0])
        XCTAssertEqual(h.nowPlaying()?.name, "buoyBells")
        h.advance(to: 10)
        XCTAssertEqual(h.nowPlaying()?.position ?? .nan, 10, accuracy: 0.001, "playing on from its start")
        h.advance(to: 30)
        XCTAssertEqual(h.sounds.starts(of: "buoyBells"), [0], "never restarted")
        XCTAssertNil(h.nowPlaying(), "the 24-s clip has ended")
        XCTAssertFalse(h.log.contains("could not find and play the sound file"), "the bundled file plays")
        h = nil

        try open("ch10-ocean", render: false)
        h.advance(to: 3)
        XCTAssertEqual(h.nowPlaying()?.name, "buoyBells")
        h.key("escape")
        XCTAssertNil(h.nowPlaying(), "stopped on leaving")
        XCTAssertEqual(h.sounds.events.last?.action, .stop)
        XCTAssertEqual(h.sounds.events.last?.time ?? .nan, 3, accuracy: 1e-9)
        XCTAssertEqual(h.sounds.starts(of: "buoyBells"), [0])
    }
}
