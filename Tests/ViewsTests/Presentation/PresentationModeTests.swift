import Stage
@testable import Views
import XCTest

/// The pieces HIITFit added to the view layer, on their own: `@Environment(\.presentationMode)`, `.probeState`,
/// grey disabled button labels.
@MainActor
final class PresentationModeTests: XCTestCase {
    private struct ModeProbe: View {
        @Environment(\.presentationMode) var presentationMode
        let report: (Bool) -> Void
        var body: some View {
            Button("Close") {
                report(presentationMode.wrappedValue.isPresented)
                presentationMode.wrappedValue.dismiss()
            }
        }
    }

    private struct Host: View {
        @State var show = false
        let report: (Bool) -> Void
        var body: some View {
            VStack {
                ModeProbe(report: report).named("outside")
                Button("Open") { show = true }.named("open")
                    .sheet(isPresented: $show) { ModeProbe(report: report).named("inside") }
            }
            .probeState("sheetShown", show)
            .named("stack")
        }
    }

    func testPresentationModeDismissesTheSheetItIsIn() async {
        var reports: [Bool] = []
        let s = TestScene { Host(report: { reports.append($0) }) }
        s.click("outside")
        XCTAssertEqual(reports, [false], "outside a sheet: not presented, and dismiss does nothing")
        s.click("open")
        XCTAssertEqual(s.probe("stack")?.value("state.sheetShown"), .state(.bool(true)))
        s.advance(to: 1)
        s.click("inside")
        XCTAssertEqual(reports, [false, true])
        XCTAssertEqual(s.probe("stack")?.value("state.sheetShown"), .state(.bool(false)), "dismissed: the binding is false")
    }

    func testADisabledButtonsLabelIsGrey() async {
        let s = TestScene { VStack { Button("A") {}.named("a"); Button("B") {}.disabled(true).named("b") } }
        XCTAssertEqual(s.probe("a")?.enabled, true)
        XCTAssertEqual(s.probe("b")?.enabled, false)
        func colour(_ n: String) -> Color? {
            if case let .color(m, _)? = s.probe(n)?.value("color") { return m }
            return nil
        }
        XCTAssertEqual(colour("a"), Color.blue)
        XCTAssertEqual(colour("b"), Color(hex: 0xC5C5C7))
    }
}
