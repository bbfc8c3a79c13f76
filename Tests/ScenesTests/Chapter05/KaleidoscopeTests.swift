@testable import Backend
import Foundation
import Stage
import XCTest

/// Spec 02 §3.4, `ch05-kaleidoscope`: every acceptance check (the picker's input is in KaleidoscopePickerTests).
/// t is scene time; the hue animation starts on the first frame (onAppear).
@MainActor
final class KaleidoscopeTests: ViewSceneTestCase {
    typealias K = Kaleidoscope

    /// Check 1: N at the spec's times, in time order (the clock only moves forward), ±0.5°.
    func testCheck1HueTimeline() async throws {
        try open(K.id, render: false)
        let checks: [(Double, Double)] = [(0, 0), (0.2, 0), (0.8, 46.5), (1.3, 180), (1.8, 313.5), (2.3, 360), (2.45, 360),
                                          (3.1, 313.5), (3.6, 180), (4.6, 0), (4.75, 0), (5.9, 180)]
        for (t, n) in checks {
            h.advance(to: t)
            XCTAssertEqual(hue, n, accuracy: 0.5, "N at t = \(t)")
        }
        XCTAssertEqual(h.value("imageArea", "hueRotation")?.model, 360, "the model value is the toggled target")
    }

    /// Check 1, period 4.6 s: frame by frame over two periods and a bit, against the closed form.
    func testCheck1HueFrameByFrame() async throws {
        try open(K.id, render: false)
        for frame in 0...600 {
            let t = Double(frame) / 60
            h.advance(to: t)
            XCTAssertEqual(hue, K.hue(at: t), accuracy: 0.01, "N at \(t)")
            XCTAssertEqual(hue, K.hue(at: t + 4.6), accuracy: 0.01, "period 4.6 s at \(t)")
        }
    }

    /// Check 2: the filter reproduces the table of §2.1 (±2 per channel), keeps greys and alpha: the engine's matrix
    /// and the pixel path that turns pictures (premultiplied in, straight out).
    func testCheck2FilterTable() async {
        let table: [(Double, [(Int, Int, Int)])] = [
            (45, [(158, 42, 0), (135, 58, 0), (173, 0, 199)]),
            (90, [(0, 91, 0), (30, 91, 0), (255, 0, 37)]),
            (120, [(0, 113, 0), (0, 105, 0), (232, 0, 0)]),
            (180, [(0, 109, 109), (0, 102, 102), (37, 37, 0)]),
            (240, [(1, 50, 255), (31, 63, 200), (0, 90, 0)]),
            (270, [(109, 18, 255), (102, 42, 200), (0, 91, 0)]),
        ]
        let inputs = [(255, 0, 0), (200, 30, 30), (0, 0, 255)]
        for (n, outs) in table {
            for (i, want) in outs.enumerated() {
                let c = ColorMatrix.hueRotation(degrees: n).apply(Color(inputs[i].0, inputs[i].1, inputs[i].2))
                let got = (Int((c.r * 255).rounded()), Int((c.g * 255).rounded()), Int((c.b * 255).rounded()))
                XCTAssert(abs(got.0 - want.0) <= 2 && abs(got.1 - want.1) <= 2 && abs(got.2 - want.2) <= 2,
                          "\(inputs[i]) at \(n)°: \(got), want \(want)")
                XCTAssertEqual(c.a, 1)
                // The pixel path: one premultiplied pixel at alpha 128, then one opaque, then grey 125 at alpha 200.
                let a = 128
                let px: [UInt8] = [UInt8(inputs[i].0 * a / 255), UInt8(inputs[i].1 * a / 255), UInt8(inputs[i].2 * a / 255), UInt8(a),
                                   UInt8(inputs[i].0), UInt8(inputs[i].1), UInt8(inputs[i].2), 255,
                                   98, 98, 98, 200]
                let out = LayerEffects.apply(px, width: 3, height: 1, blur: 0, hueRotation: n, shadow: nil)
                XCTAssert(abs(Int(out[4]) - want.0) <= 2 && abs(Int(out[5]) - want.1) <= 2 && abs(Int(out[6]) - want.2) <= 2,
                          "pixel path, \(inputs[i]) at \(n)°: \(out[4...6]), want \(want)")
                XCTAssertEqual(out[7], 255, "alpha unchanged")
                XCTAssertEqual(out[3], UInt8(a), "alpha unchanged")
                // Half-transparent: the straight colour is turned (within the premultiplication's rounding).
                XCTAssert(abs(Int(out[0]) - want.0) <= 4 && abs(Int(out[1]) - want.1) <= 4 && abs(Int(out[2]) - want.2) <= 4,
                          "half-transparent \(inputs[i]) at \(n)°: \(out[0...2])")
                XCTAssertEqual(Array(out[8...11]), [125, 125, 125, 200], "grey (premultiplied 98 at alpha 200) and its alpha unchanged")
            }
            for grey in [0.0, 0.25, 0.5, 1] {
                let c = ColorMatrix.hueRotation(degrees: n).apply(Color(r: grey, g: grey, b: grey, a: 0.4))
                XCTAssertEqual(c.r, grey, accuracy: 1e-9); XCTAssertEqual(c.g, grey, accuracy: 1e-9)
                XCTAssertEqual(c.b, grey, accuracy: 1e-9); XCTAssertEqual(c.a, 0.4)
            }
        }
        // My own writing of the matrix agrees with the table too (it checks the pictures below).
        XCTAssertTrue(K.rotate((200, 30, 30), 180) == (0, 102, 102))
    }

    /// Check 3: at t = 1.3 (N = 180) the ornament's flat (200, 30, 30) body renders as (0, 102, 102) ± 3.
    func testCheck3OrnamentRedTurnsTeal() async throws {
        // The bauble's body is exactly (200, 30, 30) around source pixel (500, 450): window (15 + 0.45·500, 138 + 0.45·450).
        let src = try K.source("ornament")
        XCTAssertEqual(src.width, 800); XCTAssertEqual(src.height, 800)
        for (x, y) in [(460, 420), (480, 440), (500, 450)] { assertColor(src.pixel(x, y), (200, 30, 30), tolerance: 0) }
        let p = Point(15 + 0.45 * 500, 138 + 0.45 * 450)
        try open(K.id)
        assertColor(pixel(p.x, p.y), (200, 30, 30), tolerance: 1)
        h.advance(to: 1.3)
        assertColor(pixel(p.x, p.y), (0, 102, 102), tolerance: 3)
        try assertShows("ornament", hue: 180)
        // At t = 2.3 and 2.45 (N = 360) the picture is the source again.
        for t in [2.3, 2.45] {
            h.advance(to: t)
            assertColor(pixel(p.x, p.y), (200, 30, 30), tolerance: 1)
            try assertShows("ornament", hue: 0, tolerance: 2)
        }
    }

    /// Check 4: choosing `cat` at t = 5.0 (↓ to the end at 4.8; the wheel settles 0.2 s later) shows the cat at
    /// the N the ornament would have had; the timeline is not reset; the picture is still 360 × 360 at (0, −104).
    func testCheck4ChoosingCatKeepsTheTimeline() async throws {
        try open(K.id)
        h.advance(to: 4.8)
        h.key("end")
        h.advance(to: 4.99)
        XCTAssertEqual(selectedImage, "ornament", "not before the wheel settles")
        h.advance(to: 5.0)
        XCTAssertEqual(selectedImage, "cat")
        XCTAssertEqual(probe("rowLabels").text, "cat")
        XCTAssertEqual(hue, K.hue(at: 5.0), accuracy: 0.01, "no reset")
        XCTAssertGreaterThan(hue, 0.5, "t = 5.0 is past the hold: the cycle runs on")
        let drawn = probe("imageArea").drawn
        XCTAssertEqual(drawn.midX - K.centre.x, 0, accuracy: 0.01)
        XCTAssertEqual(drawn.midY - K.centre.y, -104, accuracy: 0.01)
        XCTAssertEqual(drawn.width, 360, accuracy: 0.01)
        XCTAssertEqual(drawn.height, 360, accuracy: 0.01)
        // Instantly the cat, whole (no cross-fade), at the current N.
        try assertShows("cat", hue: hue)
        for t in [5.9, 6.9, 8.0] {
            h.advance(to: t)
            XCTAssertEqual(hue, K.hue(at: t), accuracy: 0.01, "N at \(t)")
        }
        h.advance(to: 5.9 + 4.6)
        XCTAssertEqual(hue, 180, accuracy: 0.5)
        try assertShows("cat", hue: 180)
    }

    /// Check 5: every picture fills exactly the 360-pt square, stretched (the cat's 400 × 321 and the landscape's
    /// 500 × 764 included); transparent parts show the black background.
    func testCheck5EveryPictureIsStretchedToTheSquare() async throws {
        try open(K.id)
        h.advance(to: 2.35)   // N = 360: the pictures' own colours
        try assertShows("ornament", hue: 0, tolerance: 2)
        for (k, name) in K.rows.enumerated().dropFirst() {
            h.key("down")
            h.advance(to: 2.35 + 0.21 * Double(k))   // each step settles in 0.2 s
            XCTAssertEqual(selectedImage, name)
            try assertShows(name, hue: hue)
            // The square's edges: inside is picture (the opaque ones), outside is black.
            if name == "landscape" || name == "cat" {
                let r = K.picture
                for (x, y) in [(r.minX + 1.5, r.midY), (r.maxX - 1.5, r.midY), (r.midX, r.minY + 1.5), (r.midX, r.maxY - 1.5)] {
                    let p = pixel(x, y)
                    XCTAssertGreaterThan(p.r + p.g + p.b, 30, "\(name) reaches (\(x), \(y))")
                }
                for (x, y) in [(r.minX - 1.5, r.midY), (r.maxX + 1.5, r.midY), (r.midX, r.minY - 1.5), (r.midX, r.maxY + 1.5)] {
                    assertColor(pixel(x, y), (0, 0, 0), tolerance: 0)
                }
            }
        }
        let src = try K.source("cat")
        XCTAssertEqual(src.width, 400); XCTAssertEqual(src.height, 321)
    }

    /// Check 6: the box (300 × 150, radius 20, (0, 28, 48) ± 2, centred at (0, 322)); five rows in order; `ornament`
    /// selected and centred in the band; the band's and the labels' colours.
    func testCheck6TheBoxAndItsRows() async throws {
        try open(K.id)
        let box = probe("pickerBox")
        XCTAssertEqual(box.frame, K.box)
        XCTAssertEqual(box.frame.midY - K.centre.y, 322)
        XCTAssertEqual(h.value("pickerBox", "cornerRadius")?.presented, 20)
        XCTAssertEqual(probe("pickerContainer").frame, Rect(x: 20, y: 644, width: 350, height: 200), "bottom-anchored")
        // Fill: the empty top of the box (no row above ornament).
        for (x, y) in [(K.box.midX, K.box.minY + 25), (K.box.minX + 30, K.box.minY + 40), (K.box.maxX - 30, K.box.maxY - 6)] {
            assertColor(pixel(x, y), (0, 28, 48), tolerance: 2)
        }
        // Corner radius 20: on the diagonal of the top-left corner's arc (centre (65, 689)), 17 pt out is navy,
        // 24 pt out is outside (only the white glow, grey).
        let arc = Point(K.box.minX + 20, K.box.minY + 20), d = 1 / 2.0.squareRoot()
        assertColor(pixel(arc.x - 17 * d, arc.y - 17 * d), (0, 28, 48), tolerance: 2)
        let corner = pixel(arc.x - 24 * d, arc.y - 24 * d)
        XCTAssert(abs(corner.r - corner.g) <= 3 && abs(corner.g - corner.b) <= 3 && corner.r > 10, "glow, not navy: \(corner)")
        // The band: full width, 32 pt, white at 3 % over the navy.
        assertColor(pixel(K.box.minX + 12, K.box.midY), (9, 35, 54), tolerance: 2)
        assertColor(pixel(K.box.minX + 12, K.box.midY - 14), (9, 35, 54), tolerance: 2)
        assertColor(pixel(K.box.minX + 12, K.box.midY - 18), (0, 28, 48), tolerance: 2)
        assertColor(pixel(K.box.maxX - 12, K.box.midY + 14), (9, 35, 54), tolerance: 2)
        assertColor(pixel(K.box.maxX - 12, K.box.midY + 18), (0, 28, 48), tolerance: 2)
        // Rows, in order, exact strings.
        let texts = h.probeAll().map(\.name).filter { $0.hasPrefix("text:") }
        XCTAssertEqual(texts, K.rows.map { "text:" + $0 })
        XCTAssertEqual(selectedImage, "ornament")
        XCTAssertEqual(probe("rowLabels").text, "ornament")
        XCTAssertEqual(probe("text:ornament").drawn.midY, K.box.midY, accuracy: 0.5, "centred in the band")
        // The next rows on the cylinder: 75·sin(32k/75) below the centre (text metrics ±6).
        for k in 1...2 {
            XCTAssertEqual(probe("text:\(K.rows[k])").drawn.midY - K.box.midY, 75 * sin(32 * Double(k) / 75), accuracy: 6)
        }
        // Selected label white; the next one white at 30 % over the navy, ≈ (77, 96, 110).
        assertColor(brightest(in: probe("text:ornament").drawn), (255, 255, 255), tolerance: 3)
        assertColor(brightest(in: probe("text:landscape").drawn), (77, 96, 110), tolerance: 12)
        // The text is about 20 pt: the selected label's line box.
        XCTAssertEqual(probe("text:ornament").frame.height, 24, accuracy: 2)
    }

    /// Check 7: outside the picture and the box everything is black, except the glow that falls to ≈ 0 about
    /// 12 pt out of the box.
    func testCheck7BlackOutsideExceptTheGlow() async throws {
        try open(K.id)
        h.advance(to: 1.3)
        var points: [(Double, Double)] = []
        for y in stride(from: 2.0, to: 844, by: 14) {
            for x in stride(from: 2.0, to: 390, by: 14) {
                let inPicture = K.picture.insetBy(dx: -2, dy: -2).contains(Point(x, y))
                let nearBox = K.box.insetBy(dx: -14, dy: -14).contains(Point(x, y))
                if !inPicture && !nearBox { points.append((x, y)) }
            }
        }
        let shot = try XCTUnwrap(h.capture())
        for (x, y) in points {
            let p = shot.pixel(Int(x), Int(y))
            XCTAssert(p.r == 0 && p.g == 0 && p.b == 0, "(\(x), \(y)) is \(p)")
        }
        XCTAssertGreaterThan(points.count, 600)
        // The white glow above the box's top edge: grey, strong at 1 pt, ≈ 0 at 12 pt, 0 at 20.
        let top = K.box.minY
        let near = shot.pixel(195, Int(top - 1)), mid = shot.pixel(195, Int(top - 6)), far = shot.pixel(195, Int(top - 12))
        XCTAssert(near.r > 80 && near.r == near.g && near.g == near.b, "glow 1 pt out: \(near)")
        XCTAssert(mid.r > 5 && mid.r < near.r, "glow 6 pt out: \(mid)")
        XCTAssertLessThanOrEqual(far.r, 6, "glow 12 pt out: \(far)")
        assertColor(shot.pixel(195, Int(top - 20)), (0, 0, 0), tolerance: 0)
        // Beside the box as well (left edge).
        XCTAssertGreaterThan(shot.pixel(Int(K.box.minX - 1), Int(K.box.midY)).r, 80)
        XCTAssertLessThanOrEqual(shot.pixel(Int(K.box.minX - 12), Int(K.box.midY)).r, 6)
    }

    /// Another window: 800 × 600 shows the 390 × 844 canvas scaled by 600/844, centred, with black bars; the input
    /// is mapped too (↓ and a click on a row).
    func testAtAnotherWindowSize() async throws {
        try open(K.id, size: Size(800, 600))
        let s = 600.0 / 844, dx = (800 - 390 * s) / 2
        func window(_ p: Point) -> Point { Point(dx + p.x * s, p.y * s) }
        // The scene's centre is the window's centre.
        XCTAssertEqual(window(K.centre).x, 400, accuracy: 1e-9)
        XCTAssertEqual(window(K.centre).y, 300, accuracy: 1e-9)
        let red = window(Point(15 + 0.45 * 500, 138 + 0.45 * 450))
        assertColor(pixel(red.x, red.y), (200, 30, 30), tolerance: 2)
        let boxFill = window(Point(K.box.midX, K.box.minY + 25))
        assertColor(pixel(boxFill.x, boxFill.y), (0, 28, 48), tolerance: 2)
        // Bars (and the black canvas) either side; the canvas spans dx … 800 − dx.
        for y in stride(from: 5.0, to: 600, by: 50) {
            assertColor(pixel(5, y), (0, 0, 0), tolerance: 0)
            assertColor(pixel(dx - 2, y), (0, 0, 0), tolerance: 0)
            assertColor(pixel(800 - dx + 2, y), (0, 0, 0), tolerance: 0)
            assertColor(pixel(795, y), (0, 0, 0), tolerance: 0)
        }
        h.advance(to: 1.3)
        assertColor(pixel(red.x, red.y), (0, 102, 102), tolerance: 3)
        // Keys: the landscape, its square scaled (edges at the mapped 15 … 375 and 138 … 498).
        h.key("down")
        h.advance(to: 1.6)
        XCTAssertEqual(selectedImage, "landscape")
        let a = window(Point(K.picture.minX, K.picture.minY)), b = window(Point(K.picture.maxX, K.picture.maxY))
        try assertShows("landscape", hue: hue, in: Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y), tolerance: 6)
        for (x, y) in [(a.x - 1.5, (a.y + b.y) / 2), (b.x + 1.5, (a.y + b.y) / 2), ((a.x + b.x) / 2, a.y - 1.5), ((a.x + b.x) / 2, b.y + 1.5)] {
            assertColor(pixel(x, y), (0, 0, 0), tolerance: 0)
        }
        // A click on the `dice` row, two rows below the band, where the window shows it.
        let dice = probe("text:dice").drawn
        let click = window(Point(dice.midX, dice.midY))
        h.click(click.x, click.y)
        h.advance(to: 2.0)
        XCTAssertEqual(selectedImage, "dice")
    }
}
