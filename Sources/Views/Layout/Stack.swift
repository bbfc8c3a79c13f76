import Stage

public enum HorizontalAlignment: Hashable, Sendable { case leading, center, trailing
    var fraction: Double { switch self { case .leading: 0; case .center: 0.5; case .trailing: 1 } }
}
public enum VerticalAlignment: Hashable, Sendable { case top, center, bottom
    var fraction: Double { switch self { case .top: 0; case .center: 0.5; case .bottom: 1 } }
}
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) { self.horizontal = horizontal; self.vertical = vertical }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// Where a child of `size` sits in `rect`.
    func place(_ size: Size, in rect: Rect) -> Rect {
        Rect(x: rect.minX + (rect.width - size.width) * horizontal.fraction,
             y: rect.minY + (rect.height - size.height) * vertical.fraction, width: size.width, height: size.height)
    }
}

/// The default space between stack children (spec 01 §0.4).
let defaultSpacing = 8.0

public struct VStack<Content: View>: View, PrimitiveView {
    let alignment: HorizontalAlignment, spacing: Double?, content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func resolve(_ ctx: ResolveContext) -> [Element] {
        resolveStack(ctx, axis: .vertical, cross: alignment.fraction, spacing: spacing, content: content)
    }
}

public struct HStack<Content: View>: View, PrimitiveView {
    let alignment: VerticalAlignment, spacing: Double?, content: Content
    public init(alignment: VerticalAlignment = .center, spacing: Double? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.spacing = spacing; self.content = content()
    }
    func resolve(_ ctx: ResolveContext) -> [Element] {
        resolveStack(ctx, axis: .horizontal, cross: alignment.fraction, spacing: spacing, content: content)
    }
}

private func resolveStack(_ ctx: ResolveContext, axis: Axis, cross: Double, spacing: Double?, content: some View) -> [Element] {
    let e = ctx.element(StackElement.self) { StackElement(path: $0, host: $1) }
    e.axis = axis; e.crossFraction = cross; e.spacing = spacing ?? defaultSpacing
    var inner = ctx.child(.modifier(0))
    inner.stackAxis = axis
    e.setChildren(inner.resolve(content), ctx)
    return [e]
}

/// Which children a stack sizes first: higher layout priority first, and within one priority the children that do
/// not yield before those that do (spacers).
/// Nonisolated, as `ProposedSize` is: sorted and hashed in every stack's layout.
nonisolated private struct StackRank: Hashable, Comparable {
    let priority: Double
    let yields: Bool
    static func < (a: StackRank, b: StackRank) -> Bool {
        a.priority != b.priority ? a.priority < b.priority : (a.yields && !b.yields)
    }
}

/// HStack/VStack: children sized least flexible first within each layout priority, highest priority first; the
/// rest of the space divided equally among those still to size (OpenSwiftUI's StackLayout rule, spec 01 §0.4).
/// Spacers are sized after the other children of their priority, from the space those leave (less the spacers'
/// minimum lengths): on iOS a row `Text · Spacer · Text · Spacer · Text` keeps each text on one line while the
/// spacers can shrink, where an equal share counted with the spacers wrapped "midX: 195" at 390 pt.
final class StackElement: Element {
    override var holdsRows: Bool { true }
    var axis: Axis = .vertical
    var crossFraction = 0.5
    var spacing = defaultSpacing
    private var sizes: [Size] = []

    override func sizeThatFits(_ p: ProposedSize) -> Size { layout(p).size }

    private func layout(_ p: ProposedSize) -> (size: Size, sizes: [Size]) {
        let kids = layoutChildren
        guard !kids.isEmpty else { return (.zero, []) }
        let cross: Axis = axis == .horizontal ? .vertical : .horizontal
        let totalSpacing = spacing * Double(kids.count - 1)
        var sizes = [Size](repeating: .zero, count: kids.count)
        if let main = p[axis] {
            var childP = p
            // Flexibility: the range of main sizes a child accepts.
            var flex = [Double](repeating: 0, count: kids.count)
            var minMain = [Double](repeating: 0, count: kids.count)
            for (i, c) in kids.enumerated() {
                childP[axis] = 0
                let lo = c.size(for: childP)[axis]
                childP[axis] = .infinity
                let hi = c.size(for: childP)[axis]
                minMain[i] = lo
                flex[i] = hi - lo
            }
            var remaining = max(0, main - totalSpacing)
            // Within a layout priority, children that yield (spacers) come after the others, as if one step lower.
            let rank = kids.map { StackRank(priority: $0.layoutPriority, yields: $0.yieldsInStacks) }
            for priority in Set(rank).sorted(by: >) {
                let group = kids.indices.filter { rank[$0] == priority }.sorted { flex[$0] < flex[$1] }
                // Lower priorities get at least their minimum.
                let reserved = kids.indices.filter { rank[$0] < priority }.reduce(0) { $0 + minMain[$1] }
                var available = max(0, remaining - reserved)
                var left = group.count
                for i in group {
                    childP[axis] = max(0, available / Double(left))
                    let s = kids[i].size(for: childP)
                    sizes[i] = s
                    available -= s[axis]
                    remaining -= s[axis]
                    left -= 1
                }
            }
        } else {
            for (i, c) in kids.enumerated() { sizes[i] = c.size(for: p) }
        }
        var size = Size.zero
        size[axis] = sizes.reduce(0) { $0 + $1[axis] } + totalSpacing
        size[cross] = sizes.map { $0[cross] }.max() ?? 0
        return (size, sizes)
    }

    override func place(in rect: Rect) {
        frame = rect
        let kids = layoutChildren
        let sizes = layout(ProposedSize(rect.size)).sizes
        let cross: Axis = axis == .horizontal ? .vertical : .horizontal
        var pos = axis == .horizontal ? rect.minX : rect.minY
        for (c, s) in zip(kids, sizes) {
            let crossOrigin = (axis == .horizontal ? rect.minY : rect.minX) + (rect.size[cross] - s[cross]) * crossFraction
            let origin = axis == .horizontal ? Point(pos, crossOrigin) : Point(crossOrigin, pos)
            c.assign(in: Rect(origin: origin, size: s))
            pos += s[axis] + spacing
        }
    }
}

public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment, content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment; self.content = content()
    }
    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(ZStackElement.self) { ZStackElement(path: $0, host: $1) }
        e.alignment = alignment
        var inner = ctx.child(.modifier(0))
        inner.stackAxis = nil
        e.setChildren(inner.resolve(content), ctx)
        return [e]
    }
}

/// Children on top of one another, aligned; its size is the union of theirs. Drawn in zIndex order.
final class ZStackElement: Element {
    override var holdsRows: Bool { true }
    var alignment = Alignment.center

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        var size = Size.zero
        for c in layoutChildren {
            let s = c.size(for: p)
            size = Size(max(size.width, s.width), max(size.height, s.height))
        }
        return size
    }

    override func place(in rect: Rect) {
        frame = rect
        for c in layoutChildren { c.assign(in: alignment.place(c.size(for: ProposedSize(rect.size)), in: rect)) }
    }

    override func drawContent(_ dc: DrawContext) {
        guard children.contains(where: { $0.zIndex != 0 }) else { return super.drawContent(dc) }
        let ordered = children.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }
        for (_, c) in ordered { c.draw(dc) }
    }
}

/// Flexible space along the enclosing stack's axis, at least `minLength` (0 in this spec).
public struct Spacer: View, PrimitiveView {
    let minLength: Double?
    public init(minLength: Double? = nil) { self.minLength = minLength }
    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(SpacerElement.self) { SpacerElement(path: $0, host: $1) }
        e.minLength = minLength ?? 0
        e.axis = ctx.stackAxis
        return [e]
    }
}

final class SpacerElement: Element {
    var minLength = 0.0
    var axis: Axis?
    override var yieldsInStacks: Bool { true }
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        switch axis {
        case .horizontal?: return Size(max(minLength, p.width ?? minLength), 0)
        case .vertical?: return Size(0, max(minLength, p.height ?? minLength))
        case nil: return .zero   // in a ZStack it does nothing
        }
    }
}
