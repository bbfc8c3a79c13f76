import Backend
import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Speeds: View {
    @State var speed = "slow"
    var enabled = true
    var body: some View {
        VStack {
            Picker("Speed", selection: $speed) {
                Text("Slow").tag("slow")
                Text("Medium").tag("medium")
                Text("Not an option")
                Text("Fast").tag("fast")
                Text("Wrong type").tag(3)
            }
            .pickerStyle(.segmented)
            .tint(.blue)
            .frame(width: 300)
            .disabled(!enabled)
            .named("picker")
            Text(speed).named("shown")
        }
    }
}

/// The segmented `Picker` (Sources/Views/Controls/Picker.swift) that `ch2-timing-curves` uses.
@MainActor
final class PickerTests: XCTestCase {
    func testOptionsAreTheTaggedViewsOfTheSelectionType() async {
        let s = TestScene { Speeds() }
        XCTAssertEqual(s.probe("shown")?.text, "slow")
        let f = s.frame("picker")
        XCTAssertEqual(f.width, 300)
        XCTAssertEqual(f.height, 32, "a segmented control's height")
        // Three options share the width: the segment centres are at 1/6, 3/6 and 5/6 of it.
        for (i, want) in [(2, "fast"), (1, "medium"), (0, "slow")] {
            s.click(at: Point(f.minX + (Double(i) + 0.5) * f.width / 3, f.midY))
            XCTAssertEqual(s.probe("shown")?.text, want)
        }
        // The labels are centred in equal segments.
        XCTAssertEqual(s.frame("text:Medium").midX, f.midX, accuracy: 0.01)
        XCTAssertEqual(s.frame("text:Fast").midX, f.minX + f.width * 5 / 6, accuracy: 2.01)
    }

    func testClicksOutsideOrWhenDisabledChangeNothing() async {
        let s = TestScene { Speeds() }
        let f = s.frame("picker")
        s.click(at: Point(f.maxX + 2, f.midY))
        s.click(at: Point(f.maxX - 10, f.maxY + 2))
        XCTAssertEqual(s.probe("shown")?.text, "slow")
        let d = TestScene { Speeds(enabled: false) }
        d.click(at: Point(f.maxX - 10, f.midY))
        XCTAssertEqual(d.probe("shown")?.text, "slow")
    }

    /// Tab focuses the picker; ← and → then select the neighbouring segment, stopping at the ends.
    func testArrowKeysMoveTheSelectionWhenFocused() async {
        let s = TestScene { Speeds() }
        XCTAssertFalse(s.key("right"), "not focused: the key is not the picker's")
        XCTAssertEqual(s.probe("shown")?.text, "slow")
        XCTAssertTrue(s.key("tab"))
        XCTAssertTrue(s.key("right"))
        XCTAssertEqual(s.probe("shown")?.text, "medium")
        s.key("right")
        s.key("right")
        XCTAssertEqual(s.probe("shown")?.text, "fast", "stops at the last segment")
        s.key("left")
        XCTAssertEqual(s.probe("shown")?.text, "medium")
        XCTAssertFalse(s.key("up"))
    }

    /// The selected segment is blue with white text; the others have black text on the grey track.
    func testSelectedSegmentLook() async {
        let s = TestScene { Speeds() }
        func colour(_ text: String) -> Color? {
            guard case let .color(_, c)? = s.probe("text:\(text)")?.value("color") else { return nil }
            return c
        }
        XCTAssertEqual(colour("Slow"), .white)
        XCTAssertEqual(colour("Fast"), .black)
        let f = s.frame("picker")
        s.click(at: Point(f.maxX - 10, f.midY))
        XCTAssertEqual(colour("Slow"), .black)
        XCTAssertEqual(colour("Fast"), .white)
        let colours = Set(s.draw().batches.filter { $0.texture == nil }.flatMap(\.vertices).map { [$0.r, $0.g, $0.b] })
        XCTAssertTrue(colours.contains([0x00, 0x7A, 0xFF]), "a blue selected segment")
        XCTAssertTrue(colours.contains([0xEE, 0xEE, 0xEF]), "the grey track")
    }

    /// Without a tint, iOS's look over what is behind: a translucent track, a white thumb, black labels (spec 05 §3.3).
    func testUntintedSegmentsShowTheIOSLookOverTheBackground() async throws {
        struct OnYellow: View {
            @State var speed = "slow"
            var body: some View {
                Picker("Speed", selection: $speed) {
                    Text("Slow").tag("slow")
                    Text("Fast").tag("fast")
                }
                .pickerStyle(.segmented)
                .frame(width: 300)
                .background(Color.yellow)
                .named("picker")
            }
        }
        let s = TestScene(size: Size(400, 100)) { OnYellow() }
        func colour(_ text: String) -> Color? {
            guard case let .color(_, c)? = s.probe("text:\(text)")?.value("color") else { return nil }
            return c
        }
        XCTAssertEqual(colour("Slow"), .black, "the selected label is black on the white thumb")
        let canvas = try HeadlessCanvas(width: 400, height: 100, assets: AssetResolver(roots: []))
        canvas.renderer.clear(.white)
        s.scene.root.drawCustom(transform: .identity, opacity: 1, renderer: canvas.renderer)
        let fb = canvas.renderer.readFramebuffer()
        let f = s.frame("picker")
        let thumb = fb.pixel(Int(f.minX + 8), Int(f.midY)), track = fb.pixel(Int(f.maxX - 8), Int(f.midY))
        XCTAssertEqual([thumb.r, thumb.g, thumb.b], [255, 255, 255], "the white thumb")
        // Yellow #FFCC00 under #767680 at 12 %: (239, 194, 15).
        XCTAssertEqual(Double(track.r), 239, accuracy: 3); XCTAssertEqual(Double(track.g), 194, accuracy: 3)
        XCTAssertEqual(Double(track.b), 15, accuracy: 3)
    }
}
