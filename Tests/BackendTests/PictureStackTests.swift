import Foundation
import XCTest
@testable import Backend

/// Pictures stacked on the CPU (`PictureStack.compose`): sampled as OpenGL's linear filter samples them and blended as
/// its 8-bit framebuffer blends them, in premultiplied colour.
final class PictureStackTests: XCTestCase {
    private let stack = PictureStack()

    /// A `width`×`height` picture whose texel (x, y) is `colour(x, y)` (straight alpha).
    private func picture(_ width: Int, _ height: Int, _ colour: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> PictureStack.Texels {
        var px: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                px += [c.0, c.1, c.2, c.3]
            }
        }
        return PictureStack.Texels(Framebuffer(width: width, height: height, pixels: px))
    }

    /// `t` upright with its top-left corner at (x, y), `scale` pixels a texel.
    private func upright(_ t: PictureStack.Texels, at x: Float, _ y: Float, scale: Float = 1, clip: PixelRect) -> PictureStack.Item {
        PictureStack.Item(texels: t, a: (x, y), b: (x + Float(t.width) * scale, y), d: (x, y + Float(t.height) * scale),
                          tint: SIMD4(repeating: 255), clip: clip)
    }

    /// The box's pixels as (r, g, b, a) rows.
    private func composed(_ items: [PictureStack.Item], _ box: PixelRect) -> [[SIMD4<Int>]] {
        let out = stack.compose(items, box: box)
        let w = box.x1 - box.x0
        return (0..<(box.y1 - box.y0)).map { y in
            (0..<w).map { x in
                let v = out[y * w + x]
                return SIMD4(Int(v & 0xFF), Int(v >> 8 & 0xFF), Int(v >> 16 & 0xFF), Int(v >> 24))
            }
        }
    }

    func testAnOpaquePictureDrawnTexelForTexelIsItsOwnTexels() {
        let t = picture(16, 8) { x, y in (UInt8(x * 15), UInt8(y * 30), UInt8(200 - x * 5), 255) }
        let box = PixelRect(x0: 0, y0: 0, x1: 24, y1: 12)
        let rows = composed([upright(t, at: 3, 2, clip: box)], box)
        for y in 0..<12 {
            for x in 0..<24 {
                let inside = (3..<19).contains(x) && (2..<10).contains(y)
                let expected = inside ? SIMD4((x - 3) * 15, (y - 2) * 30, 200 - (x - 3) * 5, 255) : .zero
                XCTAssertEqual(rows[y][x], expected, "pixel (\(x), \(y))")
            }
        }
    }

    func testHalfTransparentPicturesBlendOverOneAnother() {
        let box = PixelRect(x0: 0, y0: 0, x1: 8, y1: 8)
        let blue = picture(8, 8) { _, _ in (0, 0, 255, 255) }
        let red = picture(8, 8) { _, _ in (255, 0, 0, 128) }
        // Red at half alpha over opaque blue: 128 of red, 255 · (1 − 128/255) = 127 of blue, opaque.
        let rows = composed([upright(blue, at: 0, 0, clip: box), upright(red, at: 0, 0, clip: box)], box)
        XCTAssertEqual(rows[4][4], SIMD4(128, 0, 127, 255))
        // Alone, the red is premultiplied: the box is drawn over the window with (1, 1 − source alpha).
        XCTAssertEqual(composed([upright(red, at: 0, 0, clip: box)], box)[4][4], SIMD4(128, 0, 0, 128))
    }

    func testAnOpaquePictureOnTopHidesThoseBeneathAndOnlyThere() {
        let box = PixelRect(x0: 0, y0: 0, x1: 20, y1: 10)
        let grey = picture(20, 10) { _, _ in (100, 100, 100, 255) }
        let tinted = picture(20, 10) { _, _ in (255, 255, 0, 64) }
        let green = picture(10, 10) { _, _ in (0, 255, 0, 255) }
        let rows = composed([upright(grey, at: 0, 0, clip: box), upright(tinted, at: 0, 0, clip: box),
                             upright(green, at: 0, 0, clip: box)], box)
        XCTAssertEqual(rows[5][3], SIMD4(0, 255, 0, 255), "under the green")
        // Yellow at 64 over the grey: 64 + 100 · 191/255 = 139 (rounded), and 75 of blue.
        let beside = rows[5][15]
        XCTAssertEqual(beside[3], 255)
        XCTAssertEqual(Double(beside[0]), 64 + 100 * 191 / 255, accuracy: 1)
        XCTAssertEqual(Double(beside[2]), 100 * 191 / 255, accuracy: 1)
    }

    func testATurnedPictureIsSampledBilinearlyBetweenTexelCentres() {
        // An opaque ramp: red grows along x, green along y.
        let t = picture(32, 32) { x, y in (UInt8(x * 8), UInt8(y * 8), 60, 255) }
        let box = PixelRect(x0: 0, y0: 0, x1: 64, y1: 64)
        // Turned 30° about (32, 32) and drawn at 0.7 of its size (22.4 pixels across).
        let angle: Float = .pi / 6, side: Float = 22.4
        let ux = (cos(angle), sin(angle)), vy = (-sin(angle), cos(angle))
        let a = (32 - side / 2 * (ux.0 + vy.0), 32 - side / 2 * (ux.1 + vy.1))
        let item = PictureStack.Item(texels: t, a: (a.0, a.1), b: (a.0 + side * ux.0, a.1 + side * ux.1),
                                     d: (a.0 + side * vy.0, a.1 + side * vy.1), tint: SIMD4(repeating: 255), clip: box)
        let rows = composed([item], box)
        var inside = 0
        for y in 0..<64 {
            for x in 0..<64 {
                // The pixel centre in texels, from the inverse of the map.
                let dx = Float(x) + 0.5 - a.0, dy = Float(y) + 0.5 - a.1
                let s = (dx * ux.0 + dy * ux.1) / side * 32, u = (dx * vy.0 + dy * vy.1) / side * 32
                guard s > 0.01, s < 31.99, u > 0.01, u < 31.99 else {
                    if s < -0.01 || s > 32.01 || u < -0.01 || u > 32.01 { XCTAssertEqual(rows[y][x], .zero, "(\(x), \(y)) is outside") }
                    continue
                }
                inside += 1
                // Linear between texel centres, clamped at the edges: r = 8 · (s − ½).
                let r = 8 * min(31, max(0, s - 0.5)), g = 8 * min(31, max(0, u - 0.5))
                XCTAssertEqual(Double(rows[y][x][0]), Double(r), accuracy: 2, "red at (\(x), \(y))")
                XCTAssertEqual(Double(rows[y][x][1]), Double(g), accuracy: 2, "green at (\(x), \(y))")
                XCTAssertEqual(rows[y][x][2], 60)
                XCTAssertEqual(rows[y][x][3], 255)
            }
        }
        XCTAssertEqual(Double(inside), Double(side * side), accuracy: Double(side) * 4, "the pixels the quad covers")
    }

    func testOnlyThePictureWithinItsClipIsDrawn() {
        let box = PixelRect(x0: 0, y0: 0, x1: 10, y1: 10)
        let white = picture(10, 10) { _, _ in (255, 255, 255, 255) }
        let rows = composed([upright(white, at: 0, 0, clip: PixelRect(x0: 2, y0: 3, x1: 6, y1: 10))], box)
        XCTAssertEqual(rows[5][4], SIMD4(repeating: 255))
        XCTAssertEqual(rows[5][1], .zero)
        XCTAssertEqual(rows[2][4], .zero)
    }

    func testTheVisiblePartOfAPictureIsAroundItsColouredTexels() {
        // Colour only in texels 5…9 × 4…6 of 20×12: the quad is walked only around them, one texel beyond.
        let t = picture(20, 12) { x, y in (5...9).contains(x) && (4...6).contains(y) ? (255, 255, 255, 255) : (0, 0, 0, 0) }
        let o = try? XCTUnwrap(t.visible)
        XCTAssertEqual(o?.x0, 4)
        XCTAssertEqual(o?.x1, 11)
        XCTAssertEqual(o?.y0, 3)
        XCTAssertEqual(o?.y1, 8)
        XCTAssertNil(picture(4, 4) { _, _ in (9, 9, 9, 0) }.visible, "a picture with no colour has no visible part")
        // Drawn twice its size: the pixels beside the coloured texels take their colour bilinearly, the rest none.
        let box = PixelRect(x0: 0, y0: 0, x1: 40, y1: 24)
        let rows = composed([upright(t, at: 0, 0, scale: 2, clip: box)], box)
        XCTAssertEqual(rows[10][15], SIMD4(repeating: 255))
        XCTAssertGreaterThan(rows[10][9][3], 0, "half a texel outside the colour, blended with it")
        XCTAssertEqual(rows[10][5], .zero)
    }

    func testTheBuffersOfALargeStackAreLetGoWhenTheStacksGetSmaller() {
        let white = picture(4, 4) { _, _ in (255, 255, 255, 255) }
        let large = PixelRect(x0: 0, y0: 0, x1: 1600, y1: 1200)
        _ = stack.compose([upright(white, at: 10, 10, clip: large)], box: large)
        XCTAssertGreaterThanOrEqual(stack.bufferedPixels, 1600 * 1200)
        let small = PixelRect(x0: 0, y0: 0, x1: 345, y1: 513)
        let rows = composed([upright(white, at: 10, 10, clip: small)], small)
        XCTAssertLessThanOrEqual(stack.bufferedPixels, 4 * 345 * 513, "a window made smaller")
        XCTAssertEqual(rows[11][11], SIMD4(repeating: 255))
        _ = stack.compose([upright(white, at: 10, 10, clip: small)], box: PixelRect(x0: 0, y0: 0, x1: 340, y1: 500))
        XCTAssertEqual(stack.bufferedPixels, 345 * 513, "a stack swaying a little keeps its buffer")
    }
}
