import Backend
import Foundation
import Player
import Stage
import XCTest

/// Geometry and timeline of `ch05-kaleidoscope` (spec 02 §3) at the reference size, in content-area points.
@MainActor
enum Kaleidoscope {
    static let id = "ch05-kaleidoscope"
    /// The viewport's centre.
    static let centre = Point(195, 422)
    /// The picture's 360-pt square: x −180…180, y −284…76 from the centre.
    static let picture = Rect(x: 15, y: 138, width: 360, height: 360)
    /// The navy box: 300 × 150 centred at (0, 322).
    static let box = Rect(x: 45, y: 669, width: 300, height: 150)
    static let rows = ["ornament", "landscape", "dog", "dice", "cat"]

    /// easeInOut = cubic Bézier (0.42, 0; 0.58, 1), solved by bisection (independent of the engine's solver).
    static func easeInOut(_ u: Double) -> Double { SpecCurve.easeInOut(u) }

    /// The hue angle N(t) of spec 02 §3.2: period 4.6 s, each leg 0.3 s of hold then 2 s of easeInOut.
    static func hue(at t: Double) -> Double {
        let tau = t.truncatingRemainder(dividingBy: 4.6)
        if tau < 2.3 { return 360 * easeInOut(min(max((tau - 0.3) / 2, 0), 1)) }
        return 360 - 360 * easeInOut(min(max((tau - 2.6) / 2, 0), 1))
    }

    /// An 8-bit colour after the hue matrix of README §3.8, written out here from the spec (not the engine's).
    static func rotate(_ c: (Int, Int, Int), _ degrees: Double) -> (Int, Int, Int) {
        let t = degrees * .pi / 180, co = cos(t), s = sin(t)
        let r = Double(c.0), g = Double(c.1), b = Double(c.2)
        func clamp(_ v: Double) -> Int { Int(max(0, min(255, v)).rounded()) }
        return (clamp((0.213 + 0.787 * co - 0.213 * s) * r + (0.715 - 0.715 * co - 0.715 * s) * g + (0.072 - 0.072 * co + 0.928 * s) * b),
                clamp((0.213 - 0.213 * co + 0.143 * s) * r + (0.715 + 0.285 * co + 0.140 * s) * g + (0.072 - 0.072 * co - 0.283 * s) * b),
                clamp((0.213 - 0.213 * co - 0.787 * s) * r + (0.715 - 0.715 * co + 0.715 * s) * g + (0.072 + 0.928 * co + 0.072 * s) * b))
    }

    /// A bundled picture, decoded.
    static func source(_ name: String) throws -> Framebuffer {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Resources/Images/ch5/\(name).png")
        return try Framebuffer.loadPNG(url.standardizedFileURL)
    }
}

@MainActor
extension ViewSceneTestCase {
    /// Checks that the picture `name`, stretched to the square `rect` (window pixels) and hue-rotated by `degrees`,
    /// is what the window shows: at every grid point whose source neighbourhood is flat (so filtering does not
    /// matter), the window's pixel is the source colour turned by the matrix and laid over black by its alpha.
    /// Returns how many points were compared.
    @discardableResult
    func assertShows(_ name: String, hue degrees: Double, in rect: Rect = Kaleidoscope.picture, tolerance: Int = 4,
                     file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let src = try Kaleidoscope.source(name)
        let shot = try XCTUnwrap(h.capture(), file: file, line: line)
        // Source pixels per window pixel, and a neighbourhood that covers the filter's footprint twice over.
        let perX = Double(src.width) / rect.width, perY = Double(src.height) / rect.height
        let rx = Int((2 * perX).rounded(.up)) + 1, ry = Int((2 * perY).rounded(.up)) + 1
        var compared = 0, mismatches: [String] = []
        for py in stride(from: Int(rect.minY) + 3, to: Int(rect.maxY) - 3, by: 9) {
            for px in stride(from: Int(rect.minX) + 3, to: Int(rect.maxX) - 3, by: 9) {
                let sx = Int((Double(px) + 0.5 - rect.minX) * perX), sy = Int((Double(py) + 0.5 - rect.minY) * perY)
                let c = src.pixel(sx, sy)
                var flat = true
                for dy in -ry...ry where flat {
                    for dx in -rx...rx {
                        let n = src.pixel(sx + dx, sy + dy)
                        if abs(n.r - c.r) > 2 || abs(n.g - c.g) > 2 || abs(n.b - c.b) > 2 || abs(n.a - c.a) > 2 { flat = false; break }
                    }
                }
                guard flat else { continue }
                let turned = Kaleidoscope.rotate((c.r, c.g, c.b), degrees)
                let a = Double(c.a) / 255
                let want = (Int((Double(turned.0) * a).rounded()), Int((Double(turned.1) * a).rounded()), Int((Double(turned.2) * a).rounded()))
                let got = shot.pixel(px, py)
                compared += 1
                if abs(got.r - want.0) > tolerance || abs(got.g - want.1) > tolerance || abs(got.b - want.2) > tolerance {
                    mismatches.append("(\(px),\(py)) src \(c) → \(got), want \(want)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(compared, 40, "flat points of \(name)", file: file, line: line)
        XCTAssertTrue(mismatches.isEmpty, "\(name) at \(degrees)°: \(mismatches.count) of \(compared) differ: \(mismatches.prefix(6))",
                      file: file, line: line)
        return compared
    }

    /// The scene's `state.selectedImage`.
    var selectedImage: String? {
        guard case let .state(.string(s))? = h.probe("imageArea")?.value("state.selectedImage") else { return nil }
        return s
    }

    /// The hue angle drawn now.
    var hue: Double { presented("imageArea", "hueRotation") }

    /// One mouse-wheel notch (or `lines`) at a window point, now.
    func wheel(_ x: Double, _ y: Double, lines: Double = 1) {
        h.session.advance(to: h.time, inputs: [(h.time, .pointer(.wheel(Point(x, y), lines)))])
    }

    /// The brightest pixel (by r + g + b) inside a window rectangle.
    func brightest(in r: Rect) -> (r: Int, g: Int, b: Int, a: Int) {
        let shot = h.capture()!
        var best = shot.pixel(Int(r.minX), Int(r.minY))
        for y in Int(r.minY)..<Int(r.maxY.rounded(.up)) {
            for x in Int(r.minX)..<Int(r.maxX.rounded(.up)) {
                let p = shot.pixel(x, y)
                if p.r + p.g + p.b > best.r + best.g + best.b { best = p }
            }
        }
        return best
    }
}
