import Motion
import Stage

/// A one-line text field (SwiftUI's `TextField`) bound to a string: as wide as offered, one line of the font in
/// effect (body 17 unless set) tall, or 34 pt with `.textFieldStyle(.roundedBorder)` (white, thin grey border,
/// radius 5, spec 04 §2.2). The placeholder shows while the text is empty.
///
/// A click focuses it and puts the caret at the nearest character boundary (a drag selects); Tab focuses it with
/// everything selected; a press anywhere else ends editing. While focused, typed text (SDL text input or the
/// script's `type`) replaces the selection; Backspace, Delete, ←/→, Home/End edit and move, with Shift to select
/// and Ctrl for whole words (Ctrl+A selects all); Return runs the `.onSubmit` actions and keeps focus (spec 04 F9).
/// The caret blinks 0.5 s on, 0.5 s off on the scene clock, solid again after each edit; a still scene wakes only
/// at blink times (a clock timer, so `ViewHost.nextChange` reports them). Probes report the text as `text`.
/// Ctrl+C copies the selection, Ctrl+X cuts it, Ctrl+V pastes over it (line breaks and tabs become spaces) through
/// the scene context's clipboard: the desktop's in a window, an in-memory one headless (the script's `clipboard`).
public struct TextField: View, PrimitiveView {
    let placeholder: String
    let text: Binding<String>

    public init(_ placeholder: String, text: Binding<String>) {
        self.placeholder = placeholder; self.text = text
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let env = ctx.environment
        let e = ctx.element(TextFieldElement.self) { TextFieldElement(path: $0, host: $1) }
        e.binding = text
        e.placeholder = placeholder
        e.font = env.resolvedFont
        e.textColor = env.foregroundColor ?? .black
        e.tint = env.accentColor
        e.isEnabled = env.isEnabled
        e.isRounded = env.textFieldStyle is RoundedBorderTextFieldStyle
        e.onSubmit = env.onSubmit
        e.sync(text.wrappedValue)
        return [e]
    }
}

// MARK: Modifiers

public extension View {
    /// Runs `action` when Return is pressed in a text field inside (SwiftUI's `onSubmit`); nested actions all run,
    /// the innermost first.
    func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        environment { env in
            let outer = env.onSubmit
            env.onSubmit = outer.map { outer in { action(); outer() } } ?? action
        }
    }

    func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        environment { $0.textFieldStyle = style }
    }
}

public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

/// How text fields inside are drawn: `.automatic` and `.plain` draw the text alone (iOS's default), `.roundedBorder`
/// a white rounded box with a thin grey border.
public protocol TextFieldStyle {}
public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
public extension TextFieldStyle where Self == DefaultTextFieldStyle { static var automatic: Self { Self() } }
public extension TextFieldStyle where Self == PlainTextFieldStyle { static var plain: Self { Self() } }
public extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { static var roundedBorder: Self { Self() } }

extension EnvironmentValues {
    var onSubmit: (() -> Void)? {
        get { (objects[ObjectIdentifier(SubmitAction.self)] as? SubmitAction)?.run }
        set { objects[ObjectIdentifier(SubmitAction.self)] = newValue.map(SubmitAction.init) }
    }

    /// Stored as one shared box per style, so an unchanged style keeps the environment equal across evaluations.
    var textFieldStyle: any TextFieldStyle {
        get { (objects[ObjectIdentifier(FieldStyleBox.self)] as? FieldStyleBox)?.style ?? DefaultTextFieldStyle() }
        set { objects[ObjectIdentifier(FieldStyleBox.self)] = newValue is RoundedBorderTextFieldStyle ? FieldStyleBox.rounded : nil }
    }
}

private final class SubmitAction {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

/// Immutable, and the shared rounded style has no state: safe to share across threads.
private final class FieldStyleBox: @unchecked Sendable {
    static let rounded = FieldStyleBox(RoundedBorderTextFieldStyle())
    let style: any TextFieldStyle
    init(_ style: any TextFieldStyle) { self.style = style }
}

// MARK: Element

final class TextFieldElement: Element, ControlBehaviour, Focusable {
    static let blinkInterval = 0.5
    /// The rounded box's height for the body font (spec 04: ≈34) is the line height plus this.
    static let roundedExtraHeight = 12.0
    static let roundedInset = 7.0

    var binding = Binding<String>.constant("")
    var placeholder = ""
    var font = Font.body
    var textColor = Color.black
    var tint = Color.blue
    var isEnabled = true
    var isRounded = false
    var onSubmit: (() -> Void)?
    private(set) var edit = TextEditState()
    /// How far the text is scrolled left to keep the caret in view (a text wider than the field).
    private var scroll = 0.0
    private var isSelecting = false
    /// When the caret last turned solid; it blinks from there on the clock.
    private var blinkStart = 0.0
    private var blinkTimer: TimerHandle?

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    /// Takes the binding's text when it changed from outside (cleared after a submit): the caret goes to the end.
    func sync(_ text: String) { if text != edit.text { edit = TextEditState(text) } }

    /// After an edit: the binding gets the text, the caret is solid again.
    private func commit() {
        if binding.wrappedValue != edit.text { binding.wrappedValue = edit.text }
        restartBlink()
    }

    // MARK: Layout

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        let inset = isRounded ? Self.roundedInset : 0
        let ideal = max(host.text.width(edit.text, font), host.text.width(placeholder, font)) + 2 * inset + 2
        return Size(max(0, p.width ?? ideal), font.lineHeight + (isRounded ? Self.roundedExtraHeight : 0))
    }

    /// Where the text line sits.
    private var textRect: Rect {
        let inset = isRounded ? Self.roundedInset : 0
        return Rect(x: frame.minX + inset, y: frame.midY - font.lineHeight / 2,
                    width: max(0, frame.width - 2 * inset), height: font.lineHeight)
    }

    /// The x of a caret position from the text's start.
    private func offset(of position: Int) -> Double {
        position == 0 ? 0 : host.text.width(String(edit.characters[..<position]), font)
    }

    /// The caret position nearest to x (this element's space). Offsets grow with the position, so a binary search
    /// finds the first one at or past x and the nearer of it and the one before wins: a click measures about
    /// log₂(count) prefixes, not every one (a long text made each click cost seconds).
    private func position(at x: Double) -> Int {
        let local = x - textRect.minX + scroll
        var lo = 0, hi = edit.characters.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if offset(of: mid) < local { lo = mid + 1 } else { hi = mid }
        }
        guard lo > 0 else { return 0 }
        return abs(offset(of: lo - 1) - local) <= abs(offset(of: lo) - local) ? lo - 1 : lo
    }

    /// Scrolls just enough to show the caret (2 pt wide), never past the text's end.
    private func scrollToCaret() {
        let width = textRect.width, caret = offset(of: edit.caret)
        if caret - scroll > width - 2 { scroll = caret - width + 2 }
        if caret < scroll { scroll = caret }
        scroll = max(0, min(scroll, offset(of: edit.characters.count) + 2 - width))
    }

    // MARK: Drawing

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        if !isEnabled { dc.opacity *= 0.5 }
        if isRounded {
            dc.fill(.roundedRect(frame, cornerRadius: 5), .white)
            dc.stroke(.roundedRect(frame.insetBy(dx: 0.5, dy: 0.5), cornerRadius: 4.5), .fieldBorder, lineWidth: 1)
        }
        let focused = host.focus.isFocused(self)
        if !focused { stopBlink() }
        let inner = textRect
        // The text scrolls inside the field: clip to the text area (a convex quad in output pixels).
        dc.clip(to: Rect(x: inner.minX, y: frame.minY, width: inner.width, height: frame.height))
        if edit.characters.isEmpty {
            scroll = 0
            drawLine(placeholder, x: inner.minX, color: .fieldPlaceholder, dc)
        } else {
            // A field not being edited shows the start of its text, as desktop fields do.
            if focused { scrollToCaret() } else { scroll = 0 }
            let x0 = inner.minX - scroll
            if focused && edit.hasSelection {
                let a = offset(of: edit.selection.lowerBound), b = offset(of: edit.selection.upperBound)
                dc.fill(.rect(Rect(x: x0 + a, y: inner.minY, width: b - a, height: inner.height)), tint.opacity(0.25))
            }
            drawLine(edit.text, x: x0, color: textColor, dc)
        }
        if focused && caretVisible(at: dc.time) {
            let x = inner.minX - scroll + offset(of: edit.caret)
            dc.fill(.rect(Rect(x: x - 1, y: inner.midY - font.lineHeight / 2 + 1, width: 2, height: font.lineHeight - 2)), tint)
        }
    }

    /// One line of text from x, centred vertically in the text area (as `Text` draws its lines).
    private func drawLine(_ line: String, x: Double, color: Color, _ dc: DrawContext) {
        guard !line.isEmpty else { return }
        let size = host.text.size(line, font)
        let box = Rect(x: x, y: textRect.midY - size.height / 2, width: size.width, height: size.height)
        dc.drawTextLine(line, font: font, box: box, color: dc.paint(color), measurer: host.text)
    }

    // MARK: Caret blinking

    /// On for the first half of each second after `blinkStart` (a tiny epsilon keeps a timer's exact due time in
    /// the phase it starts).
    func caretVisible(at time: Double) -> Bool {
        Int(((time - blinkStart) / Self.blinkInterval + 1e-9).rounded(.down)) % 2 == 0
    }

    /// The caret turns solid now; a repeating clock timer redraws at each phase change, so the run loop can sleep
    /// between blinks.
    private func restartBlink() {
        blinkTimer?.invalidate()
        blinkStart = host.now
        let timer = host.clock.schedule(after: Self.blinkInterval, repeats: true) { [weak self] in self?.host.redraw() }
        blinkTimer = timer
        interaction.timers.removeAll { !$0.isValid }
        interaction.timers.append(timer)   // cancelled if the field leaves the tree
        host.redraw()
    }

    private func stopBlink() {
        blinkTimer?.invalidate()
        blinkTimer = nil
    }

    // MARK: Focus and keys

    var focusesOnPress: Bool { true }
    var focusRing: Path { .roundedRect(frame.insetBy(dx: -2, dy: -2), cornerRadius: isRounded ? 7 : 4) }

    func focusChanged(_ focused: Bool, byKeyboard: Bool) {
        if focused {
            // Tabbing into a field selects its text, as desktop fields do; a click places the caret (pressed(at:)).
            if byKeyboard { edit.selectAll() }
            restartBlink()
        } else {
            edit.move(to: edit.caret, extend: false)
            stopBlink()
            host.redraw()
        }
    }

    func focusedText(_ text: String) -> Bool {
        warnIfCut(edit.insert(text))
        commit()
        return true
    }

    /// Text past the field's bound is dropped, said once per run.
    private func warnIfCut(_ dropped: Int) {
        guard dropped > 0 else { return }
        host.context.log.warning("a text field holds at most \(TextEditState.maxLength) characters: text typed or pasted past that is dropped")
    }

    func focusedKey(_ key: Key) -> Bool {
        let shift = key.shift, word = key.ctrl
        switch key.name {
        case "left": edit.moveLeft(word: word, extend: shift)
        case "right": edit.moveRight(word: word, extend: shift)
        case "home", "up": edit.move(to: 0, extend: shift)
        case "end", "down": edit.move(to: edit.characters.count, extend: shift)
        case "backspace": edit.deleteBackward(word: word)
        case "delete": edit.deleteForward(word: word)
        case "a" where key.ctrl: edit.selectAll()
        case "c" where key.ctrl:
            if edit.hasSelection { host.context.clipboard.write(edit.selectedText) }
            return true
        case "x" where key.ctrl:
            guard edit.hasSelection else { return true }
            host.context.clipboard.write(edit.selectedText)
            edit.insert("")
        case "v" where key.ctrl:
            guard let text = host.context.clipboard.read(), !text.isEmpty else { return true }
            warnIfCut(edit.paste(text))
        case "return":
            onSubmit?()
            return true
        default:
            // Printable keys arrive again as text input; they are the field's, not the player's shortcuts
            // (S for slow motion, Space to pause). Other Ctrl keys (Ctrl+Q) and Esc stay the player's.
            return !key.ctrl && (key.name.count == 1 || key.name == "space" || key.name == "period")
        }
        commit()
        return true
    }

    // MARK: Pointer

    func pressed(at p: Point, time: Double) {
        guard isEnabled else { return }
        isSelecting = true
        edit.move(to: position(at: p.x), extend: false)
        restartBlink()
    }

    func moved(to p: Point, inside: Bool, time: Double) {
        guard isSelecting else { return }
        edit.move(to: position(at: p.x), extend: true)
        restartBlink()
    }

    func released(at p: Point, inside: Bool, time: Double) { isSelecting = false }
    func cancelled() { isSelecting = false }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }
    override var probeText: String? { edit.text }
    /// An empty field goes by what it shows, its placeholder.
    override var probeListing: String? { "text:" + (edit.text.isEmpty ? placeholder : edit.text) }
}
