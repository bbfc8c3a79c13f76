import Foundation

/// A scrollable list of entries under section headers, driven by mouse (click, wheel) and keyboard
/// (up/down, page up/down, home/end, return). Only the visible rows exist as nodes.
public final class MenuList: Node {
    public enum Row: Equatable {
        case header(String)
        case item(id: String, title: String, detail: String)
        var isItem: Bool { if case .item = self { return true } else { return false } }
    }

    public var rows: [Row] = [] { didSet { selection = rows.firstIndex { $0.isItem } } }
    /// Index into `rows` of the highlighted entry.
    public private(set) var selection: Int?
    public private(set) var scroll: Double = 0
    public var onChoose: (String) -> Void = { _ in }
    public var rowHeight = 44.0
    public var headerHeight = 36.0
    public var font = Font(size: 17)
    public var headerFont = Font(size: 13, weight: .semibold)
    private var pressedRow: Int?
    /// What the row nodes were last built from; `layout()` rebuilds only when it changes.
    private var builtFrom: (frame: Rect, rows: [Row], selection: Int?, scroll: Double)?

    public init(name: String? = "menu") {
        super.init(name: name)
        clipsToBounds = true
    }

    public override var isInteractive: Bool { true }

    // MARK: Geometry

    private func height(of row: Row) -> Double { row.isItem ? rowHeight : headerHeight }
    private var contentHeight: Double { rows.reduce(0) { $0 + height(of: $1) } }
    private func top(of index: Int) -> Double { rows[..<index].reduce(0) { $0 + height(of: $1) } }

    /// The row under a point in root space (the list is never transformed).
    public func row(at point: Point) -> Int? {
        guard frame.contains(point) else { return nil }
        var y = frame.minY - scroll
        for (i, r) in rows.enumerated() {
            let h = height(of: r)
            if point.y >= y && point.y < y + h { return i }
            y += h
        }
        return nil
    }

    /// The frame of row `index` in root space.
    public func frame(ofRow index: Int) -> Rect {
        Rect(x: frame.minX, y: frame.minY - scroll + top(of: index), width: frame.width, height: height(of: rows[index]))
    }

    private func clampScroll() { scroll = max(0, min(scroll, max(0, contentHeight - frame.height))) }

    private func reveal(_ index: Int) {
        let t = top(of: index), h = height(of: rows[index])
        // Keep the section header in view when revealing its first entry.
        let headerAbove = index > 0 && !rows[index - 1].isItem ? headerHeight : 0
        if t - headerAbove < scroll { scroll = t - headerAbove }
        if t + h > scroll + frame.height { scroll = t + h - frame.height }
        clampScroll()
    }

    // MARK: Drawing

    /// Builds the visible row nodes for the current frame, rows, selection and scroll (nothing when none changed).
    public func layout() {
        clampScroll()
        if let b = builtFrom, b.frame == frame, b.rows == rows, b.selection == selection, b.scroll == scroll { return }
        builtFrom = (frame, rows, selection, scroll)
        removeAllChildren()
        add(Node(frame: frame, content: .shape(.rect, fill: .white, stroke: nil)))
        var y = frame.minY - scroll
        for (i, r) in rows.enumerated() {
            let h = height(of: r)
            defer { y += h }
            guard y + h > frame.minY, y < frame.maxY else { continue }
            let rowFrame = Rect(x: frame.minX, y: y, width: frame.width, height: h)
            switch r {
            case let .header(title):
                add(Node(frame: rowFrame, content: .shape(.rect, fill: .groupedBackground, stroke: nil)))
                let label = Node(frame: rowFrame.insetBy(dx: 20, dy: 0), content: .text(title.uppercased(), headerFont, .secondaryLabel))
                label.textAlignment = .leading
                add(label)
            case let .item(id, title, detail):
                let selected = i == selection
                if selected {
                    add(Node(name: "selection", frame: rowFrame.insetBy(dx: 8, dy: 2),
                             content: .shape(.roundedRect(cornerRadius: 8), fill: .blue, stroke: nil)))
                } else {
                    add(Node(frame: Rect(x: rowFrame.minX + 20, y: rowFrame.maxY - 0.5, width: rowFrame.width - 20, height: 0.5),
                             content: .shape(.rect, fill: .separator, stroke: nil)))
                }
                let text = Node(name: "row:\(id)", frame: rowFrame.insetBy(dx: 20, dy: 0),
                                content: .text(title, font, selected ? .white : .black))
                text.textAlignment = .leading
                add(text)
                let idLabel = Node(frame: rowFrame.insetBy(dx: 20, dy: 0),
                                   content: .text(detail, Font(size: 13), selected ? .white.opacity(0.8) : .secondaryLabel))
                idLabel.textAlignment = .trailing
                add(idLabel)
            }
        }
    }

    // MARK: Input

    public override func pointerPressed(at point: Point, time: Double) {
        pressedRow = row(at: point).flatMap { rows[$0].isItem ? $0 : nil }
        if let pressedRow { selection = pressedRow; layout() }
    }
    public override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        defer { pressedRow = nil }
        guard let pressedRow, row(at: point) == pressedRow, case let .item(id, _, _) = rows[pressedRow] else { return }
        onChoose(id)
    }
    public override func pointerCancelled(time: Double) { pressedRow = nil }
    public override func scrolled(by lines: Double, time: Double) -> Bool {
        scroll += lines * rowHeight
        layout()
        return true
    }

    /// Keyboard navigation; returns true when the key was used.
    public func handle(_ key: Key) -> Bool {
        let items = rows.indices.filter { rows[$0].isItem }
        guard !items.isEmpty else { return false }
        let pos = selection.flatMap { items.firstIndex(of: $0) } ?? 0
        let page = max(1, Int(frame.height / rowHeight) - 1)
        var next = pos
        switch key.name {
        case "down": next = min(items.count - 1, pos + 1)
        case "up": next = max(0, pos - 1)
        case "pagedown": next = min(items.count - 1, pos + page)
        case "pageup": next = max(0, pos - page)
        case "home": next = 0
        case "end": next = items.count - 1
        case "return", "space":
            if let s = selection, case let .item(id, _, _) = rows[s] { onChoose(id) }
            return true
        default: return false
        }
        selection = items[next]
        reveal(items[next])
        layout()
        return true
    }

    private var typed = (prefix: "", time: -Double.infinity)

    /// Type-ahead: letters typed within a second of each other select the first entry whose title starts with
    /// them (`n e e d` → "Need a Lift?"); returns false for keys that are not a printable character.
    public func typeAhead(_ key: Key, at time: Double) -> Bool {
        guard !key.ctrl, key.name.count == 1 || key.name == "space" || key.name == "period" else { return false }
        let c = key.name == "space" ? " " : key.name == "period" ? "." : key.name
        let continuing = time - typed.time < 1
        if key.name == "space" && !continuing { return false }   // Space alone opens, as before
        typed = (continuing ? typed.prefix + c : c, time)
        let prefix = typed.prefix
        guard let i = rows.firstIndex(where: { if case let .item(_, title, _) = $0 { return title.lowercased().hasPrefix(prefix) } else { return false } })
        else { return true }
        selection = i
        reveal(i)
        layout()
        return true
    }

    /// Selects the entry with this id (e.g. to come back to the last scene).
    public func select(id: String) {
        guard let i = rows.firstIndex(where: { if case .item(id, _, _) = $0 { return true } else { return false } }) else { return }
        selection = i
        reveal(i)
    }
}
