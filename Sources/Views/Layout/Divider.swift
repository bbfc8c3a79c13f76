import Stage

/// A 1-pt separator line, RGBA (60,60,67,0.29) (spec 01 §0.2, §3 item 24). Directly in an HStack it is vertical;
/// anywhere else horizontal. It takes the whole length offered along the line, so a background fills its 1-pt frame
/// and the separator is blended over that.
public struct Divider: View, PrimitiveView {
    public init() {}
    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(DividerElement.self) { DividerElement(path: $0, host: $1) }
        e.isVertical = ctx.stackAxis == .horizontal
        return [e]
    }
}

final class DividerElement: Element {
    var isVertical = false
    static let thickness = 1.0

    /// Unspecified length: the 10-pt ideal size greedy views report.
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        isVertical ? Size(Self.thickness, p.height ?? 10) : Size(p.width ?? 10, Self.thickness)
    }

    override func drawContent(_ dc: DrawContext) {
        guard frame.width > 0, frame.height > 0 else { return }
        let f = frame
        var tess = dc.tessellator()
        tess.fill([Point(f.minX, f.minY), Point(f.maxX, f.minY), Point(f.maxX, f.maxY), Point(f.minX, f.maxY)].map(dc.transform.apply),
                  color: dc.paint(.separator))
        dc.list.add(tess, clip: dc.clip)
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }
}
