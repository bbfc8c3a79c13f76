import Foundation

/// Zoetrope's readable effect format, and the `--dump` text.
///
/// One emitter is a JSON object whose fields are `EmitterConfig`'s, i.e. SpriteKit's public property names
/// (`particleBirthRate`, `particleLifetime`, `emissionAngle` in radians, `xAcceleration`, …):
///
/// - numbers: JSON numbers (the strings "NaN", "Infinity", "-Infinity" are read too, then sanitised);
/// - `particleColor` and colour keyframes: `{"r", "g", "b", "a"}` objects (`a` defaults to 1) or "#RRGGBB[AA]" /
///   "#RGB[A]" strings; always written as objects;
/// - `particlePosition`, `particlePositionRange`: `{"x", "y"}`; `particleSize`: `{"width", "height"}`; each also
///   accepts the other spellings, `{"dx", "dy"}` and `[a, b]`;
/// - `particleBlendMode`: "alpha", "add", "subtract", "multiply", "multiplyX2", "screen", "replace",
///   "multiplyAlpha" or the raw 0…7; `particleRenderOrder`: "oldestLast", "oldestFirst", "dontCare" or 0…2;
///   written as names;
/// - sequences: `{"keyframeValues": [...], "keyframeTimes": [...], "interpolationMode": "linear"|"spline"|"step"
///   (or 1…3), "repeatMode": "clamp"|"loop" (or 1…2)}`;
/// - `name`, `particleTexture`: strings (null or absent = none);
/// - optional extras from `LoadedEmitter`: `nodePosition` {x, y}, `textureAtlas` string, `textureSize`
///   {width, height}.
///
/// Missing fields take the SpriteKit defaults (`EmitterConfig()`); unknown fields are ignored with one warning per
/// file; a field of the wrong type is an error naming it. A file is one such object or an array of them.
/// Output is pretty-printed with sorted keys and is stable (same config → same bytes).
public enum EffectJSON {
    // MARK: Decoding

    public static func decode(_ data: Data, name: String) throws -> LoadResult {
        let root: FileValue
        do {
            root = try JSONReader.parse(data)
        } catch let e as JSONReader.Failure {
            throw ParticleFileError(file: name, problem: .notJSON, message: "not valid JSON: \(e.message)")
        }
        var reader = JSONEffectReader(file: name)
        var emitters: [LoadedEmitter] = []
        switch root {
        case .dict(let d):
            emitters.append(try reader.emitter(d, prefix: ""))
        case .array(let items):
            guard !items.isEmpty else {
                throw ParticleFileError(file: name, problem: .noEmitter, message: "no emitter: the array is empty")
            }
            guard items.count <= FileLimits.maxEmitters else {
                throw ParticleFileError(file: name, problem: .tooComplex,
                                        message: "\(items.count) emitters; at most \(FileLimits.maxEmitters) are accepted")
            }
            for (i, item) in items.enumerated() {
                guard case .dict(let d) = item else {
                    throw reader.wrongType("[\(i)]", expected: "an emitter object", got: item)
                }
                emitters.append(try reader.emitter(d, prefix: "[\(i)]."))
            }
        default:
            throw ParticleFileError(file: name, problem: .noEmitter,
                                    message: "no emitter: expected an object (one emitter) or an array of them, found \(root.typeName)")
        }
        var warnings: [String] = []
        if !reader.unknown.isEmpty {
            warnings.append("\(name): unknown fields ignored: \(reader.unknown.joined(separator: ", "))")
        }
        if let w = EmitterSanitizer.warning(file: name, notes: reader.notes) { warnings.append(w) }
        return LoadResult(emitters: emitters, warnings: warnings)
    }

    // MARK: Encoding

    /// One emitter configuration as a JSON object (the `--dump` format).
    public static func encode(_ config: EmitterConfig) -> Data {
        Data((JSONNode.object(fields(config)).render() + "\n").utf8)
    }

    /// One loaded emitter, with its node position, atlas and texture size when known.
    public static func encode(_ emitter: LoadedEmitter) -> Data {
        Data((JSONNode.object(fields(emitter)).render() + "\n").utf8)
    }

    /// Several emitters: a single object when there is exactly one, else an array.
    public static func encode(_ emitters: [LoadedEmitter]) -> Data {
        if emitters.count == 1 { return encode(emitters[0]) }
        return Data((JSONNode.array(emitters.map { .object(fields($0)) }).render() + "\n").utf8)
    }

    public static func blendModeName(_ m: ParticleBlendMode) -> String {
        switch m {
        case .alpha: return "alpha"
        case .add: return "add"
        case .subtract: return "subtract"
        case .multiply: return "multiply"
        case .multiplyX2: return "multiplyX2"
        case .screen: return "screen"
        case .replace: return "replace"
        case .multiplyAlpha: return "multiplyAlpha"
        }
    }

    public static func renderOrderName(_ o: ParticleRenderOrder) -> String {
        switch o {
        case .oldestLast: return "oldestLast"
        case .oldestFirst: return "oldestFirst"
        case .dontCare: return "dontCare"
        }
    }

    static func interpolationName(_ m: KeyframeInterpolation) -> String {
        switch m { case .linear: return "linear"; case .spline: return "spline"; case .step: return "step" }
    }

    static func repeatName(_ m: KeyframeRepeat) -> String {
        switch m { case .clamp: return "clamp"; case .loop: return "loop" }
    }

    static func fields(_ e: LoadedEmitter) -> [(String, JSONNode)] {
        var f = fields(e.config)
        if let p = e.nodePosition { f.append(("nodePosition", .object([("x", .number(p.x)), ("y", .number(p.y))]))) }
        if let a = e.textureAtlas { f.append(("textureAtlas", .string(a))) }
        if let s = e.textureSize { f.append(("textureSize", size(s))) }
        return f
    }

    static func size(_ v: Vector2) -> JSONNode { .object([("height", .number(v.y)), ("width", .number(v.x))]) }
    static func point(_ v: Vector2) -> JSONNode { .object([("x", .number(v.x)), ("y", .number(v.y))]) }
    static func color(_ c: RGBA) -> JSONNode {
        .object([("a", .number(c.a)), ("b", .number(c.b)), ("g", .number(c.g)), ("r", .number(c.r))])
    }

    static func sequence<V>(_ s: KeyframeSequence<V>, _ value: (V) -> JSONNode) -> JSONNode {
        .object([
            ("interpolationMode", .string(interpolationName(s.interpolationMode))),
            ("keyframeTimes", .array(s.keyframeTimes.map { .number($0) })),
            ("keyframeValues", .array(s.keyframeValues.map(value))),
            ("repeatMode", .string(repeatName(s.repeatMode))),
        ])
    }

    static func fields(_ c: EmitterConfig) -> [(String, JSONNode)] {
        var f: [(String, JSONNode)] = []
        for (name, path) in JSONEffectReader.doubleFields { f.append((name, .number(c[keyPath: path]))) }
        f.append(("numParticlesToEmit", .number(Double(c.numParticlesToEmit))))
        f.append(("fieldBitMask", .number(Double(c.fieldBitMask))))
        f.append(("particleBlendMode", .string(blendModeName(c.particleBlendMode))))
        f.append(("particleRenderOrder", .string(renderOrderName(c.particleRenderOrder))))
        f.append(("particleColor", color(c.particleColor)))
        f.append(("particlePosition", point(c.particlePosition)))
        f.append(("particlePositionRange", point(c.particlePositionRange)))
        f.append(("particleSize", size(c.particleSize)))
        if let n = c.name { f.append(("name", .string(n))) }
        if let t = c.particleTexture { f.append(("particleTexture", .string(t))) }
        if let s = c.particleColorSequence { f.append(("particleColorSequence", sequence(s, color))) }
        for (name, path) in JSONEffectReader.numberSequenceFields {
            if let s = c[keyPath: path] { f.append((name, sequence(s) { .number($0) })) }
        }
        return f
    }
}

// MARK: - Reading one emitter object

struct JSONEffectReader {
    let file: String
    var unknown: [String] = []
    var notes: [String] = []

    init(file: String) { self.file = file }

    static let doubleFields: [(String, WritableKeyPath<EmitterConfig, Double>)] = [
        ("particleBirthRate", \.particleBirthRate),
        ("particleLifetime", \.particleLifetime),
        ("particleLifetimeRange", \.particleLifetimeRange),
        ("emissionAngle", \.emissionAngle),
        ("emissionAngleRange", \.emissionAngleRange),
        ("particleSpeed", \.particleSpeed),
        ("particleSpeedRange", \.particleSpeedRange),
        ("xAcceleration", \.xAcceleration),
        ("yAcceleration", \.yAcceleration),
        ("particleAlpha", \.particleAlpha),
        ("particleAlphaRange", \.particleAlphaRange),
        ("particleAlphaSpeed", \.particleAlphaSpeed),
        ("particleScale", \.particleScale),
        ("particleScaleRange", \.particleScaleRange),
        ("particleScaleSpeed", \.particleScaleSpeed),
        ("particleRotation", \.particleRotation),
        ("particleRotationRange", \.particleRotationRange),
        ("particleRotationSpeed", \.particleRotationSpeed),
        ("particleColorBlendFactor", \.particleColorBlendFactor),
        ("particleColorBlendFactorRange", \.particleColorBlendFactorRange),
        ("particleColorBlendFactorSpeed", \.particleColorBlendFactorSpeed),
        ("particleColorRedRange", \.particleColorRedRange),
        ("particleColorGreenRange", \.particleColorGreenRange),
        ("particleColorBlueRange", \.particleColorBlueRange),
        ("particleColorAlphaRange", \.particleColorAlphaRange),
        ("particleColorRedSpeed", \.particleColorRedSpeed),
        ("particleColorGreenSpeed", \.particleColorGreenSpeed),
        ("particleColorBlueSpeed", \.particleColorBlueSpeed),
        ("particleColorAlphaSpeed", \.particleColorAlphaSpeed),
    ]

    static let numberSequenceFields: [(String, WritableKeyPath<EmitterConfig, KeyframeSequence<Double>?>)] = [
        ("particleAlphaSequence", \.particleAlphaSequence),
        ("particleColorBlendFactorSequence", \.particleColorBlendFactorSequence),
        ("particleRotationSequence", \.particleRotationSequence),
        ("particleScaleSequence", \.particleScaleSequence),
        ("particleSpeedSequence", \.particleSpeedSequence),
    ]

    static let otherFields: Set<String> = [
        "numParticlesToEmit", "fieldBitMask", "particleBlendMode", "particleRenderOrder", "particleColor",
        "particlePosition", "particlePositionRange", "particleSize", "name", "particleTexture", "particleColorSequence",
        "nodePosition", "textureAtlas", "textureSize",
    ]

    static let knownFields: Set<String> = Set(doubleFields.map(\.0))
        .union(numberSequenceFields.map(\.0)).union(otherFields)

    // MARK: Errors

    func wrongType(_ field: String, expected: String, got: FileValue) -> ParticleFileError {
        ParticleFileError(file: file, problem: .wrongType(key: field),
                          message: "`\(field)` should be \(expected) but is \(got.typeName)")
    }

    func malformed(_ field: String, _ what: String) -> ParticleFileError {
        ParticleFileError(file: file, problem: .malformedValue(key: field), message: "`\(field)`: \(what)")
    }

    // MARK: Values

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
                                      names: [("linear", .linear), ("spline", .spline), ("step", .step)],
                                      raw: KeyframeInterpolation.init(rawValue:))
        }
        var repeatMode = KeyframeRepeat.clamp
        if let m = d["repeatMode"], m != .null {
            repeatMode = try named(m, "\(field).repeatMode", names: [("clamp", .clamp), ("loop", .loop)],
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

    // MARK: One emitter

    mutating func emitter(_ d: [String: FileValue], prefix p: String) throws -> LoadedEmitter {
        var c = EmitterConfig()
        var loaded = LoadedEmitter(config: c)
        for key in d.keys.sorted() where !JSONEffectReader.knownFields.contains(key) { unknown.append(p + key) }
        func present(_ k: String) -> FileValue? {
            guard let v = d[k] else { return nil }
            return v
        }
        for (name, path) in JSONEffectReader.doubleFields {
            if let v = present(name) { c[keyPath: path] = try number(v, p + name) }
        }
        if let v = present("numParticlesToEmit") { c.numParticlesToEmit = Int(clamping: try integer(v, p + "numParticlesToEmit")) }
        if let v = present("fieldBitMask") {
            let n = try integer(v, p + "fieldBitMask")
            guard let m = UInt32(exactly: n) else { throw malformed(p + "fieldBitMask", "\(n) is not a 32-bit mask") }
            c.fieldBitMask = m
        }
        if let v = present("particleBlendMode") {
            c.particleBlendMode = try named(v, p + "particleBlendMode",
                                            names: ParticleBlendMode.allCases.map { (EffectJSON.blendModeName($0), $0) },
                                            raw: ParticleBlendMode.init(rawValue:))
        }
        if let v = present("particleRenderOrder") {
            c.particleRenderOrder = try named(v, p + "particleRenderOrder",
                                              names: ParticleRenderOrder.allCases.map { (EffectJSON.renderOrderName($0), $0) },
                                              raw: ParticleRenderOrder.init(rawValue:))
        }
        if let v = present("particleColor") { c.particleColor = try color(v, p + "particleColor") }
        if let v = present("particlePosition") { c.particlePosition = try vector(v, p + "particlePosition") }
        if let v = present("particlePositionRange") { c.particlePositionRange = try vector(v, p + "particlePositionRange") }
        if let v = present("particleSize") { c.particleSize = try vector(v, p + "particleSize") }
        if let v = present("name") { c.name = try optionalString(v, p + "name") }
        if let v = present("particleTexture") { c.particleTexture = try optionalString(v, p + "particleTexture") }
        if let v = present("particleColorSequence"), v != .null {
            c.particleColorSequence = try sequence(v, p + "particleColorSequence") { r, item, f in try r.color(item, f) }
        }
        for (name, path) in JSONEffectReader.numberSequenceFields {
            if let v = present(name), v != .null {
                c[keyPath: path] = try sequence(v, p + name) { r, item, f in try r.number(item, f) }
            }
        }
        if let v = present("nodePosition"), v != .null { loaded.nodePosition = try vector(v, p + "nodePosition") }
        if let v = present("textureAtlas") { loaded.textureAtlas = try optionalString(v, p + "textureAtlas") }
        if let v = present("textureSize"), v != .null { loaded.textureSize = try vector(v, p + "textureSize") }

        let (clean, sanitiseNotes) = EmitterSanitizer.sanitize(c)
        let label = p.isEmpty ? "" : "\(p.dropLast()): "
        notes += sanitiseNotes.map { label + $0 }
        loaded.config = clean
        return loaded
    }
}

// MARK: - A tiny, stable JSON writer

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
