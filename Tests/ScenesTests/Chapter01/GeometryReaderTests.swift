import Stage
import XCTest

/// Spec 01 §2.1.19–§2.1.24.
@MainActor
final class GeometryReaderTests: ViewSceneTestCase {
    private let sizes = [Size(390, 844), Size(844, 390)]

    func testEmptyReaderFillsTheAreaYellow() async throws {
        for size in sizes {
            try open("ch1-geometry-empty", size: size)
            // The four corner pixels: the yellow covers the area to its last row and column.
            let w = size.width, hh = size.height
            for (x, y) in [(0.0, 0.0), (w - 1, 0), (0, hh - 1), (w - 1, hh - 1), (w / 2, hh / 2)] {
                assertColor(pixel(x, y), Ch1.yellow)
            }
        }
    }

    func testIconsOverlapAtTheTopLeftCorner() async throws {
        for size in sizes {
            try open("ch1-geometry-default-alignment", size: size)
            let frames = ["tornado1", "tornado2", "tornado3"].map { probe($0).frame }
            XCTAssertEqual(frames[1], frames[0])
            XCTAssertEqual(frames[2], frames[0])
            XCTAssertEqual(frames[0].minX, 0, accuracy: 1)
            XCTAssertEqual(frames[0].minY, 0, accuracy: 1)
            XCTAssertEqual(frames[0].height, 34, accuracy: 2, "largeTitle: 34 pt")
            assertDrawn(in: frames[0], color: Ch1.black, over: Ch1.yellow)
            assertColor(pixel(size.width - 2, size.height - 2), Ch1.yellow)
        }
    }

    private func assertPictureFrames(_ size: Size, file: StaticString = #filePath, line: UInt = #line) {
        let frame = probe("picFrame").frame, pic = probe("pic").frame
        let expected = Rect(x: 0, y: 0, width: size.width / 2, height: size.height / 4)
        for (a, b) in [(frame.minX, expected.minX), (frame.minY, expected.minY), (frame.width, expected.width),
                       (frame.height, expected.height)] {
            XCTAssertEqual(a, b, accuracy: 1, "picFrame \(frame) vs \(expected)", file: file, line: line)
        }
        let side = min(size.width / 2, size.height / 4)
        XCTAssertEqual(pic.width, side, accuracy: 1, file: file, line: line)
        XCTAssertEqual(pic.height, side, accuracy: 1, file: file, line: line)
        XCTAssertEqual(pic.midX, expected.midX, accuracy: 1, file: file, line: line)
        XCTAssertEqual(pic.midY, expected.midY, accuracy: 1, file: file, line: line)
    }

    func testPictureFramedToHalfWidthQuarterHeight() async throws {
        try open("ch1-geometry-size")
        assertPictureFrames(Size(390, 844))
        // Gray bands of 8 pt above and below the 195-pt picture.
        assertColor(pixel(97, 3), Ch1.gray)
        assertColor(pixel(97, 207), Ch1.gray)
        resize(844, 390)
        assertPictureFrames(Size(844, 390))
        // Landscape: gray on the left and right of the 97.5-pt picture.
        assertColor(pixel(5, 48), Ch1.gray)
        assertColor(pixel(416, 48), Ch1.gray)
        assertColor(pixel(5, 100), Ch1.white)
    }

    func testGroupsPlacedByFormulas() async throws {
        for size in sizes {
            try open("ch1-geometry-position", size: size)
            let w = size.width, hh = size.height
            let topRight = probe("topRight").frame, bottomLeft = probe("bottomLeft").frame
            XCTAssertEqual(topRight.midX, w - 80, accuracy: 6)
            XCTAssertEqual(topRight.midY, hh / 40, accuracy: 6)
            XCTAssertEqual(bottomLeft.midX, w - 300, accuracy: 6)
            XCTAssertEqual(bottomLeft.midY, hh - 40, accuracy: 6)
            assertDrawn(in: text("Top Right"), color: Ch1.white, over: Ch1.blue)
            assertDrawn(in: text("Bottom Left"), color: Ch1.white, over: Ch1.blue)
            let icons = h.probeAll().filter { $0.name == "image:tornado" }.map(\.frame)
            XCTAssertEqual(icons.count, 2)
            assertDrawn(in: icons[1], color: Ch1.white, over: Ch1.blue)
            assertColor(pixel(w / 2, hh / 2), Ch1.blue)
        }
    }

    func testGlobalAndLocalOrigin() async throws {
        try open("ch1-geometry-read-origin")
        XCTAssertEqual(probe("globalXY").text, "X, Y (0, 297)")
        XCTAssertEqual(probe("localXY").text, "X, Y  (0 0)")
        resize(844, 390)
        XCTAssertEqual(probe("globalXY").text, "X, Y (0, 70)")
        XCTAssertEqual(probe("localXY").text, "X, Y  (0 0)")
        XCTAssertEqual(probe("pic").frame.minX, 0, accuracy: 1, "the stack sits at the reader's top-left")
        XCTAssertEqual(probe("pic").frame.minY, 70, accuracy: 1)
    }

    func testMinMidMaxRows() async throws {
        for size in sizes {
            try open("ch1-geometry-min-mid-max", size: size)
            let w = Int(size.width)
            let labels = ["minX: 0", "midX: \(w / 2)", "maxX: \(w)"]
            let rows = h.probeAll().compactMap(\.text).filter { $0.hasPrefix("m") }
            XCTAssertEqual(rows, labels + labels, "local row, then global row")
            // Each label on one line, as in SF Pro on the iPhone: in DejaVu Sans, the system font before Inter,
            // "midX: 195" wrapped at 390 pt (issue 26).
            let heights = h.probeAll().filter { $0.text?.hasPrefix("m") == true }.map(\.frame.height)
            let oneLine = heights.min() ?? 0
            XCTAssertGreaterThan(oneLine, 15)
            for height in heights { XCTAssertEqual(height, oneLine, accuracy: 1, "a label wrapped at \(size): \(heights)") }
            // Equal spacers centre the content vertically.
            let content = bounds(h.probeAll().filter { $0.name.hasPrefix("text:") }.map(\.frame))
            XCTAssertEqual(content.midY, size.height / 2, accuracy: 2)
        }
    }
}
