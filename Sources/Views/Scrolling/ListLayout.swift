import Stage

/// The list styles the layer draws (iOS light appearance).
enum ListStyleKind {
    case plain, insetGrouped

    /// Behind the rows, over the list's whole frame.
    var background: Color { self == .plain ? .white : .groupedBackground }
}

extension EnvironmentValues {
    /// `.listStyle(_:)`; stored as one shared box per style, so the environment stays equal across evaluations.
    var listStyleKind: ListStyleKind {
        get { (objects[ObjectIdentifier(ListStyleBox.self)] as? ListStyleBox)?.kind ?? .plain }
        set { objects[ObjectIdentifier(ListStyleBox.self)] = newValue == .insetGrouped ? ListStyleBox.insetGrouped : nil }
    }
}

private final class ListStyleBox: Sendable {
    static let insetGrouped = ListStyleBox(.insetGrouped)
    let kind: ListStyleKind
    init(_ kind: ListStyleKind) { self.kind = kind }
}

extension Color {
    /// iOS's opaque separator (light): #C6C6C8.
    static let listSeparator = Color(hex: 0xC6C6C8)
}

/// A list's rows in a column: each row's content at the leading edge after `rowInset`, centred in a row at least
/// `minRowHeight` tall (`rowPadding` above and below its content), hairline separators between rows from
/// `rowInset` to the trailing edge. Inset grouped: the rows sit on a white card with radius `cardRadius`, inset
/// `cardInset` on both sides and `cardMargin` above and below. Rows are the views the list's content produced,
/// with their identity (a `ForEach` row keeps its state when rows are inserted above it).
final class ListStackElement: Element {
    override var holdsRows: Bool { true }
    static let rowInset = 16.0
    static let minRowHeight = 44.0
    static let rowPadding = 11.0
    static let cardInset = 16.0
    static let cardRadius = 10.0
    static let cardMargin = 20.0

    var style = ListStyleKind.plain
    /// Each row's frame (content coordinates) at the last layout, in `layoutChildren` order.
    private(set) var rowFrames: [Rect] = []

    private var sideInset: Double { style == .insetGrouped ? Self.cardInset : 0 }
    private var verticalMargin: Double { style == .insetGrouped && !layoutChildren.isEmpty ? Self.cardMargin : 0 }

    private func rowHeight(_ content: Size) -> Double { max(Self.minRowHeight, content.height + 2 * Self.rowPadding) }

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        let rows = layoutChildren
        let contentWidth = p.width.map { max(0, $0 - 2 * (sideInset + Self.rowInset)) }
        var height = 2 * verticalMargin, widest = 0.0
        for r in rows {
            let s = r.size(for: ProposedSize(width: contentWidth, height: nil))
            height += rowHeight(s)
            widest = max(widest, s.width)
        }
        return Size(p.width ?? widest + 2 * (sideInset + Self.rowInset), height)
    }

    override func place(in rect: Rect) {
        frame = rect
        let contentWidth = max(0, rect.width - 2 * (sideInset + Self.rowInset))
        var y = rect.minY + verticalMargin
        rowFrames = []
        for r in layoutChildren {
            let s = r.size(for: ProposedSize(width: contentWidth, height: nil))
            let h = rowHeight(s)
            let row = Rect(x: rect.minX + sideInset, y: y, width: rect.width - 2 * sideInset, height: h)
            rowFrames.append(row)
            r.assign(in: Rect(x: row.minX + Self.rowInset, y: row.midY - s.height / 2, width: min(s.width, contentWidth), height: s.height))
            y += h
        }
    }

    /// The white card behind an inset grouped list's rows.
    private var cardRect: Rect? {
        guard style == .insetGrouped, let first = rowFrames.first, let last = rowFrames.last else { return nil }
        return Rect(x: first.minX, y: first.minY, width: first.width, height: last.maxY - first.minY)
    }

    override func drawContent(_ dc: DrawContext) {
        if let card = cardRect { dc.fill(.roundedRect(card, cornerRadius: Self.cardRadius), .white) }
        let visible = (parent as? ScrollDocumentElement)?.visibleRect(at: dc.time)
        for (i, row) in rowFrames.enumerated() where i < rowFrames.count - 1 && isNear(row, visible) {
            drawSeparator(from: Point(row.minX + Self.rowInset, row.maxY), to: Point(row.maxX, row.maxY), dc)
        }
        // Rows far out of view are not drawn at all (the clip would discard them anyway).
        var index: [ObjectIdentifier: Int] = [:]
        for (i, r) in layoutChildren.enumerated() { index[ObjectIdentifier(r)] = i }
        for c in children {
            if let i = index[ObjectIdentifier(c)], i < rowFrames.count, !isNear(rowFrames[i], visible) { continue }
            c.draw(dc)
        }
    }

    /// A hairline along the bottom of a row: 0.5 pt, at least one device pixel, snapped to whole device pixels
    /// so it is crisp wherever the list sits or scrolls (as iOS draws its separators). Under a rotation or
    /// perspective it is drawn unsnapped.
    private func drawSeparator(from a: Point, to b: Point, _ dc: DrawContext) {
        let h = dc.transform
        let scale = h.lengthScale(near: a)
        let pa = h.apply(a), pb = h.apply(b)
        guard h.isAffine, abs(pa.y - pb.y) < 1e-6 else {
            let t = 0.5
            return dc.fill(.rect(Rect(x: a.x, y: a.y - t, width: b.x - a.x, height: t)), .listSeparator)
        }
        let pixels = max(1, (0.5 * scale).rounded())
        let bottom = pa.y.rounded()
        var device = dc
        device.transform = .identity
        device.fill(.rect(Rect(x: min(pa.x, pb.x), y: bottom - pixels, width: abs(pb.x - pa.x), height: pixels)), .listSeparator)
    }

    /// Within a screenful of the visible part (rows may have small effects of their own that move them a little).
    private func isNear(_ row: Rect, _ visible: Rect?) -> Bool {
        guard let v = visible else { return true }
        return row.maxY >= v.minY - v.height && row.minY <= v.maxY + v.height
    }
}
