import Foundation

/// A 4×5 colour matrix on straight-alpha, gamma-encoded sRGB (like SVG's feColorMatrix): each output channel is
/// m·(r, g, b, a, 1), then clamped to [0, 1].
public struct ColorMatrix: Equatable, Sendable {
    /// Row-major, rows for r′, g′, b′, a′; columns r, g, b, a, offset.
    public var m: [Double]
    public init(_ m: [Double]) { precondition(m.count == 20); self.m = m }

    public static let identity = ColorMatrix([1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0])

    /// The SVG/CSS hue-rotate matrix of spec README §3.8 (alpha unchanged).
    public static func hueRotation(degrees: Double) -> ColorMatrix {
        let t = degrees * .pi / 180, c = cos(t), s = sin(t)
        return ColorMatrix([
            0.213 + 0.787 * c - 0.213 * s, 0.715 - 0.715 * c - 0.715 * s, 0.072 - 0.072 * c + 0.928 * s, 0, 0,
            0.213 - 0.213 * c + 0.143 * s, 0.715 + 0.285 * c + 0.140 * s, 0.072 - 0.072 * c - 0.283 * s, 0, 0,
            0.213 - 0.213 * c - 0.787 * s, 0.715 - 0.715 * c + 0.715 * s, 0.072 + 0.928 * c + 0.072 * s, 0, 0,
            0, 0, 0, 1, 0,
        ])
    }

    /// Multiplies each channel (a tint; `a` is an opacity).
    public static func scale(r: Double = 1, g: Double = 1, b: Double = 1, a: Double = 1) -> ColorMatrix {
        ColorMatrix([r, 0, 0, 0, 0, 0, g, 0, 0, 0, 0, 0, b, 0, 0, 0, 0, 0, a, 0])
    }

    public func apply(_ c: Color) -> Color {
        func row(_ i: Int) -> Double {
            let v = m[i * 5] * c.r + m[i * 5 + 1] * c.g + m[i * 5 + 2] * c.b + m[i * 5 + 3] * c.a + m[i * 5 + 4]
            return min(1, max(0, v))
        }
        return Color(r: row(0), g: row(1), b: row(2), a: row(3))
    }
}

extension Color {
    /// This colour through a colour matrix (clamped).
    public func applying(_ matrix: ColorMatrix) -> Color { matrix.apply(self) }
}
