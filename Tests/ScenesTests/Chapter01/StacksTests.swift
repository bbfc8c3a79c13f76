import Stage
import XCTest

/// Spec 01 §2.1.4.
@MainActor
final class StacksTests: ViewSceneTestCase {
    func testClicksAlternateTheMessageAndTheButtonStaysPut() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-vstack-toggle-text", size: size)
            XCTAssertEqual(probe("message").text, "")
            let buttonY = probe("button").frame.minY
            for expected in ["Hello SwiftUI!", "Hello World!", "Hello SwiftUI!"] {
                XCTAssertTrue(h.click(node: "button"))
                h.advance(by: 1.0 / 60)
                XCTAssertEqual(probe("message").text, expected)
                // Laid out anew: one centred line, and the glyphs lie inside its frame (§0.4).
                let m = probe("message").frame
                XCTAssertEqual(m.midX, size.width / 2, accuracy: 6)
                XCTAssertEqual(m.height, 22, accuracy: 0.01)
                let ink = h.capture()!.inkBox(in: m.insetBy(dx: -m.minX, dy: -16)) { $0.r < 128 && $0.b < 128 }
                XCTAssertNotNil(ink)
                if let ink { XCTAssert(ink.minX >= m.minX - 1 && ink.maxX <= m.maxX + 1 && ink.minY >= m.minY - 1 && ink.maxY <= m.maxY + 1, "glyphs \(ink) inside \(m)") }
                XCTAssertEqual(probe("button").frame.minY, buttonY, accuracy: 0.01, "the empty line reserved its height")
            }
        }
    }

    func testEmptyMessageKeepsOneLineAndItsPadding() async throws {
        try open("ch1-vstack-toggle-text")
        let message = probe("message").frame, button = probe("button").frame
        XCTAssertEqual(message.height, 22, accuracy: 0.01, "an empty body text is one 22-pt line")
        XCTAssertEqual(button.minY - message.maxY, 16 + 8, accuracy: 0.01, "16 pt padding, then 8 pt spacing")
        XCTAssertEqual((message.minY - 16 + button.maxY) / 2, 422, accuracy: 1, "the stack is centred")
    }
}
