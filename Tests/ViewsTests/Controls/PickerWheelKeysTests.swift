import Stage
@testable import Views
import XCTest

/// The arrow keys reach a scene's only wheel picker without Tab (the kaleidoscope, spec 02 §3.3); with two wheels
/// they wait for the focus to say which (Sources/Views/Controls/PickerWheel.swift, `soleWheelPicker`).
@MainActor
final class PickerWheelKeysTests: XCTestCase {
    private struct OneWheel: View {
        @State var image = "ornament"
        var body: some View {
            VStack {
                Picker("Image", selection: $image) {
                    ForEach(["ornament", "landscape", "dog", "dice", "cat"], id: \.self) { Text($0) }
                }
                .pickerStyle(.wheel)
                .named("wheel")
                Text(image).named("shown")
            }
        }
    }

    private struct TwoWheels: View {
        @State var a = 0
        @State var b = 0
        var body: some View {
            VStack {
                Picker("A", selection: $a) { ForEach(0..<5) { Text("A\($0)") } }.pickerStyle(.wheel)
                Picker("B", selection: $b) { ForEach(0..<5) { Text("B\($0)") } }.pickerStyle(.wheel)
                Text("\(a) \(b)").named("shown")
            }
        }
    }

    func testTheOnlyWheelTakesTheArrowsWithoutFocus() async {
        let s = TestScene { OneWheel() }
        XCTAssertTrue(s.key("down"), "no Tab needed")
        s.advance(to: 0.2)
        XCTAssertEqual(s.probe("shown")?.text, "landscape")
        XCTAssertTrue(s.key("down"))
        XCTAssertTrue(s.key("down"))
        s.advance(to: 0.41)
        XCTAssertEqual(s.probe("shown")?.text, "dice")
        XCTAssertTrue(s.key("end"))
        s.advance(to: 0.65)
        XCTAssertEqual(s.probe("shown")?.text, "cat")
        XCTAssertTrue(s.key("up"))
        s.advance(to: 0.9)
        XCTAssertEqual(s.probe("shown")?.text, "dice")
        // Keys the wheel does not use still reach the player (Space pauses, Esc goes to the menu).
        XCTAssertFalse(s.key("space"))
        XCTAssertFalse(s.key("escape"))
        XCTAssertFalse(s.key("left"))
        // No focus ring: nothing was focused.
        XCTAssertNil(s.host.focus.focused)
    }

    func testTwoWheelsWaitForTheFocus() async {
        let s = TestScene { TwoWheels() }
        XCTAssertFalse(s.key("down"), "which wheel? neither")
        s.advance(to: 0.3)
        XCTAssertEqual(s.probe("shown")?.text, "0 0")
        XCTAssertTrue(s.key("tab"))
        XCTAssertTrue(s.key("tab"))
        XCTAssertTrue(s.key("down"))
        s.advance(to: 0.6)
        XCTAssertEqual(s.probe("shown")?.text, "0 1", "the focused one")
    }
}
