import Stage

/// Where the gallery's chapter headings and scene cards go for a content width: a pure function of the cards shown,
/// so it can be tested without a window. Coordinates are the grid's content space (y from the top of the first
/// heading, before scrolling).
struct GalleryLayout: Equatable {
    struct Card: Equatable {
        var id: String
        var chapter: String
        var title: String
        var referenceSize: Size
    }

    struct Section: Equatable {
        var chapter: String
        var heading: Rect
        /// Indices into `cards`.
        var cards: Range<Int>
    }

    // The measures of one card: the picture on top, the title and the chapter · id line below it.
    static let margin = 24.0
    static let gap = 16.0
    static let minCardWidth = 200.0
    static let headingHeight = 44.0
    static let textHeight = 50.0
    /// The picture box is this fraction of the card's width tall: most scenes are portrait phone screens.
    static let pictureAspect = 0.8

    private(set) var cards: [Card] = []
    private(set) var frames: [Rect] = []
    private(set) var sections: [Section] = []
    private(set) var columns = 1
    private(set) var contentHeight = 0.0

    init() {}

    /// Lays out `cards` (already filtered, in catalog order) for `width`; a new heading starts wherever the chapter
    /// changes.
    init(cards: [Card], width: Double) {
        self.cards = cards
        let m = GalleryLayout.margin, g = GalleryLayout.gap
        let usable = max(1, width - 2 * m)
        columns = max(1, Int(((usable + g) / (GalleryLayout.minCardWidth + g)).rounded(.down)))
        // Whole points, so card edges sit on the pixel grid.
        let cardWidth = max(1, ((usable - Double(columns - 1) * g) / Double(columns)).rounded(.down))
        let cardHeight = (cardWidth * GalleryLayout.pictureAspect).rounded() + GalleryLayout.textHeight
        var y = 0.0
        var i = 0
        while i < cards.count {
            let chapter = cards[i].chapter
            var end = i
            while end < cards.count && cards[end].chapter == chapter { end += 1 }
            let heading = Rect(x: m, y: y, width: usable, height: GalleryLayout.headingHeight)
            y += GalleryLayout.headingHeight
            for k in i..<end {
                let col = (k - i) % columns, row = (k - i) / columns
                frames.append(Rect(x: m + Double(col) * (cardWidth + g), y: y + Double(row) * (cardHeight + g),
                                   width: cardWidth, height: cardHeight))
            }
            let rows = (end - i + columns - 1) / columns
            y += Double(rows) * cardHeight + Double(max(0, rows - 1)) * g + g
            sections.append(Section(chapter: chapter, heading: heading, cards: i..<end))
            i = end
        }
        contentHeight = y + m
    }

    /// The picture box of a card: its top part, inset so the card's rounded border shows around it.
    static func pictureBox(of card: Rect) -> Rect {
        Rect(x: card.minX + 6, y: card.minY + 6, width: card.width - 12,
             height: card.height - GalleryLayout.textHeight - 6)
    }

    /// The card index at a content point, if any.
    func card(at p: Point) -> Int? { frames.firstIndex { $0.contains(p) } }

    /// The heading of the section that holds card `index`.
    func section(of index: Int) -> Section? { sections.first { $0.cards.contains(index) } }

    /// The card a grid move lands on from `index`: left/right step through the cards in order, up/down go to the
    /// nearest card (by centre x) of the row above or below, across chapter headings.
    func move(from index: Int, _ direction: Direction) -> Int {
        guard !frames.isEmpty else { return index }
        let cur = frames[min(index, frames.count - 1)]
        switch direction {
        case .left: return max(0, index - 1)
        case .right: return min(frames.count - 1, index + 1)
        case .up, .down:
            let down = direction == .down
            let rowYs = frames.map(\.minY).filter { down ? $0 > cur.minY + 0.5 : $0 < cur.minY - 0.5 }
            guard let rowY = down ? rowYs.min() : rowYs.max() else { return index }
            let row = frames.indices.filter { abs(frames[$0].minY - rowY) < 0.5 }
            return row.min { abs(frames[$0].midX - cur.midX) < abs(frames[$1].midX - cur.midX) } ?? index
        }
    }

    enum Direction { case left, right, up, down }
}
