import Foundation
import Motion
import Scenes
import Stage

/// The scene menu as a gallery (issue 25): a grid of scene cards under chapter headings, each with a picture of its
/// scene, its title, chapter and id. The hovered card (or the one the keyboard selected) plays its scene, muted;
/// a click or Return opens it. Arrows move in the grid, PgUp/PgDn and Home/End too; typing filters by title and id.
final class GalleryScene: Scene {
    static let info = SceneInfo(id: "menu", chapter: "", title: "Zoetrope", referenceSize: Size(1280, 800), mapping: .responsive)
    static let headerHeight = 76.0
    static let footerHeight = 28.0

    let root = Node(name: "root")
    let grid = GalleryGrid()
    private let header = Node(name: "header", content: .shape(.rect, fill: .groupedBackground, stroke: nil))
    private let title = Node(name: "title", content: .text("Zoetrope", Font(size: 28, weight: .bold), .black))
    private let subtitle = Node(name: "subtitle", content: .text("", Font(size: 13), .secondaryLabel))
    private let footer = Node(content: .shape(.rect, fill: .groupedBackground, stroke: nil))
    private let help = Node(name: "help")

    /// Set by the player: open a scene by id.
    var onChoose: (String) -> Void = { _ in } { didSet { grid.onChoose = onChoose } }
    /// The scenes a card can play (the session's catalog).
    private var entries: [String: SceneEntry] = [:]
    private var assets = AssetResolver(roots: [])
    private let context: SceneContext
    private var thumbnails: ThumbnailService?
    /// Where the pointer is (nil: not over the window); the card under it is looked up at each layout, as
    /// filtering and scrolling move the cards under a still pointer.
    private var pointerAt: Point?
    /// The keyboard (or a press) chose the selected card since the pointer last moved: it plays.
    private var keyboardPlays = false
    private var size = GalleryScene.info.referenceSize
    /// A card to scroll into view at the next layout (its size is known then).
    private var pendingReveal: String?

    init(context: SceneContext) {
        self.context = context
        title.textAlignment = .leading
        subtitle.textAlignment = .leading
        grid.onSelect = { [unowned self] _ in keyboardPlays = true }
        grid.fit = { [unowned self] text, font, width in fit(text, font, width) }
        root.add([header, title, subtitle, grid, footer, help])
        configure(catalog: SceneCatalog.all, assets: AssetResolver(roots: []))
    }

    /// The scenes shown, grouped by chapter in the order chapters first appear (a preview listed after a later
    /// chapter joins its own).
    static func cards(for infos: [SceneInfo]) -> [GalleryLayout.Card] {
        var chapters: [String] = []
        for i in infos where !chapters.contains(i.chapter) { chapters.append(i.chapter) }
        return chapters.flatMap { ch in
            infos.filter { $0.chapter == ch }.map {
                GalleryLayout.Card(id: $0.id, chapter: $0.chapter, title: $0.title, referenceSize: $0.referenceSize)
            }
        }
    }

    /// Shows `catalog`, whose scenes the cards play with `assets`.
    func configure(catalog: [SceneEntry], assets: AssetResolver) {
        self.assets = assets
        entries = Dictionary(catalog.map { ($0.info.id, $0) }, uniquingKeysWith: { a, _ in a })
        grid.cards = GalleryScene.cards(for: catalog.map(\.info))
        grid.selection = grid.cards.first?.id
        updateSubtitle()
    }

    /// Takes pictures from `service`: those cached at once, the others as they are made.
    func show(thumbnails service: ThumbnailService?) {
        thumbnails = service
        guard let service else { return }
        for (id, url) in service.start(ids: grid.cards.map(\.id)) { grid.setPicture(url.path, for: id) }
    }

    /// Selects the card of `id` and scrolls it into view (coming back from that scene).
    func select(id: String) {
        guard grid.cards.contains(where: { $0.id == id }) else { return }
        grid.selection = id
        pendingReveal = id
    }

    // MARK: Layout

    private func layoutFrames() {
        let W = size.width, H = size.height
        root.frame = Rect(x: 0, y: 0, width: W, height: H)
        header.frame = Rect(x: 0, y: 0, width: W, height: GalleryScene.headerHeight)
        title.frame = Rect(x: 24, y: 10, width: W - 48, height: 36)
        subtitle.frame = Rect(x: 24, y: 46, width: W - 48, height: 20)
        footer.frame = Rect(x: 0, y: H - GalleryScene.footerHeight, width: W, height: GalleryScene.footerHeight)
        help.frame = footer.frame
        help.content = .text(fit(helpText, Font(size: 12), W - 16), Font(size: 12), .secondaryLabel)
        grid.frame = Rect(x: 0, y: GalleryScene.headerHeight, width: W,
                          height: max(0, H - GalleryScene.headerHeight - GalleryScene.footerHeight))
    }

    private let helpText = "Hover or select a card to play it · ←↑→↓ PgUp PgDn Home End move · type to filter · Return or click opens · Esc back"

    func layout(size: Size, time: Double) {
        // A new size keeps the selected card in view (coming back from a scene, the window takes the gallery's size
        // only after the first layout).
        if size != self.size, pendingReveal == nil { pendingReveal = grid.selection }
        self.size = size
        layoutFrames()
        if let service = thumbnails {
            for (id, url) in service.takeReady() { grid.setPicture(url.path, for: id) }
        }
        if let id = pendingReveal { pendingReveal = nil; grid.reveal(id) }
        grid.arrange()
        updatePlayer(at: time)
    }

    /// Starts, moves or stops the card player to follow the hovered or keyboard-selected card.
    private func updatePlayer(at time: Double) {
        let want = keyboardPlays ? grid.selection : pointerAt.flatMap { grid.card(at: $0) }
        let player = grid.player
        guard let want, let box = grid.frame(of: want).map(GalleryLayout.pictureBox(of:)), let entry = entries[want] else {
            if player.sceneID != nil { player.stop() }
            return
        }
        if player.sceneID != want {
            player.play(entry, in: box, at: time, assets: assets, measure: context.measure)
        } else {
            player.place(in: box)
        }
        player.advance(to: time)
    }

    /// Nothing hovered and no new picture: nil, the window sleeps.
    func nextChange(after time: Double) -> Double? {
        var next = grid.player.nextChange()
        // New pictures are drawn at once. The window asks at least once a second, even asleep (its event wait has a
        // 1-s limit), so nothing is drawn while the makers work but the pictures they finished.
        if thumbnails?.hasNews == true { next = time }
        return next.map { max(time, $0) }
    }

    // MARK: Input

    /// Pointer input as the session gets it: a move over a card plays it, leaving the window stops it.
    func pointer(_ event: PointerEvent) {
        switch event {
        case let .move(p): hover(at: p)
        case .cancel: hover(at: nil)
        default: break
        }
    }

    /// The pointer moved (or left the window: nil); the card under it plays.
    func hover(at point: Point?) {
        pointerAt = point
        // The pointer on a card takes over from the keyboard; moves elsewhere (a window gaining focus sends some)
        // leave the keyboard's card playing.
        if let point, grid.card(at: point) != nil { keyboardPlays = false }
    }

    func key(_ key: Key) -> Bool {
        guard !key.ctrl else { return false }
        let shown = grid.shownIDs
        let current = grid.selection.flatMap { shown.firstIndex(of: $0) }
        switch key.name {
        case "left", "right", "up", "down":
            let dir: GalleryLayout.Direction = ["left": .left, "right": .right, "up": .up, "down": .down][key.name]!
            if let current { select(shown, grid.layout.move(from: current, dir)) } else { select(shown, 0) }
        case "pagedown", "pageup":
            guard let current else { select(shown, 0); return true }
            // Down (or up) row by row until a screenful is passed.
            var i = current
            let dir: GalleryLayout.Direction = key.name == "pagedown" ? .down : .up
            let startY = grid.layout.frames.isEmpty ? 0 : grid.layout.frames[current].midY
            while true {
                let next = grid.layout.move(from: i, dir)
                if next == i { break }
                i = next
                if abs(grid.layout.frames[i].midY - startY) >= grid.frame.height - grid.layout.frames[i].height { break }
            }
            select(shown, i)
        case "home": select(shown, 0)
        case "end": select(shown, shown.count - 1)
        case "return":
            if let s = grid.selection, shown.contains(s) { onChoose(s) }
        case "escape":
            guard !grid.filter.isEmpty else { return false }
            setFilter("")
        case "backspace", "delete":
            setFilter(String(grid.filter.dropLast()))
        case "space" where grid.filter.isEmpty:
            // Space alone opens, as in the list this gallery replaced.
            if let s = grid.selection, shown.contains(s) { onChoose(s) }
        default:
            guard let c = GalleryScene.character(of: key) else { return false }
            setFilter(grid.filter + c)
        }
        return true
    }

    /// The character a key types into the filter, or nil.
    static func character(of key: Key) -> String? {
        switch key.name {
        case "space": return " "
        case "period": return "."
        default:
            guard key.name.count == 1, let s = key.name.unicodeScalars.first,
                  s.properties.isAlphabetic || s.properties.numericType != nil || "-_'?!:".unicodeScalars.contains(s)
            else { return nil }
            return key.name
        }
    }

    private func select(_ shown: [String], _ index: Int) {
        guard shown.indices.contains(index) else { return }
        grid.selection = shown[index]
        keyboardPlays = true
        grid.reveal(shown[index])
        grid.arrange()
    }

    /// Filters the cards; the selection moves to the first card whose title starts with the text (else the first
    /// match) unless it still matches.
    private func setFilter(_ text: String) {
        grid.filter = text.lowercased()
        grid.arrange()
        let shown = grid.shownIDs
        if !text.isEmpty {
            let f = grid.filter
            let prefix = grid.layout.cards.firstIndex { $0.title.lowercased().hasPrefix(f) }
            if let i = prefix ?? (shown.isEmpty ? nil : 0) { select(shown, i) }
        } else if let s = grid.selection {
            grid.reveal(s)
            grid.arrange()
        }
        updateSubtitle()
    }

    private func updateSubtitle() {
        let f = grid.filter
        let text: String
        if f.isEmpty {
            text = "\(grid.cards.count) animations from the book, on Linux. Hover a card to play it, click to open it."
        } else {
            let n = grid.shownIDs.count
            text = "Filter: \u{201C}\(f)\u{201D} · " + (n == 0 ? "no scene matches" : n == 1 ? "1 scene" : "\(n) scenes")
                + " · Backspace edits, Esc clears"
        }
        subtitle.content = .text(text, Font(size: 13), .secondaryLabel)
    }

    /// Shortened texts by text, font size and width: every arrange asks again for every card.
    private var fitted: [String: String] = [:]

    /// `text` shortened with an ellipsis until it fits `width` points in `font`.
    private func fit(_ text: String, _ font: Font, _ width: Double) -> String {
        let key = "\(font.size)|\(font.weight)|\(width)|\(text)"
        if let f = fitted[key] { return f }
        var s = Substring(text)
        if context.measure(text, font).width > width {
            s = s.dropLast()
            while !s.isEmpty && context.measure(s + "…", font).width > width { s = s.dropLast() }
            s += "…"
        }
        fitted[key] = String(s)
        return String(s)
    }
}
