import Foundation

/// A strict JSON parser (RFC 8259) producing `FileValue`s.
///
/// Written because swift-corelibs-foundation's `JSONSerialization` does not round decimal numbers correctly
/// (e.g. "0.9999999999999999" reads back as 1.0), which would break the exact `.sks → JSON → config` round trip.
/// Numbers go through Swift's `Double(String)` (correctly rounded); whole numbers that fit are `.int`.
struct JSONReader {
    struct Failure: Error { var message: String }

    private let bytes: [UInt8]
    private var i = 0
    private var depth = 0

    static func parse(_ data: Data) throws -> FileValue {
        var r = JSONReader(bytes: [UInt8](data))
        if r.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { r.i = 3 }
        r.skipSpace()
        let v = try r.value()
        r.skipSpace()
        guard r.i == r.bytes.count else { throw r.fail("unexpected text after the end of the document") }
        return v
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func fail(_ message: String) -> Failure {
        var line = 1, column = 1
        for b in bytes[..<Swift.min(i, bytes.count)] {
            if b == 0x0A { line += 1; column = 1 } else { column += 1 }
        }
        return Failure(message: "\(message) at line \(line), column \(column)")
    }

    private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func skipSpace() {
        while let b = peek, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { i += 1 }
    }

    private mutating func expect(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count, Array(bytes[i..<i + w.count]) == w else { throw fail("invalid literal") }
        i += w.count
    }

    private mutating func value() throws -> FileValue {
        guard let b = peek else { throw fail("unexpected end of the document") }
        switch b {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try expect("true"); return .bool(true)
        case UInt8(ascii: "f"): try expect("false"); return .bool(false)
        case UInt8(ascii: "n"): try expect("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character '\(Character(Unicode.Scalar(b)))'")
        }
    }

    private mutating func enter() throws {
        depth += 1
        if depth > 512 { throw fail("arrays or objects nested deeper than 512") }
    }

    private mutating func object() throws -> FileValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var out: [String: FileValue] = [:]
        skipSpace()
        if peek == UInt8(ascii: "}") { i += 1; return .dict(out) }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw fail("expected a field name in quotes") }
            let key = try string()
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after \"\(key.prefix(40))\"") }
            i += 1
            skipSpace()
            let v = try value()
            if out[key] != nil { throw fail("field \"\(key.prefix(40))\" appears twice") }
            out[key] = v
            skipSpace()
            switch peek {
            case UInt8(ascii: ",")?: i += 1
            case UInt8(ascii: "}")?: i += 1; return .dict(out)
            default: throw fail("expected ',' or '}'")
            }
        }
    }

    private mutating func array() throws -> FileValue {
        try enter(); defer { depth -= 1 }
        i += 1
        var out: [FileValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") { i += 1; return .array(out) }
        while true {
            skipSpace()
            out.append(try value())
            skipSpace()
            switch peek {
            case UInt8(ascii: ",")?: i += 1
            case UInt8(ascii: "]")?: i += 1; return .array(out)
            default: throw fail("expected ',' or ']'")
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
            throw fail("invalid \\u escape")
        }
        i += 4
        return v
    }

    private mutating func string() throws -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard let b = peek else { throw fail("unterminated string") }
            i += 1
            switch b {
            case UInt8(ascii: "\""):
                guard let s = String(validating: out, as: UTF8.self) else {
                    throw fail("string is not valid UTF-8")
                }
                return s
            case UInt8(ascii: "\\"):
                guard let e = peek else { throw fail("unterminated string") }
                i += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard peek == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard scalar != 0, let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            case 0..<0x20: throw fail("control character inside a string")
            default: out.append(b)
            }
        }
    }

    private mutating func number() throws -> FileValue {
        let start = i
        var isInteger = true
        if peek == UInt8(ascii: "-") { i += 1 }
        func digits(_ r: inout JSONReader) -> Int {
            var n = 0
            while let b = r.peek, b >= 0x30, b <= 0x39 { r.i += 1; n += 1 }
            return n
        }
        if peek == UInt8(ascii: "0") { i += 1 } else if digits(&self) == 0 { throw fail("invalid number") }
        if peek == UInt8(ascii: ".") {
            i += 1; isInteger = false
            if digits(&self) == 0 { throw fail("invalid number: digits expected after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            i += 1; isInteger = false
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            if digits(&self) == 0 { throw fail("invalid number: digits expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<i], as: UTF8.self)
        if isInteger, let n = Int64(text) { return .int(n) }
        guard let d = Double(text) else { throw fail("invalid number") }
        return .real(d)
    }
}
