import Foundation

/// An asset catalog's colour (`X.colorset/Contents.json`): the universal, light-appearance entry, in sRGB
/// components 0…1. Xcode writes each component as a fraction ("0.502"), a byte ("128") or hex ("0x80"); grey-gamma
/// colours have one `white` component.
public enum ColorSet {
    public static func load(_ folder: URL) -> Color? {
        guard let data = try? Data(contentsOf: folder.appendingPathComponent("Contents.json")),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = json["colors"] as? [[String: Any]] else { return nil }
        // The light appearance is the entry without `appearances` (dark variants carry one).
        let entry = entries.first { $0["appearances"] == nil } ?? entries.first
        guard let color = entry?["color"] as? [String: Any],
              let components = color["components"] as? [String: Any] else { return nil }
        func component(_ key: String) -> Double? { (components[key] as? String).flatMap(value) ?? (components[key] as? Double) }
        let alpha = component("alpha") ?? 1
        if let white = component("white") { return Color(r: white, g: white, b: white, a: alpha) }
        guard let r = component("red"), let g = component("green"), let b = component("blue") else { return nil }
        return Color(r: r, g: g, b: b, a: alpha)
    }

    /// "0.502" → 0.502, "128" → 128/255, "0x80" → 128/255.
    private static func value(_ text: String) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if t.lowercased().hasPrefix("0x") { return UInt8(t.dropFirst(2), radix: 16).map { Double($0) / 255 } }
        guard let v = Double(t), v.isFinite, v >= 0 else { return nil }
        return t.contains(".") || v <= 1 ? min(v, 1) : min(v, 255) / 255
    }
}
