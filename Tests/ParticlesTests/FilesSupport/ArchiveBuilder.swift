import Foundation
@testable import Particles

/// Builds NSKeyedArchiver-shaped property lists by hand, the way Xcode writes `.sks` files: `$objects` with `$null`
/// first, class dictionaries (`$classname`, `$classes`), every reference a UID.
///
/// References are written as `{CF$UID: n}` dictionaries. `xmlData()` serialises them as XML, where that *is* the UID
/// syntax; `binaryData()` reads the XML back (CF's XML parser turns each `{CF$UID: n}` into a real
/// `_NSKeyedArchiverUID`) and writes it as a binary plist, so the binary fixture holds genuine UID objects
/// (marker byte 0x8n), exactly like Xcode's files. `binaryDataWithDictionaryUIDs()` writes the dictionaries as
/// plain binary dictionaries, a third representation the loader also accepts.
final class ArchiveBuilder {
    private(set) var objects: [Any] = ["$null"]
    private var classRefs: [String: Int] = [:]

    static func ref(_ n: Int) -> [String: Any] { ["CF$UID": n] }
    static var null: [String: Any] { ref(0) }

    /// Appends an object and returns its reference.
    @discardableResult
    func add(_ object: Any) -> [String: Any] {
        objects.append(object)
        return ArchiveBuilder.ref(objects.count - 1)
    }

    /// Reserves a slot (for self-references), to be filled with `set`.
    func reserve() -> Int { objects.append("placeholder"); return objects.count - 1 }
    func set(_ index: Int, _ object: Any) { objects[index] = object }

    func classRef(_ name: String, _ supers: [String]) -> [String: Any] {
        if let n = classRefs[name] { return ArchiveBuilder.ref(n) }
        let r = add(["$classname": name, "$classes": [name] + supers])
        classRefs[name] = objects.count - 1
        return r
    }

    func object(_ cls: String, _ supers: [String], _ fields: [String: Any]) -> [String: Any] {
        var d = fields
        d["$class"] = classRef(cls, supers)
        return add(d)
    }

    func string(_ s: String) -> [String: Any] { add(s) }
    func number(_ n: Any) -> [String: Any] { add(n) }

    func array(_ items: [Any]) -> [String: Any] {
        object("NSMutableArray", ["NSArray", "NSObject"], ["NS.objects": items])
    }

    func pointValue(_ x: Double, _ y: Double) -> [String: Any] {
        object("NSValue", ["NSObject"], ["NS.pointval": add(ArchiveBuilder.pointString(x, y)), "NS.special": 1])
    }

    func sizeValue(_ w: Double, _ h: Double) -> [String: Any] {
        object("NSValue", ["NSObject"], ["NS.sizeval": add(ArchiveBuilder.pointString(w, h)), "NS.special": 2])
    }

    /// "{55.65, 5}" as NSStringFromCGPoint writes it.
    static func pointString(_ x: Double, _ y: Double) -> String { "{\(num(x)), \(num(y))}" }
    static func num(_ v: Double) -> String {
        if v.isFinite, v == v.rounded(), abs(v) < 1e15 { return v.sign == .minus ? "-\(Int64(-v))" : "\(Int64(v))" }
        return "\(v)"
    }

    // MARK: Colours

    static func ascii(_ numbers: [Double], nul: Bool = true) -> Data {
        var d = Data(numbers.map(num).joined(separator: " ").utf8)
        if nul { d.append(0) }
        return d
    }

    func colorRGB(_ r: Double, _ g: Double, _ b: Double, _ a: Double? = nil, space: Int = 1, nul: Bool = true) -> [String: Any] {
        object("NSColor", ["NSObject"], ["NSColorSpace": space, "NSRGB": ArchiveBuilder.ascii([r, g, b] + (a.map { [$0] } ?? []), nul: nul)])
    }

    func colorWhite(_ w: Double, _ a: Double? = nil, space: Int = 3) -> [String: Any] {
        object("NSColor", ["NSObject"], ["NSColorSpace": space, "NSWhite": ArchiveBuilder.ascii([w] + (a.map { [$0] } ?? []))])
    }

    func colorCMYK(_ c: Double, _ m: Double, _ y: Double, _ k: Double, _ a: Double = 1) -> [String: Any] {
        object("NSColor", ["NSObject"], ["NSColorSpace": 5, "NSCMYK": ArchiveBuilder.ascii([c, m, y, k, a])])
    }

    enum P3Form { case spaceID, iccProfile }

    /// A colour saved in Display P3 as Xcode does: NSComponents + NSCustomColorSpace, with a rougher NSRGB beside.
    func colorP3(_ r: Double, _ g: Double, _ b: Double, _ a: Double = 1, fallback: (Double, Double, Double),
                 form: P3Form = .spaceID) -> [String: Any] {
        let space: [String: Any]
        switch form {
        case .spaceID:
            space = object("NSColorSpace", ["NSObject"], ["NSSpaceID": 12])
        case .iccProfile:
            space = object("NSColorSpace", ["NSObject"], ["NSICC": add(ArchiveBuilder.fakeICC(description: "Display P3"))])
        }
        return object("NSColor", ["NSObject"], [
            "NSColorSpace": 1,
            "NSRGB": ArchiveBuilder.ascii([fallback.0, fallback.1, fallback.2, a]),
            "NSComponents": ArchiveBuilder.ascii([r, g, b, a], nul: false),
            "NSCustomColorSpace": space,
        ])
    }

    /// Just enough of an ICC profile for the loader: a header and an `mluc` description in UTF-16BE.
    static func fakeICC(description: String) -> Data {
        var d = Data(count: 128)
        d.append(contentsOf: Array("mluc".utf8))
        d.append(contentsOf: [0, 0, 0, 0])
        for u in description.utf16 { d.append(UInt8(u >> 8)); d.append(UInt8(u & 0xFF)) }
        return d
    }

    func colorCatalog(_ name: String, fallback: [String: Any]) -> [String: Any] {
        object("NSColor", ["NSObject"], ["NSColorSpace": 6, "NSCatalogName": add("System"),
                                         "NSColorName": add(name), "NSColor": fallback])
    }

    // MARK: SpriteKit objects

    func texture(_ imgName: String?, sub: String? = nil, atlas: String? = nil,
                 size: (Double, Double)? = nil) -> [String: Any] {
        var f: [String: Any] = [
            "_imgName": imgName.map { add($0) } ?? ArchiveBuilder.null,
            "_subTextureName": sub.map { add($0) } ?? ArchiveBuilder.null,
            "_originalAtlasName": atlas.map { add($0) } ?? ArchiveBuilder.null,
            "_isPath": false,
            "_rotated": false,
        ]
        if let s = size {
            f["_size"] = sizeValue(s.0, s.1)
            f["_pixelSize"] = sizeValue(s.0 * 2, s.1 * 2)
            f["_textureRect"] = add("{{0, 0}, {1, 1}}")
        }
        return object("SKTexture", ["NSObject"], f)
    }

    func sequence(times: [Double], values: [Any], interpolation: Int = 1, repeatMode: Int = 1) -> [String: Any] {
        sequence(timeItems: times.map { number($0) }, values: values, interpolation: interpolation, repeatMode: repeatMode)
    }

    /// A sequence whose `_times` items are given as archive values (references or inline), for broken fixtures.
    func sequence(timeItems: [Any], values: [Any], interpolation: Int = 1, repeatMode: Int = 1) -> [String: Any] {
        object("SKKeyframeSequence", ["NSObject"], [
            "_times": array(timeItems),
            "_values": array(values),
            "_interpolationMode": interpolation,
            "_repeatMode": repeatMode,
            "_usePrecomputedTable": true,
        ])
    }

    /// The fields SKNode archives for itself (most are ignored by the loader).
    func nodeFields(name: String? = nil, position: (Double, Double) = (0, 0), children: [Any] = []) -> [String: Any] {
        [
            "_name": name.map { add($0) } ?? ArchiveBuilder.null,
            "_position": pointValue(position.0, position.1),
            "_children": array(children),
            "_xScale": 1.0, "_yScale": 1.0, "_zRotation": 0.0, "_opacity": 1.0, "_zPosition": 0.0,
            "_hidden": false, "_paused": false, "_userData": ArchiveBuilder.null,
            "_info": add(["_PB_previewBackgroundColor": ArchiveBuilder.null, "_particleEditorVersion": add("1")]),
        ]
    }

    /// A full SKEmitterNode: **every archive key** of spec 05 §1.3 written from `config`, in the archive's own forms
    /// (inline reals/ints, `_numParticlesToEmit` behind a UID, points as "{x, y}" strings behind UIDs, texture and
    /// sequences as objects). `colorValues` replaces the colour keyframes (e.g. P3 colours); by default they are
    /// calibrated-RGB NSColors. `overrides` replaces or adds raw keys (for malformed fixtures).
    func emitter(_ c: EmitterConfig, texture tex: [String: Any]? = nil, colorValues: [Any]? = nil,
                 position: (Double, Double) = (0, 0), children: [Any] = [],
                 overrides: [String: Any] = [:]) -> [String: Any] {
        var f = nodeFields(name: c.name, position: position, children: children)
        for (key, path) in SKSDecoder.scalarKeys { f[key] = c[keyPath: path] }
        f["_startPosition"] = add(ArchiveBuilder.pointString(c.particlePosition.x, c.particlePosition.y))
        f["_startPositionVariance"] = add(ArchiveBuilder.pointString(c.particlePositionRange.x, c.particlePositionRange.y))
        f["_startSize"] = add(ArchiveBuilder.pointString(c.particleSize.x, c.particleSize.y))
        f["_acceleration"] = add(ArchiveBuilder.pointString(c.xAcceleration, c.yAcceleration))
        f["_numParticlesToEmit"] = number(c.numParticlesToEmit)
        f["_particleBlendMode"] = c.particleBlendMode.rawValue
        f["_fieldBitMask"] = Int(Int32(bitPattern: c.fieldBitMask))
        f["_particleTexture"] = tex ?? (c.particleTexture.map { texture($0) } ?? ArchiveBuilder.null)
        if let s = c.particleColorSequence {
            let values = colorValues ?? s.keyframeValues.map { colorRGB($0.r, $0.g, $0.b, $0.a) }
            f["_particleColorSequence"] = sequence(times: s.keyframeTimes, values: values,
                                                   interpolation: s.interpolationMode.rawValue,
                                                   repeatMode: s.repeatMode.rawValue)
        } else {
            f["_particleColorSequence"] = ArchiveBuilder.null
        }
        let numberSequences: [(String, KeyframeSequence<Double>?)] = [
            ("_particleAlphaSequence", c.particleAlphaSequence),
            ("_particleScaleSequence", c.particleScaleSequence),
            ("_particleColorBlendFactorSequence", c.particleColorBlendFactorSequence),
            ("_particleRotationSequence", c.particleRotationSequence),
            ("_particleSpeedSequence", c.particleSpeedSequence),
        ]
        for (key, seq) in numberSequences {
            if let s = seq {
                f[key] = sequence(times: s.keyframeTimes, values: s.keyframeValues.map { number($0) },
                                  interpolation: s.interpolationMode.rawValue, repeatMode: s.repeatMode.rawValue)
            } else {
                f[key] = ArchiveBuilder.null
            }
        }
        // Keys SpriteKit writes that the engine ignores.
        f["_shader"] = ArchiveBuilder.null
        f["_target"] = ArchiveBuilder.null
        f["_particleAction"] = ArchiveBuilder.null
        f["_fieldInfluenceSequence"] = ArchiveBuilder.null
        f["_startZPosition"] = 0.0
        f["_startZPositionVariance"] = 0.0
        f["_zPositionSpeed"] = 0.0
        f["_emissionDistance"] = 0.0
        f["_emissionDistanceRange"] = 0.0
        f["_someFutureKey"] = add(["whatever": 1])
        for (k, v) in overrides { f[k] = v }
        return object("SKEmitterNode", ["SKNode", "NSResponder", "NSObject"], f)
    }

    func scene(children: [Any], size: (Double, Double) = (1024, 768)) -> [String: Any] {
        var f = nodeFields(children: children)
        f["_anchorPoint"] = pointValue(0.5, 0.5)
        f["_scaleMode"] = 0
        f["_backgroundColorR"] = 0.15
        return object("SKScene", ["SKEffectNode", "SKNode", "NSResponder", "NSObject"], f)
    }

    // MARK: Output

    func plist(root: Any, extraTop: [String: Any] = [:]) -> [String: Any] {
        var top: [String: Any] = ["root": root]
        for (k, v) in extraTop { top[k] = v }
        return ["$archiver": "NSKeyedArchiver", "$version": 100000, "$top": top, "$objects": objects]
    }

    func xmlData(root: Any) -> Data {
        try! PropertyListSerialization.data(fromPropertyList: plist(root: root), format: .xml, options: 0)
    }

    func binaryData(root: Any) -> Data {
        let back = try! PropertyListSerialization.propertyList(from: xmlData(root: root), options: [], format: nil)
        return try! PropertyListSerialization.data(fromPropertyList: back, format: .binary, options: 0)
    }

    func binaryDataWithDictionaryUIDs(root: Any) -> Data {
        try! PropertyListSerialization.data(fromPropertyList: plist(root: root), format: .binary, options: 0)
    }
}

extension ArchiveBuilder {
    /// The archive written by our own `bplist00` writer (genuine UIDs, no CoreFoundation involved).
    func ownBinaryData(root: Any) -> Data { BPlistWriter.encode(plist(root: root)) }
}
