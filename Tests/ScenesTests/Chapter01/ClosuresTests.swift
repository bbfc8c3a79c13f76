import Diagnostics
import Stage
import XCTest

/// Spec 01 §2.1.18.
@MainActor
final class ClosuresTests: ViewSceneTestCase {
    private var firstLine = 0
    /// How many log lines since entering the scene read `line`.
    private func count(_ line: String) -> Int { RunLog.shared.messages[firstLine...].filter { $0 == line }.count }

    private func enter(size: Size? = nil) throws {
        firstLine = RunLog.shared.messages.count
        try open("ch1-closures", size: size)
    }

    func testAppearLogsOnceAndEachClickOnce() async throws {
        try enter()
        h.advance(by: 0.5)
        XCTAssertEqual(count("The view appeared!"), 1)
        XCTAssertEqual(count("Button was clicked!"), 0)
        for n in 1...3 {
            XCTAssertTrue(h.click(node: "button"))
            h.advance(by: 1.0 / 60)
            XCTAssertEqual(count("Button was clicked!"), n)
        }
        XCTAssertEqual(count("The view appeared!"), 1)
    }

    func testLayoutAtAnotherSize() async throws {
        try enter(size: Size(844, 390))
        XCTAssertEqual(count("The view appeared!"), 1)
        let hello = probe("hello").frame, button = probe("button")
        XCTAssertEqual(probe("hello").text, "Hello, SwiftUI!")
        XCTAssertEqual(button.text, "Button")
        XCTAssertLessThan(hello.maxY, button.frame.minY)
        XCTAssertEqual((hello.minY + button.frame.maxY) / 2, 195, accuracy: 1, "centred stack")
        XCTAssertEqual(hello.midX, 422, accuracy: 2)
    }
}
