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
///
/// Reading is `JSONEffectReader` (on `JSONReader`'s values, checked by `EmitterSanitizer`), writing
/// `EffectJSON+Writing` (through `JSONNode`); the field tables both share are in `EffectJSON+Fields`.
public enum EffectJSON {
    /// The emitters of a file (one object or an array of them), sanitised. Warnings: one for the unknown fields, one
    /// for the sanitised values.
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
}
