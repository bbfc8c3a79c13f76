import Stage
@testable import Views
import XCTest

/// Divider, whole-point root placement, `specifier:` interpolation and the accent colour (spec 01 §0.2, §0.4,
/// §2.1.12, §2.1.23, §3 item 24), with hand-computed numbers (text: 10 pt per character, body line 22 pt).
@MainActor
final class LayoutDividerTests: XCTestCase {
    func testDividerIsAOnePointLineAcrossTheStack() async {
        let s = TestScene(size: Size(300, 400)) {
            VStack(spacing: 0) {
                Text("abc").named("above")
                Divider().named("divider")
                HStack(spacing: 0) {
                    Text("x").named("left")
                    Divider().named("bar")
                    Text("y")
                }
                .frame(height: 50)
            }
        }
        // In a VStack: as wide as offered (the stack then is too), 1 pt tall.
        XCTAssertEqual(s.frame("divider").size, Size(300, 1))
        XCTAssertEqual(s.frame("divider").minY, s.frame("above").maxY, accuracy: 1e-9)
        // In an HStack: 1 pt wide, as tall as offered.
        XCTAssertEqual(s.frame("bar").size, Size(1, 50))
        XCTAssertEqual(s.frame("bar").minX, s.frame("left").maxX, accuracy: 1e-9)
    }

    func testDividerBackgroundFillsItsFrame() async {
        let s = TestScene(size: Size(300, 400)) {
            VStack(alignment: .leading, spacing: 10) {
                Text("abcdefghij")
                Divider().background(Color.black).named("thin")
                Divider().frame(height: 20).frame(width: 100).background(Color.blue).named("thick")
            }
        }
        XCTAssertEqual(s.frame("thin").size, Size(300, 1), "the black background covers only the 1-pt frame")
        XCTAssertEqual(s.frame("thick").size, Size(100, 20), "an explicit frame sizes the background")
        let drawn = s.draw().batches
        // RGBA (60,60,67,0.29): alpha 0.29 · 255 ≈ 74.
        XCTAssertTrue(drawn.contains { $0.vertices.contains { v in (v.r, v.g, v.b, v.a) == (60, 60, 67, 74) } },
                      "the separator colour is drawn")
    }

    func testRootCentresContentAtWholePoints() async {
        // 22 + 8 + 1 = 31 pt of content in 101 pt: (101 − 31) / 2 = 35; in 100 pt: 34.5, rounded up to 35 on the
        // pixel grid of a window (frames are rounded after layout, halves up).
        for (height, top) in [(101.0, 35.0), (100, 35), (99, 34)] {
            let s = TestScene(size: Size(200, height), roundsFrames: true) { VStack { Text("a").named("a"); Divider() } }
            XCTAssertEqual(s.frame("a").minY, top, "content \(height)")
        }
    }

    func testSpecifierInterpolationRoundsToNearest() async {
        XCTAssertEqual("X, Y \(296.6, specifier: "(%.f,") \(70.4, specifier: "%.f)")", "X, Y (297, 70)")
        XCTAssertEqual("\(0.0, specifier: "(%.f")", "(0")
        XCTAssertEqual(Color.accentColor, Color.blue)
    }
}
