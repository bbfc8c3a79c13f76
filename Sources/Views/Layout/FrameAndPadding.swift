import Stage

/// An element with one child that it lays out itself.
class WrapperElement: Element {
    var child: Element? { layoutChildren.first }

    /// Takes `rect` and centres the child in it at the size it chooses for `proposal`.
    func placeChildCentred(in rect: Rect, proposing proposal: ProposedSize) {
        frame = rect
        guard let child else { return }
        child.assign(in: Rect(center: rect.center, size: child.size(for: proposal)))
    }
}

/// Resolves `content` as the single child of a new wrapper element of type `E` at this identity.
func wrap<E: WrapperElement>(_ ctx: ResolveContext, _ content: some View, _ make: @escaping (ViewPath, ViewHost) -> E,
                             configure: (E) -> Void) -> [Element] {
    let e = ctx.element(E.self, make)
    configure(e)
    var inner = ctx.child(.modifier(0))
    inner.stackAxis = nil
    e.setChildren([inner.resolveOne(content)], ctx)
    return [e]
}

/// A modifier view built from a content view and an element configuration.
struct WrapperView<Content: View, E: WrapperElement>: View, PrimitiveView {
    let content: Content
    let make: (ViewPath, ViewHost) -> E
    let configure: (E, ResolveContext) -> Void
    func resolve(_ ctx: ResolveContext) -> [Element] { wrap(ctx, content, make) { configure($0, ctx) } }
}

extension View {
    func wrapped<E: WrapperElement>(_ type: E.Type, _ configure: @escaping (E, ResolveContext) -> Void) -> WrapperView<Self, E> {
        WrapperView(content: self, make: { E(path: $0, host: $1) }, configure: configure)
    }
}

// MARK: frame

public extension View {
    /// A fixed frame on the axes given; the other stays the child's. Content is aligned in it (centred by default).
    func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        wrapped(FrameElement.self) { e, ctx in
            e.alignment = alignment
            e.flexible = false
            e.setDimension("frame.width", width, ctx)
            e.setDimension("frame.height", height, ctx)
        }
    }

    /// A flexible frame (SwiftUI's `frame(minWidth:idealWidth:maxWidth:…)`).
    func frame(minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
               minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
               alignment: Alignment = .center) -> some View {
        wrapped(FrameElement.self) { e, _ in
            e.alignment = alignment
            e.flexible = true
            e.bounds = (minWidth, idealWidth, maxWidth, minHeight, idealHeight, maxHeight)
        }
    }
}

final class FrameElement: WrapperElement {
    var alignment = Alignment.center
    var flexible = false
    var bounds: (minW: Double?, idealW: Double?, maxW: Double?, minH: Double?, idealH: Double?, maxH: Double?) = (nil, nil, nil, nil, nil, nil)
    private var hasWidth = false, hasHeight = false

    /// Fixed sizes are animatable (layout runs again each frame while they move, spec 01 §1.8).
    func setDimension(_ key: String, _ value: Double?, _ ctx: ResolveContext) {
        if key == "frame.width" { hasWidth = value != nil } else { hasHeight = value != nil }
        if let value { properties.set(key, max(0, value), ctx) }
        if let end = properties.endTime, end > ctx.host.changeTime { ctx.host.noteLayoutAnimation(self, until: end) }
    }
    private var width: Double? { hasWidth ? properties.value("frame.width", at: host.now) : nil }
    private var height: Double? { hasHeight ? properties.value("frame.height", at: host.now) : nil }

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        guard let child else { return Size(width ?? p.width ?? 0, height ?? p.height ?? 0) }
        if !flexible {
            let cs = child.size(for: ProposedSize(width: width ?? p.width, height: height ?? p.height))
            return Size(width ?? cs.width, height ?? cs.height)
        }
        // objc.io / OpenSwiftUI flexible frame: clamp the proposal, ask the child, then clamp its answer back
        // between the bounds and the proposal.
        let b = bounds
        func proposal(_ pv: Double?, _ lo: Double?, _ ideal: Double?, _ hi: Double?) -> Double? {
            guard var v = pv ?? ideal else { return nil }
            if let lo, v < lo { v = lo }
            if let hi, v > hi { v = hi }
            return max(0, v)
        }
        let pw = proposal(p.width, b.minW, b.idealW, b.maxW), ph = proposal(p.height, b.minH, b.idealH, b.maxH)
        let cs = child.size(for: ProposedSize(width: pw, height: ph))
        func result(_ c: Double, _ pv: Double?, _ lo: Double?, _ hi: Double?) -> Double {
            var r = c
            let pv = pv ?? c
            if let lo { r = max(lo, min(r, pv)) }
            if let hi { r = min(hi, max(r, pv)) }
            return r
        }
        // A negative bound (e.g. `maxWidth: width − 200` in a narrow window) gives 0, never a negative size.
        return Size(max(0, result(cs.width, pw, b.minW, b.maxW)), max(0, result(cs.height, ph, b.minH, b.maxH)))
    }

    override func place(in rect: Rect) {
        frame = rect
        guard let child else { return }
        let cs = child.size(for: ProposedSize(rect.size))
        child.assign(in: alignment.place(cs, in: rect))
    }
}

// MARK: padding

public struct EdgeInsets: Hashable {
    public var top, leading, bottom, trailing: Double
    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top; self.leading = leading; self.bottom = bottom; self.trailing = trailing
    }
}

public struct Edges: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = Edges(rawValue: 1), leading = Edges(rawValue: 2), bottom = Edges(rawValue: 4), trailing = Edges(rawValue: 8)
    public static let all: Edges = [.top, .leading, .bottom, .trailing]
    public static let horizontal: Edges = [.leading, .trailing]
    public static let vertical: Edges = [.top, .bottom]
}

/// Padding with no amount (spec 01 §0.4, §3 item 1).
let defaultPadding = 16.0

public extension View {
    func padding(_ length: Double? = nil) -> some View { padding(.all, length) }
    func padding(_ edges: Edges, _ length: Double? = nil) -> some View {
        let l = length ?? defaultPadding
        return padding(EdgeInsets(top: edges.contains(.top) ? l : 0, leading: edges.contains(.leading) ? l : 0,
                                  bottom: edges.contains(.bottom) ? l : 0, trailing: edges.contains(.trailing) ? l : 0))
    }
    func padding(_ insets: EdgeInsets) -> some View {
        wrapped(PaddingElement.self) { e, _ in e.insets = insets }
    }
}

/// Shrinks the proposal by the insets and grows the child's size by them; a negative total clamps at 0 and the
/// child, drawn at full size, is centred on the reduced frame (spec 01 §0.4, §3 item 12).
final class PaddingElement: WrapperElement {
    var insets = EdgeInsets()
    private var dw: Double { insets.leading + insets.trailing }
    private var dh: Double { insets.top + insets.bottom }

    override func sizeThatFits(_ p: ProposedSize) -> Size {
        let cs = child?.size(for: ProposedSize(width: p.width.map { max(0, $0 - dw) }, height: p.height.map { max(0, $0 - dh) })) ?? .zero
        return Size(max(0, cs.width + dw), max(0, cs.height + dh))
    }

    override func place(in rect: Rect) {
        frame = rect
        guard let child else { return }
        let cs = child.size(for: ProposedSize(width: max(0, rect.width - dw), height: max(0, rect.height - dh)))
        var x = rect.minX + insets.leading, y = rect.minY + insets.top
        if cs.width + dw < 0 { x = rect.midX - cs.width / 2 }
        if cs.height + dh < 0 { y = rect.midY - cs.height / 2 }
        child.assign(in: Rect(x: x, y: y, width: cs.width, height: cs.height))
    }
}

// MARK: fixedSize, aspectRatio, position

public enum ContentMode: Hashable { case fit, fill }

public extension View {
    /// Proposes nil (the ideal size) on the axes given.
    func fixedSize(horizontal: Bool = true, vertical: Bool = true) -> some View {
        wrapped(FixedSizeElement.self) { e, _ in e.axes = (horizontal, vertical) }
    }

    /// Proposes the largest (fit) or smallest (fill) size of this aspect ratio (width/height) within the proposal;
    /// nil uses the content's ideal aspect.
    func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> some View {
        wrapped(AspectRatioElement.self) { e, _ in e.ratio = ratio; e.mode = contentMode }
    }
    func aspectRatio(_ size: Size, contentMode: ContentMode) -> some View {
        aspectRatio(size.width / size.height, contentMode: contentMode)
    }
    func scaledToFit() -> some View { aspectRatio(contentMode: .fit) }
    func scaledToFill() -> some View { aspectRatio(contentMode: .fill) }

    /// Takes the whole proposed space and puts the content's centre at (x, y) of it.
    func position(x: Double = 0, y: Double = 0) -> some View {
        wrapped(PositionElement.self) { e, ctx in
            e.properties.set("position.x", x, ctx)
            e.properties.set("position.y", y, ctx)
            if let end = e.properties.endTime, end > ctx.host.changeTime { ctx.host.noteLayoutAnimation(e, until: end) }
        }
    }
    func position(_ p: Point) -> some View { position(x: p.x, y: p.y) }
}

final class FixedSizeElement: WrapperElement {
    var axes = (true, true)
    private func adjust(_ p: ProposedSize) -> ProposedSize {
        ProposedSize(width: axes.0 ? nil : p.width, height: axes.1 ? nil : p.height)
    }
    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: adjust(p)) ?? .zero }
    override func place(in rect: Rect) { placeChildCentred(in: rect, proposing: adjust(ProposedSize(rect.size))) }
}

final class AspectRatioElement: WrapperElement {
    var ratio: Double?
    var mode = ContentMode.fit

    private func proposal(_ p: ProposedSize) -> ProposedSize {
        let ideal = child?.size(for: .unspecified) ?? Size(1, 1)
        let r = ratio ?? (ideal.height > 0 ? ideal.width / ideal.height : 1)
        guard r > 0, r.isFinite else { return p }
        switch (p.width, p.height) {
        case let (w?, h?):
            let fitWidth = mode == .fit ? min(w, h * r) : max(w, h * r)
            return ProposedSize(width: fitWidth, height: fitWidth / r)
        case let (w?, nil): return ProposedSize(width: w, height: w / r)
        case let (nil, h?): return ProposedSize(width: h * r, height: h)
        case (nil, nil): return ProposedSize(width: ideal.width, height: ideal.width / r)
        }
    }
    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: proposal(p)) ?? .zero }
    override func place(in rect: Rect) { placeChildCentred(in: rect, proposing: proposal(ProposedSize(rect.size))) }
}

final class PositionElement: WrapperElement {
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        p.replacingUnspecified(by: child?.size(for: p) ?? .zero)
    }
    override func place(in rect: Rect) {
        frame = rect
        guard let child else { return }
        let t = host.now
        let c = Point(rect.minX + (properties.value("position.x", at: t) ?? 0), rect.minY + (properties.value("position.y", at: t) ?? 0))
        child.assign(in: Rect(center: c, size: child.size(for: ProposedSize(rect.size))))
    }
}
