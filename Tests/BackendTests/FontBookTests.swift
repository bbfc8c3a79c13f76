import XCTest
@testable import Backend
import Stage

/// Which font file draws each design (Backend/FontBook.swift).
final class FontBookTests: XCTestCase {
    func testDesignsMapToTheirFamilies() {
        XCTAssertEqual(FontBook.pattern(for: Font(size: 17)), "DejaVu Sans")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 17, weight: .bold, design: .serif)), "DejaVu Serif:bold")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 90, design: .rounded)), "Quicksand:medium")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 90, weight: .bold, design: .rounded)), "Quicksand:bold")
    }

    /// The rounded design is drawn with Quicksand, not DejaVu Sans: its digits measure differently.
    func testTheRoundedDesignIsItsOwnFont() throws {
        let canvas = try HeadlessCanvas(width: 10, height: 10, assets: AssetResolver(roots: []))
        let rounded = canvas.renderer.measure("3210", font: Font(size: 90, design: .rounded))
        let sans = canvas.renderer.measure("3210", font: Font(size: 90))
        XCTAssertGreaterThan(rounded.width, 0)
        XCTAssertNotEqual(rounded.width, sans.width, accuracy: 1, "Quicksand's digits are not DejaVu's")
    }
}
