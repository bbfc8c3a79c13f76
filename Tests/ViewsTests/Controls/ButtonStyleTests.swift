import Motion
import Stage
@testable import Views
import XCTest

/// A pressed look like the elevator's call button: dims at once, fades back on release.
@MainActor
private struct FadeStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .opacity(configuration.isPressed ? 0.2 : 1)
            .animation(configuration.isPressed ? nil : .linear(duration: 0.2), value: configuration.isPressed)
    }
}

@MainActor
private struct Styled: View {
    @State var on = false
    var body: some View {
        Button(action: { on.toggle() }) {
            Circle()
                .fill(on ? Color.white : Color.black)
                .frame(width: 20, height: 20)
                .named("centre")
        }
        .buttonStyle(FadeStyle())
        .named("button")
    }
}

@MainActor
final class ButtonStyleTests: XCTestCase {
    func press(_ s: TestScene, _ p: Point) { s.scene.root.pointerPressed(at: p, time: s.now); s.scene.layout(size: s.size, time: s.now) }
    func release(_ s: TestScene, _ p: Point, inside: Bool = true) {
        s.scene.root.pointerReleased(at: p, inside: inside, time: s.now)
        s.scene.layout(size: s.size, time: s.now)
    }
    func opacity(_ s: TestScene) -> Double { s.presented("button", "opacity")! }

    func testTheStyleSeesThePressedStateAndAnimatesBack() async {
        let s = TestScene(size: Size(100, 100)) { Styled() }
        let centre = s.frame("button").center
        XCTAssertEqual(opacity(s), 1)
        s.advance(to: 1)
        press(s, centre)
        XCTAssertEqual(opacity(s), 0.2, accuracy: 1e-9, "dims at once")
        s.advance(to: 1.5)
        XCTAssertEqual(opacity(s), 0.2, accuracy: 1e-9, "stays dim while held")
        release(s, centre)
        s.advance(to: 1.6)
        XCTAssertEqual(opacity(s), 0.6, accuracy: 1e-9, "halfway back after 0.1 s of 0.2 s")
        s.advance(to: 1.7)
        XCTAssertEqual(opacity(s), 1, accuracy: 1e-9)
    }

    func testTheActionsChangesDoNotTakeThePressedLooksAnimation() async {
        let s = TestScene(size: Size(100, 100)) { Styled() }
        s.click("button")
        guard case let .color(model, presented)? = s.probe("centre")?.value("color") else { return XCTFail("no colour") }
        XCTAssertEqual(model, .white)
        XCTAssertEqual(presented, .white, "the action's change is applied after the release, without its animation")
    }

    func testMovingOutUndimsAndReleasingOutsideDoesNothing() async {
        let s = TestScene(size: Size(100, 100)) { Styled() }
        let centre = s.frame("button").center
        press(s, centre)
        s.scene.root.pointerMoved(to: Point(centre.x + 40, centre.y), time: s.now)
        s.scene.layout(size: s.size, time: s.now)
        s.advance(to: 0.5)
        XCTAssertEqual(opacity(s), 1, accuracy: 1e-9)
        release(s, Point(centre.x + 40, centre.y), inside: false)
        guard case let .color(model, _)? = s.probe("centre")?.value("color") else { return XCTFail("no colour") }
        XCTAssertEqual(model, .black)
    }

    func testAStyledLabelIsNotTintedAndNotDimmedByTheButton() async {
        let s = TestScene(size: Size(100, 100)) {
            Button("Go") {}.buttonStyle(FadeStyle()).named("go")
        }
        guard case let .color(c, _)? = s.probe("text:Go")?.value("color") ?? s.probe("go")?.value("color") else {
            return XCTFail("no text colour")
        }
        XCTAssertEqual(c, .black)
    }
}
