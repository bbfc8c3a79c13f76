import Foundation

/// A property-list or JSON value, converted once from whatever Foundation hands back so the loaders never deal with
/// bridging quirks (NSNumber vs Bool vs Int, NSString vs String, the platform's keyed-archiver UID class).
indirect enum FileValue: Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case real(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case array([FileValue])
    case dict([String: FileValue])
    /// An NSKeyedArchiver reference: an index into `$objects`.
    case uid(Int)

    /// A short name of the value's type, for error messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int: return "an integer"
        case .real: return "a real number"
        case .string: return "a string"
        case .data: return "data"
        case .date: return "a date"
        case .array: return "an array"
        case .dict: return "a dictionary"
        case .uid: return "an object reference"
        }
    }

    var number: Double? {
        switch self {
        case .int(let i): return Double(i)
        case .real(let d): return d
        default: return nil
        }
    }
}

/// Limits that keep hostile files from exhausting the stack, memory or time.
enum FileLimits {
    /// Nested arrays/dictionaries accepted when converting Foundation values (CF itself stops near 512).
    static let maxNesting = 1_024
    /// Values a property list may expand to. A binary plist can share one object from many places, and Foundation
    /// expands every shared reference into a copy, so the expanded size is counted up front (`BinaryPlistScan`,
    /// each reference counted every time it is followed) and again while converting; above this the file is refused.
    /// The largest real `.sks` files hold a few thousand values, so 100,000 leaves ample room while a "billion
    /// laughs" file (one list shared ten times per level, six levels deep: 1.1 million values from 377 bytes) is
    /// refused in milliseconds instead of taking a minute and hundreds of megabytes.
    static let maxValues = 100_000
    /// Archive objects followed in a chain of references (node inside node inside …).
    static let maxObjectDepth = 64
    /// Nodes visited while looking for emitters in a scene, a node listed several times counting each time (the
    /// expanded tree is counted before the walk). Real scenes hold a handful of nodes.
    static let maxNodes = 10_000
    /// Emitters returned per file.
    static let maxEmitters = 1_000
    /// Keyframes kept per sequence.
    static let maxKeyframes = 1_024
    /// Bytes read from a file.
    static let maxFileBytes = 64 * 1024 * 1024
}

struct FileValueConversionError: Error {
    var message: String
}

extension FileValue {
    /// Converts a value returned by `PropertyListSerialization` or `JSONSerialization`.
    ///
    /// UIDs: swift-corelibs-foundation hands back an instance of its internal class `_NSKeyedArchiverUID` (an NSObject
    /// subclass with a stored `value: UInt32`) both for binary-plist UIDs and for XML `{CF$UID: n}` dictionaries, which
    /// CF's XML parser turns into real UIDs. Darwin's Foundation uses `__NSCFKeyedArchiverUID` whose description ends in
    /// `{value = n}`. A `{CF$UID: n}` dictionary that survived as a dictionary (e.g. one written into a *binary* plist
    /// as a plain dictionary) is accepted as a UID as well.
    /// With `archive == false` (JSON) no dictionary is taken for a UID.
    static func from(foundation object: Any, archive: Bool = true) throws -> FileValue {
        var budget = FileLimits.maxValues
        return try convert(object, archive: archive, depth: 0, budget: &budget)
    }

    private static func convert(_ v: Any, archive: Bool, depth: Int, budget: inout Int) throws -> FileValue {
        budget -= 1
        if budget < 0 {
            throw FileValueConversionError(message: "it expands to more than \(FileLimits.maxValues) values; refused")
        }
        if depth > FileLimits.maxNesting {
            throw FileValueConversionError(message: "arrays or dictionaries nested deeper than \(FileLimits.maxNesting)")
        }
        if v is NSNull { return .null }
        let typeName = String(describing: type(of: v))
        if type(of: v) == Bool.self || typeName.contains("Boolean") {
            if let b = v as? Bool { return .bool(b) }
        }
        if typeName.contains("KeyedArchiverUID") {
            if let n = uidValue(v) { return .uid(n) }
            throw FileValueConversionError(message: "an unreadable object reference (\(typeName))")
        }
        if let s = v as? String { return .string(s) }
        if let d = v as? Data { return .data(d) }
        if let d = v as? Date { return .date(d) }
        if let n = v as? NSNumber {
            let t = String(cString: n.objCType)
            switch t {
            case "d", "f": return .real(n.doubleValue)
            case "c", "B":
                // A char-typed number from CF is a boolean only when it came as one (handled above).
                return .int(n.int64Value)
            case "Q", "L", "I", "S", "C":
                let u = n.uint64Value
                return u <= UInt64(Int64.max) ? .int(Int64(u)) : .real(Double(u))
            default: return .int(n.int64Value)
            }
        }
        if let a = v as? [Any] {
            var out: [FileValue] = []
            out.reserveCapacity(Swift.min(a.count, 1 << 16))
            for item in a { out.append(try convert(item, archive: archive, depth: depth + 1, budget: &budget)) }
            return .array(out)
        }
        if let d = v as? [AnyHashable: Any] {
            var out: [String: FileValue] = [:]
            for (k, item) in d {
                guard let key = k.base as? String else {
                    throw FileValueConversionError(message: "a dictionary key that is not a string")
                }
                out[key] = try convert(item, archive: archive, depth: depth + 1, budget: &budget)
            }
            // A {CF$UID: n} dictionary is a UID written in XML form.
            if archive, out.count == 1, let ref = out["CF$UID"] {
                if case .int(let n) = ref, n >= 0, n <= Int64(UInt32.max) { return .uid(Int(n)) }
                throw FileValueConversionError(message: "a CF$UID reference that is not a non-negative integer")
            }
            return .dict(out)
        }
        throw FileValueConversionError(message: "a value of unsupported type \(typeName)")
    }

    /// The index stored in a platform UID object.
    private static func uidValue(_ v: Any) -> Int? {
        for child in Mirror(reflecting: v).children where child.label == "value" {
            switch child.value {
            case let n as UInt32: return Int(n)
            case let n as UInt64: return n <= UInt64(Int.max) ? Int(n) : nil
            case let n as Int: return n >= 0 ? n : nil
            case let n as Int32: return n >= 0 ? Int(n) : nil
            default: break
            }
        }
        // Darwin: "<CFKeyedArchiverUID 0x…>{value = 7}"
        let text = String(describing: v)
        if let r = text.range(of: "value = ") {
            let digits = text[r.upperBound...].prefix { $0.isNumber }
            return Int(digits)
        }
        return nil
    }
}
