/// A key press, by name: letters and digits as themselves ("s", "q", "1"), and
/// escape, space, return, tab, backspace, up, down, left, right, pageup, pagedown, home, end, period, f1…f12.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    public var name: String
    public var ctrl: Bool
    public init(_ name: String, ctrl: Bool = false) { self.name = name.lowercased(); self.ctrl = ctrl }

    /// Parses a script key name such as `escape`, `ctrl+q`, `.` or `S`.
    public init?(parsing text: String) {
        var parts = text.lowercased().split(separator: "+").map(String.init)
        guard let last = parts.popLast(), !last.isEmpty else { return nil }
        let ctrl = parts.contains("ctrl") || parts.contains("control")
        guard parts.allSatisfy({ $0 == "ctrl" || $0 == "control" }) else { return nil }
        let aliases = [".": "period", "esc": "escape", "enter": "return", " ": "space", "pgup": "pageup", "pgdn": "pagedown"]
        let name = aliases[last] ?? last
        guard name.count == 1 || Key.named.contains(name) else { return nil }
        self.init(name, ctrl: ctrl)
    }

    public static let named: Set<String> = Set(["escape", "space", "return", "tab", "backspace", "up", "down", "left",
        "right", "pageup", "pagedown", "home", "end", "period", "delete"] + (1...12).map { "f\($0)" })

    public var description: String { (ctrl ? "ctrl+" : "") + name }
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
