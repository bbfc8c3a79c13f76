import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Counter: View {
    @State var count = 0
    let label: String
    var body: some View {
        Button("\(label) \(count)") { count += 1 }.named(label)
    }
}

@MainActor
private struct Branches: View {
    @State var showFirst = true
    var body: some View {
        VStack {
            if showFirst { Counter(label: "first") } else { Counter(label: "second") }
            Counter(label: "kept")
            Button("switch") { showFirst.toggle() }.named("switch")
        }
    }
}

@MainActor
private struct Scoped: View {
    @State var big = false
    var body: some View {
        Color.red.frame(width: 10, height: 10)
            .scaleEffect(big ? 2 : 1)
            .animation(.linear(duration: 1), value: big)
            .offset(x: big ? 100 : 0)
            .named("box")
            .onTapGesture { big.toggle() }
    }
}

@MainActor
private final class Model: ObservableObject {
    @Published var lit = false
}

@MainActor
private struct Lights: View {
    @StateObject var model = Model()
    var body: some View {
        VStack {
            Color.red.frame(width: 20, height: 20).opacity(model.lit ? 1 : 0.3).named("light")
            Button("ride") {
                model.lit = true
                withAnimation(.linear(duration: 1).delay(1)) { model.lit = false }
            }.named("ride")
        }
    }
}

@MainActor
private struct Appearing: View {
    @State var grown = false
    var body: some View {
        Circle().frame(width: 100, height: 100).scaleEffect(grown ? 1 : 0.25)
            .animation(.easeInOut(duration: 2), value: grown)
            .named("circle")
            .onAppear { grown = true }
    }
}

@MainActor
private struct Toggling: View {
    @State var shown = false
    var body: some View {
        VStack {
            Button("toggle") { withAnimation(.linear(duration: 1)) { shown.toggle() } }.named("toggle")
            if shown {
                Text("hello").named("hello").transition(.scale.combined(with: .opacity))
            }
        }
    }
}

@MainActor
private struct Growing: View {
    @State var wide = false
    var body: some View {
        HStack(spacing: 0) {
            Color.red.frame(width: wide ? 200 : 100, height: 50).named("bar")
            Color.blue.frame(width: 10, height: 50).named("after")
        }
        .onTapGesture { withAnimation(.linear(duration: 1)) { wide.toggle() } }
    }
}

@MainActor
final class StateAndAnimationTests: XCTestCase {
    func testFrameSizesAnimateWithLayoutRunEachFrame() async {
        let s = TestScene(size: Size(400, 400)) { Growing() }
        s.click(at: Point(200, 200))
        s.advance(to: 0.5)
        XCTAssertEqual(s.frame("bar").width, 150, accuracy: 1e-9)
        XCTAssertEqual(s.frame("after").minX, s.frame("bar").maxX, accuracy: 1e-9, "siblings move with it")
        XCTAssertEqual(s.frame("bar").minX, (400 - 160) / 2, accuracy: 1e-9, "the stack stays centred")
        s.advance(to: 1)
        XCTAssertEqual(s.frame("bar").width, 200, accuracy: 1e-9)
        XCTAssertEqual(s.probe("bar")?.value("frame.width"), .number(model: 200, presented: 200))
    }

    func testStateIsKeptByStructuralIdentityAndBranchesHaveTheirOwn() async {
        let s = TestScene { Branches() }
        s.click("first"); s.click("first"); s.click("kept")
        XCTAssertEqual(s.probe("first")?.text, "first 2")
        XCTAssertEqual(s.probe("kept")?.text, "kept 1", "re-evaluating the body keeps each view's state")
        s.click("switch")
        XCTAssertNil(s.probe("first"))
        XCTAssertEqual(s.probe("second")?.text, "second 0", "the other branch is another view with its own state")
        s.click("switch")
        XCTAssertEqual(s.probe("first")?.text, "first 0", "a view that left and came back starts afresh")
        XCTAssertEqual(s.probe("kept")?.text, "kept 1")
    }

    func testValueScopedAnimationCoversOnlyModifiersWrittenBeforeIt() async {
        let s = TestScene { Scoped() }
        s.click("box")
        s.advance(to: 0.5)
        let values = s.probe("box")!.values
        XCTAssertEqual(values.first { $0.key == "scale" }?.value, .number(model: 2, presented: 1.5))
        XCTAssertEqual(values.first { $0.key == "offset.x" }?.value, .number(model: 100, presented: 100), "written after: instant")
    }

    func testEachChangeKeepsTheTransactionItWasMadeIn() async {
        let s = TestScene { Lights() }
        s.advance(to: 2)
        s.click("ride")
        // `lit = true` was instant, the change back inside withAnimation runs 1 s after a 1-s delay.
        s.advance(to: 2.5)
        XCTAssertEqual(s.presented("light", "opacity")!, 1, accuracy: 1e-9)
        s.advance(to: 3.5)
        XCTAssertEqual(s.presented("light", "opacity")!, 0.65, accuracy: 1e-9)
        s.advance(to: 4)
        XCTAssertEqual(s.presented("light", "opacity")!, 0.3, accuracy: 1e-9)
        XCTAssertEqual(s.probe("light")?.value("state.lit"), .state(.bool(false)))
    }

    func testOnAppearAnimatesFromTheInitialLayout() async {
        let s = TestScene { Appearing() }
        XCTAssertEqual(s.presented("circle", "scale")!, 0.25, accuracy: 1e-9)
        s.advance(to: 1)
        XCTAssertEqual(s.presented("circle", "scale")!, 0.625, accuracy: 1e-9)
        s.advance(to: 2)
        XCTAssertEqual(s.presented("circle", "scale")!, 1, accuracy: 1e-9)
    }

    func testTransitionsInsertAndRemoveWithTheirAnimationAndARemovedViewDrawsUntilTheEnd() async {
        let s = TestScene { Toggling() }
        XCTAssertNil(s.probe("hello"))
        s.click("toggle")
        s.advance(to: 0.5)
        let frame = s.frame("hello")
        XCTAssertEqual(s.probe("hello")!.drawn.width, frame.width * 0.5, accuracy: 1e-6, "scale 0 → 1, halfway")
        s.advance(to: 1.2)
        s.click("toggle")
        s.advance(to: 1.7)
        let drawn = s.draw().batches.filter { if case .text("hello", _)? = $0.texture { return true } else { return false } }
        XCTAssertEqual(drawn.count, 1, "still drawn during its removal")
        XCTAssertEqual(Double(drawn[0].vertices[0].a), 255 * 0.5, accuracy: 1, "opacity halfway out")
        XCTAssertTrue(s.probe("hello")!.hidden == false)
        s.advance(to: 2.3)
        XCTAssertNil(s.probe("hello"), "gone once the removal ends")
        XCTAssertTrue(s.draw().batches.allSatisfy { if case .text("hello", _)? = $0.texture { return false } else { return true } })
    }

    func testAStillSceneDoesNoWork() async {
        let s = TestScene { Branches() }
        s.draw()
        let before = s.host.stats
        for i in 1...30 { s.advance(to: Double(i) / 60); s.draw() }
        XCTAssertEqual(s.host.stats.evaluations, before.evaluations, "no re-evaluation")
        XCTAssertEqual(s.host.stats.layouts, before.layouts, "no layout")
        XCTAssertEqual(s.host.stats.draws, before.draws, "the display list is replayed")
        XCTAssertNil(s.host.nextChange(after: s.now), "nothing due: the loop may sleep until input")
        s.click("kept")
        s.draw()
        XCTAssertEqual(s.host.stats.evaluations, before.evaluations + 1)
        XCTAssertEqual(s.host.stats.draws, before.draws + 1)
    }

    /// A state's initial value is worked out once, for the first view value seen at its identity: the parent's
    /// later evaluations make the child again but do not run the expression again (SwiftUI keeps the first value).
    func testAStatesInitialExpressionRunsOnceAtItsIdentity() async {
        final class Draws { var count = 0; func next() -> Int { count += 1; return count * 10 } }
        struct Child: View {
            let draws: Draws
            @State var target: Int
            init(draws: Draws) { self.draws = draws; _target = State(wrappedValue: draws.next()) }
            var body: some View { Text("\(target)").named("target") }
        }
        struct Parent: View {
            let draws: Draws
            @State var taps = 0
            var body: some View {
                VStack {
                    Child(draws: draws)
                    Text("taps \(taps)").named("taps").onTapGesture { taps += 1 }
                }
            }
        }
        let draws = Draws()
        let s = TestScene { Parent(draws: draws) }
        for _ in 0..<3 { s.click("taps") }
        XCTAssertEqual(s.probe("taps")?.text, "taps 3", "the parent was evaluated again")
        XCTAssertEqual(s.probe("target")?.text, "10", "the first value is kept")
        XCTAssertEqual(draws.count, 1, "the initial expression ran once")
    }
}
