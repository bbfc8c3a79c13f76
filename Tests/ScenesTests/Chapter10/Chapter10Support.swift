import Backend
import Foundation
import Stage
import XCTest
import ZoetropeHarness

/// Spec 03 §0 and §3 written out independently of the view layer: the timing curves, the repeat-forever phase, the
/// wave's top edge, the buoy's transform, and the reading of edges and colours off a rendered frame.
@MainActor
enum Ch10 {
    /// The layout rect L inside the 393 × 852 canvas (§0.1).
    static let L = Rect(x: 0, y: 59, width: 393, height: 759)

    static func easeInOut(_ p: Double) -> Double { SpecCurve.easeInOut(p) }
    static func easeOut(_ p: Double) -> Double { SpecCurve.easeOut(p) }

    /// §0.4: phase(t; D, d, E) of a repeat-forever, autoreversing animation with the delay on every leg.
    static func phase(_ t: Double, duration D: Double, delay d: Double = 0, _ E: (Double) -> Double) -> Double {
        let period = 2 * (d + D)
        let u = t - (t / period).rounded(.down) * period
        if u < d { return 0 }
        if u < d + D { return E((u - d) / D) }
        if u < 2 * d + D { return 1 }
        return 1 - E((u - 2 * d - D) / D)
    }

    /// §3.2's wave table: (curveOne, curveTwo, duration, offsetY).
    static let waves: [(c1: Double, c2: Double, d: Double, offsetY: Double)] = [
        (0.05, -0.05, 5.0, 575), (-0.07, 0.07, 4.0, 610), (0.10, -0.10, 3.7, 645),
        (0.14, -0.10, 3.5, 705), (-0.05, 0.08, 3.2, 740), (-0.05, 0.08, 3.4, 800),
    ]
    /// Wave n's k at t (n = 1…6).
    static func k(_ n: Int, _ t: Double) -> Double {
        let w = waves[n - 1]
        return w.c2 + (w.c1 - w.c2) * phase(t, duration: w.d, easeInOut)
    }
    /// Wave n's top line on the canvas (k = 0).
    static func top(_ n: Int) -> Double { L.minY + waves[n - 1].offsetY }

    /// §3.1: the top edge's height above (negative) or below the top line at canvas x, for k, in a W × H rect.
    static func edgeOffset(x: Double, k: Double, W: Double = 393, H: Double = 759) -> Double {
        // x(s) = W[(1−s)³ + 1.35 s(1−s)] falls from W to 0: bisect for s.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let s = (lo + hi) / 2, xs = W * (pow(1 - s, 3) + 1.35 * s * (1 - s))
            if xs > x { lo = s } else { hi = s }
        }
        let s = (lo + hi) / 2
        return 3 * k * H * s * (1 - s) * (2 * s - 1)
    }
    /// Wave n's top edge on the canvas at x and t.
    static func edge(_ n: Int, x: Double, t: Double) -> Double { top(n) + edgeOffset(x: x, k: k(n, t)) }

    // §3.3: the buoy.
    static func theta1(_ t: Double) -> Double { -3 + 10 * phase(t, duration: 0.9, easeOut) }
    static func theta2(_ t: Double) -> Double { 15 - 35 * phase(t, duration: 1.0, delay: 0.2, easeInOut) }
    static func lampLevel(_ t: Double) -> Double { 1 - 0.5 * phase(t, duration: 1, easeOut) }

    /// A point of the 225 × 225 buoy picture on the canvas, for the two angles; `origin` is the box's top-left with
    /// the −10 offset (84, 521) in the scene.
    static func buoyPoint(_ q: Point, theta1: Double, theta2: Double, origin: Point = Point(84, 521)) -> Point {
        func rot(_ v: Point, _ deg: Double) -> Point {
            let a = deg * .pi / 180
            return Point(v.x * cos(a) - v.y * sin(a), v.x * sin(a) + v.y * cos(a))
        }
        let lead = Point(0, 112.5), centre = Point(112.5, 112.5)
        let q1 = lead + rot(q - lead, theta1)
        let q2 = centre + rot(q1 - centre, theta2)
        return origin + q2
    }
}

/// A one-colour 225 × 225 picture for `buoy` (the `--assets` override), so where the buoy is reads off a pixel.
@MainActor
enum Ch10StandIns {
    static let buoy = (0, 200, 0)

    static func assets() throws -> AssetResolver {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("zoetrope-ch10-stand-ins-225-0-200-0")
        let url = dir.appendingPathComponent("buoy.png")
        if !FileManager.default.fileExists(atPath: url.path) {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            var px = [UInt8](repeating: 255, count: 225 * 225 * 4)
            for i in stride(from: 0, to: px.count, by: 4) { (px[i], px[i + 1], px[i + 2]) = (UInt8(buoy.0), UInt8(buoy.1), UInt8(buoy.2)) }
            // Written whole under another name, then renamed: a parallel run never reads half a file.
            let part = dir.appendingPathComponent("buoy.png.\(getpid()).part")
            try Framebuffer(width: 225, height: 225, pixels: px).savePNG(to: part)
            if rename(part.path, url.path) != 0 { try? FileManager.default.removeItem(at: part) }
        }
        let bundled = AssetResolver.bundledRoot().map { [$0] } ?? []
        return AssetResolver(roots: [dir] + bundled, userRootCount: 1)
    }
}

@MainActor
extension Framebuffer {
    func rgb(_ x: Double, _ y: Double, scale: Double = 1, left: Double = 0, top: Double = 0) -> (r: Int, g: Int, b: Int) {
        let p = pixel(Int((left + x * scale).rounded(.down)), Int((top + y * scale).rounded(.down)))
        return (p.r, p.g, p.b)
    }

    /// Where, in column x (canvas pt, at 1 px per pt), the red channel steps down from the colour above a filled edge
    /// to the colour below it, searched within ±`span` of `near`: the row boundary of the largest drop, moved by the
    /// edge pixel's coverage. Red is what the blue fill lacks and the sky, the buoy and the grey shadows have.
    func edgeY(x: Double, near: Double, span: Double = 14) -> Double {
        let column = Int(x.rounded(.down))
        let y0 = Int((near - span).rounded(.down)), y1 = Int((near + span).rounded(.up))
        let red = (y0 - 3...y1 + 3).map { Double(pixel(column, $0).r) }
        func r(_ y: Int) -> Double { red[y - (y0 - 3)] }
        // The largest drop over two rows (an edge covers a row partly).
        var best = y0, drop = -Double.infinity
        for y in y0...y1 where r(y - 1) - r(y + 1) > drop { drop = r(y - 1) - r(y + 1); best = y }
        // Row `best` is the partly covered one: covered fraction f puts the edge at best + 1 − f.
        let above = r(best - 2), below = r(best + 2)
        guard above - below > 4 else { return Double(best) + 0.5 }
        let f = max(0, min(1, (above - r(best)) / (above - below)))
        return Double(best) + 1 - f
    }
}
