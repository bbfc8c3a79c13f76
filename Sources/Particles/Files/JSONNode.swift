import Foundation

/// A tiny JSON writer with stable output: object keys sorted by code point, short containers of scalars on one
/// line, numbers in their shortest exact form.
indirect enum JSONNode {
    case number(Double)
    case string(String)
    case object([(String, JSONNode)])
    case array([JSONNode])

    var isContainer: Bool {
        switch self { case .object, .array: return true; default: return false }
    }

    func render(indent: Int = 0) -> String {
        switch self {
        case .number(let d): return JSONNode.format(d)
        case .string(let s): return JSONNode.quote(s)
        case .object(let fields):
            let sorted = fields.sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
            if sorted.isEmpty { return "{}" }
            let inline = "{" + sorted.map { "\(JSONNode.quote($0.0)): \($0.1.render())" }.joined(separator: ", ") + "}"
            if indent > 0, !sorted.contains(where: { $0.1.isContainer }), inline.count <= 100 { return inline }
            let pad = String(repeating: "  ", count: indent + 1)
            let body = sorted.map { "\(pad)\(JSONNode.quote($0.0)): \($0.1.render(indent: indent + 1))" }
            return "{\n" + body.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + "}"
        case .array(let items):
            if items.isEmpty { return "[]" }
            let inline = "[" + items.map { $0.render() }.joined(separator: ", ") + "]"
            if indent > 0, !items.contains(where: { $0.isContainer }), inline.count <= 100 { return inline }
            let pad = String(repeating: "  ", count: indent + 1)
            let body = items.map { pad + $0.render(indent: indent + 1) }
            return "[\n" + body.joined(separator: ",\n") + "\n" + String(repeating: "  ", count: indent) + "]"
        }
    }

    /// Shortest text that reads back as the same Double; whole numbers without ".0"; non-finite as strings.
    static func format(_ d: Double) -> String {
        if d.isNaN { return "\"NaN\"" }
        if d.isInfinite { return d > 0 ? "\"Infinity\"" : "\"-Infinity\"" }
        if d == 0 { return "0" }   // also −0
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    static func quote(_ s: String) -> String { JSONText.quote(s) }
}

/// JSON string literals, shared by the effect files and the player's probe lines.
public enum JSONText {
    /// `s` as a JSON string: quotes, backslashes and control characters escaped (and U+2028/2029, which
    /// JavaScript readers treat as line ends).
    public static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029:
                out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}
