import Stage
@testable import Views
import XCTest

/// A state change that resizes a view lays out its ancestors again in the same frame (text: 10 pt per character).
@MainActor
final class LayoutRelayoutTests: XCTestCase {
    private struct Toggle: View {
        @State var text = ""
        var body: some View {
            VStack {
                Text(text).named("message").padding()
                Button("B") { text = "Hello SwiftUI!" }.named("button")
            }
        }
    }

    func testStackRecentresAfterItsTextGrows() async {
        let s = TestScene(size: Size(390, 844)) { Toggle() }
        XCTAssertEqual(s.frame("message").width, 0)
        s.click("button")
        s.advance(to: 1.0 / 60)
        // "Hello SwiftUI!" is 14 characters: 140 pt, centred by the stack, which is centred in the window.
        XCTAssertEqual(s.frame("message").width, 140, accuracy: 1e-9)
        XCTAssertEqual(s.frame("message").midX, 195, accuracy: 1e-9)
    }
}
