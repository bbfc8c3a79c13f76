import Foundation

/// How a path is stroked (SwiftUI's `StrokeStyle`, same defaults).
public struct StrokeStyle: Equatable, Sendable {
    public enum LineCap: Sendable { case butt, round, square }
    public enum LineJoin: Sendable { case miter, round, bevel }

    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    /// A miter is drawn while miter length / line width ≤ this; sharper corners are bevelled.
    public var miterLimit: Double
    /// Alternating on/off lengths along the path; empty for a solid line. An odd count is repeated once.
    public var dash: [Double]
    /// How far into the pattern the path starts: raising it moves the dashes backwards along the path.
    public var dashPhase: Double

    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10,
                dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth; self.lineCap = lineCap; self.lineJoin = lineJoin; self.miterLimit = miterLimit
        self.dash = dash; self.dashPhase = dashPhase
    }

    /// The share of the length a dashed line covers (its "on" lengths over the whole pattern); nil for a solid line.
    public var dashDuty: Double? {
        let pattern = dash.count % 2 == 1 ? dash + dash : dash
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, total > 0, total.isFinite else { return nil }
        let on = stride(from: 0, to: pattern.count, by: 2).reduce(0.0) { $0 + pattern[$1] }
        return max(0, min(1, on / total))
    }

    /// Width, dash lengths and phase multiplied by `k` (points → device pixels).
    public func scaled(by k: Double) -> StrokeStyle {
        var s = self
        s.lineWidth *= k; s.dash = dash.map { $0 * k }; s.dashPhase *= k
        return s
    }
}
