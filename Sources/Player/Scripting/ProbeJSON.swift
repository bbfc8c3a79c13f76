import Foundation
import Particles
import Stage

/// A small JSON writer for the probe and audio lines (spec README §3.17): keys keep their order, numbers are short
/// and never NaN or infinite, strings are escaped.
indirect enum JSON {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    var text: String {
        switch self {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(x): return JSON.format(x)
        case let .string(s): return JSON.quote(s)
        case let .array(items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case let .object(fields): return "{" + fields.map { JSON.quote($0.0) + ":" + $0.1.text }.joined(separator: ",") + "}"
        }
    }

    /// Up to 6 decimals without trailing zeros (1.5, 1, -0.25); NaN and infinities, which JSON cannot hold, as null.
    static func format(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if abs(x) >= 1e15 { return String(format: "%.17g", x) }
        var s = String(format: "%.6f", x)
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
        return s == "-0" ? "0" : s
    }

    static func quote(_ s: String) -> String { JSONText.quote(s) }

    static func rect(_ r: Rect) -> JSON { .array([r.minX, r.minY, r.width, r.height].map(JSON.number)) }

    /// `#RRGGBBAA`, 8 bits per channel.
    static func color(_ c: Color) -> JSON {
        let (r, g, b, a) = c.rgba8
        return .string(String(format: "#%02X%02X%02X%02X", r, g, b, a))
    }

    static func value(_ v: ProbeValue) -> JSON {
        switch v {
        case let .number(m, p): return .object([("model", .number(m)), ("presented", .number(p))])
        case let .color(m, p): return .object([("model", color(m)), ("presented", color(p))])
        case let .state(.bool(b)): return .bool(b)
        case let .state(.number(x)): return .number(x)
        case let .state(.string(s)): return .string(s)
        }
    }

    /// One `probe` line: {"probe":NAME,"t":T,"frame":[x,y,w,h],"drawn":[…],"text":…,"hidden":…,"enabled":…,"values":{…}}.
    static func probe(_ r: ProbeReport, time: Double) -> JSON {
        var fields: [(String, JSON)] = [("probe", .string(r.name)), ("t", .number(time)), ("frame", rect(r.frame)),
                                        ("drawn", rect(r.drawn))]
        if let text = r.text { fields.append(("text", .string(text))) }
        fields += [("hidden", .bool(r.hidden)), ("enabled", .bool(r.enabled)),
                   ("values", .object(r.values.map { ($0.key, value($0.value)) }))]
        return .object(fields)
    }
}
