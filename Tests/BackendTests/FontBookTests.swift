import XCTest
@testable import Backend
import Stage

/// Which font file draws each design (Backend/FontBook.swift), and the characters a font lacks (TextRuns.swift).
final class FontBookTests: XCTestCase {
    func testDesignsMapToTheirFamilies() {
        XCTAssertEqual(FontBook.pattern(for: Font(size: 17)), "Inter")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 17, weight: .semibold)), "Inter:semibold")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 17, weight: .bold)), "Inter:bold")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 17, weight: .heavy)), "Inter:extrabold")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 17, weight: .bold, design: .serif)), "DejaVu Serif:bold")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 90, design: .rounded)), "Quicksand:medium")
        XCTAssertEqual(FontBook.pattern(for: Font(size: 90, weight: .bold, design: .rounded)), "Quicksand:bold")
    }

    private func canvas(width: Int = 10, height: Int = 10) throws -> HeadlessCanvas {
        try HeadlessCanvas(width: width, height: height, assets: AssetResolver(roots: []))
    }

    /// The rounded design is drawn with Quicksand, not the system font: its digits measure differently.
    func testTheRoundedDesignIsItsOwnFont() throws {
        let renderer = try canvas().renderer
        let rounded = renderer.measure("3210", font: Font(size: 90, design: .rounded))
        let sans = renderer.measure("3210", font: Font(size: 90))
        XCTAssertGreaterThan(rounded.width, 0)
        XCTAssertNotEqual(rounded.width, sans.width, accuracy: 1, "Quicksand's digits are not Inter's")
    }

    /// Inter is narrower than DejaVu Sans, the system font before it: "maxX: 390" at 17 px is 88 px in Inter and 93 in
    /// DejaVu Sans (92 in DejaVu Serif, the reference a test can still reach). SF Pro at 17 pt sets it about 80 pt
    /// wide with its own -0.43 pt tracking, which SDL_ttf cannot apply.
    func testTheSystemFontIsNarrowerThanDejaVu() throws {
        let renderer = try canvas().renderer
        let label = "maxX: 390"
        let inter = renderer.measure(label, font: Font(size: 17)).width
        let dejaVuSerif = renderer.measure(label, font: Font(size: 17, design: .serif)).width
        XCTAssertEqual(inter, 88, accuracy: 1)
        XCTAssertLessThan(inter, dejaVuSerif)
        XCTAssertEqual(renderer.measure("m", font: Font(size: 17)).width, 15, accuracy: 0.5, "DejaVu Sans's m is 17 px")
    }

    /// Semibold is Inter's own semibold: between regular and bold in width.
    func testWeightsAreInterWeights() throws {
        let renderer = try canvas().renderer
        let widths = [Font.Weight.regular, .semibold, .bold, .heavy].map {
            renderer.measure("Elevator", font: Font(size: 40, weight: $0)).width
        }
        XCTAssertEqual(widths, widths.sorted(), "heavier is wider")
        XCTAssertEqual(Set(widths).count, 4, "four distinct weights: \(widths)")
    }

    /// A character Inter lacks (☂, U+2602) is drawn in DejaVu Sans on the same line, not as an empty box.
    func testACharacterTheFontLacksIsDrawnByTheFallback() throws {
        let canvas = try canvas(width: 200, height: 60)
        let renderer = canvas.renderer
        let font = Font(size: 40)
        let umbrella = renderer.measure("☂", font: font)
        let dejaVuUmbrella = renderer.measure("☂", font: Font(size: 40, design: .serif))
        XCTAssertGreaterThan(umbrella.width, 20, "DejaVu Sans's umbrella is about 0.84 em wide")
        XCTAssertEqual(umbrella.width, dejaVuUmbrella.width, accuracy: 6)
        let line = renderer.measure("a☂a", font: font).width
        XCTAssertEqual(line, 2 * renderer.measure("a", font: font).width + umbrella.width, accuracy: 1)

        // Drawn: black ink where the umbrella sits, between the two a's.
        let a = renderer.measure("a", font: font).width
        let size = renderer.measure("a☂a", font: font)
        let quad = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let corners = [(quad.minX, quad.minY, 0.0, 0.0), (quad.maxX, quad.minY, 1, 0), (quad.maxX, quad.maxY, 1, 1), (quad.minX, quad.maxY, 0, 1)]
        renderer.clear(.white)
        renderer.drawTriangles(corners.map { Vertex(Point($0.0, $0.1), (0, 0, 0, 255), u: $0.2, v: $0.3) },
                               indices: [0, 1, 2, 0, 2, 3], texture: .text("a☂a", font), blend: .alpha)
        renderer.present()
        let fb = renderer.readFramebuffer()
        var ink = 0
        for y in 0..<Int(size.height) {
            for x in Int(a + 2)..<Int(a + umbrella.width - 2) where fb.pixel(x, y).r < 128 { ink += 1 }
        }
        XCTAssertGreaterThan(ink, 80, "the umbrella's canopy and handle are inked (an empty box would be a thin outline)")
    }
}
