import Foundation

/// Reads the emitter objects of one effect file (the format is described at `EffectJSON`), collecting the unknown
/// fields and the sanitizer's notes across the file so each becomes one warning. A field of the wrong type or with
/// an unreadable value throws an error naming it.
struct JSONEffectReader {
    let file: String
    var unknown: [String] = []
    var notes: [String] = []

    init(file: String) { self.file = file }

    /// One emitter object (`prefix` names it in messages, e.g. "[2]."), sanitised; the sanitizer's notes are kept
    /// in `notes` for the file's one warning.
    mutating func emitter(_ d: [String: FileValue], prefix p: String) throws -> LoadedEmitter {
        var c = EmitterConfig()
        var loaded = LoadedEmitter(config: c)
        for key in d.keys.sorted() where !EffectJSON.knownFields.contains(key) { unknown.append(p + key) }
        for (name, path) in EffectJSON.doubleFields {
            if let v = d[name] { c[keyPath: path] = try number(v, p + name) }
        }
        if let v = d["numParticlesToEmit"] { c.numParticlesToEmit = Int(clamping: try integer(v, p + "numParticlesToEmit")) }
        if let v = d["fieldBitMask"] {
            let n = try integer(v, p + "fieldBitMask")
            guard let m = UInt32(exactly: n) else { throw malformed(p + "fieldBitMask", "\(n) is not a 32-bit mask") }
            c.fieldBitMask = m
        }
        if let v = d["particleBlendMode"] {
            c.particleBlendMode = try named(v, p + "particleBlendMode",
                                            names: EffectJSON.names(EffectJSON.blendModeName),
                                            raw: ParticleBlendMode.init(rawValue:))
        }
        if let v = d["particleRenderOrder"] {
            c.particleRenderOrder = try named(v, p + "particleRenderOrder",
                                              names: EffectJSON.names(EffectJSON.renderOrderName),
                                              raw: ParticleRenderOrder.init(rawValue:))
        }
        if let v = d["particleColor"] { c.particleColor = try color(v, p + "particleColor") }
        if let v = d["particlePosition"] { c.particlePosition = try vector(v, p + "particlePosition") }
        if let v = d["particlePositionRange"] { c.particlePositionRange = try vector(v, p + "particlePositionRange") }
        if let v = d["particleSize"] { c.particleSize = try vector(v, p + "particleSize") }
        if let v = d["name"] { c.name = try optionalString(v, p + "name") }
        if let v = d["particleTexture"] { c.particleTexture = try optionalString(v, p + "particleTexture") }
        if let v = d["particleColorSequence"], v != .null {
            c.particleColorSequence = try sequence(v, p + "particleColorSequence") { r, item, f in try r.color(item, f) }
        }
        for (name, path) in EffectJSON.numberSequenceFields {
            if let v = d[name], v != .null {
                c[keyPath: path] = try sequence(v, p + name) { r, item, f in try r.number(item, f) }
            }
        }
        if let v = d["nodePosition"], v != .null { loaded.nodePosition = try vector(v, p + "nodePosition") }
        if let v = d["textureAtlas"] { loaded.textureAtlas = try optionalString(v, p + "textureAtlas") }
        if let v = d["textureSize"], v != .null { loaded.textureSize = try vector(v, p + "textureSize") }

        let (clean, sanitiseNotes) = EmitterSanitizer.sanitize(c)
        let label = p.isEmpty ? "" : "\(p.dropLast()): "
        notes += sanitiseNotes.map { label + $0 }
        loaded.config = clean
        return loaded
    }

    // MARK: Errors

    func wrongType(_ field: String, expected: String, got: FileValue) -> ParticleFileError {
        ParticleFileError(file: file, problem: .wrongType(key: field),
                          message: "`\(field)` should be \(expected) but is \(got.typeName)")
    }

    func malformed(_ field: String, _ what: String) -> ParticleFileError {
        ParticleFileError(file: file, problem: .malformedValue(key: field), message: "`\(field)`: \(what)")
    }
}
