import Foundation

/// An NSKeyedArchiver property list, read without any class registry: objects are plain dictionaries, references are
/// UIDs into `$objects`, and every failure is a `ParticleFileError` naming the file (spec 05 §1.3a).
struct KeyedArchive {
    let file: String
    let objects: [FileValue]
    let top: [String: FileValue]

    init(file: String, plist: FileValue) throws {
        self.file = file
        guard case .dict(let d) = plist else {
            throw ParticleFileError(file: file, problem: .notKeyedArchive,
                                    message: "not a keyed archive: the property list is \(plist.typeName), not a dictionary")
        }
        guard case .array(let objects)? = d["$objects"], case .dict(let top)? = d["$top"] else {
            throw ParticleFileError(file: file, problem: .notKeyedArchive,
                                    message: "not a keyed archive: no `$objects` array and `$top` dictionary")
        }
        if let archiver = d["$archiver"] {
            guard case .string = archiver else {
                throw ParticleFileError(file: file, problem: .notKeyedArchive,
                                        message: "not a keyed archive: `$archiver` is \(archiver.typeName)")
            }
        }
        self.objects = objects
        self.top = top
    }

    // MARK: Errors

    func wrongType(_ key: String, expected: String, got: FileValue) -> ParticleFileError {
        ParticleFileError(file: file, problem: .wrongType(key: key),
                          message: "`\(key)` should be \(expected) but is \(got.typeName)")
    }

    func malformed(_ key: String, _ what: String) -> ParticleFileError {
        ParticleFileError(file: file, problem: .malformedValue(key: key), message: "`\(key)`: \(what)")
    }

    // MARK: References

    /// Follows a UID to its object; other values are returned unchanged. UID 0 and the string `$null` are `.null`.
    func resolve(_ value: FileValue, key: String) throws -> FileValue {
        var v = value
        var seen: Set<Int> = []
        while case .uid(let n) = v {
            guard n < objects.count else {
                throw ParticleFileError(file: file, problem: .danglingReference(uid: n),
                                        message: "`\(key)` refers to object \(n) but the archive has only \(objects.count)")
            }
            if n == 0 { return .null }
            guard seen.insert(n).inserted else {
                throw ParticleFileError(file: file, problem: .cycle, message: "`\(key)`: object \(n) refers to itself")
            }
            v = objects[n]
        }
        if case .string("$null") = v { return .null }
        return v
    }

    /// The UID a value is, if it is one.
    static func uid(of value: FileValue?) -> Int? {
        if case .uid(let n)? = value { return n }
        return nil
    }

    /// `$classes` of an object (most derived first), or `[$classname]`; empty when there is no class.
    func classNames(of object: [String: FileValue], key: String) throws -> [String] {
        guard let ref = object["$class"] else { return [] }
        let cls = try resolve(ref, key: "\(key).$class")
        guard case .dict(let c) = cls else { return [] }
        var names: [String] = []
        if case .string(let n)? = c["$classname"] { names.append(n) }
        if case .array(let list)? = c["$classes"] {
            for case .string(let n) in list where !names.contains(n) { names.append(n) }
        }
        return names
    }

    // MARK: Typed readers (nil = key absent or `$null`)

    func value(_ object: [String: FileValue], _ key: String, path: String) throws -> FileValue? {
        guard let raw = object[key] else { return nil }
        let v = try resolve(raw, key: path)
        if case .null = v { return nil }
        return v
    }

    func double(_ object: [String: FileValue], _ key: String, path: String? = nil) throws -> Double? {
        let p = path ?? key
        guard let v = try value(object, key, path: p) else { return nil }
        guard let d = v.number else { throw wrongType(p, expected: "a number", got: v) }
        return d
    }

    /// An integer; a real is accepted when it is finite (truncated). Non-finite reals give `.nonFinite`.
    enum IntRead { case value(Int64), nonFinite(Double) }

    func integer(_ object: [String: FileValue], _ key: String, path: String? = nil) throws -> IntRead? {
        let p = path ?? key
        guard let v = try value(object, key, path: p) else { return nil }
        switch v {
        case .int(let i): return .value(i)
        case .real(let d):
            guard d.isFinite else { return .nonFinite(d) }
            let t = d.rounded(.towardZero)
            if t >= 9.2e18 { return .value(Int64.max) }
            if t <= -9.2e18 { return .value(Int64.min) }
            return .value(Int64(t))
        case .bool(let b): return .value(b ? 1 : 0)
        default: throw wrongType(p, expected: "an integer", got: v)
        }
    }

    func string(_ object: [String: FileValue], _ key: String, path: String? = nil) throws -> String? {
        let p = path ?? key
        guard let v = try value(object, key, path: p) else { return nil }
        guard case .string(let s) = v else { throw wrongType(p, expected: "a string", got: v) }
        return s
    }

    /// Items of an `NSArray`/`NSMutableArray` object (`NS.objects`), or of a plain array, each resolved.
    func array(_ value: FileValue, path: String) throws -> [FileValue] {
        let items: [FileValue]
        switch value {
        case .array(let a): items = a
        case .dict(let d):
            guard let raw = d["NS.objects"] else {
                throw wrongType(path, expected: "an array", got: value)
            }
            guard case .array(let a) = try resolve(raw, key: "\(path).NS.objects") else {
                throw wrongType("\(path).NS.objects", expected: "an array", got: raw)
            }
            items = a
        default: throw wrongType(path, expected: "an array", got: value)
        }
        return try items.enumerated().map { try resolve($0.element, key: "\(path)[\($0.offset)]") }
    }

    /// A point, vector or size: a string "{x, y}" (`NSStringFromCGPoint`) or an `NSValue` (`NS.pointval`,
    /// `NS.sizeval`). nil when absent.
    func vector(_ object: [String: FileValue], _ key: String, path: String? = nil) throws -> Vector2? {
        let p = path ?? key
        guard let v = try value(object, key, path: p) else { return nil }
        return try vector(from: v, path: p)
    }

    func vector(from v: FileValue, path p: String) throws -> Vector2 {
        switch v {
        case .string(let s):
            guard let vec = KeyedArchive.parsePoint(s) else { throw malformed(p, "cannot read a point from \"\(s.prefix(60))\"") }
            return vec
        case .dict(let d):
            for k in ["NS.pointval", "NS.sizeval"] {
                guard let raw = d[k] else { continue }
                let inner = try resolve(raw, key: "\(p).\(k)")
                guard case .string(let s) = inner else { throw wrongType("\(p).\(k)", expected: "a string", got: inner) }
                guard let vec = KeyedArchive.parsePoint(s) else { throw malformed("\(p).\(k)", "cannot read \"\(s.prefix(60))\"") }
                return vec
            }
            throw wrongType(p, expected: "a point string or an NSValue point", got: v)
        default:
            throw wrongType(p, expected: "a point string such as \"{0, 0}\"", got: v)
        }
    }

    /// Parses "{55.65, 5}" / "{0, -0}" (also without braces or spaces). nil when it is not two numbers.
    static func parsePoint(_ s: String) -> Vector2? {
        var t = Substring(s).trimmingCharacters(in: .whitespacesAndNewlines)[...]
        if t.hasPrefix("{") && t.hasSuffix("}") { t = t.dropFirst().dropLast() }
        let parts = t.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let x = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let y = Double(parts[1].trimmingCharacters(in: .whitespaces)) else { return nil }
        return Vector2(x, y)
    }

}
