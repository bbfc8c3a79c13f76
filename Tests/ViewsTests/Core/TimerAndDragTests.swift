import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Countdown: View {
    @State var remaining = 3
    let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    var body: some View {
        Text("\(remaining)").named("count")
            .onReceive(timer) { _ in if remaining > 0 { remaining -= 1 } }
    }
}

@MainActor
private struct Toggled: View {
    @State var on = true
    var body: some View {
        VStack {
            if on { Countdown() }
            Button("hide") { on = false }.named("hide")
        }
    }
}

@MainActor
private struct Draggable: View {
    @State var offset = Size.zero
    @State var ended = Size.zero
    var body: some View {
        Color.blue.frame(width: 100, height: 100)
            .offset(offset)
            .named("square")
            .gesture(DragGesture()
                .onChanged { offset = $0.translation }
                .onEnded { ended = $0.translation })
    }
}

@MainActor
final class TimerAndDragTests: XCTestCase {
    func testTimerPublisherTicksOnTheSceneClockWhileTheViewIsInTheTree() async {
        let s = TestScene { Toggled() }
        XCTAssertEqual(s.probe("count")?.text, "3")
        XCTAssertEqual(s.host.nextChange(after: 0), 1, "a still scene sleeps until the next tick")
        s.advance(to: 0.99)
        XCTAssertEqual(s.probe("count")?.text, "3")
        s.advance(to: 1)
        XCTAssertEqual(s.probe("count")?.text, "2")
        s.advance(to: 2.5)
        XCTAssertEqual(s.probe("count")?.text, "1")
        s.click("hide")
        XCTAssertNil(s.host.nextChange(after: s.now), "its timer stops when the view leaves")
    }

    func testDragReportsTranslationFromThePressAndEnds() async {
        let s = TestScene(size: Size(400, 400)) { Draggable() }
        let c = s.frame("square").center
        s.scene.root.pointerPressed(at: c, time: 0)
        s.scene.root.pointerMoved(to: Point(c.x + 5, c.y), time: 0)
        s.scene.layout(size: s.size, time: 0)
        XCTAssertEqual(s.probe("square")?.value("offset.x"), .number(model: 0, presented: 0), "under 10 pt it is not a drag yet")
        s.scene.root.pointerMoved(to: Point(c.x + 40, c.y + 30), time: 0.1)
        s.scene.layout(size: s.size, time: 0.1)
        XCTAssertEqual(s.probe("square")?.value("offset.x"), .number(model: 40, presented: 40))
        XCTAssertEqual(s.probe("square")?.value("offset.y"), .number(model: 30, presented: 30))
        s.scene.root.pointerReleased(at: Point(c.x + 60, c.y + 30), inside: true, time: 0.2)
        s.scene.layout(size: s.size, time: 0.2)
        XCTAssertEqual(s.probe("square")?.value("state.ended"), nil, "sizes are not probe state")
        XCTAssertEqual(s.probe("square")?.value("offset.x"), .number(model: 60, presented: 60))
        XCTAssertEqual(s.probe("square")!.drawn.minX, s.frame("square").minX + 60, accuracy: 1e-9)
    }
}
