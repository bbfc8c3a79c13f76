import Foundation

/// Reading archived colours: `NSColor` (macOS editor files) and, for good measure, `UIColor` (spec 05 §1.3a).
extension KeyedArchive {
    /// Decodes a resolved colour object. `depth` bounds catalogue colours whose fallback is another catalogue colour.
    func color(_ colorValue: FileValue, path: String, depth: Int = 0) throws -> RGBA {
        guard case .dict(let d) = colorValue else { throw wrongType(path, expected: "a colour (NSColor)", got: colorValue) }
        if depth > 8 {
            throw ParticleFileError(file: file, problem: .cycle,
                                    message: "`\(path)`: colour fallbacks nested too deep (a colour that refers to itself?)")
        }

        // Components in a custom colour space: Display P3 in Xcode's files → convert; sRGB → use as is.
        if let compsRaw = try value(d, "NSComponents", path: "\(path).NSComponents") {
            let comps = try numbers(compsRaw, path: "\(path).NSComponents")
            let space = try value(d, "NSCustomColorSpace", path: "\(path).NSCustomColorSpace")
            let kind = try space.map { try colorSpaceKind($0, path: "\(path).NSCustomColorSpace") } ?? .unknown
            if kind == .displayP3 {
                guard comps.count >= 3 else { throw malformed("\(path).NSComponents", "expected 3 or 4 components, found \(comps.count)") }
                return ColorConversion.displayP3ToSRGB(RGBA(comps[0], comps[1], comps[2], comps.count > 3 ? comps[3] : 1))
            }
            let hasFallback = d["NSRGB"] != nil || d["NSWhite"] != nil || d["NSCMYK"] != nil || d["NSColor"] != nil
            if kind == .sRGB || !hasFallback {
                switch comps.count {
                case 1, 2: return RGBA(comps[0], comps[0], comps[0], comps.count > 1 ? comps[1] : 1)
                case 3, 4: return RGBA(comps[0], comps[1], comps[2], comps.count > 3 ? comps[3] : 1)
                default: throw malformed("\(path).NSComponents", "expected 1 to 4 components, found \(comps.count)")
                }
            }
        }

        var spaceNumber: Int64?
        switch try integer(d, "NSColorSpace", path: "\(path).NSColorSpace") {
        case .value(let n)?: spaceNumber = n
        case .nonFinite?: throw malformed("\(path).NSColorSpace", "not a finite number")
        case nil: spaceNumber = nil
        }

        switch spaceNumber {
        case 1?, 2?:
            return try rgbString(d, "NSRGB", path: path)
        case 3?, 4?:
            return try whiteString(d, path: path)
        case 5?:
            guard let raw = try value(d, "NSCMYK", path: "\(path).NSCMYK") else {
                throw malformed(path, "a CMYK colour without `NSCMYK`")
            }
            let n = try numbers(raw, path: "\(path).NSCMYK")
            guard n.count >= 4 else { throw malformed("\(path).NSCMYK", "expected 4 or 5 numbers, found \(n.count)") }
            return ColorConversion.cmykToRGB(c: n[0], m: n[1], y: n[2], k: n[3], a: n.count > 4 ? n[4] : 1)
        case 6?:
            guard let fallback = try value(d, "NSColor", path: "\(path).NSColor") else {
                let name = (try? string(d, "NSColorName", path: "\(path).NSColorName")) ?? nil
                throw malformed(path, "a catalogue colour\(name.map { " (\($0))" } ?? "") without a fallback `NSColor`")
            }
            return try color(fallback, path: "\(path).NSColor", depth: depth + 1)
        default:
            // No (or an unknown) colour space number: take whatever component form is present.
            if d["NSRGB"] != nil { return try rgbString(d, "NSRGB", path: path) }
            if d["NSWhite"] != nil { return try whiteString(d, path: path) }
            if let fallback = try value(d, "NSColor", path: "\(path).NSColor") {
                return try color(fallback, path: "\(path).NSColor", depth: depth + 1)
            }
            // UIColor (iOS archive): UIRed/UIGreen/UIBlue/UIAlpha or UIWhite/UIAlpha.
            if d["UIRed"] != nil || d["UIWhite"] != nil {
                let a = try double(d, "UIAlpha", path: "\(path).UIAlpha") ?? 1
                if let w = try double(d, "UIWhite", path: "\(path).UIWhite") { return RGBA(w, w, w, a) }
                return RGBA(try double(d, "UIRed", path: "\(path).UIRed") ?? 0,
                            try double(d, "UIGreen", path: "\(path).UIGreen") ?? 0,
                            try double(d, "UIBlue", path: "\(path).UIBlue") ?? 0, a)
            }
            if let n = spaceNumber {
                throw malformed(path, "unsupported NSColor colour space \(n)")
            }
            throw wrongType(path, expected: "a colour (NSColor)", got: colorValue)
        }
    }

    private func rgbString(_ d: [String: FileValue], _ key: String, path: String) throws -> RGBA {
        guard let raw = try value(d, key, path: "\(path).\(key)") else { throw malformed(path, "an RGB colour without `\(key)`") }
        let n = try numbers(raw, path: "\(path).\(key)")
        guard n.count == 3 || n.count == 4 else { throw malformed("\(path).\(key)", "expected \"r g b [a]\", found \(n.count) numbers") }
        return RGBA(n[0], n[1], n[2], n.count > 3 ? n[3] : 1)
    }

    private func whiteString(_ d: [String: FileValue], path: String) throws -> RGBA {
        guard let raw = try value(d, "NSWhite", path: "\(path).NSWhite") else { throw malformed(path, "a grey colour without `NSWhite`") }
        let n = try numbers(raw, path: "\(path).NSWhite")
        guard n.count == 1 || n.count == 2 else { throw malformed("\(path).NSWhite", "expected \"w [a]\", found \(n.count) numbers") }
        return RGBA(n[0], n[0], n[0], n.count > 1 ? n[1] : 1)
    }

    /// Numbers from ASCII bytes or a string: "0.1 0.2 0.3 1", often NUL-terminated.
    func numbers(_ v: FileValue, path: String) throws -> [Double] {
        let text: String
        switch v {
        case .data(let bytes):
            guard bytes.count <= 4096 else { throw malformed(path, "\(bytes.count) bytes is too long for colour components") }
            text = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        case .string(let s):
            guard s.utf8.count <= 4096 else { throw malformed(path, "too long for colour components") }
            text = s
        default:
            throw wrongType(path, expected: "ASCII colour components", got: v)
        }
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\0" })
        var out: [Double] = []
        for w in words {
            guard let n = Double(w) else { throw malformed(path, "cannot read \"\(w.prefix(20))\" as a number") }
            out.append(n)
        }
        return out
    }

    enum ColorSpaceKind { case displayP3, sRGB, unknown }

    /// Recognises an archived `NSColorSpace`: `NSSpaceID` 12 / an ICC profile or name mentioning Display P3 → P3;
    /// `NSID` 7 / `NSSpaceID` 14 / a profile mentioning sRGB → sRGB.
    func colorSpaceKind(_ v: FileValue, path: String) throws -> ColorSpaceKind {
        guard case .dict(let d) = v else { return .unknown }
        if case .value(12)? = try? integer(d, "NSSpaceID", path: "\(path).NSSpaceID") { return .displayP3 }
        var texts: [Data] = []
        for (k, raw) in d where k != "$class" {
            switch try resolve(raw, key: "\(path).\(k)") {
            case .data(let bytes): texts.append(bytes)
            case .string(let s): texts.append(Data(s.utf8))
            default: break
            }
        }
        let p3Marks = ["Display P3", "DisplayP3"].flatMap { [Data($0.utf8), utf16BE($0)] }
        if texts.contains(where: { t in p3Marks.contains { t.range(of: $0) != nil } }) { return .displayP3 }
        if case .value(let id)? = try? integer(d, "NSID", path: "\(path).NSID"), id == 7 { return .sRGB }
        if case .value(14)? = try? integer(d, "NSSpaceID", path: "\(path).NSSpaceID") { return .sRGB }
        let srgbMarks = ["sRGB"].flatMap { [Data($0.utf8), utf16BE($0)] }
        if texts.contains(where: { t in srgbMarks.contains { t.range(of: $0) != nil } }) { return .sRGB }
        return .unknown
    }

    private func utf16BE(_ s: String) -> Data {
        var d = Data()
        for u in s.utf16 { d.append(UInt8(u >> 8)); d.append(UInt8(u & 0xFF)) }
        return d
    }
}
