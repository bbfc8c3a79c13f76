import Motion
import Stage
@testable import Views
import XCTest

@MainActor
private struct Entering: View {
    @State var shown = false
    let transition: AnyTransition
    var body: some View {
        VStack {
            Button("toggle") { withAnimation(.linear(duration: 1)) { shown.toggle() } }.named("toggle")
            if shown {
                HStack { Text("row").named("inside") }.frame(width: 100, height: 40).transition(transition)
            }
            Text("caption text").padding(4).named("caption")
            Text("plain text")
        }
    }
}

/// Spec README §3.17: a view with a name of its own is listed once, under that name; a view entering or leaving with
/// a transition reports the transition's presented opacity, scale and offset in `values` while it runs.
@MainActor
final class ProbeContractTests: XCTestCase {
    func testANamedTextIsListedOnceUnderItsName() async {
        let s = TestScene { Entering(transition: .opacity) }
        let names = s.scene.probeAll(at: s.now).map(\.name)
        XCTAssertEqual(names.filter { $0 == "caption" }.count, 1)
        XCTAssertFalse(names.contains("text:caption text"), "no text: twin of a named text: \(names)")
        XCTAssertEqual(s.probe("caption")?.text, "caption text", "the name carries the text")
        XCTAssertTrue(names.contains("text:plain text"), "an unnamed text keeps its text: entry")
    }

    /// Linear over 1 s: at 0.25 s the transition is a quarter of the way from its active state to identity.
    private func entering(_ transition: AnyTransition, at t: Double) -> ProbeReport? {
        let s = TestScene { Entering(transition: transition) }
        s.click("toggle")
        s.advance(to: t)
        return s.probe("inside")
    }

    private func assertValue(_ r: ProbeReport?, _ key: String, model: Double, presented: Double,
                             file: StaticString = #filePath, line: UInt = #line) {
        guard case let .number(m, p)? = r?.value(key) else {
            return XCTFail("no \(key) in \(r?.values.map(\.key) ?? [])", file: file, line: line)
        }
        XCTAssertEqual(m, model, accuracy: 1e-9, "\(key) model", file: file, line: line)
        XCTAssertEqual(p, presented, accuracy: 1e-6, "\(key) presented", file: file, line: line)
    }

    func testOpacityTransitionOfTheRowAroundTheNode() async {
        assertValue(entering(.opacity, at: 0.25), "opacity", model: 1, presented: 0.25)
    }

    func testScaleTransition() async {
        assertValue(entering(.scale(scale: 0.2), at: 0.25), "scale", model: 1, presented: 0.2 + 0.8 * 0.25)
    }

    func testOffsetAndMoveTransitions() async {
        let offset = entering(.offset(x: 40, y: -20), at: 0.25)
        assertValue(offset, "offset.x", model: 0, presented: 30)
        assertValue(offset, "offset.y", model: 0, presented: -15)
        // .move(edge: .leading) starts its own width (the 100-pt frame) to the left.
        assertValue(entering(.move(edge: .leading), at: 0.25), "offset.x", model: 0, presented: -75)
    }

    func testRemovalReportsTheActiveStateAsItsModel() async {
        let s = TestScene { Entering(transition: .opacity) }
        s.click("toggle")
        s.advance(to: 2)
        XCTAssertNil(s.probe("inside")?.value("opacity"), "no transition value once it has ended")
        s.click("toggle")
        s.advance(to: 2.75)
        assertValue(s.probe("inside"), "opacity", model: 0, presented: 0.25)
    }
}
