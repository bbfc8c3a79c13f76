import Foundation

/// The parameters of ConfettiSwiftUI's `confettiCannon` that shape a burst (spec 05 §3.6), with the package's
/// defaults. Colours are straight-alpha sRGB.
public struct ConfettiConfig: Equatable, Sendable {
    public var num: Int = 20
    public var shapes: [ConfettiShape] = ConfettiShape.allCases
    /// The view modifier passes the package's default colours; a bare config draws white pieces.
    public var colors: [RGBA] = [.white]
    public var confettiSize: Double = 10
    public var rainHeight: Double = 600
    public var fadesOut = true
    public var opacity: Double = 1
    /// Degrees, counter-clockwise from +x with screen "up" positive.
    public var openingAngle: Double = 60
    public var closingAngle: Double = 120
    public var radius: Double = 300

    public init() {}

    /// E = radius / 1300.
    public var explosionDuration: Double { radius / 1300 }
    /// R = (rainHeight + radius) / 200.
    public var rainDuration: Double { (rainHeight + radius) / 200 }
    /// E + R: a burst and all its pieces are removed this long after it started.
    public var lifetime: Double { explosionDuration + rainDuration }
    /// The rain starts 0.1·E into the burst, while the explosion still runs (the two add up).
    public var rainDelay: Double { 0.1 * explosionDuration }
}

/// One burst: all its pieces start at the origin at `start`, at opacity 0 (spec 05 §3.6).
public struct ConfettiBurst: Sendable {
    public let start: Double
    public let pieces: [ConfettiPiece]
    public let config: ConfettiConfig

    /// Samples `config.num` pieces from `random`, every value of every piece drawn independently, in index order.
    public init(start: Double, config: ConfettiConfig, random: inout SeededRandom) {
        self.start = start
        self.config = config
        var pieces: [ConfettiPiece] = []
        pieces.reserveCapacity(max(0, config.num))
        for _ in 0..<max(0, config.num) { pieces.append(ConfettiPiece(config: config, random: &random)) }
        self.pieces = pieces
    }

    public var end: Double { start + config.lifetime }
    /// Alive from its start until (not including) `end`.
    public func isAlive(at time: Double) -> Bool { time >= start && time < end }
}
