import Stage

/// The open menu's panel: as tall as the window allows. A list taller than that (the Particle Lab's 150 textures)
/// scrolls inside it: the wheel moves it, the keyboard's highlight is kept in view, and rows outside the panel are
/// clipped (and reported hidden, as a scroll view's are). A thin bar on the right shows where the view is.
final class MenuPanelElement: Element {
    /// How far the list is moved up inside the panel, 0…`contentHeight − frame.height` (the picker keeps it).
    var scroll = 0.0
    /// The whole list's height (every row and the padding).
    var contentHeight = 0.0
    private var list: Element? { children.first }

    override var clipsContent: Bool { true }

    override func sizeThatFits(_ p: ProposedSize) -> Size { list?.size(for: .unspecified) ?? .zero }

    override func place(in rect: Rect) {
        frame = rect
        list?.assign(in: Rect(x: rect.minX, y: rect.minY - scroll, width: rect.width, height: contentHeight))
    }

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        dc.clip(to: frame)
        guard !dc.clipsEverything else { return }
        super.drawContent(dc)
        guard contentHeight > frame.height + 0.5 else { return }
        let track = frame.insetBy(dx: 3, dy: 6)
        let length = max(24, track.height * frame.height / contentHeight)
        let travel = contentHeight - frame.height
        let y = track.minY + (track.height - length) * min(1, max(0, scroll / travel))
        dc.fill(.capsule(in: Rect(x: track.maxX - 3, y: y, width: 3, height: length)), Color.black.opacity(0.35))
    }
}
