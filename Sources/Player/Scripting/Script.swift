import Foundation
import Stage

/// Timed input for a run (`--script`): one command per line or `;`-separated.
///
///     at 0.5 click 11.9,379.5          (also press, move, release X,Y)
///     at 0.5 click callButton          (click, press, release NODE: the centre of the node as drawn at T)
///     at 1 drag 10,10 -> 200,300 over 0.5
///     at 2 key escape
///     at 2 type Hello                  (text input into the focused field)
///     at 2 clipboard Hello world       (puts the text on the clipboard; `key ctrl+v` pastes it)
///     at 3 resize 800x600
///     at 8 seek 5                      (the scene as it was at scene time 5, replayed from its start)
///     at 4 probe leftDoor              (one JSON line on standard output; `probe *` for every node)
///     at 4 audio                       (one JSON line: what plays, system sounds, haptics)
///     at 4.5 screenshot out/open.png
///     at 9 quit
///
/// T is seconds since the player started (with `--scene`, the scene's own time); X, Y are logical pixels of the
/// content area. Blank lines are ignored and `#` starts a comment (spec README §3.17).
nonisolated public struct Script: Equatable {
    public enum Action: Equatable {
        case press(Point), move(Point), release(Point)
        /// A pointer action at the centre of a named node, resolved when it runs.
        case pressNode(String), releaseNode(String), clickNode(String)
        case key(Key)
        case text(String)
        /// Puts text on the session's clipboard (the next `key ctrl+v` pastes it).
        case clipboard(String)
        case resize(Size)
        /// Puts the scene where a scrub of the timeline to scene time S would (Seek.swift).
        case seek(Double)
        case screenshot(String)
        /// A node name, or `*` for every node.
        case probe(String)
        case audio
        case quit

        /// Reads run after the inputs at the same time (a probe at T sees a click at T), and quit after everything.
        var phase: Int {
            switch self {
            case .probe, .audio, .screenshot: return 1
            case .quit: return 2
            default: return 0
            }
        }
    }
    public struct Event: Equatable {
        public var time: Double
        public var action: Action
    }
    public struct ParseError: Error, CustomStringConvertible {
        public let line: Int
        public let text: String
        public let reason: String
        public var description: String { "script line \(line) (\"\(text)\"): \(reason)" }
    }

    /// Events in time order (ties keep their written order).
    public private(set) var events: [Event]

    /// When the script ends the run: its `quit`, if any.
    public var quitTime: Double? { events.first { $0.action == .quit }?.time }
    /// True when the script saves pictures of what is drawn.
    public var takesScreenshots: Bool { events.contains { if case .screenshot = $0.action { return true } else { return false } } }
    public var lastTime: Double { events.last?.time ?? 0 }

    /// Moves of a drag are sent at this rate, like a mouse at 60 Hz.
    static let dragStep = 1.0 / 60

    public init(parsing text: String) throws {
        var out: [(Double, Int, Action)] = []
        // Line numbers count physical lines (any line ending); `;` separates commands within a line.
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n")
            .split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
        for (i, line) in lines.enumerated() {
            for command in line.split(separator: ";", omittingEmptySubsequences: false) {
                var text = String(command)
                if let hash = text.firstIndex(of: "#") { text = String(text[..<hash]) }
                text = text.trimmingCharacters(in: .whitespaces)
                if text.isEmpty { continue }
                let parsed = try Script.parse(text, number: i + 1)
                // Drags expand into moves at 60 Hz; bound the whole script so it cannot flood the run's memory.
                guard out.count + parsed.count <= Script.maxEvents else {
                    throw ParseError(line: i + 1, text: text, reason: "the script adds up to more than \(Script.maxEvents) "
                                     + "input events (drags send 60 moves a second); shorten its drags")
                }
                for (t, a) in parsed { out.append((t, out.count, a)) }
            }
        }
        events = out.sorted { ($0.0, $0.2.phase, $0.1) < ($1.0, $1.2.phase, $1.1) }.map { Event(time: $0.0, action: $0.2) }
    }

    /// Most events a script may hold once its drags are expanded (a little over an hour of dragging, about 12 MB).
    public static let maxEvents = 250_000

    /// Longest drag accepted (an hour): a longer one is surely a typo and would flood the run with moves.
    static let longestDrag = 3600.0

    /// Latest time a script command may have, and longest `--duration` (one day): a later one is surely a typo
    /// and the run would never end.
    public static let latestTime = 86_400.0

    /// A `--script` value that names a file which cannot be read as a script.
    public struct FileError: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "script file \(path): \(reason)" }
    }

    /// Reads a script from a file when `fileOrText` names one, else parses it as text. Inline text starts with
    /// "at " (or a comment, or has several commands); a value that looks like a path (contains '/' or ends in
    /// .txt, .zt or .script) and does not exist is a missing file, not a script.
    public static func load(_ fileOrText: String) throws -> Script {
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: fileOrText, isDirectory: &isDir) {
            guard !isDir.boolValue else { throw FileError(path: fileOrText, reason: "is a directory") }
            let text: String
            do { text = try String(contentsOfFile: fileOrText, encoding: .utf8) } catch {
                throw FileError(path: fileOrText, reason: "cannot be read as UTF-8 text (\(error.localizedDescription))")
            }
            return try Script(parsing: text)
        }
        if looksLikePath(fileOrText) { throw FileError(path: fileOrText, reason: "no such file") }
        return try Script(parsing: fileOrText)
    }

    static func looksLikePath(_ value: String) -> Bool {
        let v = value.trimmingCharacters(in: .whitespaces)
        if v.hasPrefix("at ") || v.hasPrefix("at\t") || v.hasPrefix("#") || v.contains(";") || v.contains("\n") {
            return false
        }
        let lower = v.lowercased()
        return v.contains("/") || [".txt", ".zt", ".script"].contains { lower.hasSuffix($0) }
    }

    private static func parse(_ line: String, number: Int) throws -> [(Double, Action)] {
        func fail(_ reason: String) -> ParseError { ParseError(line: number, text: line, reason: reason) }
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count >= 3, words[0] == "at" else { throw fail("expected \"at T COMMAND …\"") }
        guard let t = Double(words[1]), t.isFinite, t >= 0, t <= latestTime else {
            throw fail("\"\(words[1])\" is not a time in seconds from 0 to \(Int(latestTime)) (one day)")
        }
        let args = Array(words[3...])
        // Node names and typed text run to the end of the command, inner spaces kept as written.
        let rest = Script.rest(of: line, after: 3)
        func point(_ s: String) throws -> Point {
            let parts = s.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]), x.isFinite, y.isFinite else {
                throw fail("\"\(s)\" is not a point X,Y")
            }
            return Point(x, y)
        }
        /// A point when the argument starts like a number (names never do), else a node name.
        func target(_ command: String) throws -> Point? {
            guard let first = rest.first else { throw fail("\(command) takes a point X,Y or a node name") }
            guard first.isNumber || "+-.".contains(first) else { return nil }
            guard args.count == 1 else { throw fail("\(command) takes one point X,Y") }
            return try point(args[0])
        }
        switch words[2] {
        case "click":
            guard let p = try target("click") else { return [(t, .clickNode(rest))] }
            return [(t, .press(p)), (t, .release(p))]
        case "press":
            guard let p = try target("press") else { return [(t, .pressNode(rest))] }
            return [(t, .press(p))]
        case "release":
            guard let p = try target("release") else { return [(t, .releaseNode(rest))] }
            return [(t, .release(p))]
        case "move":
            guard args.count == 1 else { throw fail("move takes one point X,Y") }
            return [(t, .move(try point(args[0])))]
        case "drag":
            guard args.count == 5, args[1] == "->", args[3] == "over", let d = Double(args[4]), d.isFinite, d >= 0,
                  d <= longestDrag else {
                throw fail("expected \"drag X1,Y1 -> X2,Y2 over D\" with D from 0 to \(Int(longestDrag)) seconds")
            }
            let a = try point(args[0]), b = try point(args[2])
            var out: [(Double, Action)] = [(t, .press(a))]
            let steps = max(1, Int((d / dragStep).rounded(.up)))
            for k in 1...steps {
                let u = Double(k) / Double(steps)
                out.append((t + d * u, .move(Point(a.x + (b.x - a.x) * u, a.y + (b.y - a.y) * u))))
            }
            out.append((t + d, .release(b)))
            return out
        case "key":
            guard args.count == 1, let key = Key(parsing: args[0]) else { throw fail("unknown key \"\(args.first ?? "")\"") }
            return [(t, .key(key))]
        case "type":
            guard !rest.isEmpty else { throw fail("type takes the text to type") }
            return [(t, .text(rest))]
        case "clipboard":
            // The text runs to the end of the command; `\n` and `\t` stand for a line break and a tab.
            guard !rest.isEmpty else { throw fail("clipboard takes the text to put on the clipboard") }
            return [(t, .clipboard(rest.replacingOccurrences(of: "\\n", with: "\n").replacingOccurrences(of: "\\t", with: "\t")))]
        case "resize":
            guard args.count == 1 else { throw fail("resize takes one size WxH") }
            do { return [(t, .resize(try CanvasSize.parse(args[0])))] } catch { throw fail("resize: \(error)") }
        case "seek":
            guard args.count == 1, let s = Double(args[0]), s.isFinite, s >= 0, s <= latestTime else {
                throw fail("seek takes a scene time in seconds from 0 to \(Int(latestTime))")
            }
            return [(t, .seek(s))]
        case "screenshot":
            guard args.count == 1, args[0].lowercased().hasSuffix(".png") else { throw fail("screenshot takes one PATH.png") }
            return [(t, .screenshot(args[0]))]
        case "probe":
            guard !rest.isEmpty else { throw fail("probe takes a node name or *") }
            return [(t, .probe(rest))]
        case "audio":
            guard args.isEmpty else { throw fail("audio takes no arguments") }
            return [(t, .audio)]
        case "quit":
            guard args.isEmpty else { throw fail("quit takes no arguments") }
            return [(t, .quit)]
        default:
            throw fail("unknown command \"\(words[2])\" (use click, press, move, release, drag, key, type, clipboard, "
                       + "resize, seek, screenshot, probe, audio or quit)")
        }
    }

    /// The text after the first `count` words of `line`, trimmed.
    private static func rest(of line: String, after count: Int) -> String {
        var s = Substring(line)
        for _ in 0..<count {
            s = s.drop { $0 == " " || $0 == "\t" }
            s = s.drop { $0 != " " && $0 != "\t" }
        }
        return s.trimmingCharacters(in: .whitespaces)
    }
}

extension Script.Action {
    /// The input this action sends to the session as it is; nil for what the script driver runs itself (node
    /// clicks, which need the layout at their time, resizes, reads and quit).
    var input: Input? {
        switch self {
        case let .press(p): return .pointer(.press(p))
        case let .move(p): return .pointer(.move(p))
        case let .release(p): return .pointer(.release(p))
        case let .key(k): return .key(k)
        case let .text(s): return .text(s)
        default: return nil
        }
    }
}
