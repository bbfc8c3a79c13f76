import Foundation
import Stage
@testable import Backend
import XCTest

/// Wide shadows (σ ≥ 8 px) are blurred from a reduced silhouette and made only where they can be seen
/// (LayerCompositor+WideShadow): the frame matches the full-resolution path within a few levels, for content that
/// runs off the canvas, faded as a group, and for a shadow drawn alone; and the shadow is the Gaussian README §3.9
/// asks for.
final class WideShadowTests: XCTestCase {
    let grey = Color(142, 142, 147)

    /// A blue rectangle from (40, 60) to (160, 400): it runs far below the 200 × 150 canvas.
    func layer(opacity: Double = 1, shadowOnly: Bool = false, sigma: Double = 20) -> Layer {
        let r = Rect(x: 40, y: 60, width: 120, height: 340)
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.maxX, r.maxY), Point(r.minX, r.maxY)]
        let batch = TriangleBatch(vertices: corners.map { Vertex($0, (0, 0, 255, 255)) }, indices: [0, 1, 2, 0, 2, 3],
                                  texture: nil, blend: .alpha)
        return Layer(batches: [batch], bounds: r, blur: 0, shadow: Shadow(color: grey, radius: sigma, x: 0, y: 10),
                     opacity: opacity, shadowOnly: shadowOnly)
    }

    func draw(_ layer: Layer, reduced: Bool) throws -> Framebuffer { try drawLayerOnCanvas(layer, reduced: reduced) }

    func largestDifference(_ a: Framebuffer, _ b: Framebuffer) -> Int {
        zip(a.pixels, b.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }

    func testTheReducedPathMatchesTheFullOne() throws {
        for (name, l) in [("opaque", layer()), ("faded", layer(opacity: 0.5)), ("shadow only", layer(shadowOnly: true)),
                          ("wider", layer(sigma: 60))] {
            let reduced = try draw(l, reduced: true), full = try draw(l, reduced: false)
            XCTAssertLessThanOrEqual(largestDifference(reduced, full), 3, name)
        }
    }

    /// The shadow of the rectangle at σ 20, offset 10 down, is the product of two Gaussian edge profiles: checked
    /// left of the rectangle and above it (white under grey with that alpha), and the blue drawn over it.
    func testTheShadowIsTheGaussianOfTheSilhouette() throws {
        let frame = try draw(layer(), reduced: true)
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        func alpha(_ x: Double, _ y: Double) -> Double {
            (phi((160 - x) / 20) - phi((40 - x) / 20)) * (phi((410 - y) / 20) - phi((70 - y) / 20))
        }
        for (x, y) in [(10.0, 100.0), (30, 120), (38, 140), (100, 40), (100, 56), (170, 130), (20, 30)] {
            let a = alpha(x + 0.5, y + 0.5)
            let want = (255 - a * (255 - 142)), got = Double(frame.pixel(Int(x), Int(y)).r)
            XCTAssertEqual(got, want, accuracy: 4, "red at \(x), \(y) (alpha \(a))")
        }
        XCTAssertEqual(frame.pixel(100, 100).b, 255)
        XCTAssertEqual(frame.pixel(100, 100).r, 0, "the content hides its own shadow")
    }
}
