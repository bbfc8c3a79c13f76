import Stage
import XCTest

/// Spec 01 §2.1.11.
@MainActor
final class SpacerTests: ViewSceneTestCase {
    private func assertPinned(_ size: Size, file: StaticString = #filePath, line: UInt = #line) {
        let hello = probe("hello").frame, world = probe("world").frame
        XCTAssertEqual(hello.minX, 16, accuracy: 2, file: file, line: line)
        XCTAssertEqual(world.maxX, size.width - 16, accuracy: 2, file: file, line: line)
        XCTAssertEqual(hello.midY, size.height / 2, accuracy: 2, file: file, line: line)
        XCTAssertEqual(world.midY, size.height / 2, accuracy: 2, file: file, line: line)
    }

    func testWordsPinnedToThePaddedEdgesAfterResizes() async throws {
        try open("ch1-spacer")
        assertPinned(Size(390, 844))
        XCTAssertEqual(probe("hello").text, "Hello")
        XCTAssertEqual(probe("world").text, "World")
        resize(844, 390)
        assertPinned(Size(844, 390))
        resize(600, 600)
        assertPinned(Size(600, 600))
    }

    func testWordsAreDrawnAtTheEdges() async throws {
        try open("ch1-spacer", size: Size(844, 390))
        let fb = h.capture()!
        let ink = fb.inkBox(in: Rect(x: 0, y: 0, width: 844, height: 390)) { $0.r < 128 }
        XCTAssertEqual(ink?.minX ?? 0, 16, accuracy: 3, "Hello's first glyph")
        XCTAssertEqual(ink?.maxX ?? 0, 844 - 16, accuracy: 3, "World's last glyph")
    }
}
