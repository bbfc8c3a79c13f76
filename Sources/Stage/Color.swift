import Foundation

/// sRGB colour with straight alpha, channels 0…1. Interpolation is per gamma-encoded channel (spec README §3.8).
public struct Color: Equatable, Hashable, Sendable {
    public var r, g, b, a: Double
    public init(r: Double, g: Double, b: Double, a: Double = 1) { self.r = r; self.g = g; self.b = b; self.a = a }
    public init(_ r8: Int, _ g8: Int, _ b8: Int, alpha: Double = 1) {
        r = Double(r8) / 255; g = Double(g8) / 255; b = Double(b8) / 255; a = alpha
    }
    /// `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Int(hex >> 16 & 0xFF), Int(hex >> 8 & 0xFF), Int(hex & 0xFF), alpha: alpha)
    }
    public func opacity(_ o: Double) -> Color { Color(r: r, g: g, b: b, a: a * o) }
    public func mix(_ other: Color, _ t: Double) -> Color {
        Color(r: r + (other.r - r) * t, g: g + (other.g - g) * t, b: b + (other.b - b) * t, a: a + (other.a - a) * t)
    }
    /// 8-bit channels, rounded and clamped.
    public var rgba8: (UInt8, UInt8, UInt8, UInt8) {
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        return (q(r), q(g), q(b), q(a))
    }

    // Light-mode system colours (spec README §3.8).
    public static let red = Color(hex: 0xFF3B30)
    public static let orange = Color(hex: 0xFF9500)
    public static let yellow = Color(hex: 0xFFCC00)
    public static let green = Color(hex: 0x34C759)
    public static let blue = Color(hex: 0x007AFF)
    public static let indigo = Color(hex: 0x5856D6)
    public static let purple = Color(hex: 0xAF52DE)
    public static let pink = Color(hex: 0xFF2D55)
    public static let gray = Color(hex: 0x8E8E93)
    public static let black = Color(hex: 0x000000)
    public static let white = Color(hex: 0xFFFFFF)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
    public static let secondaryLabel = Color(hex: 0x8A8A8E)
    public static let groupedBackground = Color(hex: 0xF2F2F7)
    public static let separator = Color(60, 60, 67, alpha: 0.29)
    /// The shadow colour when a scene names none.
    public static let defaultShadow = Color(r: 0, g: 0, b: 0, a: 0.33)
}
