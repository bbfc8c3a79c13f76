import Stage

/// A control that takes keyboard focus (buttons, toggles, sliders, text fields). Tab and Shift+Tab cycle through
/// them in tree order; the focused one gets the keys and the typed text first, and shows a focus ring.
protocol Focusable: Element {
    /// False while disabled: Tab skips it, and it loses focus (probes report it as `enabled`).
    var isEnabled: Bool { get }
    /// Whether a press on it focuses it. Only text fields do, as on macOS: a clicked button or toggle does not keep
    /// focus, so Space afterwards still reaches the player (pause) instead of pressing the button again.
    var focusesOnPress: Bool { get }
    /// The focus ring's outline, in the element's own space.
    var focusRing: Path { get }
    /// A key while focused; true when the control used it.
    func focusedKey(_ key: Key) -> Bool
    /// Typed text while focused; true when the control used it.
    func focusedText(_ text: String) -> Bool
    func focusChanged(_ focused: Bool, byKeyboard: Bool)
}

extension Focusable {
    var focusesOnPress: Bool { false }
    var focusRing: Path { .roundedRect(frame.insetBy(dx: -2, dy: -2), cornerRadius: 6) }
    func focusedText(_ text: String) -> Bool { false }
    func focusChanged(_ focused: Bool, byKeyboard: Bool) {}
}

/// Which control of a view tree has keyboard focus; routes keys and text to it, and draws its ring.
final class FocusController {
    private unowned let host: ViewHost
    private weak var current: Element?
    /// The ring is drawn after keyboard navigation, and always for fields focused by a click (like CSS
    /// `:focus-visible`), so a click never leaves a stray ring.
    private var ringShown = false

    init(host: ViewHost) { self.host = host }

    /// The focused control, while it is enabled and still in the tree.
    var focused: (any Focusable)? {
        guard let f = current as? any Focusable, f.isEnabled, isInTree(f) else { return nil }
        return f
    }

    func isFocused(_ e: Element) -> Bool { current === e && focused != nil }

    /// Moves focus to `control` (nil: nowhere), telling the old and the new one.
    func focus(_ control: (any Focusable)?, byKeyboard: Bool) {
        let old = focused
        ringShown = control.map { byKeyboard || $0.focusesOnPress } ?? false
        current = control
        host.redraw()
        guard old !== control else { return }
        old?.focusChanged(false, byKeyboard: byKeyboard)
        control?.focusChanged(true, byKeyboard: byKeyboard)
    }

    // MARK: Input

    /// Tab and Shift+Tab move focus; other keys go to the focused control (with nothing focused, to the scene's only
    /// wheel picker). False when the view layer did not use the key, so the player's own keys (Esc, Space to pause)
    /// work when nothing has focus.
    func key(_ key: Key) -> Bool {
        if key.name == "tab" && !key.ctrl { return advance(backwards: key.shift) }
        // Keys nothing focused used may page a scroll view (Scrolling/ScrollKeys.swift).
        // ← / → may turn a paged TabView's page (Paging/PageInput.swift).
        // Delete and Backspace may run the view's delete command (Controls/DeleteCommand.swift).
        guard let f = focused ?? host.soleWheelPicker, f.focusedKey(key) else {
            return host.scrollKey(key) || host.pageKey(key) || host.deleteCommand(key)
        }
        host.flush()
        return true
    }

    func text(_ text: String) -> Bool {
        guard let f = focused, f.focusedText(text) else { return false }
        host.flush()
        return true
    }

    /// A press on `target` (the control under the pointer, or nil): a text field takes focus, a press anywhere
    /// else ends it.
    func pointerPressed(on target: Element?) {
        if let f = target as? any Focusable, f === focused { return }
        if let f = target as? any Focusable, f.focusesOnPress, f.isEnabled {
            focus(f, byKeyboard: false)
        } else if current != nil, !host.isBeneathModal(current) {
            // (A press in an alert or sheet leaves the focus beneath it alone.)
            focus(nil, byKeyboard: false)
        }
    }

    /// The next (or previous) focusable control in tree order, wrapping around; false when there is none.
    private func advance(backwards: Bool) -> Bool {
        var order: [any Focusable] = []
        collect(host.activeModal ?? host.root, into: &order)
        guard !order.isEmpty else { return false }
        let n = order.count
        let next = focused.flatMap { f in order.firstIndex { $0 === f } }
            .map { backwards ? ($0 + n - 1) % n : ($0 + 1) % n } ?? (backwards ? n - 1 : 0)
        focus(order[next], byKeyboard: true)
        return true
    }

    /// Controls that are in the tree, enabled and visible (not fully transparent, not leaving).
    private func collect(_ e: Element, into out: inout [any Focusable]) {
        guard !e.transition.isRemoving, e.ownOpacity(at: host.now) > 0.0005 else { return }
        if let f = e as? any Focusable, f.isEnabled { out.append(f) }
        for c in e.children { collect(c, into: &out) }
    }

    /// An element that left keeps its parent link, so membership is checked from its parent's children.
    private func isInTree(_ e: Element) -> Bool {
        var x = e
        while let p = x.parent {
            guard !x.transition.isRemoving, p.children.contains(where: { $0 === x }) else { return false }
            x = p
        }
        return x === host.root
    }

    // MARK: Ring

    /// The 2-pt accent ring around the focused control, drawn over everything (as macOS does), faded with the
    /// control.
    func drawRing(_ dc: DrawContext) {
        guard ringShown, let f = focused, !host.isBeneathModal(f) else { return }
        var dc = dc
        var e: Element? = f
        while let x = e { dc.opacity *= x.ownOpacity(at: dc.time); e = x.parent }
        guard dc.opacity > 0.0005 else { return }
        dc.transform = dc.transform * f.worldTransform(at: dc.time)
        dc.stroke(f.focusRing, Color.accentColor.opacity(0.6), lineWidth: 2)
    }
}

// MARK: Buttons

/// A focused button is pressed with Space or Return, as on the desktop.
extension ButtonElement: Focusable {
    func focusedKey(_ key: Key) -> Bool {
        guard !key.ctrl, key.name == "space" || key.name == "return" else { return false }
        action()
        return true
    }
}
