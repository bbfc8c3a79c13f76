import Foundation

/// A 3×3 projective transform of the plane. Every node transform is one: offsets, scales and rotations are affine
/// special cases, and SwiftUI's `rotation3DEffect` of a flat view is a true projective map (spec 04 §1.3, 02 §2.4).
public struct Homography: Equatable, Sendable {
    /// Row-major: x' = (m0·x + m1·y + m2) / w, y' = (m3·x + m4·y + m5) / w, w = m6·x + m7·y + m8.
    public var m: [Double]

    public init(_ m: [Double]) { precondition(m.count == 9); self.m = m }
    public init(_ a: Affine) { m = [a.a, a.c, a.tx, a.b, a.d, a.ty, 0, 0, 1] }

    public static let identity = Homography([1, 0, 0, 0, 1, 0, 0, 0, 1])
    public static func translation(_ dx: Double, _ dy: Double) -> Homography { Homography(.translation(dx, dy)) }

    /// Scale about `anchor` (a point in the same space).
    public static func scale(_ sx: Double, _ sy: Double, about anchor: Point) -> Homography {
        .translation(anchor.x, anchor.y) * Homography(.scale(sx, sy)) * .translation(-anchor.x, -anchor.y)
    }
    /// Rotation by `degrees` (clockwise on screen) about `anchor`.
    public static func rotation(degrees: Double, about anchor: Point) -> Homography {
        .translation(anchor.x, anchor.y) * Homography(.rotation(degrees: degrees)) * .translation(-anchor.x, -anchor.y)
    }
    /// SwiftUI's `rotation3DEffect(angle, axis:, anchor:, anchorZ: 0, perspective: 1)` for a flat view: rotate the
    /// plane about `axis` (screen axes: x right, y down, z toward the viewer) through `anchor`, then project with the
    /// eye at distance `eyeDistance` (m34 = −1/d): w = 1 − z/d.
    public static func rotation3D(degrees: Double, axis: (x: Double, y: Double, z: Double), about anchor: Point,
                                  eyeDistance d: Double) -> Homography {
        let len = (axis.x * axis.x + axis.y * axis.y + axis.z * axis.z).squareRoot()
        guard len > 0, d > 0 else { return .identity }
        let (kx, ky, kz) = (axis.x / len, axis.y / len, axis.z / len)
        let t = degrees * .pi / 180, c = cos(t), s = sin(t), v = 1 - c
        // Rodrigues' rotation matrix; only the columns for x and y matter (the view lies in z = 0).
        let r00 = c + kx * kx * v, r01 = kx * ky * v - kz * s
        let r10 = ky * kx * v + kz * s, r11 = c + ky * ky * v
        let r20 = kz * kx * v - ky * s, r21 = kz * ky * v + kx * s
        let projected = Homography([r00, r01, 0, r10, r11, 0, -r20 / d, -r21 / d, 1])
        return .translation(anchor.x, anchor.y) * projected * .translation(-anchor.x, -anchor.y)
    }

    /// `a * b` applies b first, then a.
    public static func * (a: Homography, b: Homography) -> Homography {
        var r = [Double](repeating: 0, count: 9)
        for i in 0..<3 { for j in 0..<3 {
            r[i * 3 + j] = a.m[i * 3] * b.m[j] + a.m[i * 3 + 1] * b.m[3 + j] + a.m[i * 3 + 2] * b.m[6 + j]
        } }
        return Homography(r)
    }

    public func apply(_ p: Point) -> Point {
        let w = m[6] * p.x + m[7] * p.y + m[8]
        return Point((m[0] * p.x + m[1] * p.y + m[2]) / w, (m[3] * p.x + m[4] * p.y + m[5]) / w)
    }

    /// True when the map has no perspective part (straight quads stay parallelograms).
    public var isAffine: Bool { abs(m[6]) < 1e-12 && abs(m[7]) < 1e-12 && abs(m[8] - 1) < 1e-12 }

    /// Approximate length scale near the origin of the local space (for antialiasing fringes and stroke widths).
    public func lengthScale(near p: Point = .zero) -> Double {
        let o = apply(p), ex = apply(Point(p.x + 1, p.y)), ey = apply(Point(p.x, p.y + 1))
        let ax = ex.x - o.x, ay = ex.y - o.y, bx = ey.x - o.x, by = ey.y - o.y
        return abs(ax * by - ay * bx).squareRoot()
    }

    public var inverted: Homography? {
        let a = m
        let c00 = a[4] * a[8] - a[5] * a[7], c01 = a[5] * a[6] - a[3] * a[8], c02 = a[3] * a[7] - a[4] * a[6]
        let det = a[0] * c00 + a[1] * c01 + a[2] * c02
        guard abs(det) > 1e-15 else { return nil }
        let inv = [c00, a[2] * a[7] - a[1] * a[8], a[1] * a[5] - a[2] * a[4],
                   c01, a[0] * a[8] - a[2] * a[6], a[2] * a[3] - a[0] * a[5],
                   c02, a[1] * a[6] - a[0] * a[7], a[0] * a[4] - a[1] * a[3]]
        return Homography(inv.map { $0 / det })
    }
}
