import Stage
@testable import Views
import XCTest

final class ZZExperimentTests: XCTestCase {
    struct V: View {
        @State var t = ""
        var body: some View {
            VStack {
                Text(t).named("m").padding()
                Button("B") { t = "Hello SwiftUI!" }.named("b")
            }
        }
    }
    struct W: View {
        @State var t = ""
        var body: some View {
            VStack {
                Text(t).named("m")
                Button("B") { t = "Hello SwiftUI!" }.named("b")
            }
        }
    }
    func testExp() {
        for make in [{ TestScene { V() } }, { TestScene { W() } }] {
            let s = make()
            print("before", s.frame("m"), s.host.stats, s.host.layoutPass)
            s.click("b")
            s.advance(to: 0.1)
            print("after", s.frame("m"), s.probe("m")?.text ?? "", s.host.stats, s.host.layoutPass)
            let e = s.host.root.children.first!
            if let t = e.children.first as? TextElement { print("text size", t.size(for: .unspecified), t.size(for: ProposedSize(width: 390, height: 844)), t.string, t.layoutDirty) }
            print("tree", type(of: e), e.frame, e.children.map { "\(type(of: $0)) \($0.frame) \(($0 as? TextElement)?.string ?? "")" })
        }
    }
}
