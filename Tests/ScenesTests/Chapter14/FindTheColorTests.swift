import Particles
import Stage
import XCTest
@testable import Scenes
import ZoetropeHarness

/// Spec 05 §4.1, `find-the-color`: acceptance checks 1–7 and 12 (confetti, 8–11: FindTheColorConfettiTests).
@MainActor
final class FindTheColorTests: FindTheColorTestCase {
    // MARK: Check 1

    func testCheck1InitialState() async throws {
        try openGame(seed: 3)
        XCTAssertEqual(state("selectedPickerIndex"), 1)
        XCTAssertEqual(probe("difficulty-picker").text, "Hard 😓")
        XCTAssertEqual(probe("difficulty-label").text, "Difficulty Level: Hard 😓")
        XCTAssertNotNil(h.probe("slider-red"))
        XCTAssertNotNil(h.probe("slider-green"))
        XCTAssertNil(h.probe("slider-blue"), "exactly two rows")
        XCTAssertLessThan(probe("slider-red").frame.minY, probe("slider-green").frame.minY, "red, then green")
        XCTAssertEqual(h.value("slider-red", "value")?.presented, 0)
        XCTAssertEqual(h.value("slider-green", "value")?.presented, 0)
        XCTAssertEqual(["readout-red", "readout-green", "readout-blue"].map { probe($0).text }, ["0", "0", "0"])
        let t = target
        for v in [t.0, t.1, t.2] { XCTAssert((0..<1).contains(v), "target component \(v)") }
        assertColor(color("guess-circle"), (0, 0, t.2), "guess disc")
        assertColor(color("target-circle"), t, "target disc")
        XCTAssertEqual(state("showAlert"), 0)
        XCTAssertEqual(state("counter"), 0)
        // The picture: the ring of the guess disc and the target disc in its middle (±12 per channel).
        let c = probe("guess-circle").frame.center
        assertColor(pixel(c.x, c.y - 70), (0, 0, Int((t.2 * 255).rounded())))
        assertColor(pixel(c.x, c.y), (Int((t.0 * 255).rounded()), Int((t.1 * 255).rounded()), Int((t.2 * 255).rounded())))
    }

    func testCheck1TheSeedChangesTheTargets() async throws {
        var seen: [[Double]] = []
        for seed: UInt64 in [1, 2, 3] {
            try openGame(seed: seed)
            seen.append([state("redTarget"), state("greenTarget"), state("blueTarget")])
        }
        XCTAssertEqual(Set(seen).count, 3, "different seeds, different targets: \(seen)")
        try openGame(seed: 2)
        XCTAssertEqual([state("redTarget"), state("greenTarget"), state("blueTarget")], seen[1], "the same seed replays")
    }

    // MARK: Check 2

    func testCheck2LayoutOrder() async throws {
        try openGame()
        assertLayout(width: 390, height: 844)
    }

    /// The same order and formulas in a bigger window (responsive, spec 05 §0.2).
    func testCheck2LayoutAtAnotherSize() async throws {
        try openGame(size: Size(430, 932))
        assertLayout(width: 430, height: 932)
        chooseDifficulty(2)
        h.advance(to: 2)
        XCTAssertEqual(probe("slider-blue").frame.maxX, probe("slider-red").frame.maxX)
        XCTAssertLessThan(probe("slider-blue").frame.maxY, probe("check-score-button").frame.minY)
    }

    func assertLayout(width w: Double, height hgt: Double, file: StaticString = #filePath, line: UInt = #line) {
        let order = ["title", "guess-circle", "difficulty-picker", "difficulty-label", "target-rect", "slider-red",
                     "slider-green", "check-score-button"]
        let frames = order.map { probe($0, file: file, line: line).frame }
        for (a, b) in zip(frames, frames.dropFirst()) {
            XCTAssertLessThanOrEqual(a.maxY, b.minY + 1e-9, "top to bottom: \(order)", file: file, line: line)
        }
        XCTAssertEqual(probe("title").frame.minY, 16, accuracy: 1e-9, "top padding 16", file: file, line: line)
        let guessDisc = probe("guess-circle").frame, targetDisc = probe("target-circle").frame
        XCTAssertEqual(guessDisc.size, Size(200, 200))
        XCTAssertEqual(targetDisc.size, Size(80, 80))
        XCTAssertEqual(guessDisc.center, targetDisc.center, "same centre", file: file, line: line)
        XCTAssertEqual(guessDisc.center.x, w / 2, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(guessDisc.minY, 82, accuracy: 2, file: file, line: line)
        XCTAssertEqual(probe("check-score-button").frame.maxY, hgt, accuracy: 2, "the button touches the bottom", file: file, line: line)
        let picker = probe("difficulty-picker").frame
        XCTAssertEqual(picker.minX, 16, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(picker.width, w - 32, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(picker.minY, 306, accuracy: 2, file: file, line: line)
        XCTAssertEqual(probe("target-rect").frame.minY, 386, accuracy: 2, file: file, line: line)
        XCTAssertEqual(probe("target-rect").frame.minX, 10, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(probe("guess-rect").frame.maxX, w - 10, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(probe("target-rect").frame.width, (w - 8) / 2 - 10, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(confetti.origin.x, w / 2, accuracy: 1e-9, file: file, line: line)
        XCTAssertEqual(confetti.origin.y, 420, accuracy: 2, "the rectangles row's centre", file: file, line: line)
        // The slider block sits halfway between the rectangles row and the button (the two spacers are equal).
        let row = probe("confetti-origin").frame, button = probe("check-score-button").frame
        let block = (top: probe("slider-red").frame.minY - 15, bottom: probe("slider-green").frame.maxY + 15)
        XCTAssertEqual(block.top - row.maxY, button.minY - block.bottom, accuracy: 1, file: file, line: line)
        // The sliders' tracks: the capsule spans x 21…W−21 and "0"/"255" sit inside it.
        let slider = probe("slider-red").frame
        XCTAssertGreaterThan(slider.minX, 31, file: file, line: line)
        XCTAssertLessThan(slider.maxX, w - 31, file: file, line: line)
        // The capsule outline's left end at the row's middle (red, line width 3, centred on x = 21).
        assertColor(pixel(21, slider.midY), (255, 59, 48), tolerance: 40, file: file, line: line)
    }

    // MARK: Check 3

    func testCheck3SliderVisibility() async throws {
        try openGame()
        for (index, shown) in [(0, ["slider-red"]), (2, ["slider-red", "slider-green", "slider-blue"]),
                               (1, ["slider-red", "slider-green"]), (0, ["slider-red"])] {
            chooseDifficulty(index)
            h.advance(by: 1)
            XCTAssertEqual(state("selectedPickerIndex"), Double(index))
            let visible = ["slider-red", "slider-green", "slider-blue"].filter { h.probe($0).map { !$0.hidden } ?? false }
            XCTAssertEqual(visible, shown, "difficulty \(index)")
        }
    }

    // MARK: Check 4

    /// The rule itself with the spec's numbers: targets (0.2, 0.4, 0.6), guesses (0.8, 0.1, 0.3).
    func testCheck4GuessColourRule() async {
        let g = (red: 0.8, green: 0.1, blue: 0.3), t = (red: 0.2, green: 0.4, blue: 0.6)
        for (index, want) in [(0, (0.8, 0.4, 0.6)), (1, (0.8, 0.1, 0.6)), (2, (0.8, 0.1, 0.3))] {
            let m = Chapter14.effectiveGuess(guess: g, target: t, selectedPickerIndex: index)
            XCTAssertEqual([m.red, m.green, m.blue], [want.0, want.1, want.2], "difficulty \(index)")
        }
    }

    /// The same through the scene: guesses (0.8, 0.1, 0.3) set with the sliders, against its random targets.
    func testCheck4GuessColourInTheScene() async throws {
        try openGame(seed: 11)
        chooseDifficulty(2)
        h.advance(by: 1)
        setSlider("slider-red", to: 0.8)
        setSlider("slider-green", to: 0.1)
        setSlider("slider-blue", to: 0.3)
        let t = target
        XCTAssertEqual(guess.0, 0.8, accuracy: 1e-12)
        for (index, want) in [(2, (0.8, 0.1, 0.3)), (1, (0.8, 0.1, t.2)), (0, (0.8, t.1, t.2))] {
            chooseDifficulty(index)
            h.advance(by: 1)
            let g = guess
            let exact = index == 2 ? (g.0, g.1, g.2) : index == 1 ? (g.0, g.1, t.2) : (g.0, t.1, t.2)
            XCTAssertEqual(exact.0, want.0, accuracy: 1e-12)
            XCTAssertEqual(exact.1, want.1, accuracy: 1e-12)
            XCTAssertEqual(exact.2, want.2, accuracy: 1e-12)
            assertColor(color("guess-circle"), exact, "disc, difficulty \(index)")
            assertColor(color("guess-rect"), exact, "the guess rectangle matches the disc")
            assertColor(color("target-rect"), t, "the target rectangle matches the target disc")
            assertColor(color("target-circle"), t)
            // And on screen: the guess rectangle's middle.
            let r = probe("guess-rect").frame
            assertColor(pixel(r.midX, r.midY), (Int((exact.0 * 255).rounded()), Int((exact.1 * 255).rounded()), Int((exact.2 * 255).rounded())))
        }
    }

    // MARK: Check 5

    func testCheck5Readout() async throws {
        try openGame()
        for (v, text) in [(0.5, "127"), (0.999, "254"), (1.0, "255"), (0.0, "0")] {
            setSlider("slider-red", to: v)
            XCTAssertEqual(state("redGuess"), v, accuracy: 1e-12)
            XCTAssertEqual(probe("readout-red").text, text, "⌊\(v)·255⌋, in the same frame")
        }
        // The blue guess is read even while its slider is hidden.
        chooseDifficulty(2)
        h.advance(by: 1)
        setSlider("slider-blue", to: 0.5)
        chooseDifficulty(0)
        h.advance(by: 1)
        XCTAssertNil(h.probe("slider-blue"))
        XCTAssertEqual(probe("readout-blue").text, "127")
        XCTAssertEqual(state("blueGuess"), 0.5, accuracy: 1e-12, "a hidden slider keeps its value")
    }

    /// Slider input: a drag from the knob follows the pointer, a track press jumps (§5 item 19), and with focus
    /// the arrow keys move 1 % of the range per press (the step we chose; PgUp/PgDn 10 %, Home/End the ends).
    func testSliderDragTrackAndKeys() async throws {
        try openGame()
        let y = probe("slider-red").frame.midY
        h.press(sliderX("slider-red", 0), y)
        for v in [0.1, 0.25, 0.6] {
            h.move(sliderX("slider-red", v), y)
            XCTAssertEqual(state("redGuess"), v, accuracy: 1e-12, "drag to \(v)")
            XCTAssertEqual(probe("readout-red").text, "\(Int(v * 255))")
        }
        h.move(sliderX("slider-red", 0.6), y + 80)
        XCTAssertEqual(state("redGuess"), 0.6, accuracy: 1e-12, "vertical motion does not change the value")
        h.release(sliderX("slider-red", 1.4), y)
        XCTAssertEqual(state("redGuess"), 1, "clamped at the end")
        setSlider("slider-green", to: 0.75)
        XCTAssertEqual(state("greenGuess"), 0.75, accuracy: 1e-12, "a press on the track jumps there")
        // Tab: the picker, then the red slider.
        h.key("tab"); h.key("tab")
        h.key("left")
        XCTAssertEqual(state("redGuess"), 0.99, accuracy: 1e-12)
        h.key("pagedown")
        XCTAssertEqual(state("redGuess"), 0.89, accuracy: 1e-12)
        h.key("home")
        XCTAssertEqual(state("redGuess"), 0)
        h.key("right")
        XCTAssertEqual(state("redGuess"), 0.01, accuracy: 1e-12)
        XCTAssertEqual(probe("readout-red").text, "2")
    }

    // MARK: Check 6

    func testCheck6ScoreExamples() async {
        func score(_ d: (Double, Double, Double), _ index: Int) -> Int {
            Chapter14.score(guess: (0.5 + d.0, 0.5 + d.1, 0.5 + d.2), target: (0.5, 0.5, 0.5), selectedPickerIndex: index)
        }
        XCTAssertEqual(score((0.3, 0.4, 0), 1), 50)
        XCTAssertEqual(score((0.5, 0.5, 0.5), 2), 13)
        XCTAssertEqual(score((0.004, 0, 0), 0), 100)
        XCTAssertEqual(score((0.006, 0, 0), 0), 99)
        // d = 1.5: truncation toward zero turns −49.5 into −49.
        XCTAssertEqual(Chapter14.score(guess: (1, 1, 1), target: (0, 0, 1 - (1.5 * 1.5 - 2).squareRoot()), selectedPickerIndex: 2), -49)
        XCTAssertEqual(Chapter14.score(guess: (0.5, 0.5, 0.5), target: (0.5, 0.5, 0.5), selectedPickerIndex: 2), 100)
        // Only the channels of the difficulty count: blue in Hard, green and blue in Easy do not.
        XCTAssertEqual(score((0.3, 0.4, 0.9), 1), 50)
        XCTAssertEqual(score((0.004, 0.9, 0.9), 0), 100)
        XCTAssertEqual(Chapter14.score(guess: (1, 1, 1), target: (0, 0, 0), selectedPickerIndex: 2), -72, "d = √3: −72.7 truncates to −72")
    }

    /// In the scene: Check Score shows the score of the current difficulty (05 §3.4 rule 3); changing the hidden blue
    /// guess in Hard changes nothing.
    func testCheck6ScoreInTheScene() async throws {
        try openGame(seed: 4)
        let t = target
        setSlider("slider-red", to: 0.3)
        setSlider("slider-green", to: 0.9)
        checkScore()
        let hard = alertScore()
        XCTAssertEqual(hard, Self.specScore(guess: guess, target: t, difficulty: 1))
        XCTAssertNotEqual(hard, Self.specScore(guess: guess, target: t, difficulty: 0), "green counts in Hard (seed 4)")
        h.click(node: "text:Continue Playing?")
        h.advance(by: 1)
        chooseDifficulty(2)
        h.advance(by: 1)
        setSlider("slider-blue", to: 0.77)
        chooseDifficulty(1)
        h.advance(by: 1)
        checkScore()
        XCTAssertEqual(alertScore(), hard, "blue does not count in Hard")
    }

    // MARK: Check 7

    /// Check Score: the alert "Your Score" with the score as its message and the two buttons, stacked in order; the
    /// chime plays with it.
    func testCheck7CheckScoreShowsTheAlert() async throws {
        for (seed, difficulty) in [(8 as UInt64, 1), (9, 0), (10, 2)] {
            try openGame(seed: seed)
            chooseDifficulty(difficulty)
            h.advance(by: 1)
            setSlider("slider-red", to: 0.9)
            if difficulty >= 1 { setSlider("slider-green", to: 0.05) }
            let t0 = h.time
            checkScore()
            XCTAssertEqual(state("showAlert"), 1)
            let expected = Self.specScore(guess: guess, target: target, difficulty: difficulty)
            XCTAssertNotNil(h.probe("text:Your Score"), "the title, in the click's frame")
            XCTAssertEqual(alertScore(), expected, "the message is the score")
            let keep = probe("text:Continue Playing?").frame, newGame = probe("text:New Game?").frame
            XCTAssertLessThan(keep.maxY, newGame.minY + 1, "Continue Playing? above New Game?")
            XCTAssertLessThan(probe("text:Your Score").frame.maxY, keep.minY)
            XCTAssertEqual(h.sounds.starts(of: "scoreReveal"), [t0], "the chime with the alert")
            XCTAssertEqual(h.sounds.starts(of: "confettiPop"), [], "no pop below 100")
            h.advance(by: 0.1)
            XCTAssertEqual(h.nowPlaying()?.name, "scoreReveal", "the bundled file decodes and plays")
        }
    }

    /// A negative score shows with its minus sign: every guess at the far end from its target, on a seed whose
    /// target puts that more than 1.005 away (a score below 0).
    func testCheck7NegativeScoreMessage() async throws {
        var far: (seed: UInt64, guess: (Double, Double, Double))?
        for seed in UInt64(12)...40 {
            try openGame(seed: seed)
            let t = target, g = (t.0 < 0.5 ? 1.0 : 0, t.1 < 0.5 ? 1.0 : 0, t.2 < 0.5 ? 1.0 : 0)
            if ((g.0 - t.0) * (g.0 - t.0) + (g.1 - t.1) * (g.1 - t.1) + (g.2 - t.2) * (g.2 - t.2)).squareRoot() > 1.05 {
                far = (seed, g); break
            }
        }
        guard let far else { return XCTFail("no seed in 12…40 puts the far corner 1.05 from the target") }
        try openGame(seed: far.seed)
        chooseDifficulty(2)
        h.advance(by: 1)
        setSlider("slider-red", to: far.guess.0)
        setSlider("slider-green", to: far.guess.1)
        setSlider("slider-blue", to: far.guess.2)
        XCTAssertEqual([guess.0, guess.1, guess.2], [far.guess.0, far.guess.1, far.guess.2], "the thumbs at the ends")
        checkScore()
        let expected = Self.specScore(guess: far.guess, target: target, difficulty: 2)
        XCTAssertLessThan(expected, 0, "d > 1.005")
        XCTAssertEqual(alertScore(), expected, "seed \(far.seed): the exact negative score, minus sign and all")
    }

    func testCheck7ContinuePlayingChangesNothing() async throws {
        try openGame(seed: 13)
        setSlider("slider-red", to: 0.4)
        setSlider("slider-green", to: 0.6)
        let before = [target.0, target.1, target.2, guess.0, guess.1, guess.2, state("selectedPickerIndex")]
        checkScore()
        // Modal: the sliders beneath do not react while the alert is up.
        setSlider("slider-red", to: 0.9)
        XCTAssertEqual(state("redGuess"), 0.4, accuracy: 1e-12, "input goes to the alert alone")
        h.advance(by: 0.5)
        XCTAssertTrue(h.click(node: "text:Continue Playing?"))
        XCTAssertEqual(state("showAlert"), 0)
        XCTAssertEqual([target.0, target.1, target.2, guess.0, guess.1, guess.2, state("selectedPickerIndex")], before)
        h.advance(by: 0.5)
        XCTAssertNil(h.probe("text:Your Score"), "gone after its fade")
    }

    func testCheck7NewGameResets() async throws {
        try openGame(seed: 14)
        chooseDifficulty(2)
        h.advance(by: 1)
        setSlider("slider-red", to: 0.4)
        setSlider("slider-green", to: 0.6)
        setSlider("slider-blue", to: 0.8)
        let oldTarget = [target.0, target.1, target.2]
        checkScore()
        h.advance(by: 0.5)
        XCTAssertTrue(h.click(node: "text:New Game?"))
        XCTAssertEqual(state("showAlert"), 0)
        XCTAssertEqual([guess.0, guess.1, guess.2], [0, 0, 0])
        for name in ["slider-red", "slider-green", "slider-blue"] {
            XCTAssertEqual(h.value(name, "value")?.presented, 0, "\(name) jumps to 0 with no animation")
        }
        XCTAssertEqual(["readout-red", "readout-green", "readout-blue"].map { probe($0).text }, ["0", "0", "0"])
        let newTarget = [target.0, target.1, target.2]
        XCTAssertNotEqual(newTarget, oldTarget, "a new target")
        for v in newTarget { XCTAssert((0..<1).contains(v)) }
        XCTAssertEqual(state("selectedPickerIndex"), 2, "the difficulty stays")
        h.advance(by: 0.5)
        // The knobs at the far left: the track right of the red knob is all grey (#E5E5EA), no red.
        let f = probe("slider-red").frame
        assertColor(pixel(f.minX + 40, f.midY), (229, 229, 234))
        assertColor(color("target-circle"), (newTarget[0], newTarget[1], newTarget[2]))
    }

    // MARK: Check 12

    /// Hard → Extreme: the red row springs to its new place (response 0.4, damping 0.5): 16.3 % overshoot at
    /// 0.231 s, settled by 0.85 s; the blue row fades in on the same spring.
    func testCheck12DifficultySpring() async throws {
        try openGame()
        let from = probe("slider-red").frame.minY
        let t0 = h.time
        chooseDifficulty(2)
        h.advance(to: t0 + 2)
        let to = probe("slider-red").frame.minY
        XCTAssertEqual(to - from, -33, accuracy: 1, "the block grows by one row: the spacers give up half each")

        try openGame()
        let start = h.time
        chooseDifficulty(2)
        func red(at t: Double) -> Double { h.advance(to: start + t); return probe("slider-red").frame.minY }
        // Time only moves forward: every 1/60 s up to 0.8 s, with the first peak and trough among them.
        let samples = (1...48).map { Double($0) / 60 }.map { t in (t: t, y: red(at: t)) }
        // At rest the row sits on the pixel grid; while it moves it is between pixels (issue 22), on the spring
        // from its exact start A to its exact end A + B, each within half a pixel of the row at rest.
        let (first, late) = (samples[0], samples[47])
        let b = (late.y - first.y) / (Self.spring(late.t) - Self.spring(first.t)), a = first.y - Self.spring(first.t) * b
        XCTAssertEqual(a, from, accuracy: 0.5, "starts where it rested")
        XCTAssertEqual(a + b, to, accuracy: 0.5, "ends where it comes to rest")
        var peak = (t: 0.0, y: Double.infinity)
        for (t, y) in samples {
            XCTAssertEqual(y, a + Self.spring(t) * b, accuracy: 0.05, "red at \(t)")
            if y < peak.y { peak = (t, y) }
        }
        XCTAssertEqual(peak.t, 0.231, accuracy: 1.0 / 60, "first peak")
        XCTAssertEqual((peak.y - (a + b)) / b, 0.163, accuracy: 0.03, "overshoot of the move")
        XCTAssertEqual(red(at: 0.85), to, accuracy: 0.033, "settled (0.1 % of the move)")
    }

    func testCheck12BlueRowFadesIn() async throws {
        try openGame()
        let start = h.time
        chooseDifficulty(2)
        // The blue capsule's top edge (line width 4, 10 pt above the slider) at x = W/2, over the light background.
        func alpha(at t: Double) -> Double {
            h.advance(to: start + t)
            let y = probe("slider-blue").frame.minY - 10
            let p = pixel(195, y)
            // Background r ≈ 225…244 vs blue r = 0: the red channel gives the coverage.
            return 1 - Double(p.r) / 235
        }
        XCTAssertTrue(probe("slider-blue").hidden, "opacity 0 in the click's frame")
        XCTAssertEqual(alpha(at: 0.05), Self.spring(0.05), accuracy: 0.08)
        XCTAssertFalse(probe("slider-blue").hidden)
        XCTAssertEqual(alpha(at: 0.1), Self.spring(0.1), accuracy: 0.08)
        // The probe reports the transition it runs in (README §3.17): the row's opacity, on the same spring.
        guard case let .number(model, presented)? = probe("slider-blue").value("opacity") else {
            return XCTFail("no opacity on slider-blue at 0.1 s: \(probe("slider-blue").values.map(\.key))")
        }
        XCTAssertEqual(model, 1)
        XCTAssertEqual(presented, Self.spring(0.1), accuracy: 1e-6)
        XCTAssertEqual(alpha(at: 0.231), 1, accuracy: 0.06, "clamped at 1 while the spring overshoots")
        XCTAssertEqual(alpha(at: 0.85), 1, accuracy: 0.06)
    }

    /// The difficulty label cross-fades over 0.2 s (easeInOut).
    func testDifficultyLabelCrossFade() async throws {
        try openGame()
        let start = h.time
        chooseDifficulty(0)
        h.advance(to: start + 0.1)
        let labels = h.probeAll().filter { $0.name == "difficulty-label" }
        XCTAssertEqual(Set(labels.compactMap(\.text)), ["Difficulty Level: Hard 😓", "Difficulty Level: Easy 😌"], "both, mid-fade")
        h.advance(to: start + 0.21)
        XCTAssertEqual(h.probeAll().filter { $0.name == "difficulty-label" }.compactMap(\.text), ["Difficulty Level: Easy 😌"])
    }
}
