import Foundation

/// Loader for Xcode's SpriteKit particle files (`.sks`): NSKeyedArchiver property lists, binary or XML, whose root is
/// an `SKEmitterNode`, or an `SKScene` whose node tree contains emitters (spec 05 §1.3, §1.3a).
///
/// - Every archive key of spec 05 §1.3 is mapped to the `EmitterConfig` property of the same meaning; unknown keys and
///   classes are ignored. A key missing from the archive keeps the `EmitterConfig` default (the spec's default
///   column), not NSCoder's 0.
/// - The texture name is `_particleTexture._subTextureName` when the texture comes from an atlas, else `_imgName`;
///   the atlas (`_originalAtlasName`) and the editor's point size (`_size`) are returned beside the config.
/// - Colours: `NSColor` in every form (RGB, white, CMYK, catalogue colour → its fallback, components in a custom
///   space: Display P3 is converted to sRGB and clamped).
/// - Absurd values are sanitised (`EmitterSanitizer`) and reported in one warning per file.
/// - Errors are `ParticleFileError`s naming the file and the key at fault.
public enum SKSFile {
    public static func load(_ url: URL) throws -> LoadResult {
        let data = try ParticleFile.read(url)
        return try load(data: data, name: url.lastPathComponent)
    }

    public static func load(data: Data, name: String) throws -> LoadResult {
        let plist = try propertyList(data, name: name)
        let archive = try KeyedArchive(file: name, plist: plist)
        var decoder = SKSDecoder(archive: archive)
        return try decoder.run()
    }

    /// Parses a binary or XML property list (not the old OpenStep text form) into `FileValue`s.
    static func propertyList(_ data: Data, name: String) throws -> FileValue {
        guard !data.isEmpty else {
            throw ParticleFileError(file: name, problem: .notPropertyList, message: "empty file, not a property list")
        }
        // Refuse binary plists whose shared sub-trees would expand beyond reason before Foundation sees them: it
        // expands every shared reference eagerly, so the count (linear: memoised per object) must come first.
        switch BinaryPlistScan.scan(data, limit: FileLimits.maxValues) {
        case .expandedCount(let n) where n > FileLimits.maxValues:
            throw ParticleFileError(file: name, problem: .tooComplex,
                                    message: "property list not accepted: it expands to more than \(FileLimits.maxValues) values "
                                        + "(shared references); refused")
        case .cycle:
            throw ParticleFileError(file: name, problem: .notPropertyList,
                                    message: "not a valid property list: an array or dictionary contains itself")
        case .unsupported(let what):
            throw ParticleFileError(file: name, problem: .notPropertyList,
                                    message: "not a property list this loader accepts: it contains \(what)")
        default: break
        }
        var format = PropertyListSerialization.PropertyListFormat.binary
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        } catch {
            // Foundation falls back to its XML parser, whose complaint about a binary file ("Unexpected character b")
            // says nothing useful: name what the file looks like instead.
            let reason = (error as NSError).userInfo["NSDebugDescription"] as? String
            let message: String
            if data.starts(with: Data("bplist".utf8)) {
                message = "a damaged binary property list (its object table or offsets do not add up)"
            } else if let first = data.first(where: { !" \t\r\n".utf8.contains($0) }), first == UInt8(ascii: "<") || data.starts(with: [0xEF, 0xBB, 0xBF]) {
                message = "a damaged XML property list\(reason.map { ": \($0)" } ?? "")"
            } else {
                message = "not a property list: neither binary (bplist00) nor XML"
            }
            throw ParticleFileError(file: name, problem: .notPropertyList, message: message)
        }
        guard format == .binary || format == .xml else {
            throw ParticleFileError(file: name, problem: .notPropertyList,
                                    message: "not a binary or XML property list")
        }
        do {
            return try FileValue.from(foundation: object)
        } catch let e as FileValueConversionError {
            throw ParticleFileError(file: name, problem: .tooComplex, message: "property list not accepted: \(e.message)")
        }
    }
}

/// Walks the archive's node tree and decodes every `SKEmitterNode` met.
struct SKSDecoder {
    let archive: KeyedArchive
    var file: String { archive.file }
    var emitters: [LoadedEmitter] = []
    var notes: [String] = []
    var warnings: [String] = []
    var nodesVisited = 0
    var emitterCapReached = false
    var cache: [Int: LoadedEmitter] = [:]

    init(archive: KeyedArchive) { self.archive = archive }

    mutating func run() throws -> LoadResult {
        let rootRef: FileValue
        if let r = archive.top["root"] {
            rootRef = r
        } else if let first = archive.top.keys.sorted().first(where: { KeyedArchive.uid(of: archive.top[$0]) != nil }) {
            rootRef = archive.top[first]!
        } else {
            throw ParticleFileError(file: file, problem: .noEmitter, message: "no emitter: the archive has no root object")
        }
        let root = try archive.resolve(rootRef, key: "$top.root")
        guard case .dict(let rootDict) = root else {
            throw ParticleFileError(file: file, problem: .noEmitter,
                                    message: "no emitter: the archive's root is \(root.typeName)")
        }
        // Child lists may repeat one node (by UID) many times, at every level: count the expanded tree first.
        var memo: [Int: Int] = [:]
        if expandedNodes(rootRef, ancestors: [], depth: 0, memo: &memo) > FileLimits.maxNodes {
            throw ParticleFileError(file: file, problem: .tooComplex,
                                    message: "the node tree expands to more than \(FileLimits.maxNodes) nodes "
                                        + "(shared references); refused")
        }
        try walk(rootRef, path: "", ancestors: [], offset: .zero, depth: 0)
        if emitters.isEmpty {
            let cls = (try? archive.classNames(of: rootDict, key: "$top.root").first) ?? nil
            throw ParticleFileError(file: file, problem: .noEmitter,
                                    message: "no SKEmitterNode in the archive (its root is \(cls ?? "an object without a class"))")
        }
        if let w = EmitterSanitizer.warning(file: file, notes: notes) { warnings.append(w) }
        if emitterCapReached {
            warnings.append("\(file): more than \(FileLimits.maxEmitters) emitters; kept the first \(FileLimits.maxEmitters)")
        }
        return LoadResult(emitters: emitters, warnings: warnings)
    }

    /// Visits one node (a reference or an inline dictionary); `path` is "" for the root, else "_children[i]…".
    mutating func walk(_ ref: FileValue, path: String, ancestors: Set<Int>, offset: Vector2, depth: Int) throws {
        let uid = KeyedArchive.uid(of: ref)
        if let u = uid, ancestors.contains(u) {
            throw ParticleFileError(file: file, problem: .cycle,
                                    message: "`\(path)`: node \(u) contains itself (a reference cycle)")
        }
        guard depth <= FileLimits.maxObjectDepth else {
            throw ParticleFileError(file: file, problem: .tooComplex,
                                    message: "nodes nested deeper than \(FileLimits.maxObjectDepth) at `\(path)`")
        }
        nodesVisited += 1
        guard nodesVisited <= FileLimits.maxNodes else {
            throw ParticleFileError(file: file, problem: .tooComplex, message: "more than \(FileLimits.maxNodes) nodes")
        }
        let keyPath = path.isEmpty ? "$top.root" : path
        let value = try archive.resolve(ref, key: keyPath)
        if case .null = value { return }
        guard case .dict(let node) = value else {
            throw archive.wrongType(keyPath, expected: "a node", got: value)
        }
        let prefix = path.isEmpty ? "" : path + "."
        let isRoot = path.isEmpty
        let classes = try archive.classNames(of: node, key: keyPath)
        var position = offset
        if !isRoot, let p = try archive.vector(node, "_position", path: prefix + "_position") {
            position = Vector2(offset.x + p.x, offset.y + p.y)
        }

        if classes.contains("SKEmitterNode") {
            if emitters.count >= FileLimits.maxEmitters {
                emitterCapReached = true
            } else {
                var loaded: LoadedEmitter
                if let u = uid, let cached = cache[u] {
                    loaded = cached
                } else {
                    loaded = try decodeEmitter(node, prefix: prefix)
                    if let u = uid { cache[u] = loaded }
                }
                loaded.nodePosition = isRoot ? nil : position
                emitters.append(loaded)
            }
        }

        let items = try childItems(of: node, prefix: prefix)
        guard !items.isEmpty else { return }
        var inner = ancestors
        if let u = uid { inner.insert(u) }
        for (i, item) in items.enumerated() {
            try walk(item, path: "\(prefix)_children[\(i)]", ancestors: inner, offset: isRoot ? .zero : position,
                     depth: depth + 1)
        }
    }

    /// The unresolved items of a node's `_children` (empty when it has none).
    func childItems(of node: [String: FileValue], prefix: String) throws -> [FileValue] {
        guard let childrenRaw = node["_children"] else { return [] }
        let children = try archive.resolve(childrenRaw, key: prefix + "_children")
        switch children {
        case .null: return []
        case .array(let a): return a
        case .dict(let d):
            guard let raw = d["NS.objects"] else { throw archive.wrongType(prefix + "_children", expected: "an array", got: children) }
            guard case .array(let a) = try archive.resolve(raw, key: prefix + "_children.NS.objects") else {
                throw archive.wrongType(prefix + "_children.NS.objects", expected: "an array", got: raw)
            }
            return a
        default:
            throw archive.wrongType(prefix + "_children", expected: "an array", got: children)
        }
    }

    /// How many nodes `walk` would visit from `ref`, each shared node counted every time it is listed, memoised per
    /// UID so the count is linear in the archive; saturates at `maxNodes + 1`. Never throws: cycles, nesting too deep
    /// and malformed children count as nothing here and are reported (with their path) by `walk`.
    func expandedNodes(_ ref: FileValue, ancestors: Set<Int>, depth: Int, memo: inout [Int: Int]) -> Int {
        let cap = FileLimits.maxNodes + 1
        let uid = KeyedArchive.uid(of: ref)
        if let u = uid {
            if let n = memo[u] { return n }
            if ancestors.contains(u) { return 0 }
        }
        guard depth <= FileLimits.maxObjectDepth,
              case .dict(let node)? = try? archive.resolve(ref, key: ""),
              let items = try? childItems(of: node, prefix: "") else { return 1 }
        var inner = ancestors
        if let u = uid { inner.insert(u) }
        var total = 1
        for item in items where total < cap {
            total = Swift.min(cap, total + expandedNodes(item, ancestors: inner, depth: depth + 1, memo: &memo))
        }
        if let u = uid { memo[u] = total }
        return total
    }

    /// Archive key → `EmitterConfig` property for every scalar of spec 05 §1.3.
    static let scalarKeys: [(key: String, path: WritableKeyPath<EmitterConfig, Double> & Sendable)] = [
        ("_birthrate", \.particleBirthRate),
        ("_lifetime", \.particleLifetime),
        ("_lifetimeVariance", \.particleLifetimeRange),
        ("_emissionAngle", \.emissionAngle),
        ("_emissionAngleVariance", \.emissionAngleRange),
        ("_startSpeed", \.particleSpeed),
        ("_startSpeedVariance", \.particleSpeedRange),
        ("_startOpacity", \.particleAlpha),
        ("_startOpacityVariance", \.particleAlphaRange),
        ("_opacitySpeed", \.particleAlphaSpeed),
        ("_startScale", \.particleScale),
        ("_startScaleVariance", \.particleScaleRange),
        ("_scaleSpeed", \.particleScaleSpeed),
        ("_startRotation", \.particleRotation),
        ("_startRotationVariance", \.particleRotationRange),
        ("_rotationSpeed", \.particleRotationSpeed),
        ("_startColorMix", \.particleColorBlendFactor),
        ("_startColorBlendVariance", \.particleColorBlendFactorRange),
        ("_colorBlendSpeed", \.particleColorBlendFactorSpeed),
        ("_startColorR", \.particleColor.r),
        ("_startColorG", \.particleColor.g),
        ("_startColorB", \.particleColor.b),
        ("_startColorA", \.particleColor.a),
        ("_startColorVarianceR", \.particleColorRedRange),
        ("_startColorVarianceG", \.particleColorGreenRange),
        ("_startColorVarianceB", \.particleColorBlueRange),
        ("_startColorVarianceA", \.particleColorAlphaRange),
        ("_colorSpeedR", \.particleColorRedSpeed),
        ("_colorSpeedG", \.particleColorGreenSpeed),
        ("_colorSpeedB", \.particleColorBlueSpeed),
        ("_colorSpeedA", \.particleColorAlphaSpeed),
    ]

    mutating func decodeEmitter(_ e: [String: FileValue], prefix p: String) throws -> LoadedEmitter {
        var c = EmitterConfig()
        let label = p.isEmpty ? "" : "\(p.dropLast()): "
        var local: [String] = []

        for (key, path) in SKSDecoder.scalarKeys {
            if let v = try archive.double(e, key, path: p + key) { c[keyPath: path] = v }
        }
        if let v = try archive.vector(e, "_startPosition", path: p + "_startPosition") { c.particlePosition = v }
        if let v = try archive.vector(e, "_startPositionVariance", path: p + "_startPositionVariance") { c.particlePositionRange = v }
        if let v = try archive.vector(e, "_startSize", path: p + "_startSize") { c.particleSize = v }
        if let v = try archive.vector(e, "_acceleration", path: p + "_acceleration") {
            c.xAcceleration = v.x; c.yAcceleration = v.y
        }

        switch try archive.integer(e, "_numParticlesToEmit", path: p + "_numParticlesToEmit") {
        case .value(let n)?: c.numParticlesToEmit = Int(clamping: n)
        case .nonFinite(let d)?: local.append("_numParticlesToEmit \(d) → 0")
        case nil: break
        }
        switch try archive.integer(e, "_particleBlendMode", path: p + "_particleBlendMode") {
        case .value(let n)?:
            if let m = Int(exactly: n).flatMap(ParticleBlendMode.init(rawValue:)) { c.particleBlendMode = m }
            else { local.append("_particleBlendMode \(n) is not a blend mode → alpha") }
        case .nonFinite(let d)?: local.append("_particleBlendMode \(d) → alpha")
        case nil: break
        }
        switch try archive.integer(e, "_particleRenderOrder", path: p + "_particleRenderOrder") {
        case .value(let n)?:
            if let m = Int(exactly: n).flatMap(ParticleRenderOrder.init(rawValue:)) { c.particleRenderOrder = m }
            else { local.append("_particleRenderOrder \(n) is not a render order → oldestLast") }
        case .nonFinite(let d)?: local.append("_particleRenderOrder \(d) → oldestLast")
        case nil: break
        }
        switch try archive.integer(e, "_fieldBitMask", path: p + "_fieldBitMask") {
        case .value(let n)?: c.fieldBitMask = UInt32(truncatingIfNeeded: n)   // encodeInt32: 0xFFFFFFFF is stored as −1
        case .nonFinite(let d)?: local.append("_fieldBitMask \(d) → 0")
        case nil: break
        }
        if let name = try archive.string(e, "_name", path: p + "_name"), !name.isEmpty { c.name = name }

        var atlas: String?
        var textureSize: Vector2?
        if let tex = try archive.value(e, "_particleTexture", path: p + "_particleTexture") {
            let tp = p + "_particleTexture"
            switch tex {
            case .string(let s): c.particleTexture = s.isEmpty ? nil : s
            case .dict(let t):
                let img = try archive.string(t, "_imgName", path: tp + "._imgName")
                let sub = try archive.string(t, "_subTextureName", path: tp + "._subTextureName")
                atlas = try archive.string(t, "_originalAtlasName", path: tp + "._originalAtlasName")
                if atlas?.isEmpty == true { atlas = nil }
                if let s = sub, !s.isEmpty { c.particleTexture = s }
                else if let s = img, !s.isEmpty { c.particleTexture = s }
                textureSize = try archive.vector(t, "_size", path: tp + "._size")
            default:
                throw archive.wrongType(tp, expected: "a texture (SKTexture)", got: tex)
            }
        }

        c.particleColorSequence = try colorSequence(e, "_particleColorSequence", prefix: p, notes: &local)
        c.particleAlphaSequence = try numberSequence(e, "_particleAlphaSequence", prefix: p, notes: &local)
        c.particleScaleSequence = try numberSequence(e, "_particleScaleSequence", prefix: p, notes: &local)
        c.particleColorBlendFactorSequence = try numberSequence(e, "_particleColorBlendFactorSequence", prefix: p, notes: &local)
        c.particleRotationSequence = try numberSequence(e, "_particleRotationSequence", prefix: p, notes: &local)
        c.particleSpeedSequence = try numberSequence(e, "_particleSpeedSequence", prefix: p, notes: &local)

        let (clean, sanitiseNotes) = EmitterSanitizer.sanitize(c)
        notes += (local + sanitiseNotes).map { label + $0 }
        return LoadedEmitter(config: clean, nodePosition: nil, textureAtlas: atlas, textureSize: textureSize)
    }

    // MARK: Keyframe sequences

    struct RawSequence {
        var times: [Double]
        var values: [FileValue]
        var valuesPath: String
        var interpolation: KeyframeInterpolation
        var repeatMode: KeyframeRepeat
    }

    func rawSequence(_ e: [String: FileValue], _ key: String, prefix p: String,
                     notes: inout [String]) throws -> RawSequence? {
        let path = p + key
        guard let v = try archive.value(e, key, path: path) else { return nil }
        guard case .dict(let s) = v else { throw archive.wrongType(path, expected: "a keyframe sequence", got: v) }
        guard let timesV = try archive.value(s, "_times", path: path + "._times") else {
            throw archive.malformed(path, "a keyframe sequence without `_times`")
        }
        guard let valuesV = try archive.value(s, "_values", path: path + "._values") else {
            throw archive.malformed(path, "a keyframe sequence without `_values`")
        }
        var times = try archive.array(timesV, path: path + "._times")
        var values = try archive.array(valuesV, path: path + "._values")
        let limit = FileLimits.maxKeyframes
        if times.count > limit || values.count > limit {
            notes.append("\(key) has \(Swift.max(times.count, values.count)) keyframes; kept the first \(limit)")
            times = Array(times.prefix(limit)); values = Array(values.prefix(limit))
        }
        let t: [Double] = try times.enumerated().map { i, v in
            guard let d = v.number else { throw archive.wrongType("\(path)._times[\(i)]", expected: "a number", got: v) }
            return d
        }
        var interpolation = KeyframeInterpolation.linear
        switch try archive.integer(s, "_interpolationMode", path: path + "._interpolationMode") {
        case .value(let n)?:
            if let m = Int(exactly: n).flatMap(KeyframeInterpolation.init(rawValue:)) { interpolation = m }
            else { notes.append("\(key)._interpolationMode \(n) → linear") }
        case .nonFinite(let d)?: notes.append("\(key)._interpolationMode \(d) → linear")
        case nil: break
        }
        var repeatMode = KeyframeRepeat.clamp
        switch try archive.integer(s, "_repeatMode", path: path + "._repeatMode") {
        case .value(let n)?:
            if let m = Int(exactly: n).flatMap(KeyframeRepeat.init(rawValue:)) { repeatMode = m }
            else { notes.append("\(key)._repeatMode \(n) → clamp") }
        case .nonFinite(let d)?: notes.append("\(key)._repeatMode \(d) → clamp")
        case nil: break
        }
        return RawSequence(times: t, values: values, valuesPath: path + "._values",
                           interpolation: interpolation, repeatMode: repeatMode)
    }

    func numberSequence(_ e: [String: FileValue], _ key: String, prefix p: String,
                        notes: inout [String]) throws -> KeyframeSequence<Double>? {
        guard let raw = try rawSequence(e, key, prefix: p, notes: &notes) else { return nil }
        let values: [Double] = try raw.values.enumerated().map { i, v in
            guard let d = v.number else { throw archive.wrongType("\(raw.valuesPath)[\(i)]", expected: "a number", got: v) }
            return d
        }
        return KeyframeSequence(keyframeValues: values, times: raw.times, interpolationMode: raw.interpolation,
                                repeatMode: raw.repeatMode)
    }

    func colorSequence(_ e: [String: FileValue], _ key: String, prefix p: String,
                       notes: inout [String]) throws -> KeyframeSequence<RGBA>? {
        guard let raw = try rawSequence(e, key, prefix: p, notes: &notes) else { return nil }
        let values: [RGBA] = try raw.values.enumerated().map { i, v in
            try archive.color(v, path: "\(raw.valuesPath)[\(i)]")
        }
        return KeyframeSequence(keyframeValues: values, times: raw.times, interpolationMode: raw.interpolation,
                                repeatMode: raw.repeatMode)
    }
}
