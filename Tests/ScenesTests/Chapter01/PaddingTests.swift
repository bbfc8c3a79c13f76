import Backend
import Stage
import XCTest

/// Spec 01 §2.1.15–§2.1.17.
@MainActor
final class PaddingTests: ViewSceneTestCase {
    /// The length of the run of red pixels met first when walking from `start` by `step`, and the pixel before it.
    private func redBand(_ fb: Framebuffer, from start: (Int, Int), step: (Int, Int)) -> (length: Int, before: RGB) {
        var (x, y) = start
        var before = Ch1.white
        while !near(fb.rgb(x, y), Ch1.red) { before = fb.rgb(x, y); x += step.0; y += step.1 }
        var length = 0
        while near(fb.rgb(x, y), Ch1.red) { length += 1; x += step.0; y += step.1 }
        return (length, before)
    }

    /// Walks in from the middle of each window edge toward C: along the horizontal and vertical lines through C.
    private func scans(_ w: Int, _ hh: Int) -> [(start: (Int, Int), step: (Int, Int))] {
        [((0, hh / 2), (1, 0)), ((w - 1, hh / 2), (-1, 0)), ((w / 2, 0), (0, 1)), ((w / 2, hh - 1), (0, -1))]
    }

    func testRedBandThirtyOnEverySide() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-padding-all", size: size)
            let fb = h.capture()!
            for (start, step) in scans(Int(size.width), Int(size.height)) {
                XCTAssertEqual(Double(redBand(fb, from: start, step: step).length), 30, accuracy: 1, "red band from \(start)")
            }
            let frame = probe("frame").frame, inner = probe("inner").frame
            XCTAssertEqual(inner.minX - frame.minX, 30, accuracy: 0.01)
            XCTAssertEqual(frame.maxY - inner.maxY, 30, accuracy: 0.01)
        }
    }

    func testWhiteImmediatelyOutsideTheBand() async throws {
        for size in [Size(390, 844), Size(844, 390), Size(844, 600), Size(700, 500), Size(1280, 800)] {
            try open("ch1-padding-all", size: size)
            let fb = h.capture()!
            let frame = probe("frame").frame
            let (x0, x1, y0, y1) = (Int(frame.minX), Int(frame.maxX), Int(frame.minY), Int(frame.maxY))
            let cx = Int(size.width) / 2, cy = Int(size.height) / 2
            // Within the ±1 pt the band's edges may be off: 2 px out is clear of the edge's anti-aliasing.
            for (x, y) in [(x0 - 2, cy), (x1 + 1, cy), (cx, y0 - 2), (cx, y1 + 1)] {
                XCTAssert(near(fb.rgb(x, y), Ch1.white), "white just outside the band at \(x),\(y): \(fb.rgb(x, y))")
            }
            for (x, y) in [(x0 - 1, cy), (x1, cy), (cx, y0 - 1), (cx, y1)] {
                assertNotHalfCovered(fb.rgb(x, y), color: Ch1.red, "the first pixel outside the band at \(x),\(y), \(size)")
                XCTAssert(near(fb.rgb(x, y), Ch1.white), "white on the first pixel outside at \(x),\(y): \(fb.rgb(x, y))")
            }
        }
    }

    func testYellowTouchesTheTextBlock() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-padding-all", size: size)
            let lines = texts("There is padding all around this view")
            XCTAssertEqual(lines.count, 4)
            let block = bounds(lines)
            let yellow = h.capture()!.inkBox(in: probe("frame").frame) { near($0, Ch1.yellow) }!
            XCTAssertEqual(yellow.minX, block.minX, accuracy: 1)
            XCTAssertEqual(yellow.maxX, block.maxX, accuracy: 1)
            XCTAssertEqual(yellow.minY, block.minY, accuracy: 1)
            XCTAssertEqual(yellow.maxY, block.maxY, accuracy: 1)
            XCTAssertEqual(probe("inner").frame.midX, size.width / 2, accuracy: 2, "centred at C")
            XCTAssertEqual(probe("inner").frame.midY, size.height / 2, accuracy: 2)
            XCTAssertEqual(probe("frame").frame.width, probe("inner").frame.width + 60, accuracy: 0.01)
        }
    }

    func testLeadingPaddingShiftsTheText() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-padding-leading", size: size)
            let t = text("The leading edge has been padded")
            XCTAssertEqual(t.midX, size.width / 2 + 37.5, accuracy: 6)
            XCTAssertEqual(t.midY, size.height / 2, accuracy: 6)
        }
    }

    func testChildrenPaddedOnAlternateEdges() async throws {
        for size in [Size(390, 844), Size(844, 390)] {
            try open("ch1-padding-children", size: size)
            let leading = texts("I'm padded on the leading edge"), trailing = texts("I'm padded on the trailing edge")
            XCTAssertEqual(leading.count, 4)
            XCTAssertEqual(trailing.count, 4)
            for (odd, even) in zip(leading, trailing) {
                XCTAssertEqual(odd.minX - even.minX, 75, accuracy: 1)
                XCTAssertLessThan(odd.maxY, even.minY, "texts alternate, odd first")
            }
        }
    }
}
