import Backend
import Stage
@testable import Views
import XCTest

/// The find-words list box drawn by SDL's software renderer (real fonts): rows, separators, clip and rounded corners
/// by pixels, scrolled half way (spec 04 §2.2 row 6, F8).
@MainActor
final class ScrollRenderTests: XCTestCase {
    private static let wood = Color(hex: 0xB08850)

    private struct Box: View {
        @ObservedObject var model: RowModel
        var rounded = true
        var body: some View {
            let list = List {
                ForEach(model.items, id: \.self) { word in
                    Text(word).font(.system(size: 18)).foregroundColor(.black)
                }
            }
            ZStack {
                ScrollRenderTests.wood
                if rounded {
                    list.frame(width: 285, height: 190).cornerRadius(10).named("list")
                } else {
                    list.frame(width: 285, height: 190).named("list")
                }
            }
        }
    }

    private func assertRGB(_ fb: Framebuffer, _ x: Double, _ y: Double, _ rgb: (Int, Int, Int), tolerance: Int = 6,
                           _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        let p = fb.pixel(Int(x.rounded(.down)), Int(y.rounded(.down)))
        XCTAssert(abs(p.r - rgb.0) <= tolerance && abs(p.g - rgb.1) <= tolerance && abs(p.b - rgb.2) <= tolerance,
                  "(\(x), \(y)) is \(p), not \(rgb): \(message)", file: file, line: line)
    }

    private func check(size: Size, file: StaticString = #filePath, line: UInt = #line) throws {
        let model = RowModel()
        let v = try RenderedViews(size: size) { Box(model: model) }
        let box = try XCTUnwrap(v.probe("list")).frame
        XCTAssertEqual(box.size, Size(285, 190), file: file, line: line)
        // Half way: 345 of 690, by the wheel (8.625 lines of 40 pt).
        let center = box.center
        v.advance(to: 1, [.wheel(center, 8.625)])
        v.advance(to: 1.3)
        // While it scrolls the indicator shows: 3 pt wide, 3 pt in from the edge, half way down its track
        // (184 − 39.7 long), black at 35 % over white.
        let moving = v.capture()
        v.save(moving, "list-moving-\(Int(size.width))x\(Int(size.height)).png")
        assertRGB(moving, box.maxX - 4.5, box.minY + 3 + (184 - 184 * 190 / 880) / 2 + 10, (166, 166, 166), tolerance: 10,
                  "the indicator", file: file, line: line)
        v.advance(to: 2)
        assertRGB(v.capture(), box.maxX - 4.5, box.minY + 90, (255, 255, 255), "the indicator has faded", file: file, line: line)
        guard case let .number(model: m, presented: p)? = v.probe("list")?.value("scroll.y") else { return XCTFail("no scroll.y") }
        XCTAssertEqual(m, 345); XCTAssertEqual(p, 345)
        let fb = v.capture()
        v.save(fb, "list-\(Int(size.width))x\(Int(size.height)).png")
        let wood = (0xB0, 0x88, 0x50), white = (255, 255, 255), separator = (0xC6, 0xC6, 0xC8)
        // Row 9 ends at 9·44 − 345 = 51 below the top: its separator is the pixel row above that edge (snapped to
        // whole pixels when the box sits at a half point).
        let sep = (box.minY + 51).rounded() - 1
        assertRGB(fb, box.minX + 200, sep, separator, "the separator under row 9", file: file, line: line)
        assertRGB(fb, box.minX + 8, sep, white, "separators are inset 16 from the leading edge", file: file, line: line)
        assertRGB(fb, box.minX + 200, sep - 1, white, "only one pixel thick", file: file, line: line)
        assertRGB(fb, box.minX + 200, sep + 1, white, "only one pixel thick", file: file, line: line)
        assertRGB(fb, box.minX + 200, sep + 44, separator, "the next one, 44 further", file: file, line: line)
        // The text of row 9 (drawn from 16 pt in, centred in its row 7…51) is there, in black.
        let ink = (0..<30).contains { dx in (10..<48).contains { dy in
            fb.pixel(Int(box.minX) + 16 + dx, Int(box.minY) + dy).r < 80 } }
        XCTAssertTrue(ink, "row 9's text is drawn", file: file, line: line)
        XCTAssertEqual(v.probe("text:Row 9")?.hidden, false, file: file, line: line)
        XCTAssertEqual(v.probe("text:Row 3")?.hidden, true, file: file, line: line)
        // Clipped: rows above and below the box are not drawn over the wood; the corners are rounded.
        for dy in [2.0, 6, 20] {
            assertRGB(fb, box.minX + 30, box.minY - dy, wood, "nothing above the box", file: file, line: line)
            assertRGB(fb, box.minX + 30, box.maxY + dy - 1, wood, "nothing below the box", file: file, line: line)
        }
        assertRGB(fb, box.minX + 0.5, box.minY + 0.5, wood, "rounded corner (radius 10)", file: file, line: line)
        assertRGB(fb, box.maxX - 0.5, box.maxY - 0.5, wood, "rounded corner (radius 10)", file: file, line: line)
        assertRGB(fb, box.minX + 12, box.minY + 12, white, "inside the corner", file: file, line: line)
    }

    /// Without the rounded clip around it the list still clips its rows to its frame.
    func testTheListItselfClips() async throws {
        let model = RowModel()
        let v = try RenderedViews(size: Size(393, 759)) { Box(model: model, rounded: false) }
        let box = try XCTUnwrap(v.probe("list")).frame
        v.advance(to: 1, [.wheel(box.center, 8.625)])
        v.advance(to: 2)
        let fb = v.capture()
        // A column through the separators (every 44 pt, full width from 16 in) for one row above and below.
        for dy in stride(from: 2.0, to: 46, by: 1) {
            assertRGB(fb, box.minX + 200, box.minY - dy, (0xB0, 0x88, 0x50), "no row above the list")
            assertRGB(fb, box.minX + 200, box.maxY + dy, (0xB0, 0x88, 0x50), "no row below the list")
        }
        assertRGB(fb, box.minX + 0.5, box.minY + 0.5, (255, 255, 255), "square corners without the radius")
    }

    func testHalfScrolledListClipsAndDrawsSeparatorsAtTheReferenceSize() async throws {
        try check(size: Size(393, 759))
    }

    func testTheSameInAnotherWindowSize() async throws {
        try check(size: Size(640, 480))
    }
}
