import Motion
import Stage
@testable import Views
import XCTest
import ZoetropeTestSupport

@MainActor
private struct Lines: View {
    let alignment: TextAlignment?
    var body: some View {
        if let alignment {
            Text("abcd\nab").multilineTextAlignment(alignment).named("lines")
        } else {
            Text("abcd\nab").named("lines")
        }
    }
}

/// `.multilineTextAlignment` lines the lines of a text up in its frame (TestScene measures 10 pt a character).
@MainActor
final class TextAlignmentTests: XCTestCase {
    /// The left edge of each drawn line, in draw order.
    private func lineStarts(_ alignment: TextAlignment?) -> [Double] {
        let s = TestScene { Lines(alignment: alignment) }
        let quads = s.draw().batches.filter { if case .text? = $0.texture { return true } else { return false } }
        let minX = s.frame("lines").minX
        return quads.map { Double($0.vertices.map(\.x).min()!) - minX }
    }

    func testLinesAreLeadingUnlessAligned() async {
        XCTAssertEqual(lineStarts(nil), [0, 0])
        XCTAssertEqual(lineStarts(.leading), [0, 0])
        XCTAssertEqual(lineStarts(.center), [0, 10], "the 20-pt line in the middle of the 40-pt text")
        XCTAssertEqual(lineStarts(.trailing), [0, 20])
    }
}
