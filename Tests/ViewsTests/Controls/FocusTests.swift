import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

@MainActor
private struct Mixed: View {
    @State var taps = 0
    @State var on = false
    @State var level = 0.5
    @State var name = ""
    var body: some View {
        VStack {
            Button("tap") { taps += 1 }.named("tap")
            Toggle("on", isOn: $on).named("toggle")
            Slider(value: $level).named("slider")
            TextField("name", text: $name).named("field")
            Button("off") {}.disabled(true).named("off")
            if taps < 2 { Button("goes") {}.named("goes") }
        }
    }
}

@MainActor
final class FocusTests: XCTestCase {
    private func focusedName(_ s: TestScene) -> String? { s.host.focus.focused?.name }

    func testTabCyclesEnabledControlsInTreeOrderAndShiftTabGoesBack() async {
        let s = TestScene { Mixed() }
        var order: [String?] = []
        for _ in 0..<6 { s.key("tab"); order.append(focusedName(s)) }
        XCTAssertEqual(order, ["tap", "toggle", "slider", "field", "goes", "tap"], "the disabled button is skipped")
        s.key("tab", shift: true)
        XCTAssertEqual(focusedName(s), "goes")
        s.key("tab", shift: true)
        XCTAssertEqual(focusedName(s), "field")
    }

    func testSpaceAndReturnPressTheFocusedButton() async {
        let s = TestScene { Mixed() }
        s.key("tab")
        XCTAssertTrue(s.key("space"))
        XCTAssertEqual(s.state("tap", "taps"), .number(1))
        XCTAssertTrue(s.key("return"))
        XCTAssertEqual(s.state("tap", "taps"), .number(2))
        XCTAssertFalse(s.key("left"), "a button leaves arrows alone")
    }

    func testAControlThatLeavesTheTreeLosesFocus() async {
        let s = TestScene { Mixed() }
        s.key("tab", shift: true)
        XCTAssertEqual(focusedName(s), "goes")
        s.click("tap"); s.click("tap")   // removes "goes"
        XCTAssertNil(focusedName(s))
        XCTAssertFalse(s.key("space"), "Space is the player's again")
    }

    func testClicksFocusOnlyTextFieldsAndTheRingShowsForKeyboardFocus() async {
        let s = TestScene { Mixed() }
        func rings() -> [RecordingRenderer.Batch] { s.draw().solidBatches(.blue, alpha: 0.6) }
        XCTAssertTrue(rings().isEmpty)
        s.key("tab")
        let ring = rings()
        XCTAssertEqual(ring.count, 1, "Tab shows a ring")
        let button = s.frame("tap")
        XCTAssertEqual(ring[0].solidBounds.minX, button.minX - 3, accuracy: 0.6)
        XCTAssertEqual(ring[0].solidBounds.maxY, button.maxY + 3, accuracy: 0.6)
        s.click("toggle")
        XCTAssertNil(focusedName(s), "a click does not give a toggle focus (Space stays the player's)")
        XCTAssertTrue(rings().isEmpty)
        s.click("field")
        XCTAssertEqual(focusedName(s), "field")
        XCTAssertEqual(rings().count, 1, "a field focused by a click shows its ring")
        s.click("slider")
        XCTAssertNil(focusedName(s), "a press on another control ends editing")
    }
}
