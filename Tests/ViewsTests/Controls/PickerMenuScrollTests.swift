import Stage
@testable import Views
import XCTest

/// 150 options, as the Particle Lab's texture picker has: far taller than any window.
@MainActor
private struct Textures: View {
    @State var texture = 100
    var body: some View {
        VStack {
            Picker("Texture", selection: $texture) {
                ForEach(0..<150) { Text("Texture \($0)") }
            }
            .pickerStyle(.menu)
            .named("picker")
            Text("\(texture)").named("shown")
        }
    }
}

/// A menu taller than the window scrolls inside a panel as tall as the window (Controls/PickerMenuPanel.swift):
/// the current option still opens over the button, the wheel and the keyboard reach every row, and a click
/// chooses the row under it wherever the list is scrolled.
@MainActor
final class PickerMenuScrollTests: XCTestCase {
    private func opened() -> (TestScene, button: Rect) {
        let s = TestScene { Textures() }
        let button = s.frame("picker")
        s.click("picker")
        XCTAssertEqual(s.presented("picker", "open"), 1)
        return (s, button)
    }

    private func visible(_ s: TestScene, _ row: Int) -> Bool { s.probe("text:Texture \(row)")?.hidden == false }

    func testTheListFitsTheWindowWithTheCurrentOptionOverTheButton() async throws {
        let (s, button) = opened()
        let current = try XCTUnwrap(s.probe("text:Texture 100")).drawn
        XCTAssertEqual(current.midY, button.midY, accuracy: 1, "the current option opens over the button")
        XCTAssertTrue(visible(s, 100))
        XCTAssertFalse(visible(s, 0), "the first rows are above the panel")
        XCTAssertFalse(visible(s, 149), "the last rows are below it")
        // Rows that show lie within the window (the panel is inset 6 pt from its edges).
        for row in 0..<150 where visible(s, row) {
            let r = try XCTUnwrap(s.probe("text:Texture \(row)")).drawn
            XCTAssertTrue(r.maxY > 6 && r.minY < 844 - 6, "row \(row) at \(r)")
        }
    }

    func testTheWheelScrollsTheListAndAClickChoosesTheRowUnderIt() async throws {
        let (s, _) = opened()
        let before = try XCTUnwrap(s.probe("text:Texture 100")).drawn.midY
        XCTAssertTrue(s.wheel(5, at: Point(195, before)), "the open menu takes the wheel")
        let after = try XCTUnwrap(s.probe("text:Texture 100")).drawn.midY
        XCTAssertEqual(before - after, 200, accuracy: 0.5, "five lines of 40 pt: the rows move up")
        s.wheel(-100, at: Point(195, 400))
        XCTAssertTrue(visible(s, 0), "scrolled back to the top")
        XCTAssertFalse(visible(s, 101), "(100 is also the button's label, under the panel)")
        let row3 = try XCTUnwrap(s.probe("text:Texture 3")).drawn
        s.click(at: row3.center)
        XCTAssertEqual(s.probe("shown")?.text, "3", "the row under the click, not the one that was there before")
        XCTAssertEqual(s.presented("picker", "open"), 0)
    }

    func testKeysMoveTheHighlightAndKeepItInView() async {
        let (s, _) = opened()
        s.key("end")
        XCTAssertTrue(visible(s, 149), "End shows the last row")
        XCTAssertFalse(visible(s, 101))
        s.key("home")
        XCTAssertTrue(visible(s, 0), "Home shows the first")
        s.key("pagedown")
        s.key("pagedown")
        s.key("down")
        s.key("return")
        let chosen = Int(s.probe("shown")?.text ?? "") ?? -1
        // Two pages of whole rows ((832 − 10) / 26 = 31 each), then one more.
        XCTAssertEqual(chosen, 2 * 31 + 1)
        s.click("picker")
        XCTAssertTrue(visible(s, chosen), "opens again over the new choice")
    }
}
