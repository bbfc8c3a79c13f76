import Stage

/// Text wrapped at words with every line centred (an alert's title and message, which iOS centres). Probes list it
/// as `text:` followed by the whole string, like a Text.
struct CenteredText: View, PrimitiveView {
    let text: String
    let font: Font

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(CenteredTextElement.self) { CenteredTextElement(path: $0, host: $1) }
        if e.string != text || e.font != font { e.markLayoutDirty() }
        e.string = text
        e.font = font
        return [e]
    }
}

final class CenteredTextElement: Element {
    var string = ""
    var font = Font.body
    var color = Color.black

    override func sizeThatFits(_ p: ProposedSize) -> Size { host.text.layout(string, font, width: p.width).size }

    override func drawContent(_ dc: DrawContext) { drawLeaf(dc, render) }

    private func render(_ dc: DrawContext) {
        let layout = host.text.layout(string, font, width: frame.width + 0.5)
        let paint = dc.paint(color)
        var tess = Tessellator()
        for (i, line) in layout.lines.enumerated() where !line.isEmpty {
            let size = host.text.size(line, font)
            // Whole points, so glyphs stay crisp.
            let box = Rect(x: (frame.midX - size.width / 2).rounded(),
                           y: frame.minY + Double(i) * layout.lineHeight + (layout.lineHeight - size.height) / 2,
                           width: size.width, height: size.height)
            tess.reset()
            let h = dc.transform
            tess.texturedGrid(cols: h.isAffine ? 1 : 8, rows: h.isAffine ? 1 : 8, color: paint) { s, t in
                h.apply(Point(box.minX + s * box.width, box.minY + t * box.height))
            }
            dc.list.add(tess, texture: .text(line, font), clip: dc.clip)
        }
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }
    override var probeText: String? { string }
}
