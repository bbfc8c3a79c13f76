import Motion
import Stage
@testable import Views
import XCTest

private let images = ["ornament", "landscape", "dog", "dice", "cat"]

/// The chapter 5 kaleidoscope's picker: options from a `ForEach` with tags.
@MainActor
private struct Images: View {
    @State var image = "ornament"
    var style = PickerStyleKind.wheel
    var height: Double?
    var body: some View {
        VStack {
            Group {
                if style == .wheel {
                    Picker("Image", selection: $image) {
                        ForEach(images, id: \.self) { Text($0).tag($0) }
                    }
                    .pickerStyle(.wheel)
                } else {
                    Picker("Image", selection: $image) {
                        ForEach(images, id: \.self) { Text($0).tag($0) }
                    }
                    .pickerStyle(.menu)
                }
            }
            .frame(width: 300, height: height)
            .named("pickerBox")
            Text(image).named("shown")
            Button("Reset") { image = "ornament" }.named("reset")
        }
    }
}

/// Thirty rows, untagged: a `ForEach` row takes its id as its tag.
@MainActor
private struct Numbers: View {
    @State var n = 0
    var body: some View {
        VStack {
            Picker("Number", selection: $n) {
                ForEach(0..<30) { Text("Row \($0)") }
            }
            .pickerStyle(.wheel)
            .named("pickerBox")
            Text("\(n)").named("shown")
        }
    }
}

/// `.pickerStyle(.wheel)` and `.pickerStyle(.menu)` (Sources/Views/Controls/PickerWheel.swift, PickerMenu.swift).
@MainActor
final class PickerStyleTests: XCTestCase {
    private func shown(_ s: TestScene) -> String? { s.probe("shown")?.text }
    private func offset(_ s: TestScene) -> Double? { s.presented("pickerBox", "wheel.offset") }
    private var canvas: (TestScene) -> Node { { $0.scene.root } }

    // MARK: Wheel

    func testWheelLooksLikeIOS() async {
        let s = TestScene { Images() }
        let f = s.frame("pickerBox")
        XCTAssertEqual(f.width, 300)
        XCTAssertEqual(f.height, 216, "the iOS wheel's height")
        XCTAssertEqual(s.probe("pickerBox")?.text, "ornament", "a named picker reports its selected option's label")
        XCTAssertEqual(offset(s), 0)
        // The selected row is centred in the band; the next ones sit on the cylinder (R = 108): y = R·sin(32k/R).
        XCTAssertEqual(s.probe("text:ornament")!.drawn.midY, f.midY, accuracy: 0.01)
        for k in 1...2 {
            let want = f.midY + 108 * sin(32 * Double(k) / 108)
            // (The tilted row's box is a little off its centre: text-metric tolerance.)
            XCTAssertEqual(s.probe("text:\(images[k])")!.drawn.midY, want, accuracy: 3)
        }
        // Rows further away are smaller.
        let h0 = s.probe("text:ornament")!.drawn.height, h2 = s.probe("text:dog")!.drawn.height
        XCTAssertLessThan(h2, h0 * 0.9)
        // In a 150-pt frame (the kaleidoscope's box) the radius is 75 (spec 02 §3.1).
        let small = TestScene { Images(height: 150) }
        let g = small.frame("pickerBox")
        XCTAssertEqual(g.height, 150)
        XCTAssertEqual(small.probe("text:landscape")!.drawn.midY - g.midY, 75 * sin(32.0 / 75), accuracy: 3)
    }

    /// A drag moves the rows with the pointer; the release carries on with constant deceleration and snaps to the
    /// row nearest to where it would have stopped; the binding is set when it settles.
    func testDragReleaseFlingsAndSnaps() async {
        let s = TestScene { Numbers() }
        let f = s.frame("pickerBox")
        let root = s.scene.root
        s.advance(to: 1)
        root.pointerPressed(at: Point(f.midX, f.midY), time: 1)
        s.advance(to: 1.05)
        root.pointerMoved(to: Point(f.midX, f.midY - 40), time: 1.05)
        XCTAssertEqual(offset(s)!, 1.25, accuracy: 1e-9, "the rows follow the pointer: 40 pt = 1.25 rows")
        s.advance(to: 1.1)
        root.pointerMoved(to: Point(f.midX, f.midY - 80), time: 1.1)
        root.pointerReleased(at: Point(f.midX, f.midY - 80), inside: true, time: 1.1)
        // Velocity over the last 0.1 s: 80 pt / 0.1 s = 25 rows/s, from p0 = 2.5 rows.
        // Rest = 2.5 + 25² / (2·40) = 10.3125 → row 10; Δ = 7.5 rows at 25 rows/s decelerating to 0: T = 2Δ/v0 = 0.6 s.
        let (row, _) = WheelPickerElement.fling(from: 2.5, velocity: 25, rows: 30)
        XCTAssertEqual(row, 10)
        s.advance(to: 1.4)
        // Halfway in time: P(0.5) = 2·0.5 − 0.25 = 0.75 of the way.
        XCTAssertEqual(offset(s)!, 2.5 + 0.75 * 7.5, accuracy: 0.01)
        XCTAssertEqual(shown(s), "0", "not committed while it moves")
        // Settled at 1.1 + 0.6 (to rounding: the velocity is 40 pt over 1.1 − 1.05 s in floating point).
        s.advance(to: 1.7 - 1e-6)
        XCTAssertEqual(shown(s), "0")
        let end = 1.7 + 1e-6
        s.advance(to: end)
        XCTAssertEqual(offset(s)!, 10, accuracy: 1e-9)
        XCTAssertEqual(shown(s), "10")
        XCTAssertEqual(s.probe("pickerBox")?.text, "Row 10")
        XCTAssertNil(s.host.nextChange(after: end))
    }

    /// A slow release snaps to the nearest row in 0.25 s (ease-out); a drag past the end rubber-bands and comes back.
    func testSlowReleaseSnapsAndEndsRubberBand() async {
        let s = TestScene { Numbers() }
        let f = s.frame("pickerBox")
        let root = s.scene.root
        root.pointerPressed(at: Point(f.midX, f.midY), time: 0)
        root.pointerMoved(to: Point(f.midX, f.midY - 50), time: 0)
        s.advance(to: 0.5)
        root.pointerReleased(at: Point(f.midX, f.midY - 50), inside: true, time: 0.5)   // held still: v = 0
        XCTAssertEqual(offset(s)!, 50.0 / 32, accuracy: 1e-9)
        s.advance(to: 0.75)
        XCTAssertEqual(offset(s)!, 2, accuracy: 1e-9)
        XCTAssertEqual(shown(s), "2")
        // Dragging down from row 2 by 5 rows pulls past the top, less and less.
        root.pointerPressed(at: Point(f.midX, f.midY), time: 0.75)
        root.pointerMoved(to: Point(f.midX, f.midY + 160), time: 0.75)
        XCTAssertLessThan(offset(s)!, 0)
        XCTAssertGreaterThan(offset(s)!, -3)
        s.advance(to: 1.5)
        root.pointerReleased(at: Point(f.midX, f.midY + 160), inside: true, time: 1.5)
        s.advance(to: 1.75)
        XCTAssertEqual(offset(s)!, 0, accuracy: 1e-9)
        XCTAssertEqual(shown(s), "0")
    }

    func testClickingARowScrollsItToTheCentreThenSelects() async {
        let s = TestScene { Images() }
        s.advance(to: 0.5)
        s.click("text:dog")
        XCTAssertEqual(shown(s), "ornament")
        s.advance(to: 0.65)
        XCTAssertEqual(offset(s)!, 1, accuracy: 0.01, "ease-in-out: halfway at half time")
        s.advance(to: 0.79)
        XCTAssertEqual(shown(s), "ornament")
        s.advance(to: 0.8)
        XCTAssertEqual(shown(s), "dog")
        XCTAssertEqual(s.probe("pickerBox")?.text, "dog")
        // Clicking the band's row changes nothing.
        s.click("text:dog")
        s.advance(to: 1.5)
        XCTAssertEqual(shown(s), "dog")
        // A selection changed elsewhere moves the wheel.
        s.click("reset")
        XCTAssertEqual(offset(s), 0)
        XCTAssertEqual(s.probe("pickerBox")?.text, "ornament")
    }

    func testArrowKeysWhenFocused() async {
        let s = TestScene { Images() }
        XCTAssertTrue(s.key("tab"))
        XCTAssertTrue(s.key("down"))
        XCTAssertTrue(s.key("down"))
        XCTAssertEqual(s.probe("pickerBox")!.value("wheel.offset").flatMap { v -> Double? in
            if case let .number(model, _) = v { return model }; return nil
        }, 2, "heading two rows down")
        s.advance(to: 0.2)
        XCTAssertEqual(shown(s), "dog")
        s.key("up")
        s.key("up")
        s.key("up")
        s.advance(to: 0.5)
        XCTAssertEqual(shown(s), "ornament", "stops at the first row")
        s.key("end")
        s.advance(to: 1)
        XCTAssertEqual(shown(s), "cat")
    }

    func testMouseWheelScrollsOneRowPerNotch() async {
        let s = TestScene { Images() }
        let f = s.frame("pickerBox")
        XCTAssertTrue(s.scene.root.scrolled(by: 1, at: f.center, time: 0))
        XCTAssertTrue(s.scene.root.scrolled(by: 1, at: f.center, time: 0))
        s.advance(to: 0.1)
        XCTAssertGreaterThan(offset(s)!, 1)
        s.advance(to: 0.2)
        XCTAssertEqual(offset(s)!, 2, accuracy: 1e-9)
        XCTAssertEqual(shown(s), "dog")
        _ = s.scene.root.scrolled(by: -1, at: f.center, time: 0.2)
        s.advance(to: 0.4)
        XCTAssertEqual(shown(s), "landscape")
        XCTAssertFalse(s.scene.root.scrolled(by: 1, at: Point(f.midX, f.maxY + 100), time: 0.4), "not over the wheel")
    }

    /// Once settled nothing is laid out or drawn again, and the loop may sleep.
    func testStillWheelDoesNoWork() async {
        let s = TestScene { Images() }
        s.click("text:landscape")
        s.advance(to: 0.5)
        s.draw()
        XCTAssertEqual(shown(s), "landscape")
        XCTAssertNil(s.host.nextChange(after: 0.5))
        let before = s.host.stats
        for i in 1...10 {
            s.advance(to: 0.5 + Double(i) / 60)
            s.draw()
        }
        XCTAssertEqual(s.host.stats.evaluations, before.evaluations)
        XCTAssertEqual(s.host.stats.layouts, before.layouts)
        XCTAssertEqual(s.host.stats.draws, before.draws)
        XCTAssertNil(s.host.nextChange(after: s.now))
    }

    func testForEachRowsWithoutTagsUseTheirIds() async {
        let s = TestScene { Numbers() }
        XCTAssertEqual(s.probe("pickerBox")?.text, "Row 0")
        s.click("text:Row 1")
        s.advance(to: 1)
        XCTAssertEqual(shown(s), "1")
    }

    // MARK: Menu

    func testMenuOpensSelectsAndCloses() async {
        let s = TestScene { Images(style: .menu) }
        XCTAssertEqual(s.probe("pickerBox")?.text, "ornament")
        XCTAssertNil(s.probe("text:dog"), "closed: no rows")
        s.click("pickerBox")
        XCTAssertEqual(s.presented("pickerBox", "open"), 1)
        let dog = s.probe("text:dog")!.drawn
        // The list puts the current option over the button.
        XCTAssertEqual(s.probe("text:ornament")!.drawn.midY, s.frame("pickerBox").midY, accuracy: 1)
        s.click(at: dog.center)
        XCTAssertEqual(shown(s), "dog")
        XCTAssertEqual(s.presented("pickerBox", "open"), 0)
        XCTAssertEqual(s.probe("pickerBox")?.text, "dog")
        XCTAssertNil(s.probe("text:cat"))
        // Harness-style: click the row by its text entry.
        s.click("pickerBox")
        s.click("text:cat")
        XCTAssertEqual(shown(s), "cat")
    }

    func testMenuEscapeAndOutsideClickCancel() async {
        let s = TestScene { Images(style: .menu) }
        s.click("pickerBox")
        XCTAssertTrue(s.key("down"))
        XCTAssertTrue(s.key("escape"), "Esc is the menu's, not the player's")
        XCTAssertEqual(s.presented("pickerBox", "open"), 0)
        XCTAssertEqual(shown(s), "ornament")
        XCTAssertFalse(s.key("escape"), "closed: Esc goes to the player")
        // A click outside closes the list and reaches nothing beneath.
        s.click("pickerBox")
        s.click("pickerBox")   // on the button, which the list now covers: a row (the current one) is clicked
        XCTAssertEqual(s.presented("pickerBox", "open"), 0)
        s.click("pickerBox")
        s.click(at: Point(5, 840))
        XCTAssertEqual(s.presented("pickerBox", "open"), 0)
        XCTAssertEqual(shown(s), "ornament")
    }

    func testMenuKeyboard() async {
        let s = TestScene { Images(style: .menu) }
        XCTAssertTrue(s.key("tab"))
        XCTAssertTrue(s.key("space"), "opens")
        XCTAssertEqual(s.presented("pickerBox", "open"), 1)
        s.key("down")
        s.key("down")
        XCTAssertTrue(s.key("return"))
        XCTAssertEqual(shown(s), "dog")
        XCTAssertEqual(s.presented("pickerBox", "open"), 0)
        s.key("down")
        s.key("up")
        s.key("return")
        XCTAssertEqual(shown(s), "landscape")
    }

    /// The segmented style is still the one the builder's `.segmented` asks for.
    func testDefaultStyleIsMenu() async {
        struct Plain: View {
            @State var v = 1
            var body: some View {
                Picker("V", selection: $v) { Text("One").tag(1); Text("Two").tag(2) }.named("p")
            }
        }
        let s = TestScene { Plain() }
        XCTAssertEqual(s.presented("p", "open"), 0)
        XCTAssertEqual(s.probe("p")?.text, "One")
    }
}
