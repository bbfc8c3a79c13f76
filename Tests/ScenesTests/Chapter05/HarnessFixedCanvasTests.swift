import Stage
import XCTest
import ZoetropeHarness

/// `click NODE` in the test harness lands where the node is drawn in the window, also when a fixed canvas is scaled
/// and centred in a window of another size (as the script driver's does).
@MainActor
final class HarnessFixedCanvasTests: ViewSceneTestCase {
    func testClickNodeOnAScaledFixedCanvas() async throws {
        try open("ch05-kaleidoscope", size: Size(800, 600))
        h.advance(to: 0.5)
        XCTAssertTrue(h.click(node: "text:dog"))
        h.advance(to: 1.5)
        XCTAssertEqual(probe("rowLabels").values.first { $0.key == "state.selectedImage" }?.value, .state(.string("dog")))
    }
}
