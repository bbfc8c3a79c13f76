import Stage
import XCTest

/// Spec 01 §2.1.7 and §2.1.8.
@MainActor
final class HStackTests: ViewSceneTestCase {
    private let digits = (0...9).map { "d\($0)" }

    func testDigitsInOrderEightApartCentred() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-hstack-digits", size: size)
            let frames = digits.map { probe($0).frame }
            XCTAssertEqual(digits.map { probe($0).text }, (0...9).map { "\($0)" })
            for (a, b) in zip(frames, frames.dropFirst()) {
                XCTAssertLessThan(a.midX, b.midX, "left to right")
                XCTAssertEqual(b.minX - a.maxX, 8, accuracy: 1)
            }
            let row = bounds(frames)
            XCTAssertEqual(row.midX, size.width / 2, accuracy: 2)
            XCTAssertEqual(row.midY, size.height / 2, accuracy: 2)
            XCTAssertEqual(row.height, 22, accuracy: 0.5, "headline: 17 pt on a 22-pt line")
        }
    }

    func testOneChildKeepsItsOwnFont() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-hstack-child-font", size: size)
            let fb = h.capture()!
            func inkHeight(_ name: String) -> Double {
                fb.inkBox(in: probe(name).frame) { $0.r < 128 }?.height ?? 0
            }
            XCTAssertGreaterThan(inkHeight("d4"), inkHeight("d3"), "title 28 pt against headline 17 pt glyphs")
            let centre = probe("d0").frame.midY
            for d in digits { XCTAssertEqual(probe(d).frame.midY, centre, accuracy: 1, "\(d) centre-aligned") }
        }
    }
}
