import Motion
import Stage
@testable import Views
import XCTest

/// A paged TabView of three colour pages tagged 7, 0 and 1 (a tag order that is not the page order), each with a
/// named label and a button that counts its presses; the selection is state the test can read and set.
@MainActor
private final class Model {
    var setSelection: ((Int) -> Void)?
    var presses = 0
}

@MainActor
private struct Pages: View {
    let model: Model
    var style = PageTabViewStyle(indexDisplayMode: .never)
    @State var selection = 7

    var body: some View {
        TabView(selection: $selection) {
            page("A", .red).tag(7)
            ForEach(0 ..< 2) { i in page(i == 0 ? "B" : "C", i == 0 ? .green : .blue).tag(i) }
        }
        .tabViewStyle(style)
        .named("pages")
        .onAppear { [model] in model.setSelection = { selection = $0 } }
    }

    func page(_ name: String, _ color: Color) -> some View {
        ZStack {
            color
            VStack {
                Text("page \(name)").named("label\(name)")
                Button("Press \(name)") { model.presses += 1 }.named("button\(name)")
            }
        }
    }
}

@MainActor
final class PagingTests: XCTestCase {
    private var model = Model()
    private var s: TestScene!

    private func open(_ style: PageTabViewStyle = PageTabViewStyle(indexDisplayMode: .never), size: Size = Size(390, 844)) {
        model = Model()
        let m = model
        s = TestScene(size: size) { Pages(model: m, style: style) }
    }

    private var selection: Double? {
        guard case let .number(n)? = s.probe("pages")?.value("state.selection").flatMap({ v -> ProbeValue.StateValue? in
            if case let .state(x) = v { return x } else { return nil } }) else { return nil }
        return n
    }
    private var page: Double { s.presented("pages", "page") ?? .nan }
    private func hidden(_ n: String) -> Bool { s.probe(n)?.hidden ?? true }
    private func drawnX(_ n: String) -> Double { s.probe(n)?.drawn.minX ?? .nan }

    private func press(_ x: Double, _ y: Double = 300) { s.scene.root.pointerPressed(at: Point(x, y), time: s.now) }
    private func move(_ x: Double, _ y: Double = 300) { s.scene.root.pointerMoved(to: Point(x, y), time: s.now) }
    private func release(_ x: Double, _ y: Double = 300) {
        s.scene.root.pointerReleased(at: Point(x, y), inside: true, time: s.now)
        s.scene.layout(size: s.size, time: s.now)
    }
    /// A slow drag from x0 to x1 over `duration` in 10 steps, released at t0 + duration.
    private func drag(from x0: Double, to x1: Double, at t0: Double, over duration: Double) {
        s.advance(to: t0)
        press(x0)
        for k in 1...10 {
            s.advance(to: t0 + duration * Double(k) / 10)
            move(x0 + (x1 - x0) * Double(k) / 10)
        }
        release(x1)
    }

    func testPagesSitSideBySideAndOnlyTheSelectedOneShows() async {
        open()
        XCTAssertEqual(selection, 7)
        XCTAssertEqual(page, 0)
        XCTAssertFalse(hidden("labelA"))
        XCTAssertTrue(hidden("labelB"), "pages off to the side report hidden")
        XCTAssertTrue(hidden("labelC"))
        XCTAssertEqual(s.probe("pages")?.frame, Rect(x: 0, y: 0, width: 390, height: 844))
        // Page B lies one width to the right.
        XCTAssertEqual(drawnX("labelB") - drawnX("labelA"), 390, accuracy: 1e-9)
    }

    func testSettingTheSelectionJumpsWithoutAnimation() async {
        open()
        s.advance(to: 1)
        model.setSelection?(1)
        s.advance(to: 1)
        XCTAssertEqual(page, 2, "instant")
        XCTAssertTrue(hidden("labelA"))
        XCTAssertFalse(hidden("labelC"))
        XCTAssertEqual(drawnX("labelC"), drawnX("labelA") + 780)
        // A selection no page has leaves it where it is.
        model.setSelection?(42)
        s.advance(to: 1.1)
        XCTAssertEqual(page, 2)
    }

    func testSettingTheSelectionInsideWithAnimationSlides() async {
        open()
        s.advance(to: 1)
        withAnimation(.linear(duration: 1)) { model.setSelection?(0) }
        s.advance(to: 1.5)
        XCTAssertEqual(page, 0.5, accuracy: 1e-9)
        XCTAssertFalse(hidden("labelA"), "both pages show halfway")
        XCTAssertFalse(hidden("labelB"))
        s.advance(to: 2)
        XCTAssertEqual(page, 1, accuracy: 1e-12)
        XCTAssertTrue(hidden("labelA"))
    }

    func testADragPastHalfTheWidthTurnsThePageAndSettlesEaseOut() async {
        open()
        // 200 pt left over 1 s: slow (200 pt/s) but past half of 390.
        drag(from: 300, to: 100, at: 1, over: 1)
        XCTAssertEqual(selection, 0, "the selection is set at the release")
        let released = 200.0 / 390
        XCTAssertEqual(page, released, accuracy: 1e-9, "the pages are where the pointer left them")
        for u in [0.25, 0.5, 0.75] {
            s.advance(to: 2 + 0.3 * u)
            XCTAssertEqual(page, released + (1 - released) * UnitCurve.easeOut.progress(u), accuracy: 1e-9, "u = \(u)")
        }
        s.advance(to: 2.3)
        XCTAssertEqual(page, 1)
        XCTAssertFalse(s.host.isAnimating(at: 2.3))
    }

    func testTheDragFollowsThePointer() async {
        open()
        s.advance(to: 1)
        press(300)
        s.advance(to: 1.1)
        move(250)
        s.advance(to: 1.2)
        move(200)
        XCTAssertEqual(page, 100.0 / 390, accuracy: 1e-9)
        XCTAssertEqual(drawnX("labelB") - drawnX("labelA"), 390, accuracy: 1e-9)
    }

    func testAShortSlowDragGoesBack() async {
        open()
        drag(from: 300, to: 150, at: 1, over: 1)   // 150 pt < 195, 150 pt/s
        XCTAssertEqual(selection, 7)
        s.advance(to: 2.15)
        XCTAssertEqual(page, 150.0 / 390 * (1 - UnitCurve.easeOut.progress(0.5)), accuracy: 1e-9)
        s.advance(to: 2.3)
        XCTAssertEqual(page, 0)
    }

    func testAFlickTurnsThePageEvenWhenShort() async {
        open()
        drag(from: 300, to: 220, at: 1, over: 0.1)   // 80 pt in 0.1 s: 800 pt/s
        XCTAssertEqual(selection, 0)
        s.advance(to: 1.5)
        XCTAssertEqual(page, 1)
        // And back with a flick to the right.
        drag(from: 100, to: 180, at: 2, over: 0.1)
        XCTAssertEqual(selection, 7)
    }

    func testThereIsNoPageBeforeTheFirst() async {
        open()
        s.advance(to: 1)
        press(100)
        s.advance(to: 1.5)
        move(300)
        XCTAssertEqual(page, -200.0 / 390 / 4, accuracy: 1e-9, "a quarter as far past the end")
        s.advance(to: 1.6)
        release(300)
        XCTAssertEqual(selection, 7)
        s.advance(to: 2)
        XCTAssertEqual(page, 0)
    }

    func testArrowKeysPage() async {
        open()
        s.advance(to: 1)
        XCTAssertFalse(s.scene.key(Key("left")), "no page before the first: the key is left to the player")
        XCTAssertTrue(s.scene.key(Key("right")))
        XCTAssertEqual(selection, 0)
        s.advance(to: 1.15)
        XCTAssertEqual(page, UnitCurve.easeOut.progress(0.5), accuracy: 1e-9)
        XCTAssertTrue(s.scene.key(Key("right")))
        XCTAssertEqual(selection, 1)
        XCTAssertFalse(s.scene.key(Key("right")), "no page after the last")
        s.advance(to: 2)
        XCTAssertEqual(page, 2)
        XCTAssertTrue(s.scene.key(Key("left")))
        XCTAssertEqual(selection, 0)
    }

    func testADragThatStartsOnAButtonPagesAndDoesNotPressIt() async {
        open()
        s.advance(to: 1)
        guard let b = s.probe("buttonA")?.drawn.center else { return XCTFail("no button") }
        press(b.x, b.y)
        s.advance(to: 1.2)
        move(b.x - 100, b.y)
        s.advance(to: 1.4)
        move(b.x - 250, b.y)
        release(b.x - 250, b.y)
        XCTAssertEqual(model.presses, 0)
        XCTAssertEqual(selection, 0)
        // A plain click still presses it.
        s.advance(to: 2)
        s.click("buttonB")
        XCTAssertEqual(model.presses, 1)
    }

    func testAResizeKeepsThePageInView() async {
        open()
        s.advance(to: 1)
        model.setSelection?(0)
        s.advance(to: 1)
        s.size = Size(600, 500)
        s.advance(to: 1.1)
        XCTAssertEqual(s.probe("pages")?.frame, Rect(x: 0, y: 0, width: 600, height: 500))
        XCTAssertFalse(hidden("labelB"))
        XCTAssertTrue(hidden("labelA"))
        XCTAssertEqual(s.probe("labelB")!.drawn.midX, 300, accuracy: 1e-9)
        drag(from: 500, to: 100, at: 2, over: 1)
        XCTAssertEqual(selection, 1, "half of 600 is the threshold now")
    }

    func testWithoutASelectionBindingItStartsOnTheFirstPage() async {
        s = TestScene { TabView { Text("one").named("one"); Text("two").named("two") }.named("pages") }
        XCTAssertEqual(page, 0)
        XCTAssertFalse(hidden("one"))
        drag(from: 300, to: 50, at: 1, over: 1)
        s.advance(to: 3)
        XCTAssertEqual(page, 1)
        XCTAssertFalse(hidden("two"))
    }

    func testIndexDotsShowOnlyWithThePageStyle() async throws {
        func dark(_ style: PageTabViewStyle) throws -> Int {
            model = Model()
            let m = model
            let r = try RenderedScene { Pages(model: m, style: style).background(Color.white) }
            let fb = try r.capture("paging-dots-\(style.indexDisplay)")
            // Three 7-pt dots 9 pt apart, centred, 12 pt above the bottom, over the red page.
            let row = Rect(x: 195 - 20.5, y: 844 - 19, width: 41, height: 7)
            var n = 0
            for y in Int(row.minY)..<Int(row.maxY) { for x in Int(row.minX)..<Int(row.maxX) {
                let p = fb.pixel(x, y)
                if p.r < 200 { n += 1 }   // darker than the red page (255, 59, 48) where a dot covers it
            } }
            return n
        }
        XCTAssertEqual(try dark(PageTabViewStyle(indexDisplayMode: .never)), 0)
        XCTAssertGreaterThan(try dark(.page), 40)
    }
}
