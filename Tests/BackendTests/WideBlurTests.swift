import Foundation
import Stage
@testable import Backend
import XCTest

/// Wide blurs (σ ≥ 8 px) are made at reduced resolution (LayerCompositor+WideBlur): the frame matches the
/// full-resolution path within a few levels, faded or not, and the blur is the Gaussian README §3.9 asks for.
final class WideBlurTests: XCTestCase {
    /// A red square from (60, 40) to (140, 110), blurred with σ `sigma`, at `opacity`.
    func layer(sigma: Double, opacity: Double = 1) -> Layer {
        let r = Rect(x: 60, y: 40, width: 80, height: 70)
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        let batch = TriangleBatch(vertices: corners.map { Vertex($0, (255, 0, 0, 255)) }, indices: [0, 1, 2, 0, 2, 3],
                                  texture: nil, blend: .alpha)
        return Layer(batches: [batch], bounds: r, blur: sigma, shadow: nil, opacity: opacity)
    }

    func draw(_ layer: Layer, reduced: Bool) throws -> Framebuffer { try drawLayerOnCanvas(layer, reduced: reduced) }

    func testTheReducedPathMatchesTheFullOne() throws {
        // Under σ 16 the content is rendered at full resolution and averaged by 2×2 blocks (σ 8 and 12 here).
        for (name, l) in [("σ 8", layer(sigma: 8)), ("σ 12", layer(sigma: 12)), ("σ 16", layer(sigma: 16)),
                          ("σ 30 faded", layer(sigma: 30, opacity: 0.5)), ("σ 60", layer(sigma: 60))] {
            let reduced = try draw(l, reduced: true), full = try draw(l, reduced: false)
            let worst = zip(reduced.pixels, full.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            // The lower resolution is 1/⌊σ/8⌋: at σ 60 that is 1/7, a few levels off in the faint tails.
            XCTAssertLessThanOrEqual(worst, 6, name)
        }
    }

    /// Under σ 16 px the content is rendered at full resolution and blurred at half of it, from its 2×2 blocks'
    /// averages: the layer's texture holds a quarter of the pixels its reach covers (issue 24: the flower's haze).
    func testABlurUnderSixteenPixelsIsMadeAtHalfResolutionFromTheFullOne() throws {
        let l = layer(sigma: 12)
        let canvas = try HeadlessCanvas(width: 200, height: 150, assets: AssetResolver(roots: []))
        canvas.renderer.clear(.white)
        canvas.renderer.drawLayer(l)
        canvas.renderer.present()
        // The reach (the square and 3σ round it), whole pixels and one more, in even numbers of them.
        func even(_ n: Int) -> Int { n + n % 2 }
        let w = even(Int((l.bounds.width + 2 * l.margin).rounded(.up)) + 1), h = even(Int((l.bounds.height + 2 * l.margin).rounded(.up)) + 1)
        XCTAssertEqual(canvas.renderer.layers?.cachedBytes, (w / 2) * (h / 2) * 4, "the blurred layer's texture, in bytes")
        let blocks: [UInt8] = [0, 0, 0, 0, 4, 8, 12, 255, 100, 0, 0, 100, 9, 9, 9, 9,
                               2, 2, 2, 2, 0, 0, 0, 0, 100, 0, 0, 100, 9, 9, 9, 9]
        XCTAssertEqual(LayerCompositor.halvedBlocks(blocks, width: 4, height: 2), [2, 3, 4, 64, 55, 5, 5, 55],
                       "each byte of a 2×2 block averaged, rounded")
    }

    /// The blurred square's alpha is the product of two Gaussian edge profiles (red over white: green = 255·(1 − α)),
    /// within the full path's own approximation of the Gaussian (6 levels).
    func testTheBlurIsTheGaussianOfTheContent() throws {
        let frame = try draw(layer(sigma: 16), reduced: true)
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        for (x, y) in [(100.0, 75.0), (60, 75), (40, 75), (100, 30), (150, 120), (20, 20)] {
            let a = (phi((140 - x - 0.5) / 16) - phi((60 - x - 0.5) / 16)) * (phi((110 - y - 0.5) / 16) - phi((40 - y - 0.5) / 16))
            XCTAssertEqual(Double(frame.pixel(Int(x), Int(y)).g), 255 * (1 - a), accuracy: 6, "at \(x), \(y) (alpha \(a))")
        }
    }
}
