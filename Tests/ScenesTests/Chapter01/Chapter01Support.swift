import Backend
import Stage
import XCTest

/// Pixel helpers for the chapter 1 checks: colours of glyphs and icons drawn over white, ink boxes, runs.
typealias RGB = (r: Int, g: Int, b: Int)

@MainActor
enum Ch1 {
    static let white: RGB = (255, 255, 255)
    static let black: RGB = (0, 0, 0)
    static let blue: RGB = (0, 122, 255)
    static let yellow: RGB = (255, 204, 0)
    static let orange: RGB = (255, 149, 0)
    static let indigo: RGB = (88, 86, 214)
    static let red: RGB = (255, 59, 48)
    static let gray: RGB = (142, 142, 147)
}

@MainActor
extension Framebuffer {
    func rgb(_ x: Int, _ y: Int) -> RGB { let p = pixel(x, y); return (p.r, p.g, p.b) }

    /// Every pixel position in `area` (logical = pixel coordinates at UI scale 1), clipped to the buffer.
    func positions(in area: Rect) -> [(Int, Int)] {
        let x0 = max(0, Int(area.minX.rounded(.down))), x1 = min(width, Int(area.maxX.rounded(.up)))
        let y0 = max(0, Int(area.minY.rounded(.down))), y1 = min(height, Int(area.maxY.rounded(.up)))
        guard x0 < x1, y0 < y1 else { return [] }
        return (y0..<y1).flatMap { y in (x0..<x1).map { x in (x, y) } }
    }

    /// The smallest box holding every pixel in `area` that passes `test`.
    func inkBox(in area: Rect, where test: (RGB) -> Bool) -> Rect? {
        var box: (Int, Int, Int, Int)?
        for (x, y) in positions(in: area) where test(rgb(x, y)) {
            box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
        }
        return box.map { Rect(x: Double($0.0), y: Double($0.1), width: Double($0.2 - $0.0 + 1), height: Double($0.3 - $0.1 + 1)) }
    }

    func count(in area: Rect, where test: (RGB) -> Bool) -> Int {
        positions(in: area).filter { test(rgb($0.0, $0.1)) }.count
    }
}

/// `p` is `c` within `tolerance` per channel.
@MainActor
func near(_ p: RGB, _ c: RGB, _ tolerance: Int = 12) -> Bool {
    abs(p.r - c.r) <= tolerance && abs(p.g - c.g) <= tolerance && abs(p.b - c.b) <= tolerance
}

/// Anti-aliased coverage of colour `c` over `background`: p = background + a·(c − background) for one a in 0…1,
/// each channel within `tolerance`. Returns a, or nil when `p` is not such a blend (another colour is there).
@MainActor
func coverage(of c: RGB, in p: RGB, over background: RGB = Ch1.white, tolerance: Int = 12) -> Double? {
    let d = [(p.r, c.r, background.r), (p.g, c.g, background.g), (p.b, c.b, background.b)]
    guard let k = d.max(by: { abs($0.1 - $0.2) < abs($1.1 - $1.2) }), k.1 != k.2 else { return nil }
    let a = max(0, min(1, Double(k.0 - k.2) / Double(k.1 - k.2)))
    for (pv, cv, bv) in d where abs(Double(bv) + a * Double(cv - bv) - Double(pv)) > Double(tolerance) { return nil }
    return a
}

@MainActor
extension ViewSceneTestCase {
    /// Every pixel of `area` is the background or an anti-aliased blend of `color` over it, and some are solid `color`:
    /// the glyphs or icon there are drawn in `color` (spec 01 §0.3 tints; ±12 per channel, README §3.15).
    func assertDrawn(in area: Rect, color: RGB, over background: RGB = Ch1.white, minimumSolid: Int = 10,
                     file: StaticString = #filePath, line: UInt = #line) {
        let fb = h.capture()!
        var solid = 0, foreign: [(Int, Int, RGB)] = []
        for (x, y) in fb.positions(in: area) {
            let p = fb.rgb(x, y)
            guard let a = coverage(of: color, in: p, over: background) else { foreign.append((x, y, p)); continue }
            if a > 0.9 { solid += 1 }
        }
        XCTAssert(foreign.isEmpty, "pixels in \(area) that are not \(color) over \(background): \(foreign.prefix(5))",
                  file: file, line: line)
        XCTAssertGreaterThanOrEqual(solid, minimumSolid, "solid \(color) pixels in \(area)", file: file, line: line)
    }

    /// Frames of the `text:` nodes with this text, in tree order.
    func texts(_ text: String) -> [Rect] { h.probeAll().filter { $0.name == "text:" + text }.map(\.frame) }

    func text(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> Rect {
        guard let r = texts(text).first else {
            XCTFail("no text \(text); nodes: \(h.probeAll().map(\.name))", file: file, line: line)
            return .zero
        }
        return r
    }

    /// Lays the scene out again at another window size, as a resize does (the next frame).
    func resize(_ width: Double, _ height: Double) {
        h.resize(width, height)
        h.advance(by: 1.0 / 60)
    }
}

/// The box around several frames (a stack's block).
@MainActor
func bounds(_ rects: [Rect]) -> Rect {
    let x0 = rects.map(\.minX).min() ?? 0, y0 = rects.map(\.minY).min() ?? 0
    let x1 = rects.map(\.maxX).max() ?? 0, y1 = rects.map(\.maxY).max() ?? 0
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
}

/// The pixel `p` just outside an edge drawn in `color` is not partly `color`: the edge lies on the pixel grid
/// (frames are rounded to it after layout, as SwiftUI's are), so it does not spill half a pixel over.
@MainActor
func assertNotHalfCovered(_ p: RGB, color: RGB, over background: RGB = Ch1.white, _ what: String,
                          file: StaticString = #filePath, line: UInt = #line) {
    let a = coverage(of: color, in: p, over: background) ?? 0
    XCTAssert(a < 0.1, "\(what): \(p) is \(color) at coverage \(a), an edge between pixels", file: file, line: line)
}
