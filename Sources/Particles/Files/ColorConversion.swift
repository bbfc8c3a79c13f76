import Foundation

/// Colour-space helpers for particle files (spec 05 §1.3a, §5 item 10; README §3.8: everything is sRGB).
public enum ColorConversion {
    /// Linear Display P3 → linear sRGB (both D65), from the P3 and sRGB primaries.
    static let p3ToSRGB: [[Double]] = [
        [1.2249401762805598, -0.22494017628055996, 0],
        [-0.04205695470968816, 1.0420569547096882, 0],
        [-0.019637554590334432, -0.07863604555063188, 1.0982736001409663],
    ]

    /// sRGB (and Display P3, which shares it) electro-optical transfer: encoded 0…1 → linear.
    public static func decodeSRGB(_ v: Double) -> Double {
        let a = abs(v)
        let lin = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -lin : lin
    }

    /// Linear → encoded sRGB.
    public static func encodeSRGB(_ v: Double) -> Double {
        let a = abs(v)
        let enc = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -enc : enc
    }

    /// Converts Display-P3 components to sRGB, clamping out-of-gamut results to 0…1 (spec 05 §5 item 10).
    /// Alpha is copied (clamped to 0…1). Non-finite inputs give non-finite outputs; callers sanitise those.
    public static func displayP3ToSRGB(_ c: RGBA) -> RGBA {
        let lin = [decodeSRGB(c.r), decodeSRGB(c.g), decodeSRGB(c.b)]
        var out = [0.0, 0.0, 0.0]
        for i in 0..<3 {
            let m = p3ToSRGB[i]
            let v = m[0] * lin[0] + m[1] * lin[1] + m[2] * lin[2]
            out[i] = snap(encodeSRGB(clamp01(v)))
        }
        return RGBA(out[0], out[1], out[2], clamp01(c.a))
    }

    /// Converts device CMYK (0…1) to RGB the naive way AppKit does for device colours.
    static func cmykToRGB(c: Double, m: Double, y: Double, k: Double, a: Double) -> RGBA {
        RGBA((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k), a)
    }

    /// Removes rounding noise at the ends of the range (white must stay exactly 1, not 0.9999999999999999).
    static func snap(_ v: Double) -> Double {
        if abs(v - 1) < 1e-9 { return 1 }
        if abs(v) < 1e-9 { return 0 }
        return v
    }

    /// Clamps to 0…1, passing NaN through unchanged so it is still detected later.
    static func clamp01(_ v: Double) -> Double {
        if v.isNaN { return v }
        return Swift.min(Swift.max(v, 0), 1)
    }
}
