import XCTest
@testable import Backend
import Stage

/// The blur and shadow of a layer large enough that its planes are blurred on several cores at once
/// (`LayerEffects.blurPlanes`): each plane must come back as its own, blurred as a Gaussian would.
final class LayerEffectsBlurTests: XCTestCase {
    /// A 200×200 layer (40,000 pixels) with a 40×40 red square in its centre, blurred by σ 2 and shadowed in black,
    /// σ 5, 50 pixels down. The shadow's square (σ √(2² + 5²) ≈ 5.4 in all) is opaque in its middle and half
    /// covered on its edges; the square keeps its colour and alpha in its middle; the corners stay empty.
    func testABigLayersBlurAndShadowAreEachTheirOwnPlanes() {
        let n = 200
        var px = [UInt8](repeating: 0, count: n * n * 4)
        for y in 80..<120 { for x in 80..<120 { let i = (y * n + x) * 4; px[i] = 255; px[i + 3] = 255 } }
        let out = LayerEffects.apply(px, width: n, height: n, blur: 2,
                                     shadow: (color: Color(r: 0, g: 0, b: 0, a: 1), sigma: 5, dx: 0, dy: 50))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(out[((y * n + x) * 4)..<((y * n + x) * 4 + 4)]) }
        XCTAssertEqual(pixel(100, 100), [255, 0, 0, 255], "the square's middle")
        // The shadow's middle (100, 150): beyond the square's reach, black and opaque.
        let middle = pixel(100, 150)
        XCTAssertEqual(Array(middle.prefix(3)), [0, 0, 0])
        XCTAssertGreaterThanOrEqual(middle[3], 250)
        // Its edges, rows 130 and 170 (the square's, moved down 50): the pixel just inside is Φ(0.5 / 5.4) = 0.54
        // covered, the one just outside 0.46.
        XCTAssertEqual(Double(pixel(100, 130)[3]) / 255, 0.537, accuracy: 0.04, "the shadow's upper edge")
        XCTAssertEqual(Double(pixel(100, 170)[3]) / 255, 0.463, accuracy: 0.04, "the shadow's lower edge")
        XCTAssertEqual(pixel(3, 3), [0, 0, 0, 0], "a corner")
        // The blur's own edge, on the square's left side: the first pixel inside is Φ(0.5 / 2) = 0.60 covered.
        let left = pixel(80, 100)
        XCTAssertEqual(Double(left[3]) / 255, 0.599, accuracy: 0.04, "the blurred square's edge")
        XCTAssertEqual(left[0], 255, "straight red at the blurred edge")
    }
}
