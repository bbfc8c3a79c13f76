import Stage
@testable import Views
import XCTest

@MainActor
private final class EditLog { var events: [Bool] = [] }

@MainActor
private struct Level: View {
    @State var level = 0.5
    let log: EditLog
    var body: some View {
        VStack {
            Slider(value: $level, onEditingChanged: { log.events.append($0) }).named("slider")
        }
    }
}

@MainActor
private struct Stepped: View {
    @State var amount: Float = 2
    var body: some View {
        Slider(value: $amount, in: 0...10, step: 0.5).tint(.red).named("slider")
    }
}

@MainActor
private struct Row: View {
    @State var red = 0.0
    var body: some View {
        HStack { Text("0"); Slider(value: $red).named("slider"); Text("255") }
    }
}

@MainActor
final class SliderTests: XCTestCase {
    // A 390-wide slider: the knob's centre runs from x0 = 14 to x1 = 376 (362 pt for the whole range).

    func testIsGreedyInWidthAnd28Tall() async {
        let s = TestScene { Row() }
        // 390 − "0" (10) − "255" (30) − two gaps of 8.
        XCTAssertEqual(s.frame("slider"), Rect(x: 18, y: 408, width: 334, height: 28))
        XCTAssertEqual(TestScene { Level(log: EditLog()) }.frame("slider"), Rect(x: 0, y: 408, width: 390, height: 28))
    }

    func testAPressOnTheTrackJumpsToTheValueUnderThePointer() async {
        let s = TestScene { Level(log: EditLog()) }
        XCTAssertEqual(s.model("slider", "value"), 0.5)
        s.click(at: Point(14 + 0.25 * 362, 422))
        XCTAssertEqual(s.model("slider", "value"), 0.25)
        XCTAssertEqual(s.state("slider", "level"), .number(0.25))
        s.click(at: Point(5, 422))
        XCTAssertEqual(s.model("slider", "value"), 0, "left of x0 is the lower bound")
        s.click(at: Point(388, 422))
        XCTAssertEqual(s.model("slider", "value"), 1, "right of x1 is the upper bound")
    }

    /// Drawn again unchanged, beside anything that moves, a slider is a copy of its last batches (its knob's soft
    /// shadow is a refined gradient, the dearest thing a control draws); a press that moves the knob draws it anew.
    func testAStillSliderIsDrawnFromItsCacheAndAPressRedrawsIt() async throws {
        let s = TestScene { Stepped() }
        func slider(_ e: Element) -> SliderElement? { (e as? SliderElement) ?? e.children.lazy.compactMap(slider).first }
        let element = try XCTUnwrap(slider(s.host.root))
        XCTAssertEqual(s.draw().solidBatches(.red).first?.solidBounds.maxX ?? 0, 14 + 0.2 * 362, accuracy: 2.5)
        let cached = try XCTUnwrap(element.leafCache, "the slider's batches are kept")
        s.click(at: Point(14 + 0.7 * 362, 422))
        XCTAssertEqual(s.draw().solidBatches(.red).first?.solidBounds.maxX ?? 0, 14 + 0.7 * 362, accuracy: 2.5,
                       "the knob and the filled track follow the press")
        XCTAssertNotEqual(element.leafCache?.key, cached.key, "drawn anew, not from the old batches")
    }

    /// The knob's soft shadow is made once and moved with the knob (it was most of what a drag drew): the very
    /// triangles a shadow made where the knob is would have, in its colour and the context's opacity.
    func testTheKnobsShadowIsTheShadowMadeWhereTheKnobIs() async throws {
        let s = TestScene { Stepped() }
        let list = DisplayList(host: s.host)
        for (center, opacity) in [(Point(40.25, 422.5), 1.0), (Point(301.7, 98.125), 1.0), (Point(77.5, 13.3), 0.4)] {
            list.reset()
            let dc = DrawContext(transform: .translation(3.5, -2.25), opacity: opacity, clip: nil, time: 0, list: list)
            dc.discShadow(center: center, radius: 14, color: Color.black.opacity(0.15), sigma: 3, offset: Size(0, 2))
            guard case let .batch(moved)? = list.entries(from: 0).first else { return XCTFail("no shadow drawn") }
            let made = dc.discShadowMesh(center: Point(center.x, center.y + 2), radius: 14, color: Color.black.opacity(0.15),
                                         sigma: 3, transform: dc.transform)
            XCTAssertEqual(moved.indices, made.indices)
            XCTAssertEqual(moved.vertices.count, made.vertices.count)
            for (a, b) in zip(moved.vertices, made.vertices) {
                XCTAssertEqual(a.x, b.x, accuracy: 1e-3)
                XCTAssertEqual(a.y, b.y, accuracy: 1e-3)
                XCTAssertEqual([a.r, a.g, a.b, a.a], [b.r, b.g, b.b, b.a], "at \(center), opacity \(opacity)")
            }
        }
    }

    func testSnapsToTheStepAndUsesTheTint() async {
        let s = TestScene { Stepped() }
        s.click(at: Point(14 + 0.33 * 362, 422))   // 3.3 → 3.5
        XCTAssertEqual(s.model("slider", "value"), 3.5)
        let filled = s.draw().solidBatches(.red)
        XCTAssertEqual(filled.count, 1, "the filled part of the track is the tint")
        XCTAssertEqual(filled[0].solidBounds.maxX, 14 + 0.35 * 362, accuracy: 2.5, "…up to the knob's centre")
    }

    func testDraggingFollowsThePointerAndReportsEditing() async {
        let log = EditLog()
        let s = TestScene { Level(log: log) }
        s.press(at: Point(50, 422))
        XCTAssertEqual(s.model("slider", "value")!, 36.0 / 362, accuracy: 1e-12)
        XCTAssertEqual(log.events, [true])
        s.move(to: Point(500, 300))
        XCTAssertEqual(s.model("slider", "value"), 1, "a drag keeps following outside the slider, clamped")
        s.move(to: Point(195, 422))
        XCTAssertEqual(s.model("slider", "value")!, 0.5, accuracy: 1e-12)
        s.release(at: Point(14 + 0.75 * 362, 422))
        XCTAssertEqual(s.model("slider", "value"), 0.75)
        XCTAssertEqual(log.events, [true, false])
    }

    func testKeysMoveTheFocusedSlider() async {
        let s = TestScene { Level(log: EditLog()) }
        XCTAssertFalse(s.key("right"), "not focused: arrows are not the slider's")
        XCTAssertTrue(s.key("tab"))
        s.key("right")
        XCTAssertEqual(s.model("slider", "value")!, 0.51, accuracy: 1e-12, "1 % of the range")
        s.key("pagedown")
        XCTAssertEqual(s.model("slider", "value")!, 0.41, accuracy: 1e-12, "10 %")
        s.key("end")
        XCTAssertEqual(s.model("slider", "value"), 1)
        s.key("up")
        XCTAssertEqual(s.model("slider", "value"), 1, "clamped")
        s.key("home")
        XCTAssertEqual(s.model("slider", "value"), 0)

        let stepped = TestScene { Stepped() }
        stepped.key("tab")
        stepped.key("right")
        XCTAssertEqual(stepped.model("slider", "value"), 2.5, "one step")
        stepped.key("pageup")
        XCTAssertEqual(stepped.model("slider", "value"), 7.5, "ten steps")
    }
}
