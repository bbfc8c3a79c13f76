import Stage
import XCTest

/// Spec 01 §2.1.5 and §2.1.6.
@MainActor
final class VStackTests: ViewSceneTestCase {
    private let names = ["t1", "t2", "t3", "t4"]

    func testLeadingAlignmentCentredBlockInOrder() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-vstack-alignment", size: size)
            let frames = names.map { probe($0).frame }
            for f in frames { XCTAssertEqual(f.minX, frames[0].minX, accuracy: 1, "left edges") }
            let block = bounds(frames)
            XCTAssertEqual(block.midX, size.width / 2, accuracy: 2)
            for (a, b) in zip(frames, frames.dropFirst()) {
                XCTAssertLessThan(a.midY, b.midY, "top to bottom in order")
                XCTAssertEqual(b.minY - a.maxY, 8, accuracy: 1, "default spacing")
            }
            XCTAssertLessThanOrEqual(frames[3].width, size.width, "t4 wraps within the content width")
            XCTAssertEqual(probe("t4").text, "Hi, I'm child four in this vertical stack, I'm the best")
        }
    }

    func testSpacingTen() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-vstack-spacing", size: size)
            let frames = names.map { probe($0).frame }
            for (a, b) in zip(frames, frames.dropFirst()) {
                XCTAssertEqual(b.minY - a.maxY, 10, accuracy: 1)
            }
            for f in frames { XCTAssertEqual(f.minX, frames[0].minX, accuracy: 1) }
        }
    }
}
