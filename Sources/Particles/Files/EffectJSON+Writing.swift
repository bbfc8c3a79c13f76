import Foundation

// Writing: a configuration (and what a loaded emitter adds) as `JSONNode`s. Every field of the configuration is
// written, so a dump shows all of it; compound values as objects, enumerations as names.
extension EffectJSON {
    static func fields(_ c: EmitterConfig) -> [(String, JSONNode)] {
        var f: [(String, JSONNode)] = []
        for (name, path) in doubleFields { f.append((name, .number(c[keyPath: path]))) }
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
        for (name, path) in numberSequenceFields {
            if let s = c[keyPath: path] { f.append((name, sequence(s) { .number($0) })) }
        }
        return f
    }

    /// The configuration's fields plus the emitter's node position, atlas and texture size when known.
    static func fields(_ e: LoadedEmitter) -> [(String, JSONNode)] {
        var f = fields(e.config)
        if let p = e.nodePosition { f.append(("nodePosition", point(p))) }
        if let a = e.textureAtlas { f.append(("textureAtlas", .string(a))) }
        if let s = e.textureSize { f.append(("textureSize", size(s))) }
        return f
    }

    private static func size(_ v: Vector2) -> JSONNode { .object([("height", .number(v.y)), ("width", .number(v.x))]) }
    private static func point(_ v: Vector2) -> JSONNode { .object([("x", .number(v.x)), ("y", .number(v.y))]) }
    private static func color(_ c: RGBA) -> JSONNode {
        .object([("a", .number(c.a)), ("b", .number(c.b)), ("g", .number(c.g)), ("r", .number(c.r))])
    }

    private static func sequence<V>(_ s: KeyframeSequence<V>, _ value: (V) -> JSONNode) -> JSONNode {
        .object([
            ("interpolationMode", .string(interpolationName(s.interpolationMode))),
            ("keyframeTimes", .array(s.keyframeTimes.map { .number($0) })),
            ("keyframeValues", .array(s.keyframeValues.map(value))),
            ("repeatMode", .string(repeatName(s.repeatMode))),
        ])
    }
}
