import Foundation
import Stage
@testable import Views
import XCTest

/// What an editor built of views (the Particle Lab) needs from the view layer: a drag that begins at the press, a
/// pop-up picker stepped with ←/→, Delete for the view's own delete command, and files opened while it shows.
@MainActor
private final class Events { var log: [String] = [] }

@MainActor
private struct Editor: View {
    let events: Events
    @State var choice = 1

    var body: some View {
        VStack {
            Picker("Choice", selection: $choice) {
                ForEach(0..<3) { Text("option \($0)").tag($0) }
            }
            .named("choice")
            Rectangle()
                .fill(Color.gray)
                .frame(width: 200, height: 100)
                .gesture(DragGesture(minimumDistance: 0)
                    .onChanged { events.log.append("changed \(Int($0.location.x)),\(Int($0.location.y))") }
                    .onEnded { _ in events.log.append("ended") })
                .named("pad")
        }
        .onDeleteCommand { events.log.append("delete") }
        .onOpenURL { events.log.append("open \($0.lastPathComponent)") }
    }
}

@MainActor
final class EditorInputTests: XCTestCase {
    func testADragWithNoMinimumDistanceBeginsAtThePress() async {
        let events = Events()
        let s = TestScene { Editor(events: events) }
        let pad = s.frame("pad")
        s.press(at: Point(pad.minX + 20, pad.minY + 30))
        XCTAssertEqual(events.log, ["changed 20,30"], "the press alone is the first change")
        s.release(at: Point(pad.minX + 20, pad.minY + 30))
        XCTAssertEqual(events.log, ["changed 20,30", "changed 20,30", "ended"])
    }

    func testArrowKeysStepAFocusedMenuPickerWithoutOpeningIt() async {
        let s = TestScene { Editor(events: Events()) }
        XCTAssertTrue(s.key("tab"))
        XCTAssertTrue(s.key("right"))
        XCTAssertEqual(s.probe("choice")?.text, "option 2")
        XCTAssertEqual(s.model("choice", "open"), 0, "the list stays closed")
        XCTAssertTrue(s.key("right"), "used at the end too (it stops there)")
        XCTAssertEqual(s.probe("choice")?.text, "option 2")
        XCTAssertTrue(s.key("left"))
        XCTAssertTrue(s.key("left"))
        XCTAssertEqual(s.probe("choice")?.text, "option 0")
    }

    func testDeleteRunsTheDeleteCommandWhenNoControlUsesIt() async {
        let events = Events()
        let s = TestScene { Editor(events: events) }
        XCTAssertTrue(s.key("delete"))
        XCTAssertTrue(s.key("backspace"))
        XCTAssertFalse(s.key("delete", ctrl: true))
        XCTAssertEqual(events.log, ["delete", "delete"])
        // Without a delete command the key is not used (the player may have it).
        XCTAssertFalse(TestScene { Text("plain") }.key("delete"))
    }

    func testAnOpenedFileGoesToTheOnOpenURLHandler() async {
        let events = Events()
        let s = TestScene { Editor(events: events) }
        XCTAssertTrue(s.scene.open(URL(fileURLWithPath: "/tmp/Fire.sks")))
        XCTAssertEqual(events.log, ["open Fire.sks"])
        XCTAssertFalse(TestScene { Text("plain") }.scene.open(URL(fileURLWithPath: "/tmp/Fire.sks")), "no handler: the player opens it")
    }
}
