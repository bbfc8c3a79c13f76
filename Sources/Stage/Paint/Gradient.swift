import Foundation

/// Colour stops along 0…1, interpolated per channel in gamma-encoded sRGB with straight alpha (spec README §3.8).
public struct Gradient: Equatable, Sendable {
    public struct Stop: Equatable, Sendable {
        public var color: Color
        public var location: Double
        public init(color: Color, location: Double) { self.color = color; self.location = location }
    }

    /// Sorted by location (stable, so equal locations make a hard step in the given order).
    public private(set) var stops: [Stop]

    public init(stops: [Stop]) {
        self.stops = stops.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// Colours spaced evenly from 0 to 1.
    public init(colors: [Color]) {
        let n = colors.count
        self.init(stops: colors.enumerated().map { Stop(color: $1, location: n > 1 ? Double($0) / Double(n - 1) : 0) })
    }

    /// The colour at `t`; before the first stop the first colour, after the last the last.
    public func color(at t: Double) -> Color {
        guard let first = stops.first, let last = stops.last else { return .clear }
        if t <= first.location { return first.color }
        if t >= last.location { return last.color }
        var i = 0
        while i + 1 < stops.count && stops[i + 1].location <= t { i += 1 }
        let a = stops[i], b = stops[i + 1]
        let span = b.location - a.location
        return span > 0 ? a.color.mix(b.color, (t - a.location) / span) : b.color
    }

    /// The same stops with each colour mapped.
    public func mapColors(_ f: (Color) -> Color) -> Gradient {
        Gradient(stops: stops.map { Stop(color: f($0.color), location: $0.location) })
    }
}
