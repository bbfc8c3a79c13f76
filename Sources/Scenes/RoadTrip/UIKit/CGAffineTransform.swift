import Foundation
import Particles

/// UIKit's 2-D affine transform of a view (spec 06 §2.5), applied about the view's centre. Kept decomposed as
/// translation · rotation · scale so the animator can interpolate the rotation as a plain angle (no shortest path):
/// 0 → π turns clockwise on screen and π → 0 back (y points down, so a positive angle is clockwise as seen).
/// A plain value, usable on any thread.
nonisolated struct CGAffineTransform: Equatable {
    /// Radians, clockwise on screen.
    var rotationAngle: CGFloat = 0
    var scaleX: CGFloat = 1
    var scaleY: CGFloat = 1
    var translationX: CGFloat = 0
    var translationY: CGFloat = 0

    static let identity = CGAffineTransform()

    /// `CGAffineTransformMakeRotation`.
    init(rotationAngle angle: CGFloat) { rotationAngle = angle }
    /// `CGAffineTransformMakeScale`.
    init(scaleX sx: CGFloat, y sy: CGFloat) { scaleX = sx; scaleY = sy }
    /// `CGAffineTransformMakeTranslation`.
    init(translationX tx: CGFloat, y ty: CGFloat) { translationX = tx; translationY = ty }
    init() {}

    var isIdentity: Bool { self == .identity }

    /// The same transform as the engine's one affine matrix: scale, then rotate, then translate (`Affine2.node`).
    var matrix: Affine2 {
        .node(position: Vector2(translationX, translationY), rotation: rotationAngle, xScale: scaleX, yScale: scaleY)
    }

    /// Maps a point given relative to the centre (the transform's origin).
    func apply(_ p: CGPoint) -> CGPoint { CGPoint(matrix.apply(Vector2(p.x, p.y))) }

    /// The inverse of `apply` (nil for a zero scale).
    func invert(_ p: CGPoint) -> CGPoint? {
        guard scaleX != 0, scaleY != 0 else { return nil }
        return CGPoint(matrix.inverted.apply(Vector2(p.x, p.y)))
    }
}

nonisolated private extension CGPoint {
    init(_ v: Vector2) { self.init(x: v.x, y: v.y) }
}
