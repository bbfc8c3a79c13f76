import Motion
import Stage

// MARK: - `.pickerStyle(.menu)`: a pop-up button

extension Picker {
    /// The button (current choice + chevron, accent-coloured) and, while open, the popup list as a second child,
    /// which the element draws above everything (ViewHost's popup layer) instead of in place.
    func resolveMenu(_ ctx: ResolveContext, options: [PickerOption<SelectionValue>], selected: Int?,
                     select: @escaping (Int) -> Void) -> [Element] {
        let e = ctx.element(MenuPickerElement.self) { MenuPickerElement(path: $0, host: $1) }
        e.count = options.count
        e.selected = selected
        e.isEnabled = ctx.environment.isEnabled
        e.select = select
        e.selectedText = selected.flatMap { pickerLabelText(options[$0].label) }
        if !e.isEnabled, e.isOpen { e.close() }
        let accent = ctx.environment.accentColor
        var inner = ctx.child(.modifier(0))
        inner.stackAxis = nil
        let current: any View = selected.map { options[$0].label } ?? Text("")
        let button = HStack(spacing: 6) {
            AnyView(current)
            MenuChevron()
                .stroke(accent, style: StrokeStyle(lineWidth: 1.6, lineCap: .round, lineJoin: .round))
                .frame(width: MenuPickerElement.chevronSize.width, height: MenuPickerElement.chevronSize.height)
        }
        .foregroundColor(accent)
        .padding(.vertical, 6)
        var children = [inner.resolveOne(button)]
        if e.isOpen {
            var pc = ctx.child(.modifier(1))
            pc.stackAxis = nil
            pc.transaction = Transaction()
            pc.environment.font = .system(size: MenuPickerElement.fontSize)
            pc.environment.fontWeight = nil
            pc.environment.foregroundColor = nil
            let list = MenuPopupList(labels: options.map(\.label), selected: selected, highlighted: e.highlighted, accent: accent)
            let panel = pc.element(MenuPanelElement.self) { MenuPanelElement(path: $0, host: $1) }
            panel.scroll = e.scroll
            var lc = pc.child(.modifier(0))
            lc.stackAxis = nil
            panel.setChildren([lc.resolveOne(list)], pc)
            children.append(panel)
        }
        e.setChildren(children, ctx)
        return [e]
    }
}

/// The up-down chevron of a pop-up button (SF Symbols' `chevron.up.chevron.down`), drawn in its frame.
struct MenuChevron: Shape {
    func path(in r: Rect) -> Path {
        var p = Path()
        let inset = 1.0, w = r.width - 2 * inset, h = r.height - 2 * inset, x = r.minX + inset, y = r.minY + inset
        p.move(to: Point(x, y + h * 0.36)); p.addLine(to: Point(x + w / 2, y)); p.addLine(to: Point(x + w, y + h * 0.36))
        p.move(to: Point(x, y + h * 0.64)); p.addLine(to: Point(x + w / 2, y + h)); p.addLine(to: Point(x + w, y + h * 0.64))
        return p
    }
}

/// The popup's rows: a checkmark column, the option's label; the highlighted row accent-filled with white text.
private struct MenuPopupList: View {
    let labels: [any View]
    let selected: Int?
    let highlighted: Int?
    let accent: Color

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(0..<labels.count) { i in
                HStack(spacing: MenuPickerElement.checkSpacing) {
                    Image(systemName: "checkmark")
                        .opacity(i == selected ? 1 : 0)
                        .frame(width: MenuPickerElement.checkWidth)
                    AnyView(labels[i])
                    Spacer(minLength: 24)
                }
                .padding(.horizontal, MenuPickerElement.rowInset)
                .frame(height: MenuPickerElement.rowHeight)
                .foregroundColor(i == highlighted ? .white : .black)
                .background(RoundedRectangle(cornerRadius: 5).fill(i == highlighted ? accent : Color.clear).padding(.horizontal, 5))
            }
        }
        .padding(.vertical, MenuPickerElement.listPadding)
    }
}

/// Something drawn above the whole view tree that takes all pointer input and keys while it is shown (an open
/// menu). The host has at most one.
protocol PopupPresenting: AnyObject {
    func popupPointer(_ event: PointerEvent, time: Double)
    /// A key while shown; true when used.
    func popupKey(_ key: Key) -> Bool
    func drawPopup(_ dc: DrawContext)
    /// Another popup is opening: this one closes.
    func dismissForOther()
}

/// The menu picker: a pop-up button as on macOS. A click (release inside) opens the list with the current option
/// over the button; a click on a row selects it and closes, a click outside or Esc closes without change. While
/// open, ↑/↓, PgUp/PgDn and Home/End move the highlight and Return or Space choose it; a list taller than the window
/// scrolls in its panel (the wheel; the highlight is kept in view). Focused (Tab) and closed, Space, Return, ↑ or ↓
/// open it. Probes report the current option's label as `text` and `open` (0 or 1).
final class MenuPickerElement: Element, ControlBehaviour, Focusable, PopupPresenting {
    static let fontSize = 15.0
    static let rowHeight = 26.0
    static let listPadding = 5.0
    static let rowInset = 10.0
    static let checkWidth = 14.0
    static let checkSpacing = 6.0
    static let chevronSize = Size(8, 13)
    static let popupFill = Color(hex: 0xF6F6F7)

    var count = 0
    var selected: Int?
    var selectedText: String?
    var isEnabled = true
    var select: (Int) -> Void = { _ in }
    private(set) var isOpen = false
    private(set) var highlighted: Int?
    /// How far the open list is scrolled inside its panel (MenuPanelElement); 0 when it fits the window.
    private(set) var scroll = 0.0
    private var isPressed = false
    private var pressedInPopup = false

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    private var button: Element? { children.first }
    private var popup: MenuPanelElement? { isOpen && children.count > 1 ? children[1] as? MenuPanelElement : nil }
    /// Only the button takes part in layout and in the picker's drawn bounds; the list is placed and drawn apart.
    override var layoutChildren: [Element] { children.first.map { [$0] } ?? [] }

    // MARK: Opening and closing (the popup's content is part of the view, so each change evaluates it again)

    private func change(_ body: () -> Void) {
        host.willChange()
        host.markDirty(path)
        body()
    }

    func open() {
        guard !isOpen, isEnabled, count > 0 else { return }
        host.popup?.dismissForOther()
        change {
            isOpen = true
            highlighted = selected
            host.popup = self
            scroll = placement().scroll
        }
    }

    func close() {
        guard isOpen else { return }
        change {
            isOpen = false
            highlighted = nil
            pressedInPopup = false
            if host.popup === self { host.popup = nil }
        }
        host.redraw()
    }

    private func choose(_ row: Int) {
        close()
        if row != selected, (0..<count).contains(row) { select(row) }
    }

    private func highlight(_ row: Int?) {
        guard row != highlighted else { return }
        change { highlighted = row }
    }

    override func removed() {
        if host.popup === self { host.popup = nil }
        super.removed()
    }

    // MARK: Layout and drawing

    override func sizeThatFits(_ p: ProposedSize) -> Size { button?.size(for: p) ?? .zero }

    override func place(in rect: Rect) {
        frame = rect
        button?.assign(in: rect)
        if let popup {
            let p = placement()
            scroll = min(max(scroll, 0), p.maxScroll)
            popup.scroll = scroll
            popup.contentHeight = p.contentHeight
            popup.markLayoutDirty()
            popup.assign(in: p.panel)
        }
    }

    /// The whole list's height: every row and the padding above and below.
    private var contentHeight: Double { Double(count) * Self.rowHeight + 2 * Self.listPadding }

    /// Where the panel goes: with the current option's label over the button's (macOS pop-up buttons), kept inside
    /// the window and no taller than it; `scroll` is how far the list must then move up inside the panel to keep
    /// the current option over the button, `maxScroll` how far it can.
    private func placement() -> (panel: Rect, scroll: Double, maxScroll: Double, contentHeight: Double) {
        let ideal = popup?.size(for: .unspecified) ?? .zero
        let full = contentHeight
        var size = Size(max(ideal.width, frame.width + Self.rowInset + Self.checkWidth + Self.checkSpacing + 16), full)
        let row = Double(selected ?? 0)
        var x = frame.minX - (Self.rowInset + Self.checkWidth + Self.checkSpacing)
        let listTop = frame.midY - (Self.listPadding + (row + 0.5) * Self.rowHeight)
        var y = listTop
        let bounds = host.root.frame.insetBy(dx: 6, dy: 6)
        if bounds.width > 0 && bounds.height > 0 {
            size.height = min(full, bounds.height)
            x = max(bounds.minX, min(x, bounds.maxX - size.width))
            y = max(bounds.minY, min(y, bounds.maxY - size.height))
        }
        let maxScroll = full - size.height
        return (Rect(origin: Point(x, y), size: size), min(max(y - listTop, 0), maxScroll), maxScroll, full)
    }

    /// Scrolls the open list (clamped), re-placing it.
    private func scroll(to offset: Double) {
        let clamped = min(max(offset, 0), placement().maxScroll)
        guard clamped != scroll else { return }
        change { scroll = clamped }
    }

    /// Scrolls just enough to show a row whole.
    private func reveal(_ row: Int?) {
        guard let row, let popup else { return }
        let top = Self.listPadding + Double(row) * Self.rowHeight, bottom = top + Self.rowHeight
        if top - Self.listPadding < scroll { scroll(to: top - Self.listPadding) }
        else if bottom + Self.listPadding > scroll + popup.frame.height { scroll(to: bottom + Self.listPadding - popup.frame.height) }
    }

    /// How many whole rows the panel shows (PgUp/PgDn move the highlight by that).
    private var rowsInView: Int { max(1, Int(((popup?.frame.height ?? 0) - 2 * Self.listPadding) / Self.rowHeight)) }

    /// The button only: the popup is drawn above everything by the host (`drawPopup`).
    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        if !isEnabled { dc.opacity *= 0.4 } else if isPressed { dc.opacity *= 0.3 }
        button?.draw(dc)
    }

    func drawPopup(_ dc: DrawContext) {
        guard let popup else { return }
        var dc = dc
        var e: Element? = self
        while let x = e { dc.opacity *= x.ownOpacity(at: dc.time); e = x.parent }
        guard dc.opacity > 0.0005 else { return }
        dc.transform = dc.transform * worldTransform(at: dc.time)
        let r = popup.frame
        // A soft shadow (stacked translucent outlines, a little lower), the light panel and its thin border.
        for i in 1...8 {
            let k = Double(i)
            dc.fill(.roundedRect(r.offsetBy(dx: 0, dy: 3).insetBy(dx: -k, dy: -k), cornerRadius: 8 + k), Color.black.opacity(0.016))
        }
        dc.fill(.roundedRect(r, cornerRadius: 8), Self.popupFill)
        dc.stroke(.roundedRect(r.insetBy(dx: -0.25, dy: -0.25), cornerRadius: 8), Color.black.opacity(0.2), lineWidth: 0.5)
        popup.draw(dc)
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }

    override var probeText: String? { selectedText }

    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        let open = isOpen ? 1.0 : 0
        return [("open", .number(model: open, presented: open))] + super.probeValues(at: time)
    }

    /// The row under a point of this element's space.
    private func row(at p: Point) -> Int? {
        guard let popup, popup.frame.contains(p) else { return nil }
        let i = Int(((p.y - (popup.frame.minY - scroll) - Self.listPadding) / Self.rowHeight).rounded(.down))
        return (0..<count).contains(i) ? i : nil
    }

    // MARK: The button (closed)

    func pressed(at p: Point, time: Double) {
        guard isEnabled else { return }
        isPressed = true
        host.redraw()
    }
    func moved(to p: Point, inside: Bool, time: Double) {
        guard isEnabled, inside != isPressed else { return }
        isPressed = inside
        host.redraw()
    }
    func released(at p: Point, inside: Bool, time: Double) {
        isPressed = false
        host.redraw()
        if inside && isEnabled { open() }
    }
    func cancelled() {
        isPressed = false
        host.redraw()
    }

    var focusRing: Path { .roundedRect(frame.insetBy(dx: -4, dy: -1), cornerRadius: 6) }

    func focusedKey(_ key: Key) -> Bool {
        if stepKey(key) { return true }
        guard !key.ctrl, ["space", "return", "up", "down"].contains(key.name) else { return false }
        open()
        return true
    }

    // MARK: The open list (all pointer input and keys)

    func popupPointer(_ event: PointerEvent, time: Double) {
        switch event {
        case let .press(p):
            let local = toLocal(p, time: time)
            guard let popup, popup.frame.contains(local) else { return close() }
            pressedInPopup = true
            highlight(row(at: local))
        case let .move(p):
            if pressedInPopup { highlight(row(at: toLocal(p, time: time))) }
        case let .release(p):
            guard pressedInPopup else { return }
            pressedInPopup = false
            if let r = row(at: toLocal(p, time: time)) { choose(r) }
        case .cancel:
            pressedInPopup = false
        case let .wheel(_, lines):
            scroll(to: scroll + lines * ScrollElement.wheelLine)
        }
    }

    func popupKey(_ key: Key) -> Bool {
        guard !key.ctrl else { return false }
        switch key.name {
        case "up": highlight(max(0, (highlighted ?? count) - 1))
        case "down": highlight(min(count - 1, (highlighted ?? -1) + 1))
        case "pageup": highlight(max(0, (highlighted ?? 0) - rowsInView))
        case "pagedown": highlight(min(count - 1, (highlighted ?? -1) + rowsInView))
        case "home": highlight(0)
        case "end": highlight(count - 1)
        case "return", "space": if let h = highlighted { choose(h) } else { close() }
        default: close()
        }
        if isOpen { reveal(highlighted) }
        return true
    }

    func dismissForOther() { close() }
}

extension ViewHost {
    /// Pointer input while a popup is shown goes to it alone; true when it took the event.
    func popupPointer(_ event: PointerEvent) -> Bool {
        guard let popup else { return false }
        popup.popupPointer(event, time: now)
        return true
    }

    /// A key while a popup is shown; nil when none is.
    func popupKey(_ key: Key) -> Bool? {
        guard let popup else { return nil }
        let used = popup.popupKey(key)
        flush()
        return used
    }
}
