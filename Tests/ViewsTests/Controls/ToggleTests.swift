import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Switches: View {
    @State var wifi = false
    @State var sound = true
    var body: some View {
        VStack {
            Toggle("Wi-Fi", isOn: $wifi).named("wifi")
            Toggle(isOn: $sound) { Text("Sound") }.named("sound")
            Button("slowly") { withAnimation(.linear(duration: 1)) { wifi.toggle() } }.named("slowly")
        }
    }
}

@MainActor
final class ToggleTests: XCTestCase {
    // Heights: toggles 31 (the switch is taller than a 22-pt label), the button 22, spacing 8 → 100, centred on 422.
    func testTakesTheWholeWidthWithTheLabelLeadingAndTheSwitchTrailing() async {
        let s = TestScene { Switches() }
        XCTAssertEqual(s.frame("wifi"), Rect(x: 0, y: 372, width: 390, height: 31))
        // The label is the named toggle's own text: listed once, under the toggle's name (README §3.17).
        XCTAssertNil(s.probe("text:Wi-Fi"))
        XCTAssertEqual(s.probe("wifi")?.text, "Wi-Fi")
        XCTAssertEqual(s.scene.element(named: "wifi", as: TextElement.self)?.frame, Rect(x: 0, y: 376.5, width: 50, height: 22),
                       "label leading, centred")
        // The switch: a capsule 51×31 at the trailing edge, grey while off, with a white knob on its left.
        let r = s.draw()
        let track = r.solidBatches(.controlTrack)
        XCTAssertEqual(track.count, 1, "one switch is off")
        XCTAssertEqual(track[0].solidBounds.minX, 339.5, accuracy: 0.6)
        XCTAssertEqual(track[0].solidBounds.maxX, 389.5, accuracy: 0.6)
        XCTAssertEqual(r.solidBatches(.green).count, 1, "the other is on: green")
    }

    func testAClickAnywhereOnTheRowTogglesAndTheKnobSlidesForTwoTenthsOfASecond() async {
        let s = TestScene { Switches() }
        s.advance(to: 1)
        s.click(at: Point(200, 387))   // empty space between the label and the switch
        XCTAssertEqual(s.state("wifi", "wifi"), .bool(true))
        XCTAssertEqual(s.model("wifi", "knob"), 1)
        s.advance(to: 1.1)
        XCTAssertEqual(s.presented("wifi", "knob")!, 0.5, accuracy: 1e-9, "easeInOut is halfway at half time")
        s.advance(to: 1.2)
        XCTAssertEqual(s.presented("wifi", "knob")!, 1, accuracy: 1e-9)
        XCTAssertEqual(s.probe("wifi")?.value("track"), .color(model: .green, presented: .green))
        s.click(at: Point(10, 387))    // on the label
        XCTAssertEqual(s.state("wifi", "wifi"), .bool(false))
        s.click(at: Point(200, 480))   // below every control: nothing
        XCTAssertEqual(s.state("wifi", "wifi"), .bool(false))
    }

    func testTheKnobTakesTheAnimationOfTheChange() async {
        let s = TestScene { Switches() }
        s.click("slowly")
        s.advance(to: 0.25)
        XCTAssertEqual(s.presented("wifi", "knob")!, 0.25, accuracy: 1e-9, "linear 1 s, not the default 0.2 s")
    }

    func testTabFocusesAndSpaceOrReturnToggles() async {
        let s = TestScene { Switches() }
        XCTAssertFalse(s.key("space"), "nothing focused: Space is the player's (pause)")
        XCTAssertTrue(s.key("tab"))
        XCTAssertTrue(s.key("space"))
        XCTAssertEqual(s.state("wifi", "wifi"), .bool(true))
        XCTAssertTrue(s.key("return"))
        XCTAssertEqual(s.state("wifi", "wifi"), .bool(false))
        s.key("tab")
        s.key("space")
        XCTAssertEqual(s.state("sound", "sound"), .bool(false), "Tab moved on to the second toggle")
        XCTAssertEqual(s.state("wifi", "wifi"), .bool(false))
        XCTAssertFalse(s.key("escape"), "Esc stays the player's")
        XCTAssertFalse(s.key("s"), "a toggle leaves letter keys to the player")
    }

    func testDisabledTogglesIgnoreInputAndTab() async {
        let s = TestScene { VStack { Toggle("A", isOn: .constant(false)).disabled(true).named("a") } }
        XCTAssertFalse(s.key("tab"), "nothing to focus")
        XCTAssertEqual(s.probe("a")?.enabled, false)
    }
}
