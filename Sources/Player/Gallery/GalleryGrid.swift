import Stage

/// The gallery's scrolling grid: chapter headings and one card per scene (`card:<id>`), the selection, the scroll
/// offset, the pictures, and mouse input (press selects, release on the same card opens, the wheel scrolls).
/// Every card keeps its nodes, so a probe lists them all; those scrolled out or filtered out are hidden.
final class GalleryGrid: Node {
    /// Every scene, grouped by chapter in catalog order.
    var cards: [GalleryLayout.Card] = [] { didSet { buildCards(); filter = "" ; needsArrange = true } }
    /// Cards whose title or id contains this (lowercased) are shown.
    var filter = "" { didSet { if filter != oldValue { needsArrange = true } } }
    private(set) var layout = GalleryLayout()
    /// The id of the selected card (shown with a blue border).
    var selection: String? { didSet { if selection != oldValue { needsArrange = true } } }
    private(set) var scroll = 0.0
    /// Press on a card (selects it), release on the same card (opens it).
    var onSelect: (String) -> Void = { _ in }
    var onChoose: (String) -> Void = { _ in }
    /// Shortens a text until it fits a width (the scene context's measure).
    var fit: (String, Font, Double) -> String = { s, _, _ in s }
    /// Draws the scene playing in the hovered or keyboard-selected card.
    let player = CardPlayer()

    private struct CardNodes {
        let card: Node, box: Node, image: Node, title: Node, chapter: Node, id: Node
    }
    private var nodes: [String: CardNodes] = [:]
    private var order: [String] = []
    private let background = Node(content: .shape(.rect, fill: .white, stroke: nil))
    private var headings: [Node] = []
    private var pressed: String?
    private var needsArrange = true
    private var arrangedFrame = Rect.zero

    static let titleFont = Font(size: 15, weight: .semibold)
    static let smallFont = Font(size: 11)
    static let headingFont = Font(size: 20, weight: .bold)
    static let placeholder = Color(hex: 0xEFEFF4)

    init() {
        super.init(name: "gallery")
        clipsToBounds = true
    }

    override var isInteractive: Bool { true }

    /// The ids of the cards shown (matching the filter), in grid order.
    var shownIDs: [String] { layout.cards.map(\.id) }

    private func buildCards() {
        nodes = [:]
        order = cards.map(\.id)
        for c in cards {
            let card = Node(name: "card:\(c.id)", content: .shape(.roundedRect(cornerRadius: 10), fill: .white,
                                                                  stroke: Stroke(.separator, width: 1)))
            let box = Node(content: .shape(.roundedRect(cornerRadius: 6), fill: GalleryGrid.placeholder, stroke: nil))
            let image = Node()
            let title = Node(content: .text(c.title, GalleryGrid.titleFont, .black))
            title.textAlignment = .leading
            let chapter = Node(content: .text(c.chapter, GalleryGrid.smallFont, .secondaryLabel))
            chapter.textAlignment = .leading
            let id = Node(content: .text(c.id, GalleryGrid.smallFont, .secondaryLabel))
            id.textAlignment = .trailing
            card.add([box, image, title, chapter, id])
            nodes[c.id] = CardNodes(card: card, box: box, image: image, title: title, chapter: chapter, id: id)
        }
        needsArrange = true
    }

    /// Shows the picture at `path` (an absolute PNG path) on the card of `id`.
    func setPicture(_ path: String, for id: String) {
        guard let n = nodes[id] else { return }
        n.image.content = .image(path, .aspectFit)
    }

    func hasPicture(_ id: String) -> Bool {
        if case .image = nodes[id]?.image.content { return true } else { return false }
    }

    // MARK: Geometry

    /// The card's frame in root space (where it is drawn now), or nil when it is filtered out.
    func frame(of id: String) -> Rect? {
        guard let i = layout.cards.firstIndex(where: { $0.id == id }) else { return nil }
        return layout.frames[i].offsetBy(dx: frame.minX, dy: frame.minY - scroll)
    }

    /// The card under a point in root space.
    func card(at point: Point) -> String? {
        guard frame.contains(point) else { return nil }
        let p = Point(point.x - frame.minX, point.y - frame.minY + scroll)
        return layout.card(at: p).map { layout.cards[$0].id }
    }

    private var maxScroll: Double { max(0, layout.contentHeight - frame.height) }

    func scroll(to y: Double) {
        let s = max(0, min(y, maxScroll))
        if s != scroll { scroll = s; needsArrange = true }
    }

    /// Scrolls so the card of `id` is in view, with its chapter heading when it is in the section's first row.
    func reveal(_ id: String) {
        arrangeLayout()
        guard let i = layout.cards.firstIndex(where: { $0.id == id }) else { return }
        let f = layout.frames[i]
        var top = f.minY - GalleryLayout.gap / 2
        if let s = layout.section(of: i), let first = s.cards.first, abs(layout.frames[first].minY - f.minY) < 0.5 {
            top = s.heading.minY
        }
        let bottom = f.maxY + GalleryLayout.gap / 2
        if top < scroll { scroll(to: top) } else if bottom > scroll + frame.height { scroll(to: bottom - frame.height) }
    }

    // MARK: Arranging the nodes

    /// Lays the cards out for the current width and filter (only when either changed).
    private func arrangeLayout() {
        let f = filter
        let shown = f.isEmpty ? cards : cards.filter { $0.title.lowercased().contains(f) || $0.id.lowercased().contains(f) }
        if layout.cards != shown || arrangedFrame.width != frame.width {
            layout = GalleryLayout(cards: shown, width: frame.width)
            needsArrange = true
        }
        if arrangedFrame != frame { needsArrange = true }
        scroll = max(0, min(scroll, maxScroll))
    }

    /// Places every node for the current layout, scroll, selection and pictures (nothing when none changed).
    func arrange() {
        arrangeLayout()
        guard needsArrange else { return }
        needsArrange = false
        arrangedFrame = frame
        removeAllChildren()
        background.frame = frame
        add(background)
        let dx = frame.minX, dy = frame.minY - scroll
        headings = layout.sections.map { s in
            let h = Node(content: .text(s.chapter, GalleryGrid.headingFont, .black))
            h.textAlignment = .leading
            h.frame = s.heading.offsetBy(dx: dx, dy: dy)
            h.isHidden = !h.frame.intersects(frame)
            return h
        }
        add(headings)
        var shown = Set<String>()
        for (i, c) in layout.cards.enumerated() {
            guard let n = nodes[c.id] else { continue }
            shown.insert(c.id)
            let f = layout.frames[i].offsetBy(dx: dx, dy: dy)
            place(n, in: f, card: c)
            n.card.isHidden = !f.intersects(frame)
            add(n.card)
        }
        // Filtered out: still there for a probe, hidden.
        for id in order where !shown.contains(id) {
            guard let n = nodes[id] else { continue }
            n.card.isHidden = true
            add(n.card)
        }
        player.clip = frame
        add(player)
    }

    private func place(_ n: CardNodes, in f: Rect, card c: GalleryLayout.Card) {
        let selected = c.id == selection
        n.card.frame = f
        n.card.content = .shape(.roundedRect(cornerRadius: 10), fill: .white,
                                stroke: selected ? Stroke(.blue, width: 3) : Stroke(.separator, width: 1))
        let box = GalleryLayout.pictureBox(of: f)
        n.box.frame = box
        n.image.frame = box
        let textWidth = f.width - 20
        n.title.frame = Rect(x: f.minX + 10, y: box.maxY + 6, width: textWidth, height: 20)
        if case let .text(_, font, color) = n.title.content {
            n.title.content = .text(fit(c.title, font, textWidth), font, color)
        }
        let line = Rect(x: f.minX + 10, y: box.maxY + 27, width: textWidth, height: 16)
        n.chapter.frame = line
        n.id.frame = line
        // The id keeps what is left of the line after the chapter (a long chapter name is shortened first).
        let chapterText = fit(c.chapter, GalleryGrid.smallFont, textWidth * 0.55)
        n.chapter.content = .text(chapterText, GalleryGrid.smallFont, .secondaryLabel)
        n.id.content = .text(fit(c.id, GalleryGrid.smallFont, textWidth * 0.45 - 4), GalleryGrid.smallFont, .secondaryLabel)
    }

    // MARK: Input

    override func pointerPressed(at point: Point, time: Double) {
        pressed = card(at: point)
        if let pressed { selection = pressed; onSelect(pressed) }
    }
    override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        defer { pressed = nil }
        guard let pressed, card(at: point) == pressed else { return }
        onChoose(pressed)
    }
    override func pointerCancelled(time: Double) { pressed = nil }
    override func scrolled(by lines: Double, time: Double) -> Bool {
        scroll(to: scroll + lines * 60)
        arrange()
        return true
    }
}

extension Rect {
    /// Whether the two rects overlap by more than an edge.
    func intersects(_ r: Rect) -> Bool { minX < r.maxX && r.minX < maxX && minY < r.maxY && r.minY < maxY }
}
