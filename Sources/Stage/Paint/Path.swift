import Particles
import Foundation

/// A SwiftUI-like vector path in screen coordinates (y down): subpaths of lines and quadratic/cubic Béziers.
///
/// Angles are in degrees, measured from +x (3 o'clock) toward +y, i.e. **clockwise on screen**.
public struct Path: Equatable, Sendable {
    public enum Element: Equatable, Sendable {
        case move(to: Point)
        case line(to: Point)
        case quadCurve(to: Point, control: Point)
        case curve(to: Point, control1: Point, control2: Point)
        case closeSubpath
    }

    /// The commands in drawing order.
    public private(set) var elements: [Element] = []
    /// Start of the current subpath (where `closeSubpath` returns to).
    private var subpathStart: Point?
    private var current: Point?
    /// True right after `closeSubpath`: the next segment opens a new subpath at `subpathStart`.
    private var closed = false

    public init() {}
    public init(_ build: (inout Path) -> Void) { build(&self) }
    public init(elements: [Element]) { for e in elements { append(e) } }

    public var isEmpty: Bool { elements.isEmpty }
    /// The end of the last command (after `closeSubpath`, the subpath's start); nil for an empty path.
    public var currentPoint: Point? { current }

    // MARK: Building

    public mutating func move(to p: Point) { append(.move(to: p)) }

    /// A line from the current point (a lone point starts the subpath when there is none).
    public mutating func addLine(to p: Point) { if beginSegment(at: p) { append(.line(to: p)) } }

    /// `move(to: points[0])`, then lines through the rest.
    public mutating func addLines(_ points: [Point]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }

    public mutating func addQuadCurve(to p: Point, control: Point) {
        if beginSegment(at: p) { append(.quadCurve(to: p, control: control)) }
    }

    public mutating func addCurve(to p: Point, control1: Point, control2: Point) {
        if beginSegment(at: p) { append(.curve(to: p, control1: control1, control2: control2)) }
    }

    /// Closes the current subpath with a straight line back to its start. No-op without an open subpath.
    public mutating func closeSubpath() {
        guard current != nil, !closed, let last = elements.last, last != .closeSubpath else { return }
        append(.closeSubpath)
    }

    /// Appends `other`'s commands, mapped through `transform`.
    public mutating func addPath(_ other: Path, transform: Affine = .identity) {
        for e in other.elements { append(Path.map(e, transform)) }
    }

    /// This path with every point mapped through `transform`.
    public func applying(_ transform: Affine) -> Path { Path(elements: elements.map { Path.map($0, transform) }) }

    /// Like `applying`, by a translation.
    public func offsetBy(dx: Double, dy: Double) -> Path { applying(.translation(dx, dy)) }

    // MARK: Internals

    /// Opens a subpath when a segment has no start: after `closeSubpath` at the closed subpath's start. On an empty
    /// path the segment only moves to its end point (returns false: nothing to draw).
    mutating func beginSegment(at p: Point) -> Bool {
        if closed, let s = subpathStart { append(.move(to: s)); return true }
        if current == nil { append(.move(to: p)); return false }
        return true
    }

    mutating func append(_ e: Element) {
        elements.append(e)
        switch e {
        case let .move(p): subpathStart = p; current = p; closed = false
        case let .line(p), let .quadCurve(p, _), let .curve(p, _, _):
            if current == nil { subpathStart = p }
            current = p; closed = false
        case .closeSubpath: current = subpathStart; closed = true
        }
    }

    static func map(_ e: Element, _ t: Affine) -> Element {
        switch e {
        case let .move(p): return .move(to: t.apply(p))
        case let .line(p): return .line(to: t.apply(p))
        case let .quadCurve(p, c): return .quadCurve(to: t.apply(p), control: t.apply(c))
        case let .curve(p, c1, c2): return .curve(to: t.apply(p), control1: t.apply(c1), control2: t.apply(c2))
        case .closeSubpath: return .closeSubpath
        }
    }

    /// The path as drawn subpaths of segments. A lone `move` contributes nothing; `closing` is the straight segment
    /// `closeSubpath` adds (possibly of zero length).
    struct Run {
        var segments: [Bezier]
        var start: Point
        var closed: Bool
        var closing: Bezier? { closed ? .line(segments.last?.p3 ?? start, start) : nil }
        /// Segments including the closing one.
        var all: [Bezier] { closing.map { segments + [$0] } ?? segments }
    }

    func runs() -> [Run] {
        var out: [Run] = []
        var run: Run?
        var cur = Point.zero
        func finish() { if let r = run, !r.segments.isEmpty || r.closed { out.append(r) }; run = nil }
        for e in elements {
            switch e {
            case let .move(p):
                finish(); run = Run(segments: [], start: p, closed: false); cur = p
            case let .line(p):
                if run == nil { run = Run(segments: [], start: cur, closed: false) }
                run!.segments.append(.line(cur, p)); cur = p
            case let .quadCurve(p, c):
                if run == nil { run = Run(segments: [], start: cur, closed: false) }
                run!.segments.append(.quad(cur, c, p)); cur = p
            case let .curve(p, c1, c2):
                if run == nil { run = Run(segments: [], start: cur, closed: false) }
                run!.segments.append(.cubic(cur, c1, c2, p)); cur = p
            case .closeSubpath:
                guard run != nil else { continue }
                run!.closed = true; cur = run!.start; finish()
            }
        }
        finish()
        return out.filter { !$0.segments.isEmpty }
    }
}
