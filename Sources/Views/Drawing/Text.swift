import Stage

/// A line or paragraph of text, measured with the real font: one line unless wider than offered, then wrapped at
/// words and leading-aligned (spec 01 §0.4).
public struct Text: View, PrimitiveView {
    let content: String
    public init(_ content: String) { self.content = content }
    public init(verbatim content: String) { self.content = content }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(TextElement.self) { TextElement(path: $0, host: $1) }
        e.string = content
        e.font = ctx.environment.resolvedFont
        e.alignment = ctx.environment.multilineTextAlignment
        e.properties.set("color", ctx.environment.defaultForeground, ctx)
        return [e]
    }
}

final class TextElement: Element {
    var string = ""
    var font = Font.body
    var alignment = TextAlignment.leading

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        host.text.layout(string, font, width: p.width).size
    }

    override func drawContent(_ dc: DrawContext) { drawLeaf(dc, render) }

    private func render(_ dc: DrawContext) {
        let layout = host.text.layout(string, font, width: frame.width + 0.5)
        let color = dc.paint(properties.color("color", at: dc.time) ?? .black)
        for (i, line) in layout.lines.enumerated() where !line.isEmpty {
            let size = host.text.size(line, font)
            // A centred or trailing line is put on whole points, so its glyphs stay crisp.
            let x = frame.minX + (frame.width - size.width) * alignment.fraction
            let box = Rect(x: alignment == .leading ? x : x.rounded(),
                           y: frame.minY + Double(i) * layout.lineHeight + (layout.lineHeight - size.height) / 2,
                           width: size.width, height: size.height)
            dc.drawTextLine(line, font: font, box: box, color: color, measurer: host.text)
        }
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }
    override var probeText: String? { string }
    /// Listed by itself unless a button around it lists it as its label.
    override var probeListing: String? {
        sequence(first: self as Element, next: \.parent).dropFirst().contains(where: \.listsItsTexts) ? nil : "text:" + string
    }
    override var drawsWithinFrame: Bool { true }
}

extension TextAlignment {
    /// The share of the spare width left of a line.
    var fraction: Double {
        switch self {
        case .leading: return 0
        case .center: return 0.5
        case .trailing: return 1
        }
    }
}
