import Foundation

/// What fills or strokes a shape: a solid colour or a gradient, plus optional colour matrices (hue rotation, tint,
/// opacity) applied after the gradient is evaluated at each point.
///
/// Gradient geometry is given in device coordinates, or in any local space via `applying(_:)` (the paint then maps
/// device points back through the inverse transform, so perspective is exact).
public struct Paint: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case color(Color)
        case linearGradient(Gradient, start: Point, end: Point)
        case radialGradient(Gradient, center: Point, startRadius: Double, endRadius: Double)
        /// Angles in degrees, clockwise on screen from 3 o'clock; a hard seam at `startAngle`.
        case angularGradient(Gradient, center: Point, startAngle: Double, endAngle: Double)
    }

    public var kind: Kind
    /// Maps device points into the space the gradient geometry is given in (nil: the same space).
    public var toLocal: Homography?
    /// Applied in order to each evaluated colour, each result clamped. (Solid colours apply them at once.)
    public var colorMatrices: [ColorMatrix] = []

    public init(_ kind: Kind) { self.kind = kind }

    public static func color(_ c: Color) -> Paint { Paint(.color(c)) }
    public static func linearGradient(_ g: Gradient, start: Point, end: Point) -> Paint {
        Paint(.linearGradient(g, start: start, end: end))
    }
    public static func radialGradient(_ g: Gradient, center: Point, startRadius: Double, endRadius: Double) -> Paint {
        Paint(.radialGradient(g, center: center, startRadius: startRadius, endRadius: endRadius))
    }
    public static func angularGradient(_ g: Gradient, center: Point, startAngle: Double = 0, endAngle: Double = 360) -> Paint {
        Paint(.angularGradient(g, center: center, startAngle: startAngle, endAngle: endAngle))
    }

    /// The colour of a solid paint; nil for gradients.
    public var solidColor: Color? { if case let .color(c) = kind { return c } else { return nil } }

    /// The paint after a colour matrix (e.g. `.hueRotation(degrees:)`), clamped, after any earlier ones.
    public func transformed(by matrix: ColorMatrix) -> Paint {
        if case let .color(c) = kind { return .color(matrix.apply(c)) }
        var p = self
        p.colorMatrices.append(matrix)
        return p
    }

    /// Alpha multiplied by `o`.
    public func opacity(_ o: Double) -> Paint { transformed(by: .scale(a: o)) }

    /// The paint with its geometry moved by `transform` (local → device), perspective included.
    public func applying(_ transform: Homography) -> Paint {
        guard solidColor == nil, let inv = transform.inverted else { return self }
        var p = self
        p.toLocal = (toLocal ?? .identity) * inv
        return p
    }
    public func applying(_ transform: Affine) -> Paint { applying(Homography(transform)) }

    /// The colour at a device point (README §3.8: per-channel lerp in sRGB, straight alpha; clamped to the end stops).
    public func color(at device: Point) -> Color {
        let p = toLocal?.apply(device) ?? device
        var c: Color
        switch kind {
        case let .color(col): return col
        case let .linearGradient(g, s, e):
            let d = PaintMath.sub(e, s), dd = PaintMath.dot(d, d)
            c = g.color(at: dd > 0 ? PaintMath.dot(PaintMath.sub(p, s), d) / dd : 0)
        case let .radialGradient(g, center, r0, r1):
            let r = p.distance(to: center)
            c = g.color(at: r1 != r0 ? (r - r0) / (r1 - r0) : (r < r0 ? 0 : 1))
        case let .angularGradient(g, center, a0, a1):
            c = g.color(at: Paint.angularFraction(p, center, a0, a1))
        }
        for m in colorMatrices { c = m.apply(c) }
        return c
    }

    static func angularFraction(_ p: Point, _ center: Point, _ a0: Double, _ a1: Double) -> Double {
        let span = a1 - a0
        guard span != 0 else { return 0 }
        let phi = atan2(p.y - center.y, p.x - center.x) * 180 / .pi
        var d = (phi - a0).truncatingRemainder(dividingBy: 360)
        if span > 0 { if d < 0 { d += 360 } } else if d > 0 { d -= 360 }
        return d / span
    }

    /// Device-space lines (a, b, c: a·x + b·y + c = 0) across which the colour is not smooth: the stop lines of a
    /// linear gradient, the seam and stop rays of an angular one. Meshes are cut along them before refining.
    func creaseLines() -> [(Double, Double, Double)] {
        var local: [(Double, Double, Double)] = []
        switch kind {
        case .color, .radialGradient: return []
        case let .linearGradient(g, s, e):
            let d = PaintMath.sub(e, s)
            guard PaintMath.dot(d, d) > 0 else { return [] }
            for t in Set([0, 1] + g.stops.map(\.location)) {
                let q = PaintMath.madd(s, d, t)
                local.append((d.x, d.y, -PaintMath.dot(d, q)))
            }
        case let .angularGradient(g, c, a0, a1):
            let angles = [a0, a1] + g.stops.map { a0 + $0.location * (a1 - a0) }
            // A line through the centre serves an angle and its opposite.
            for deg in Set(angles.map { (($0.truncatingRemainder(dividingBy: 180) + 180).truncatingRemainder(dividingBy: 180) * 1e9).rounded() / 1e9 }) {
                let u = Point(cos(deg * .pi / 180), sin(deg * .pi / 180))
                local.append((-u.y, u.x, u.y * c.x - u.x * c.y))
            }
        }
        guard let h = toLocal?.m else { return local }
        return local.map { l in
            (l.0 * h[0] + l.1 * h[3] + l.2 * h[6], l.0 * h[1] + l.1 * h[4] + l.2 * h[7], l.0 * h[2] + l.1 * h[5] + l.2 * h[8])
        }
    }
}
