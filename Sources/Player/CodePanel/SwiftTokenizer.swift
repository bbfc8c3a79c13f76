/// A tiny Swift tokenizer for the code panel's colours: keywords, strings, comments, numbers, attributes and type
/// names (capitalised identifiers). It only has to look right, not to parse: it knows line and block comments (nested),
/// string literals with escapes and `\( … )` interpolation, multi-line `"""` strings and raw `#"…"#` strings, so a
/// colour never leaks past the construct that started it. Everything else is plain.
enum SwiftTokenizer {
    enum Kind: Equatable { case plain, keyword, string, comment, number, attribute, type }

    /// One coloured stretch of a line: columns `start..<start + text.count` (characters, tabs already expanded).
    struct Run: Equatable {
        var kind: Kind
        var start: Int
        var text: String
    }

    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "async",
        "some", "any", "mutating", "nonmutating", "lazy", "weak", "unowned", "override", "final", "required",
        "convenience", "dynamic", "indirect", "willSet", "didSet", "get", "set", "nonisolated", "actor",
    ]

    /// The runs of every line of `source` (lines split at "\n"; tabs become four spaces).
    static func lines(of source: String) -> [[Run]] {
        var result: [[Run]] = []
        var state = State()
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let text = line.replacingOccurrences(of: "\t", with: "    ").replacingOccurrences(of: "\r", with: "")
            result.append(tokenize(Array(text), state: &state))
        }
        return result
    }

    /// What carries over from one line to the next.
    struct State {
        /// Depth of open `/* */` comments.
        var commentDepth = 0
        /// Inside a `"""` string (with this many `#`s).
        var multilineString: Int?
    }

    static func tokenize(_ c: [Character], state: inout State) -> [Run] {
        var runs: [Run] = []
        func add(_ kind: Kind, _ start: Int, _ end: Int) {
            guard end > start else { return }
            if let last = runs.last, last.kind == kind, last.start + last.text.count == start {
                runs[runs.count - 1].text += String(c[start..<end])
            } else {
                runs.append(Run(kind: kind, start: start, text: String(c[start..<end])))
            }
        }
        func at(_ i: Int, _ s: String) -> Bool {
            let chars = Array(s)
            guard i + chars.count <= c.count else { return false }
            return Array(c[i..<(i + chars.count)]) == chars
        }
        var i = 0
        let n = c.count
        while i < n {
            // Continuing a block comment.
            if state.commentDepth > 0 {
                let start = i
                while i < n && state.commentDepth > 0 {
                    if at(i, "*/") { state.commentDepth -= 1; i += 2 } else if at(i, "/*") { state.commentDepth += 1; i += 2 } else { i += 1 }
                }
                add(.comment, start, i)
                continue
            }
            // Continuing a multi-line string.
            if let hashes = state.multilineString {
                let start = i
                let close = "\"\"\"" + String(repeating: "#", count: hashes)
                while i < n {
                    if c[i] == "\\" && hashes == 0 { i = min(n, i + 2); continue }
                    if at(i, close) { i += close.count; state.multilineString = nil; break }
                    i += 1
                }
                add(.string, start, i)
                continue
            }
            let ch = c[i]
            if at(i, "//") { add(.comment, i, n); i = n; continue }
            if at(i, "/*") { state.commentDepth = 1; let s = i; i += 2
                while i < n && state.commentDepth > 0 {
                    if at(i, "*/") { state.commentDepth -= 1; i += 2 } else if at(i, "/*") { state.commentDepth += 1; i += 2 } else { i += 1 }
                }
                add(.comment, s, i)
                continue
            }
            // Strings: #"…"#, """, "…".
            if ch == "#" || ch == "\"" {
                var j = i, hashes = 0
                while j < n && c[j] == "#" { hashes += 1; j += 1 }
                if j < n && c[j] == "\"" {
                    let start = i
                    if at(j, "\"\"\"") {
                        i = j + 3
                        state.multilineString = hashes
                        let close = "\"\"\"" + String(repeating: "#", count: hashes)
                        while i < n {
                            if at(i, close) { i += close.count; state.multilineString = nil; break }
                            i += 1
                        }
                        add(.string, start, i)
                        continue
                    }
                    i = j + 1
                    let close = "\"" + String(repeating: "#", count: hashes)
                    var parens = 0
                    while i < n {
                        if hashes == 0 && c[i] == "\\" {
                            if i + 1 < n && c[i + 1] == "(" { parens += 1; i += 2; continue }
                            i = min(n, i + 2); continue
                        }
                        if parens > 0 { if c[i] == "(" { parens += 1 } else if c[i] == ")" { parens -= 1 }; i += 1; continue }
                        if at(i, close) { i += close.count; break }
                        i += 1
                    }
                    add(.string, start, i)
                    continue
                }
            }
            if ch == "@" || ch == "#", i + 1 < n, c[i + 1].isLetter {
                let start = i
                i += 1
                while i < n && (c[i].isLetter || c[i].isNumber || c[i] == "_") { i += 1 }
                add(ch == "@" ? .attribute : .keyword, start, i)
                continue
            }
            if ch.isNumber {
                let start = i
                while i < n && (c[i].isNumber || c[i].isLetter || c[i] == "_" || (c[i] == "." && i + 1 < n && c[i + 1].isNumber)) { i += 1 }
                add(.number, start, i)
                continue
            }
            if ch.isLetter || ch == "_" || ch == "`" {
                let start = i
                i += 1
                while i < n && (c[i].isLetter || c[i].isNumber || c[i] == "_" || c[i] == "`") { i += 1 }
                let word = String(c[start..<i]).replacingOccurrences(of: "`", with: "")
                // `.init`, `x.self` after a dot are members, not keywords.
                let afterDot = start > 0 && c[start - 1] == "."
                if keywords.contains(word) && !(afterDot && word != "self" && word != "init") {
                    add(.keyword, start, i)
                } else if let f = word.first, f.isUppercase {
                    add(.type, start, i)
                } else {
                    add(.plain, start, i)
                }
                continue
            }
            add(.plain, i, i + 1)
            i += 1
        }
        return runs
    }

    /// Every identifier a source mentions (for which files of a folder a scene uses).
    static func identifiers(in source: String) -> Set<String> {
        var out: Set<String> = []
        for line in lines(of: source) {
            for run in line where run.kind == .type || run.kind == .plain {
                var word = ""
                for ch in run.text {
                    if ch.isLetter || ch.isNumber || ch == "_" { word.append(ch) } else if !word.isEmpty { out.insert(word); word = "" }
                }
                if !word.isEmpty { out.insert(word) }
            }
        }
        return out
    }
}
