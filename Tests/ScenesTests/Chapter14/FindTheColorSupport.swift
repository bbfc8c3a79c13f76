import Particles
import Stage
import Views
import XCTest
import ZoetropeHarness

/// Drives `find-the-color` (spec 05 §3) through its controls, as a player would: slider presses at the x that
/// gives a value, segment clicks, the Check Score button; reads the scene's state through probes (`state.NAME`).
@MainActor
class FindTheColorTestCase: ViewSceneTestCase {
    static let id = "find-the-color"

    func openGame(seed: UInt64 = 0, size: Size? = nil) throws {
        h = nil
        h = try Harness(scene: Self.id, size: size, seed: seed, render: true)
        h.advance(to: 0.5)
    }

    /// A state variable of the scene (`state.NAME` on every named node's probe).
    func state(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> Double {
        switch probe("background", file: file, line: line).value("state." + name) {
        case let .state(.number(v))?: return v
        case let .state(.bool(b))?: return b ? 1 : 0
        default: XCTFail("no state.\(name)", file: file, line: line); return .nan
        }
    }

    var target: (Double, Double, Double) { (state("redTarget"), state("greenTarget"), state("blueTarget")) }
    var guess: (Double, Double, Double) { (state("redGuess"), state("greenGuess"), state("blueGuess")) }

    /// The drawn colour a probe reports for a shape node.
    func color(_ node: String, file: StaticString = #filePath, line: UInt = #line) -> Color {
        guard case let .color(_, presented)? = probe(node, file: file, line: line).value("color") else {
            XCTFail("no color on \(node)", file: file, line: line); return .clear
        }
        return presented
    }

    func assertColor(_ c: Color, _ rgb: (Double, Double, Double), _ message: String = "",
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(c.r, rgb.0, accuracy: 1e-9, "red " + message, file: file, line: line)
        XCTAssertEqual(c.g, rgb.1, accuracy: 1e-9, "green " + message, file: file, line: line)
        XCTAssertEqual(c.b, rgb.2, accuracy: 1e-9, "blue " + message, file: file, line: line)
        XCTAssertEqual(c.a, 1, "opaque " + message, file: file, line: line)
    }

    /// The x at which a press sets slider `name` to `value`: the knob's centre runs from 14 pt inside one end of
    /// the track to 14 pt inside the other (spec 05 §3.3).
    func sliderX(_ name: String, _ value: Double) -> Double {
        let f = probe(name).frame
        let x0 = f.minX + 14, x1 = f.maxX - 14
        return x0 + value * (x1 - x0)
    }

    /// A press and release on the track at the value's x: the knob jumps there.
    func setSlider(_ name: String, to value: Double) {
        let x = sliderX(name, value), y = probe(name).frame.midY
        h.press(x, y)
        h.release(x, y)
    }

    /// Clicks segment `index` of the difficulty picker.
    func chooseDifficulty(_ index: Int) {
        let f = probe("difficulty-picker").frame
        h.click(f.minX + (Double(index) + 0.5) * f.width / 3, f.midY)
    }

    func checkScore() { XCTAssertTrue(h.click(node: "check-score-button")) }

    /// Closes the score alert with Continue Playing? when one is shown.
    func continuePlaying() {
        if h.probe("text:Continue Playing?") != nil { h.click(node: "text:Continue Playing?") }
    }

    /// Sets every slider of the difficulty to its target's value: a perfect match.
    func matchTarget(_ difficulty: Int) {
        let t = target
        setSlider("slider-red", to: t.0)
        if difficulty >= 1 { setSlider("slider-green", to: t.1) }
        if difficulty >= 2 { setSlider("slider-blue", to: t.2) }
    }

    var confetti: (model: ConfettiCannonModel, origin: Vector2) {
        (h.scene as! ViewScene).confetti(named: "confetti-origin")!
    }

    var particles: Double {
        guard case let .state(.number(n))? = probe("confetti-origin").value("particles") else { return .nan }
        return n
    }

    /// Spec 05 §3.4 rule 3, written out here so that the scene's own `Chapter14.score` is not its own reference:
    /// d over the channels of the difficulty, then (1 − d)·100 + 0.5 truncated toward zero.
    static func specScore(guess g: (Double, Double, Double), target t: (Double, Double, Double), difficulty: Int) -> Int {
        let dr = g.0 - t.0, dg = g.1 - t.1, db = g.2 - t.2
        let d = [dr * dr, dr * dr + dg * dg, dr * dr + dg * dg + db * db][difficulty].squareRoot()
        return Int((1 - d) * 100 + 0.5)
    }

    /// The score the open alert shows: its message, the text between the title "Your Score" and its first button,
    /// as a decimal integer (nil when no alert is up or the message is not a number).
    func alertScore(file: StaticString = #filePath, line: UInt = #line) -> Int? {
        guard let title = h.probe("text:Your Score")?.frame, let keep = h.probe("text:Continue Playing?")?.frame else {
            XCTFail("no score alert", file: file, line: line); return nil
        }
        let message = h.probeAll().filter {
            $0.name.hasPrefix("text:") && $0.frame.minY >= title.maxY - 0.5 && $0.frame.maxY <= keep.minY + 0.5
        }
        XCTAssertEqual(message.count, 1, "one message line: \(message.map(\.name))", file: file, line: line)
        return message.first.flatMap { Int($0.name.dropFirst(5)) }
    }

    /// The unit spring of response 0.4, dampingFraction 0.5 (README §3.4), from rest.
    static func spring(_ t: Double) -> Double {
        let w0 = 2 * Double.pi / 0.4, zeta = 0.5, wd = w0 * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * w0 * t) * (cos(wd * t) + zeta * w0 / wd * sin(wd * t))
    }
}
