import Backend
import Foundation
import Stage
import XCTest

/// Spec 03 §2 written out independently of the scene: the chaser's state machine (§2.1), the additive model of
/// overlapping changes (§0.5), the trim window (§0.8) and the numbers of §2.2–§2.4.
@MainActor
enum Ch9 {
    static let interval = 0.23, duration = 0.35, step = 0.12, tail = 0.4, resetDelay = 0.6

    /// easeOut, the cubic Bézier (0, 0), (0.58, 1) (README §3.3), by bisection on x.
    static func easeOut(_ p: Double) -> Double { SpecCurve.easeOut(p) }

    /// One change of (end, start): a tick (animated) or a reset (not).
    struct Change { var time: Double; var end: Double; var start: Double; var dEnd: Double; var dStart: Double; var animated: Bool }

    /// §2.1 run from the appear moment up to and including time t (events at exactly t count as happened).
    static func changes(until t: Double) -> [Change] {
        var out: [Change] = []
        var end = 0.0, start = 0.0, armed = true
        var resets: [Double] = []
        var n = 1
        while true {
            let tick = Double(n) * interval
            let reset = resets.first
            if let r = reset, r <= tick {
                guard r <= t else { break }
                resets.removeFirst()
                out.append(Change(time: r, end: 0, start: 0, dEnd: -end, dStart: -start, animated: false))
                end = 0; start = 0; armed = true
                continue
            }
            guard tick <= t else { break }
            if end >= 1 && armed { resets.append(tick + resetDelay); armed = false }
            let newEnd = end + step, newStart = newEnd - tail
            out.append(Change(time: tick, end: newEnd, start: newStart, dEnd: newEnd - end, dStart: newStart - start, animated: true))
            end = newEnd; start = newStart
            n += 1
        }
        return out
    }

    /// The targets (model values) at t.
    static func targets(at t: Double) -> (end: Double, start: Double) {
        let c = changes(until: t).last
        return (c?.end ?? 0, c?.start ?? 0)
    }

    /// Whether the reset is armed at t.
    static func armed(at t: Double) -> Bool {
        var armed = true
        var end = 0.0
        for c in changes(until: t) {
            if !c.animated { armed = true }
            else if end >= 1 && armed { armed = false }
            end = c.end
        }
        return armed
    }

    /// The presented (from, to) under the additive model: target + Σ −Δi·(1 − E((t − ti)/D)) over the animated changes
    /// still running since the last reset.
    static func presented(at t: Double) -> (from: Double, to: Double) {
        let all = changes(until: t)
        let (end, start) = (all.last?.end ?? 0, all.last?.start ?? 0)
        var to = end, from = start
        for c in all.reversed() {
            if !c.animated { break }
            let tau = (t - c.time) / duration
            guard tau < 1 else { continue }
            to -= c.dEnd * (1 - easeOut(tau))
            from -= c.dStart * (1 - easeOut(tau))
        }
        return (from, to)
    }

    /// §0.8: the clamped window, or nil when nothing is drawn.
    static func window(_ raw: (from: Double, to: Double)) -> (Double, Double)? {
        let a = min(max(raw.from, 0), 1), b = min(max(raw.to, 0), 1)
        return a < b ? (a, b) : nil
    }

    /// The times of the non-animated resets up to t.
    static func resetTimes(until t: Double) -> [Double] { changes(until: t).filter { !$0.animated }.map(\.time) }

    // MARK: The three views (§2.3, §2.4)

    struct View {
        let chaser: String
        let outline: String
        /// Path origin on the canvas in the main scene and in its sub-scene.
        let origin: Point
        let subOrigin: Point
        let colour: (Int, Int, Int)
        /// The path's start point in its own frame, and its total length (§2.2).
        let start: Point
        let length: Double
        /// Points along the trim parameter (§2.2), in the path's frame.
        let points: [(f: Double, p: Point)]
    }

    static let we = View(chaser: "weChaser", outline: "weOutline", origin: Point(75, 109), subOrigin: Point(75, 109),
                         colour: (255, 59, 48), start: Point(33.54, 105.92), length: 1448.55,
                         points: [(0.12, Point(34.37, 16.23)), (0.5, Point(79.09, 54.89)), (0.68, Point(194.78, 0.39)),
                                  (1.0, Point(159.00, 104.85))])
    static let heart = View(chaser: "heartChaser", outline: "heartOutline", origin: Point(75, 284.667),
                            subOrigin: Point(75, 29), colour: (255, 255, 255), start: Point(123.32, 231.81), length: 778.02,
                            points: [(0.12, Point(62.62, 161.80)), (0.25, Point(1.15, 83.32)), (0.5, Point(127.25, 28.15)),
                                     (0.75, Point(246.59, 90.65)), (1.0, Point(123.32, 231.81))])
    static let logo = View(chaser: "logoChaser", outline: "logoOutline", origin: Point(75, 570.333),
                           subOrigin: Point(75, 59), colour: (0, 122, 255), start: Point(201.37, 235.11), length: 1859.69,
                           points: [(0.12, Point(243.32, 35.80)), (0.5, Point(150.39, 189.10)), (0.75, Point(115.98, 111.62)),
                                    (1.0, Point(207.85, 191.14))])
    static let views = [we, heart, logo]

    /// Every fraction at which the path passes a point of `points`: the end of a closed last subpath is also its
    /// start (the E at 837.37/1448.55, the heart at 0, the bird at 865.96/1859.69).
    static func fractions(_ v: View, _ f: Double) -> [Double] {
        guard f == 1 else { return [f] }
        switch v.chaser {
        case "weChaser": return [1, 837.37 / 1448.55]
        case "heartChaser": return [1, 0]
        default: return [1, 865.96 / 1859.69]
        }
    }

    static let grey = (142, 142, 147)

    static func canvas(_ p: Point, _ origin: Point) -> Point { Point(origin.x + p.x, origin.y + p.y) }

    static func luminance(_ p: (r: Int, g: Int, b: Int, a: Int)) -> Double {
        0.299 * Double(p.r) + 0.587 * Double(p.g) + 0.114 * Double(p.b)
    }

    /// Close to a colour, channel by channel.
    static func near(_ p: (r: Int, g: Int, b: Int, a: Int), _ c: (Int, Int, Int), _ tolerance: Int = 24) -> Bool {
        abs(p.r - c.0) <= tolerance && abs(p.g - c.1) <= tolerance && abs(p.b - c.2) <= tolerance
    }
}

/// Pixel checks on a capture drawn at `scale` window pixels per canvas point (no bars: the window is the canvas
/// scaled), or through `map` for letterboxed windows.
@MainActor
class Chapter09PixelCase: ViewSceneTestCase {
    var scale = 1.0
    var map: (Point) -> Point = { $0 }

    func open(_ id: String, scale: Double) throws {
        self.scale = scale
        map = { Point($0.x * scale, $0.y * scale) }
        try open(id, size: Size(393 * scale, 852 * scale))
    }

    func frame(at t: Double) throws -> Framebuffer {
        h.advance(to: t)
        return try XCTUnwrap(h.capture())
    }

    /// The window pixel under a canvas point.
    func px(_ f: Framebuffer, _ p: Point) -> (r: Int, g: Int, b: Int, a: Int) {
        let q = map(p)
        return f.pixel(Int(q.x.rounded(.down)), Int(q.y.rounded(.down)))
    }

    /// The pixels around a canvas point (the point's pixel and its 8 neighbours).
    func around(_ f: Framebuffer, _ p: Point) -> [(r: Int, g: Int, b: Int, a: Int)] {
        let q = map(p)
        let x = Int(q.x.rounded(.down)), y = Int(q.y.rounded(.down))
        return (-1...1).flatMap { dy in (-1...1).map { dx in f.pixel(x + dx, y + dy) } }
    }

    /// The chaser's colour is drawn at the point (its pixel or a neighbour: edges are antialiased).
    func isLit(_ f: Framebuffer, _ p: Point, _ c: (Int, Int, Int)) -> Bool { around(f, p).contains { Ch9.near($0, c) } }

    /// Nothing near the chaser's colour around the point.
    func isDark(_ f: Framebuffer, _ p: Point, _ c: (Int, Int, Int)) -> Bool { !around(f, p).contains { Ch9.near($0, c, 70) } }
}
