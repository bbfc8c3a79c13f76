import Stage
@testable import Views
import XCTest

/// Which bodies a change evaluates, as SwiftUI decides it: the views whose state or observed object changed, each
/// on its own; a view its parent makes again with the same plain data and the same objects is not evaluated; a
/// GeometryReader's closure runs again when its parent is evaluated or its size changes, not for a change inside.
@MainActor
final class EvaluationScopeTests: XCTestCase {
    func testAChangeEvaluatesOnlyTheViewThatObservesIt() async {
        let runs = BodyRuns(), a = Tally(), b = Tally()
        let s = TestScene(size: Size(300, 300)) { TallyPanel(runs: runs, a: a, b: b) }
        let before = runs.counts
        a.value = 1
        s.advance(to: 0.1)
        XCTAssertEqual(s.probe("a")?.text, "a 1")
        XCTAssertEqual(runs["a"], before["a", default: 0] + 1, "the observing row is evaluated again")
        XCTAssertEqual(runs["b"], before["b", default: 0], "the other row is not")
        XCTAssertEqual(runs["panel"], before["panel", default: 0], "nor its ancestor")
        XCTAssertEqual(runs["reader"], before["reader", default: 0], "nor the GeometryReader between them")
        XCTAssertEqual(s.probe("b")?.text, "b 0")
    }

    func testAChildMadeAgainWithTheSameObjectAndTextIsNotEvaluatedButOneWithANewBindingIs() async {
        let runs = BodyRuns(), model = Tally()
        let s = TestScene(size: Size(300, 300)) { TapCounter(runs: runs, model: model) }
        let before = runs.counts
        s.click("taps")
        XCTAssertEqual(s.probe("taps")?.text, "taps 1")
        XCTAssertEqual(runs["counter"], before["counter", default: 0] + 1)
        XCTAssertEqual(runs["caption"], before["caption", default: 0], "same heap text, same object: reused")
        XCTAssertEqual(runs["bound"], before["bound", default: 0] + 1, "a binding made again in the parent's body")
        XCTAssertEqual(s.probe("bound")?.text, "bound 1")
        model.value = 5
        s.advance(to: 0.1)
        XCTAssertEqual(s.probe("caption")?.text, "\(TapCounter.title) 5", "an observed object still re-evaluates it")
    }

    func testAGeometryReaderRunsItsClosureAgainWhenItsParentIsEvaluatedOrItsSizeChanges() async {
        let runs = BodyRuns()
        let s = TestScene(size: Size(300, 300)) { ReaderParent(runs: runs) }
        var reader = runs["reader"]
        s.click("parentTaps")
        XCTAssertEqual(runs["reader"], reader + 1, "its parent was evaluated")
        XCTAssertEqual(s.probe("width")?.text, "300 taps 1")
        reader = runs["reader"]
        s.size = Size(200, 300)
        s.advance(to: 0.1)
        XCTAssertEqual(runs["reader"], reader + 1, "its size changed")
        XCTAssertEqual(s.probe("width")?.text, "200 taps 1")
        reader = runs["reader"]
        s.click("inner")
        XCTAssertEqual(s.probe("inner")?.text, "inner 1")
        XCTAssertEqual(runs["reader"], reader, "a change inside its content does not run it")
    }

    func testAViewEvaluatedOnItsOwnDropsTheStateOfWhatLeftAndPlacesWhatCame() async {
        let runs = BodyRuns()
        let s = TestScene(size: Size(300, 300)) { ShowHide(runs: runs) }
        s.click("child"); s.click("child")
        XCTAssertEqual(s.probe("child")?.text, "child 2")
        let panel = runs["panel"]
        s.click("toggle")
        XCTAssertNil(s.probe("child"))
        s.click("toggle")
        XCTAssertEqual(s.probe("child")?.text, "child 0", "a view that left and came back starts afresh")
        XCTAssertEqual(runs["panel"], panel, "the toggling view was evaluated on its own")
        // A view whose own elements change (its body's top level is a conditional) is placed by its parent, which
        // is evaluated then (through a view that only holds it).
        XCTAssertEqual(s.frame("on").height, 20)
        s.click("on")
        XCTAssertEqual(s.probe("off")?.text, "off")
        XCTAssertNil(s.probe("on"))
        XCTAssertEqual(s.frame("off").height, 30, "laid out anew")
        XCTAssertLessThanOrEqual(s.frame("off").maxY, s.frame("toggle").minY, "in its place above the toggle")
        XCTAssertEqual(runs["panel"], panel + 1)
        s.click("off")
        XCTAssertEqual(s.probe("on")?.text, "on")
    }
}

/// How many times each body (or reader closure) ran, by name.
private final class BodyRuns {
    private(set) var counts: [String: Int] = [:]
    func note(_ name: String) { counts[name, default: 0] += 1 }
    subscript(name: String) -> Int { counts[name, default: 0] }
}

@MainActor
private final class Tally: ObservableObject {
    @Published var value = 0
}

private struct TallyRow: View {
    let name: String
    let runs: BodyRuns
    @ObservedObject var tally: Tally
    var body: some View {
        let _ = runs.note(name)
        Text("\(name) \(tally.value)").named(name)
    }
}

private struct TallyPanel: View {
    let runs: BodyRuns
    let a: Tally, b: Tally
    var body: some View {
        let _ = runs.note("panel")
        GeometryReader { _ in
            let _ = runs.note("reader")
            VStack {
                TallyRow(name: "a", runs: runs, tally: a)
                TallyRow(name: "b", runs: runs, tally: b)
            }
        }
    }
}

/// A caption with a title long enough to live on the heap (a `String` that is not plain data) and an object.
private struct Caption: View {
    let title: String
    let runs: BodyRuns
    @ObservedObject var model: Tally
    var body: some View {
        let _ = runs.note("caption")
        Text("\(title) \(model.value)").named("caption")
    }
}

private struct Bound: View {
    @Binding var value: Int
    let runs: BodyRuns
    var body: some View {
        let _ = runs.note("bound")
        Text("bound \(value)").named("bound")
    }
}

private struct TapCounter: View {
    static let title = "A caption much longer than fifteen bytes"
    let runs: BodyRuns
    let model: Tally
    @State private var taps = 0
    var body: some View {
        let _ = runs.note("counter")
        VStack {
            Text("taps \(taps)").named("taps").onTapGesture { taps += 1 }
            Caption(title: Self.title, runs: runs, model: model)
            Bound(value: $taps, runs: runs)
        }
    }
}

private struct InnerTaps: View {
    @State private var taps = 0
    var body: some View {
        Text("inner \(taps)").named("inner").onTapGesture { taps += 1 }
    }
}

private struct ReaderParent: View {
    let runs: BodyRuns
    @State private var taps = 0
    var body: some View {
        VStack(spacing: 0) {
            Text("parent").named("parentTaps").onTapGesture { taps += 1 }
            GeometryReader { proxy in
                let _ = runs.note("reader")
                VStack {
                    Text("\(Int(proxy.size.width)) taps \(taps)").named("width")
                    InnerTaps()
                }
            }
        }
    }
}

private struct Counted: View {
    @State private var n = 0
    var body: some View { Text("child \(n)").named("child").onTapGesture { n += 1 } }
}

private struct Shown: View {
    @State private var shown = true
    var body: some View {
        VStack {
            Text("toggle").named("toggle").onTapGesture { shown.toggle() }
            if shown { Counted() }
        }
    }
}

/// Its body's top level is the conditional: its elements change with it.
private struct Switch: View {
    @State private var on = true
    var body: some View {
        if on {
            Text("on").frame(height: 20).named("on").onTapGesture { on = false }
        } else {
            Text("off").frame(height: 30).named("off").onTapGesture { on = true }
        }
    }
}

private struct Switcher: View {
    var body: some View { Switch() }
}

private struct ShowHide: View {
    let runs: BodyRuns
    var body: some View {
        let _ = runs.note("panel")
        VStack {
            Switcher()
            Shown()
        }
    }
}
