import Foundation
import Stage

/// A value the block animator interpolates (spec 06 §2.4): position as a vector, rotation as a scalar angle.
protocol UIAnimatable: Equatable {
    static func interpolate(_ from: Self, _ to: Self, _ p: Double) -> Self
}

private func mix(_ a: CGFloat, _ b: CGFloat, _ p: Double) -> CGFloat { a + (b - a) * CGFloat(p) }

extension CGFloat: UIAnimatable {
    static func interpolate(_ from: CGFloat, _ to: CGFloat, _ p: Double) -> CGFloat { mix(from, to, p) }
}

extension CGPoint: UIAnimatable {
    static func interpolate(_ from: CGPoint, _ to: CGPoint, _ p: Double) -> CGPoint {
        CGPoint(x: mix(from.x, to.x, p), y: mix(from.y, to.y, p))
    }
}

extension CGSize: UIAnimatable {
    static func interpolate(_ from: CGSize, _ to: CGSize, _ p: Double) -> CGSize {
        CGSize(width: mix(from.width, to.width, p), height: mix(from.height, to.height, p))
    }
}

extension CGAffineTransform: UIAnimatable {
    static func interpolate(_ from: CGAffineTransform, _ to: CGAffineTransform, _ p: Double) -> CGAffineTransform {
        var t = CGAffineTransform()
        t.rotationAngle = mix(from.rotationAngle, to.rotationAngle, p)
        t.scaleX = mix(from.scaleX, to.scaleX, p)
        t.scaleY = mix(from.scaleY, to.scaleY, p)
        t.translationX = mix(from.translationX, to.translationX, p)
        t.translationY = mix(from.translationY, to.translationY, p)
        return t
    }
}

/// UIKit's colour, over the Stage's: a plain value, as UIKit's (`Sendable`, on any thread).
nonisolated struct UIColor: UIAnimatable {
    var color: Color
    init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        color = Color(r: Double(red), g: Double(green), b: Double(blue), a: Double(alpha))
    }
    init(_ color: Color) { self.color = color }
    static let clear = UIColor(red: 0, green: 0, blue: 0, alpha: 0)
    static let white = UIColor(red: 1, green: 1, blue: 1, alpha: 1)
    static func interpolate(_ from: UIColor, _ to: UIColor, _ p: Double) -> UIColor {
        let a = from.color, b = to.color
        return UIColor(red: mix(a.r, b.r, p), green: mix(a.g, b.g, p), blue: mix(a.b, b.b, p), alpha: mix(a.a, b.a, p))
    }
}
