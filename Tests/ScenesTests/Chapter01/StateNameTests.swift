import Stage
import XCTest

/// Spec 01 §2.1.2.
@MainActor
final class StateNameTests: ViewSceneTestCase {
    func testClickChangesTheNameInTheNextFrame() async throws {
        try open("ch1-state-name")
        XCTAssertEqual(probe("greeting").text, "Hello, Bella")
        XCTAssertTrue(h.click(node: "changeButton"))
        h.advance(by: 1.0 / 60)
        XCTAssertEqual(probe("greeting").text, "Hello, Jack")
        h.click(node: "changeButton")
        h.advance(by: 1.0 / 60)
        XCTAssertEqual(probe("greeting").text, "Hello, Jack")
    }

    func testStackIsCentredAtAnotherSize() async throws {
        try open("ch1-state-name", size: Size(844, 390))
        let g = probe("greeting").frame, b = probe("changeButton").frame
        XCTAssertEqual(g.midX, 422, accuracy: 1)
        XCTAssertEqual((g.minY + b.maxY) / 2, 195, accuracy: 1)
        XCTAssertEqual(b.minY - g.maxY, 8, accuracy: 0.01, "default spacing")
    }
}
