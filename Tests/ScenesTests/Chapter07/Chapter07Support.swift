import Backend
import Foundation
import Stage
import XCTest

/// Spec 02's formulas written out independently of the view layer, so the scene's transforms, dash patterns and
/// pixels can be checked against them (all positions relative to the canvas centre unless said otherwise).
@MainActor
enum Ch7 {
    /// The centre of the 390 × 844 canvas.
    static let centre = Point(195, 422)
    /// Canvas coordinates of a centre-relative point.
    static func canvas(_ p: Point) -> Point { Point(centre.x + p.x, centre.y + p.y) }

    enum Axis { case x, y }

    /// §2.4: a point (relative to the anchor, in the flat view) rotated by `degrees` about the x or y axis and
    /// projected with the eye at `d`.
    static func tilted(_ p: Point, degrees: Double, about axis: Axis, d: Double) -> Point {
        let a = degrees * .pi / 180
        switch axis {
        case .y:
            let x = p.x * cos(a), z = -p.x * sin(a), w = 1 - z / d
            return Point(x / w, p.y / w)
        case .x:
            let y = p.y * cos(a), z = p.y * sin(a), w = 1 - z / d
            return Point(p.x / w, y / w)
        }
    }

    /// README §3.1: Rot(θ) of a point, clockwise on screen for θ > 0.
    static func rotated(_ p: Point, degrees: Double) -> Point {
        let a = degrees * .pi / 180
        return Point(p.x * cos(a) - p.y * sin(a), p.x * sin(a) + p.y * cos(a))
    }

    /// The bounding box of points.
    static func box(_ pts: [Point]) -> Rect {
        let x0 = pts.map(\.x).min()!, x1 = pts.map(\.x).max()!, y0 = pts.map(\.y).min()!, y1 = pts.map(\.y).max()!
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// A tilted gear (§5.1): spin θ in its plane, tilt about its centre with d = its diameter, then place it.
    static func gearPoint(_ local: Point, spin: Double, tilt: Double, about axis: Axis, diameter: Double, at c: Point) -> Point {
        let p = tilted(rotated(local, degrees: spin), degrees: tilt, about: axis, d: diameter)
        return Point(c.x + p.x, c.y + p.y)
    }

    /// §2.3: the point at arc length s of a capsule path in a w × h frame (relative to the frame's centre): it starts
    /// at the right edge's midpoint and runs clockwise on screen (towards +y first).
    static func capsulePoint(w: Double, h: Double, s: Double) -> Point {
        let r = min(w, h) / 2, a = max(w, h) - min(w, h), L = perimeter(w: w, h: h)
        var s = s.truncatingRemainder(dividingBy: L)
        if s < 0 { s += L }
        // The path as pieces: (length, point at local arc length u).
        var pieces: [(Double, (Double) -> Point)] = []
        func arc(_ cx: Double, _ cy: Double, from deg: Double, sweep: Double) -> (Double, (Double) -> Point) {
            (r * sweep * .pi / 180, { u in
                let t = (deg * .pi / 180) + u / r
                return Point(cx + r * cos(t), cy + r * sin(t))
            })
        }
        func line(_ p: Point, _ q: Point) -> (Double, (Double) -> Point) {
            let len = hypot(q.x - p.x, q.y - p.y)
            return (len, { u in Point(p.x + (q.x - p.x) * u / len, p.y + (q.y - p.y) * u / len) })
        }
        if w >= h {
            pieces = [arc(a / 2, 0, from: 0, sweep: 90), line(Point(a / 2, r), Point(-a / 2, r)),
                      arc(-a / 2, 0, from: 90, sweep: 180), line(Point(-a / 2, -r), Point(a / 2, -r)),
                      arc(a / 2, 0, from: 270, sweep: 90)]
        } else {
            pieces = [line(Point(r, 0), Point(r, a / 2)), arc(0, a / 2, from: 0, sweep: 180),
                      line(Point(-r, a / 2), Point(-r, -a / 2)), arc(0, -a / 2, from: 180, sweep: 180),
                      line(Point(r, -a / 2), Point(r, 0))]
        }
        for (len, at) in pieces {
            if s <= len { return at(s) }
            s -= len
        }
        return Point(r, 0)
    }

    /// §2.3: L = 2·(max − min) + π·min.
    static func perimeter(w: Double, h: Double) -> Double { 2 * (max(w, h) - min(w, h)) + .pi * min(w, h) }

    /// §2.3: the point at arc length s is painted iff ((s + φ) mod 6.4) < 5.
    static func painted(_ s: Double, phase: Double) -> Bool { mod(s + phase, 6.4) < 5 }

    /// How far (in arc length) s is from the nearest end of a dash, counting the seam at the path's start.
    static func clearance(_ s: Double, phase: Double, perimeter L: Double) -> Double {
        let m = mod(s + phase, 6.4)
        return min(abs(m), abs(m - 5), abs(m - 6.4), abs(s), abs(L - s))
    }

    static func mod(_ a: Double, _ m: Double) -> Double {
        let r = a.truncatingRemainder(dividingBy: m)
        return r < 0 ? r + m : r
    }

    /// The angle a repeating linear spin of `degrees` per `duration` seconds shows at t.
    static func spin(_ degrees: Double, per duration: Double, at t: Double) -> Double {
        degrees * mod(t / duration, 1)
    }

    /// Angles equal modulo 360 (a turn's end is its start).
    static func sameAngle(_ a: Double, _ b: Double, accuracy: Double) -> Bool {
        let d = mod(a - b, 360)
        return min(d, 360 - d) <= accuracy
    }

    static func luminance(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Double { 0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b) }
}

@MainActor
extension Framebuffer {
    /// The pixel under a point of the canvas drawn at `scale` window pixels per point with no bars (the window is
    /// the canvas scaled).
    func pixel(at p: Point, scale: Double) -> (r: Int, g: Int, b: Int, a: Int) {
        pixel(Int((p.x * scale).rounded(.down)), Int((p.y * scale).rounded(.down)))
    }
}
