import Foundation

/// One confetti piece's random draws (spec 05 §3.6, "Per piece i"), and its closed-form state at any time.
public struct ConfettiPiece: Equatable, Sendable {
    public let shape: ConfettiShape
    public let colorIndex: Int
    public let color: RGBA
    /// φ in degrees, counter-clockwise from +x with screen "up" positive: U[openingAngle, closingAngle].
    public let angle: Double
    /// D = radius·U[0.01, 1]^(2/7).
    public let distance: Double
    /// T1 = 0.2 + E + k/2100, k = U{0..999}.
    public let explosionDuration: Double
    /// ±1: the directions of the flip (which does not change its cosine) and of the spin.
    public let spinX: Double, spinZ: Double
    /// Seconds per revolution of the flip and of the spin: U[0.501, 2.201].
    public let xSpeed: Double, zSpeed: Double
    /// The spin's pivot: the box's top-left corner (false) or its bottom-right corner (true).
    public let pivotBottomRight: Bool

    public init(config c: ConfettiConfig, random r: inout SeededRandom) {
        let shapes = c.shapes.isEmpty ? ConfettiShape.allCases : c.shapes
        shape = shapes[Self.index(shapes.count, &r)]
        colorIndex = c.colors.isEmpty ? 0 : Self.index(c.colors.count, &r)
        color = c.colors.isEmpty ? RGBA.white : c.colors[colorIndex]
        angle = c.openingAngle + (c.closingAngle - c.openingAngle) * r.unit()
        distance = c.radius * pow(0.01 + 0.99 * r.unit(), 2.0 / 7.0)
        explosionDuration = 0.2 + c.explosionDuration + Double(Self.index(1000, &r)) / 2100
        spinX = r.unit() < 0.5 ? -1 : 1
        spinZ = r.unit() < 0.5 ? -1 : 1
        xSpeed = 0.501 + 1.7 * r.unit()
        zSpeed = 0.501 + 1.7 * r.unit()
        pivotBottomRight = r.unit() < 0.5
    }

    /// A piece with given draws (tests).
    public init(shape: ConfettiShape, colorIndex: Int = 0, color: RGBA = .white, angle: Double, distance: Double,
                explosionDuration: Double, spinX: Double = 1, spinZ: Double = 1, xSpeed: Double = 1, zSpeed: Double = 1,
                pivotBottomRight: Bool = false) {
        self.shape = shape; self.colorIndex = colorIndex; self.color = color; self.angle = angle
        self.distance = distance; self.explosionDuration = explosionDuration; self.spinX = spinX; self.spinZ = spinZ
        self.xSpeed = xSpeed; self.zSpeed = zSpeed; self.pivotBottomRight = pivotBottomRight
    }

    /// U{0..n−1}.
    private static func index(_ n: Int, _ r: inout SeededRandom) -> Int { min(n - 1, Int(r.unit() * Double(n))) }

    /// The piece at `t` seconds after its burst started (spec 05 §3.6 "Trajectory" and "Tumbling").
    public func state(at t: Double, config c: ConfettiConfig) -> ConfettiPieceState {
        let u1 = min(1, max(0, t / explosionDuration))
        let u2 = c.rainDuration > 0 ? min(1, max(0, (t - c.rainDelay) / c.rainDuration)) : 1
        let b1 = ConfettiCurve.explosion(u1), b2 = ConfettiCurve.rain(u2)
        let phi = angle * .pi / 180
        let burst = Vector2(distance * cos(phi) * b1, -distance * sin(phi) * b1)
        let fall = c.rainHeight * b2
        let fade = c.fadesOut ? b2 : 0
        let opacity = min(1, max(0, c.opacity * b1 - c.opacity * fade))
        // Ten revolutions of the flip, then flat; the spin never stops.
        let flip = 360 * min(t, 10 * xSpeed) / xSpeed
        let spin = spinZ * 360 * t / zSpeed
        return ConfettiPieceState(burst: burst, fall: fall, opacity: opacity, flip: flip, spin: spin)
    }
}

/// Where a piece is and how it is turned, `t` seconds into its burst (offsets in pt from the origin, y down).
public struct ConfettiPieceState: Equatable, Sendable {
    /// The explosion's part of the offset: D·(cos φ, −sin φ)·B1(u1).
    public var burst: Vector2
    /// The rain's part: rainHeight·B2(u2), downwards.
    public var fall: Double
    public var opacity: Double
    /// Degrees about the horizontal axis (drawn as a vertical squash by its cosine).
    public var flip: Double
    /// Degrees in the plane, clockwise on screen, about the pivot corner.
    public var spin: Double

    /// The whole offset: the two phases add (spec 05 §3.6).
    public var offset: Vector2 { Vector2(burst.x, burst.y + fall) }
}
