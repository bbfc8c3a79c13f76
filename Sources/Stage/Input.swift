/// A key press, by name: letters, digits and punctuation as themselves ("s", "q", "1", "+"), and
/// escape, space, return, tab, backspace, up, down, left, right, pageup, pagedown, home, end, period, f1…f12.
/// `shift` is held Shift (Shift+Tab, Shift+arrows extend a text selection); the name stays the unshifted key's.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var ctrl: Bool
    public var shift: Bool
    public init(_ name: String, ctrl: Bool = false, shift: Bool = false) {
        self.name = name.lowercased(); self.ctrl = ctrl; self.shift = shift
    }

    /// Parses a script key name such as `escape`, `ctrl+q`, `.`, `+` or `S` (spec README §3.17, case-insensitive).
    /// Scripts name no Shift (the spec's key names have only `ctrl+`).
    public init?(parsing text: String) {
        var rest = Substring(text.lowercased())
        var ctrl = false
        // `ctrl+` prefixes; what is left is the key, which may itself be `+`.
        while let prefix = ["ctrl+", "control+"].first(where: { rest.hasPrefix($0) && rest.count > $0.count }) {
            ctrl = true
            rest = rest.dropFirst(prefix.count)
        }
        let aliases = [".": "period", "esc": "escape", "enter": "return", " ": "space", "pgup": "pageup", "pgdn": "pagedown"]
        let name = aliases[String(rest)] ?? String(rest)
        // Any single letter, digit or punctuation character, or a named key.
        let single = name.count == 1 && name.unicodeScalars.allSatisfy {
            !$0.properties.isWhitespace && $0.properties.generalCategory != .control
        }
        guard single || Key.named.contains(name) else { return nil }
        self.init(name, ctrl: ctrl)
    }

    public static let named: Set<String> = Set(["escape", "space", "return", "tab", "backspace", "up", "down", "left",
        "right", "pageup", "pagedown", "home", "end", "period", "delete"] + (1...12).map { "f\($0)" })

    public var description: String { (ctrl ? "ctrl+" : "") + (shift ? "shift+" : "") + name }
}

/// Pointer input in content coordinates.
public enum PointerEvent: Sendable {
    case press(Point)
    case move(Point)
    case release(Point)
    /// Scroll by lines: positive = content moves up (wheel towards the user scrolls down).
    case wheel(Point, Double)
    /// The pointer left the window or the window lost focus: any press in progress is cancelled.
    case cancel
}
