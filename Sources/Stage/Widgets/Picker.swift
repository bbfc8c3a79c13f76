/// Picks one of several options: ‹ previous · current · next ›. Click the arrows (or the label, which moves to the
/// next option); ←/→ with keyboard focus. `onChange` gets the new index.
public final class Picker: Node {
    public private(set) var options: [String]
    public private(set) var selectedIndex: Int
    public var onChange: (Int) -> Void = { _ in }
    public var font = Font(size: 14)
    private let background = Node(content: .shape(.roundedRect(cornerRadius: 7), fill: Color(hex: 0xE5E5EA), stroke: nil))
    private let label = Node(content: .none)
    private let previous = Node(content: .none)
    private let next = Node(content: .none)
    private var pressedPart: Int?

    public init(name: String? = nil, options: [String], selected: Int = 0) {
        self.options = options
        selectedIndex = options.isEmpty ? 0 : min(max(0, selected), options.count - 1)
        super.init(name: name)
        add([background, previous, label, next])
    }

    public override var isInteractive: Bool { !options.isEmpty }

    public var selectedOption: String? { options.isEmpty ? nil : options[selectedIndex] }

    /// Replaces the options (e.g. after saving a new effect), keeping the selection where possible.
    public func setOptions(_ new: [String], selected: Int) {
        options = new
        selectedIndex = new.isEmpty ? 0 : min(max(0, selected), new.count - 1)
    }

    public func select(_ index: Int) {
        guard !options.isEmpty else { return }
        let i = ((index % options.count) + options.count) % options.count
        guard i != selectedIndex else { return }
        selectedIndex = i
        onChange(i)
    }

    /// -1 for the left arrow area, +1 for the label and the right arrow.
    private func part(at p: Point) -> Int { p.x < frame.minX + 28 ? -1 : 1 }

    public override func pointerPressed(at point: Point, time: Double) { pressedPart = part(at: point) }
    public override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        defer { pressedPart = nil }
        guard inside, let p = pressedPart, p == part(at: point) else { return }
        select(selectedIndex + p)
    }
    public override func pointerCancelled(time: Double) { pressedPart = nil }

    public func handle(_ key: Key) -> Bool {
        switch key.name {
        case "left", "up": select(selectedIndex - 1)
        case "right", "down", "space", "return": select(selectedIndex + 1)
        default: return false
        }
        return true
    }

    public func layout() {
        background.frame = frame
        previous.frame = Rect(x: frame.minX, y: frame.minY, width: 28, height: frame.height)
        next.frame = Rect(x: frame.maxX - 28, y: frame.minY, width: 28, height: frame.height)
        label.frame = frame.insetBy(dx: 28, dy: 0)
        previous.content = .text("‹", Font(size: 18, weight: .bold), .blue)
        next.content = .text("›", Font(size: 18, weight: .bold), .blue)
        label.content = .text(selectedOption ?? "—", font, .black)
    }
}
