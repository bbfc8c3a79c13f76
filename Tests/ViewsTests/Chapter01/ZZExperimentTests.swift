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
            print("before", s.frame("m"))
            s.click("b")
            s.advance(to: 0.1)
            print("after", s.frame("m"), s.probe("m")?.text ?? "")
        }
    }
}
