import Foundation
import Stage
import XCTest

/// Helpers for the chapter 2 checks: a check's t is measured from the click release (spec 01 §0.6), so each test
/// clicks at a known scene time and reads values at that time + t.
@MainActor
extension ViewSceneTestCase {
    /// Clicks a node (the centre of its hit area as drawn) at scene time `time` and returns that time, the t = 0 of
    /// the checks that follow.
    @discardableResult
    func click(_ node: String, at time: Double, file: StaticString = #filePath, line: UInt = #line) -> Double {
        h.advance(to: time)
        XCTAssertTrue(h.click(node: node), "no node \(node)", file: file, line: line)
        return h.time
    }

    /// Clicks a point at scene time `time` and returns that time.
    @discardableResult
    func click(_ x: Double, _ y: Double, at time: Double) -> Double {
        h.advance(to: time)
        h.click(x, y)
        return h.time
    }

    /// The presented value of a node's property at scene time `time`.
    func presented(_ node: String, _ key: String, at time: Double, file: StaticString = #filePath, line: UInt = #line) -> Double {
        h.advance(to: time)
        return presented(node, key, file: file, line: line)
    }

    func model(_ node: String, _ key: String, file: StaticString = #filePath, line: UInt = #line) -> Double {
        guard let v = h.value(node, key) else { XCTFail("no \(key) on \(node)", file: file, line: line); return .nan }
        return v.model
    }

    /// A scene state variable as every probe reports it (`state.NAME`).
    func state(_ name: String, on node: String) -> ProbeValue.StateValue? {
        guard case let .state(v)? = h.probe(node)?.value("state." + name) else { return nil }
        return v
    }

    /// The pixel at a point given as an angle (degrees clockwise from 3 o'clock) and a radius around `centre`.
    func pixel(around centre: Point, angle: Double, radius: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        let a = angle * .pi / 180
        return pixel(centre.x + radius * cos(a), centre.y + radius * sin(a))
    }

    func assertNotColor(_ p: (r: Int, g: Int, b: Int, a: Int), _ rgb: (Int, Int, Int), tolerance: Int = 12,
                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(abs(p.r - rgb.0) <= tolerance && abs(p.g - rgb.1) <= tolerance && abs(p.b - rgb.2) <= tolerance,
                       "pixel \(p) should not be \(rgb)", file: file, line: line)
    }
}

/// Virtual times carry a few ulps of rounding, so a check "from t = T on" that needs a spring's snap reads just
/// after T.
let justAfter = 1e-9

/// Spec colours (README §3.8), as 8-bit triples.
@MainActor
enum SpecColor {
    static let white = (255, 255, 255)
    static let red = (255, 59, 48)
    static let green = (52, 199, 89)
    static let blue = (0, 122, 255)
    static let purple = (175, 82, 222)
    static let gray = (142, 142, 147)
}
