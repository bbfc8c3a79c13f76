import Stage
@testable import Views
import XCTest

@MainActor
private struct Fading: View {
    @State var shown = true
    var body: some View {
        VStack {
            Circle().opacity(shown ? 1 : 0).frame(width: 20, height: 20).named("inner")
            Circle().frame(width: 20, height: 20).named("outer").opacity(shown ? 1 : 0)
            Button("fade") { shown.toggle() }.named("fade")
        }
    }
}

/// A probe reports a node as hidden when an opacity among its own modifiers (written before `.named`) is 0, as it
/// does for one written after.
@MainActor
final class ProbeHiddenTests: XCTestCase {
    func testOpacityInsideTheNamedChainHides() async {
        let s = TestScene { Fading() }
        XCTAssertEqual(s.probe("inner")?.hidden, false)
        XCTAssertEqual(s.probe("outer")?.hidden, false)
        s.click("fade")
        XCTAssertEqual(s.probe("inner")?.hidden, true)
        XCTAssertEqual(s.probe("outer")?.hidden, true)
    }
}
