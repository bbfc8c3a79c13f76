import Foundation

// The value readers: each takes a `FileValue` and the field's path for messages, and accepts the spellings listed at
// `EffectJSON`; keys it does not know inside an object are added to `unknown`.
extension JSONEffectReader {
    func number(_ v: FileValue, _ field: String) throws -> Double {
        switch v {
        case .int(let i): return Double(i)
        case .real(let d): return d
        case .string(let s):
            switch s.lowercased() {
            case "nan": return .nan
            case "infinity", "inf", "+infinity": return .infinity
            case "-infinity", "-inf": return -.infinity
            default: throw wrongType(field, expected: "a number", got: v)
            }
        default: throw wrongType(field, expected: "a number", got: v)
        }
    }

    func integer(_ v: FileValue, _ field: String) throws -> Int64 {
        switch v {
        case .int(let i): return i
        case .real(let d) where d.isFinite && d == d.rounded() && abs(d) < 9e18: return Int64(d)
        case .real: throw malformed(field, "expected a whole number")
        default: throw wrongType(field, expected: "an integer", got: v)
        }
    }

    mutating func vector(_ v: FileValue, _ field: String) throws -> Vector2 {
        switch v {
        case .array(let a):
            guard a.count == 2 else { throw malformed(field, "expected two numbers, found \(a.count)") }
            return Vector2(try number(a[0], "\(field)[0]"), try number(a[1], "\(field)[1]"))
        case .dict(let d):
            for (xk, yk) in [("x", "y"), ("dx", "dy"), ("width", "height")] where d[xk] != nil || d[yk] != nil {
                guard let x = d[xk], let y = d[yk] else {
                    throw malformed(field, "needs both \"\(xk)\" and \"\(yk)\"")
                }
                for k in d.keys.sorted() where k != xk && k != yk { unknown.append("\(field).\(k)") }
                return Vector2(try number(x, "\(field).\(xk)"), try number(y, "\(field).\(yk)"))
            }
            throw malformed(field, "expected {\"x\", \"y\"}, {\"dx\", \"dy\"} or {\"width\", \"height\"}")
        default:
            throw wrongType(field, expected: "a point such as {\"x\": 0, \"y\": 0}", got: v)
        }
    }

    mutating func color(_ v: FileValue, _ field: String) throws -> RGBA {
        switch v {
        case .string(let s):
            guard let c = JSONEffectReader.hexColor(s) else {
                throw malformed(field, "\"\(s.prefix(20))\" is not a colour such as \"#FF8800\" or \"#FF880080\"")
            }
            return c
        case .dict(let d):
            guard let r = d["r"], let g = d["g"], let b = d["b"] else {
                throw malformed(field, "a colour object needs \"r\", \"g\" and \"b\" (and optionally \"a\")")
            }
            for k in d.keys.sorted() where !["r", "g", "b", "a"].contains(k) { unknown.append("\(field).\(k)") }
            return RGBA(try number(r, "\(field).r"), try number(g, "\(field).g"), try number(b, "\(field).b"),
                        try d["a"].map { try number($0, "\(field).a") } ?? 1)
        default:
            throw wrongType(field, expected: "a colour ({\"r\", \"g\", \"b\", \"a\"} or \"#RRGGBB[AA]\")", got: v)
        }
    }

    /// "#RGB", "#RGBA", "#RRGGBB", "#RRGGBBAA".
    static func hexColor(_ s: String) -> RGBA? {
        let t = s.trimmingCharacters(in: .whitespaces)
        guard t.hasPrefix("#") else { return nil }
        let hex = Array(t.dropFirst())
        guard hex.allSatisfy({ $0.isHexDigit }) else { return nil }
        func val(_ chars: ArraySlice<Character>) -> Double { Double(Int(String(chars), radix: 16)!) }
        switch hex.count {
        case 3, 4:
            let comps = hex.map { val([$0, $0][...]) / 255 }
            return RGBA(comps[0], comps[1], comps[2], hex.count == 4 ? comps[3] : 1)
        case 6, 8:
            let comps = stride(from: 0, to: hex.count, by: 2).map { val(hex[$0..<$0 + 2]) / 255 }
            return RGBA(comps[0], comps[1], comps[2], hex.count == 8 ? comps[3] : 1)
        default: return nil
        }
    }

    func named<E>(_ v: FileValue, _ field: String, names: [(String, E)], raw: (Int) -> E?) throws -> E {
        switch v {
        case .string(let s):
            if let m = names.first(where: { $0.0.lowercased() == s.lowercased() }) { return m.1 }
            throw malformed(field, "\"\(s.prefix(30))\" is not one of \(names.map { "\"\($0.0)\"" }.joined(separator: ", "))")
        case .int(let i):
            if let n = Int(exactly: i), let m = raw(n) { return m }
            throw malformed(field, "\(i) is not a valid value")
        case .real(let d):
            if d.isFinite, d == d.rounded(), abs(d) < 1e9, let m = raw(Int(d)) { return m }
            throw malformed(field, "\(d) is not a valid value")
        default:
            throw wrongType(field, expected: "a name or a number", got: v)
        }
    }

    mutating func sequence<V>(_ v: FileValue, _ field: String,
                              value: (inout JSONEffectReader, FileValue, String) throws -> V) throws -> KeyframeSequence<V> {
        guard case .dict(let d) = v else {
            throw wrongType(field, expected: "a keyframe sequence {\"keyframeValues\", \"keyframeTimes\"}", got: v)
        }
        guard let valuesV = d["keyframeValues"] else { throw malformed(field, "missing \"keyframeValues\"") }
        guard let timesV = d["keyframeTimes"] else { throw malformed(field, "missing \"keyframeTimes\"") }
        guard case .array(let values) = valuesV else {
            throw wrongType("\(field).keyframeValues", expected: "an array", got: valuesV)
        }
        guard case .array(let times) = timesV else {
            throw wrongType("\(field).keyframeTimes", expected: "an array", got: timesV)
        }
        guard values.count == times.count else {
            throw malformed(field, "\(values.count) keyframeValues but \(times.count) keyframeTimes")
        }
        guard values.count <= FileLimits.maxKeyframes else {
            throw malformed(field, "\(values.count) keyframes; at most \(FileLimits.maxKeyframes) are accepted")
        }
        var vs: [V] = []
        for (i, item) in values.enumerated() { vs.append(try value(&self, item, "\(field).keyframeValues[\(i)]")) }
        var ts: [Double] = []
        for (i, item) in times.enumerated() { ts.append(try number(item, "\(field).keyframeTimes[\(i)]")) }
        var interpolation = KeyframeInterpolation.linear
        if let m = d["interpolationMode"], m != .null {
            interpolation = try named(m, "\(field).interpolationMode",
                                      names: EffectJSON.names(EffectJSON.interpolationName),
                                      raw: KeyframeInterpolation.init(rawValue:))
        }
        var repeatMode = KeyframeRepeat.clamp
        if let m = d["repeatMode"], m != .null {
            repeatMode = try named(m, "\(field).repeatMode", names: EffectJSON.names(EffectJSON.repeatName),
                                   raw: KeyframeRepeat.init(rawValue:))
        }
        for k in d.keys.sorted() where !["keyframeValues", "keyframeTimes", "interpolationMode", "repeatMode"].contains(k) {
            unknown.append("\(field).\(k)")
        }
        return KeyframeSequence(keyframeValues: vs, times: ts, interpolationMode: interpolation, repeatMode: repeatMode)
    }

    func optionalString(_ v: FileValue, _ field: String) throws -> String? {
        switch v {
        case .null: return nil
        case .string(let s): return s.isEmpty ? nil : s
        default: throw wrongType(field, expected: "a string", got: v)
        }
    }
}
