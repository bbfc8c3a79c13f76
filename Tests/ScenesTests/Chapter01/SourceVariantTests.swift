import Stage
import XCTest

/// The optional sample-project variants of spec 01 §2.1.3, §2.1.11 and §2.1.15 (Appendix B).
@MainActor
final class SourceVariantTests: ViewSceneTestCase {
    func testComputedPropertyShowsOnePaddedTextCentred() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-hello-template-source", size: size)
            let label = probe("label")
            XCTAssertEqual(label.text, "Hello World")
            XCTAssertEqual(label.frame.midX, size.width / 2, accuracy: 2)
            XCTAssertEqual(label.frame.midY, size.height / 2, accuracy: 2)
            assertDrawn(in: label.frame, color: Ch1.black)
        }
    }

    func testTwoSpacersShareTheFreeHeightAndPushTheSecondGroupDown() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-spacer-vertical", size: size)
            let one = text("Hi, I'm child one in this vertical stack")
            let four = text("Hi, i'mI'm child four in this vertical stack")
            let five = text("Hi, I'm child five in this vertical stack")
            let eight = text("Hi, I'm child eight in this vertical stack")
            let first = one.minY - 10, second = five.minY - four.maxY - 20
            XCTAssertEqual(first, second, accuracy: 1, "equal spacers (spacing 10 on each side)")
            XCTAssertGreaterThan(first, 0)
            XCTAssertEqual(eight.maxY, size.height, accuracy: 2, "the second group at the bottom")
            XCTAssertEqual(one.minX, eight.minX, accuracy: 1, "leading alignment")
        }
    }

    func testEightTextsInsideThePaddedRedFrame() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-padding-all-source", size: size)
            let frame = probe("frame").frame, inner = probe("inner").frame
            XCTAssertEqual(inner.minX - frame.minX, 30, accuracy: 0.01)
            XCTAssertEqual(frame.maxX - inner.maxX, 30, accuracy: 0.01)
            XCTAssertEqual(inner.minY - frame.minY, 30, accuracy: 0.01)
            XCTAssertEqual(frame.maxY - inner.maxY, 30, accuracy: 0.01)
            let lines = ["one", "two", "three", "four", "five", "six", "seven", "eight"]
                .map { text("Hi, I'm child \($0) in this vertical stack") }
            let block = bounds(lines)
            XCTAssertEqual(inner.minX, block.minX, accuracy: 0.01)
            XCTAssertEqual(inner.maxY, block.maxY, accuracy: 0.01)
            let fb = h.capture()!
            let cy = Int(frame.midY)
            XCTAssert(near(fb.rgb(Int(frame.minX) + 15, cy), Ch1.red))
            XCTAssert(near(fb.rgb(Int(inner.minX) + 1, Int(inner.minY) + 1), Ch1.yellow))
        }
    }
}
