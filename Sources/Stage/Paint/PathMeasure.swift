import Foundation

/// Flattening, bounds, arc length and trimming.
extension Path {
    /// A polyline of one subpath. A closed one does not repeat its first point at the end.
    public struct Subpath: Equatable, Sendable {
        public var points: [Point]
        public var closed: Bool
        public init(points: [Point], closed: Bool) { self.points = points; self.closed = closed }
    }

    /// The path as polylines whose chords stay within `tolerance` (path units) of the curves. Pass
    /// 0.25 / pixelScale for quarter-pixel accuracy on screen. Lone moves are dropped.
    public func flattened(tolerance: Double) -> [Subpath] {
        runs().map { run in
            var pts = [run.start]
            for s in run.segments { s.flatten(tolerance: tolerance, into: &pts) }
            if run.closed, pts.count > 1, pts[0].distance(to: pts[pts.count - 1]) <= 1e-9 { pts.removeLast() }
            return Subpath(points: pts, closed: run.closed)
        }
    }

    /// Flattened, then every point mapped through `transform` (perspective allowed): device-space polylines within
    /// about `tolerance` device pixels of the mapped curves.
    public func flattened(tolerance: Double, transform: Homography) -> [Subpath] {
        let b = boundingRect
        let corners = [Point(b.minX, b.minY), Point(b.maxX, b.minY), Point(b.maxX, b.maxY), Point(b.minX, b.maxY), b.center]
        let scale = corners.map { transform.lengthScale(near: $0) }.max() ?? 1
        return flattened(tolerance: tolerance / max(scale, 1e-9)).map {
            Subpath(points: $0.points.map(transform.apply), closed: $0.closed)
        }
    }

    /// The tight bounds of the drawn curves (not their control points); `.zero` for an empty path.
    public var boundingRect: Rect {
        var pts: [Point] = []
        for e in elements { if case let .move(p) = e { pts.append(p) } }
        for run in runs() {
            for s in run.segments {
                pts += [s.p0, s.p3]
                pts += s.extremaParameters().map(s.point(at:))
            }
        }
        guard let f = pts.first else { return .zero }
        var x0 = f.x, x1 = f.x, y0 = f.y, y1 = f.y
        for p in pts { x0 = min(x0, p.x); x1 = max(x1, p.x); y0 = min(y0, p.y); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Total arc length of all subpaths, closing segments included.
    public var length: Double { runs().reduce(0) { $0 + $1.all.reduce(0) { $0 + $1.length } } }

    /// The part between two fractions of the total arc length (all subpaths in order, as SwiftUI's `trim`).
    ///
    /// Both ends are clamped to [0, 1]; from ≥ to gives an empty path. (0, 1) returns the path unchanged. A subpath
    /// wholly inside the window keeps its curves and its closing; a partial one becomes an open piece whose end
    /// curves are cut exactly (not flattened). Pieces on different subpaths are separate subpaths.
    public func trimmedPath(from: Double, to: Double) -> Path {
        let a = min(max(from, 0), 1), b = min(max(to, 0), 1)
        guard a < b else { return Path() }
        if a <= 0 && b >= 1 { return self }
        let runs = runs()
        let measured = runs.map { $0.all.map { seg -> (Bezier, [Double]) in (seg, seg.lengthTable(seg.measureSteps)) } }
        let total = measured.reduce(0) { $0 + $1.reduce(0) { $0 + $1.1.last! } }
        guard total > 0 else { return Path() }
        let s0 = a * total, s1 = b * total, eps = total * 1e-12
        var out = Path()
        var offset = 0.0
        for (run, segs) in zip(runs, measured) {
            let runLength = segs.reduce(0) { $0 + $1.1.last! }
            defer { offset += runLength }
            if offset + runLength <= s0 + eps || offset >= s1 - eps { continue }
            if run.closed && offset >= s0 - eps && offset + runLength <= s1 + eps {
                out.move(to: run.start)
                for s in run.segments { out.addSegment(s) }
                out.closeSubpath()
                continue
            }
            var segStart = offset, open = false
            for (seg, table) in segs {
                let len = table.last!
                defer { segStart += len }
                let lo = max(s0, segStart), hi = min(s1, segStart + len)
                guard hi - lo > eps else { open = false; continue }
                let t0 = Path.parameter(at: lo - segStart, table), t1 = Path.parameter(at: hi - segStart, table)
                let piece = seg.sub(t0, t1)
                if !open { out.move(to: piece.p0); open = true }
                out.addSegment(piece)
                if hi < segStart + len - eps { open = false }
            }
        }
        return out
    }

    /// Appends a segment as the matching element.
    mutating func addSegment(_ s: Bezier) {
        switch s.degree {
        case 1: addLine(to: s.p3)
        case 2: addQuadCurve(to: s.p3, control: s.p1)
        default: addCurve(to: s.p3, control1: s.p1, control2: s.p2)
        }
    }

    /// The parameter at arc length `s` along a segment, from its table of lengths at uniform parameters.
    static func parameter(at s: Double, _ table: [Double]) -> Double {
        let n = table.count - 1, total = table[n]
        guard total > 0 else { return 0 }
        if s <= 0 { return 0 }
        if s >= total { return 1 }
        var lo = 0, hi = n
        while hi - lo > 1 { let mid = (lo + hi) / 2; if table[mid] <= s { lo = mid } else { hi = mid } }
        let span = table[hi] - table[lo]
        let f = span > 0 ? (s - table[lo]) / span : 0
        return (Double(lo) + f) / Double(n)
    }
}
