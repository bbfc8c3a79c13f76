import Foundation

/// A 2D affine transform: x' = a·x + c·y + tx, y' = b·x + d·y + ty (CGAffineTransform's layout).
///
/// Used for the emitter → target-node hand-over (spec 05 §1.9) and for pushing particle quads to the canvas
/// (§1.2, §1.8), and as the Stage's `Affine` for paths, paints and node transforms: the engine's one affine type.
/// `outer.concatenating(inner)` applies `inner` first.
public struct Affine2: Equatable, Hashable, Codable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double

    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    public static let identity = Affine2(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
    public static func translation(_ x: Double, _ y: Double) -> Affine2 { Affine2(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y) }
    public static func scale(_ sx: Double, _ sy: Double) -> Affine2 { Affine2(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// Rotation by `radians`, counter-clockwise in a y-up space (SpriteKit's zRotation).
    public static func rotation(_ radians: Double) -> Affine2 {
        let cs = cos(radians), sn = sin(radians)
        return Affine2(a: cs, b: sn, c: -sn, d: cs, tx: 0, ty: 0)
    }
    /// A node's transform in SpriteKit order: scale, then rotate, then translate.
    public static func node(position: Vector2, rotation: Double = 0, xScale: Double = 1, yScale: Double = 1) -> Affine2 {
        let cs = cos(rotation), sn = sin(rotation)
        return Affine2(a: cs * xScale, b: sn * xScale, c: -sn * yScale, d: cs * yScale, tx: position.x, ty: position.y)
    }

    public func apply(_ p: Vector2) -> Vector2 { Vector2(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty) }
    /// The linear part only (directions and velocities).
    public func applyLinear(_ v: Vector2) -> Vector2 { Vector2(a * v.x + c * v.y, b * v.x + d * v.y) }

    /// `self` applied after `first`: (self ∘ first)(p) = self(first(p)).
    public func concatenating(_ first: Affine2) -> Affine2 {
        Affine2(a: a * first.a + c * first.b, b: b * first.a + d * first.b,
                c: a * first.c + c * first.d, d: b * first.c + d * first.d,
                tx: a * first.tx + c * first.ty + tx, ty: b * first.tx + d * first.ty + ty)
    }

    public var determinant: Double { a * d - b * c }

    /// The inverse; like CGAffineTransform, a singular transform is returned unchanged.
    public var inverted: Affine2 {
        let det = determinant
        guard abs(det) > 1e-300, det.isFinite else { return self }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Affine2(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    /// The angle the transform turns the x axis through (radians, counter-clockwise in y-up space).
    public var rotationAngle: Double { atan2(b, a) }
    /// How much lengths grow under this transform: the geometric mean of the axis scales, √|det|.
    public var lengthScale: Double { abs(determinant).squareRoot() }
}
