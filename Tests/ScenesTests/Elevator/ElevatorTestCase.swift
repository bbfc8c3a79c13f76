import Player
import Stage
import XCTest
import ZoetropeHarness

/// Shared steps for the elevator checks (spec 04 §1.7, §1.12): a harness at the reference size 393×759 and the
/// call button at (W/33, H/2).
@MainActor
class ElevatorTestCase: XCTestCase {
    var h: Harness!
    let button = (x: 393.0 / 33, y: 759.0 / 2)

    override func setUp() async throws {
        h = try Harness(scene: "elevator", size: Size(393, 759))
    }

    /// XCTest keeps finished test cases: let the harness (and its audio mixer) go with the test.
    override func tearDown() async throws {
        h = nil
    }

    /// Clicks the call button at scene time `t` (advancing to it first).
    func click(at t: Double) {
        h.advance(to: t)
        h.click(button.x, button.y)
    }

    var left: Double { h.property("leftDoor.offset.x")!.presented }
    var right: Double { h.property("rightDoor.offset.x")!.presented }
    func lightOpacity(_ n: Int) -> Double { h.property("floor\(n)Indicator.opacity")!.presented }

    /// The colour of indicator n (its ring and digit share it) as 8-bit channels, as presented now.
    func lightColor(_ n: Int) -> (Int, Int, Int) {
        guard case let .color(_, presented)? = h.probe("text:\(n)")?.value("color") else {
            XCTFail("indicator \(n) has no colour"); return (0, 0, 0)
        }
        let c = presented.rgba8
        return (Int(c.0), Int(c.1), Int(c.2))
    }

    /// The call button's centre as presented: black when idle, white while the doors are open (04 §1.12).
    var buttonCentre: Color? {
        guard case let .color(_, presented)? = h.probe("callButtonCentre")?.value("color") else { return nil }
        return presented
    }

    /// The model's booleans (the probe's `state.*` values).
    struct Flags: Equatable {
        var doorsOpened, floor1, floor2, goingUp: Bool
    }

    var flags: Flags {
        let root = h.probe("root")
        func flag(_ name: String) -> Bool {
            guard case let .state(.bool(b))? = root?.value("state." + name) else { XCTFail("no state.\(name)"); return false }
            return b
        }
        return Flags(doorsOpened: flag("doorsOpened"), floor1: flag("floor1"), floor2: flag("floor2"), goingUp: flag("goingUp"))
    }

    /// Where the left door came nearest to closed before `end`, sampled every 5 ms: (time, offset).
    func deepestLeftDoor(until end: Double) -> (t: Double, offset: Double) {
        var deepest = (t: h.time, offset: left)
        while h.time < end {
            h.advance(by: 0.005)
            if left > deepest.offset { deepest = (h.time, left) }
        }
        return deepest
    }

    func doorSounds() -> [Double] { h.sounds.starts(of: "doorsOpenClose") }
    func chimes() -> [Double] { h.sounds.starts(of: "elevatorChime") }

    func assertDoors(_ l: Double, _ r: Double, _ tol: Double = 0.02, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(left, l, accuracy: tol, "left door at t=\(h.time)", file: file, line: line)
        XCTAssertEqual(right, r, accuracy: tol, "right door at t=\(h.time)", file: file, line: line)
    }

    func assertTimes(_ actual: [Double], _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, "times \(actual) vs \(expected)", file: file, line: line)
        for (a, e) in zip(actual, expected) { XCTAssertEqual(a, e, accuracy: 1e-9, file: file, line: line) }
    }
}
