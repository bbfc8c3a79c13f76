import Motion
import Stage

public extension View {
    /// `other` drawn behind this view, proposed this view's size and aligned in its frame.
    func background<B: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> B) -> some View {
        Layered(content: self, other: content(), alignment: alignment, behind: true)
    }
    func background<B: View>(_ view: B, alignment: Alignment = .center) -> some View {
        Layered(content: self, other: view, alignment: alignment, behind: true)
    }
    /// `other` drawn in front of this view, proposed this view's size and aligned in its frame.
    func overlay<O: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> O) -> some View {
        Layered(content: self, other: content(), alignment: alignment, behind: false)
    }
    func overlay<O: View>(_ view: O, alignment: Alignment = .center) -> some View {
        Layered(content: self, other: view, alignment: alignment, behind: false)
    }
}

struct Layered<Content: View, Other: View>: View, PrimitiveView {
    let content: Content, other: Other, alignment: Alignment, behind: Bool
    func resolve(_ ctx: ResolveContext) -> [Element] {
        [resolveLayered(ctx, LayeredElement.self, content, other, alignment, behind: behind)]
    }
}

/// Resolves `content` (which decides the size) and `other` (fitted to it) as the children of an element of type `E`.
func resolveLayered<E: LayeredElement>(_ ctx: ResolveContext, _ type: E.Type, _ content: some View, _ other: some View,
                                       _ alignment: Alignment, behind: Bool) -> E {
    let e = ctx.element(E.self) { E(path: $0, host: $1) }
    e.alignment = alignment
    var inner = ctx
    inner.stackAxis = nil
    let main = inner.child(.modifier(0)).resolveOne(content)
    let extra = inner.child(.modifier(1)).resolveOne(other)
    e.main = main
    e.setChildren(behind ? [extra, main] : [main, extra], ctx)
    return e
}

/// The content decides the size; the other view is fitted to it (`overlay`, `background`, `mask`).
class LayeredElement: Element {
    override var holdsRows: Bool { true }
    var alignment = Alignment.center
    weak var main: Element?
    override func sizeThatFits(_ p: ProposedSize) -> Size { main?.size(for: p) ?? .zero }
    override func place(in rect: Rect) {
        frame = rect
        for c in layoutChildren {
            if c === main { c.assign(in: rect) } else { c.assign(in: alignment.place(c.size(for: ProposedSize(rect.size)), in: rect)) }
        }
    }
}

/// Where a GeometryReader is, for its content: its size and its frames in its own and the content area's space.
public struct GeometryProxy {
    public let size: Size
    let global: Rect
    public enum CoordinateSpace { case local, global }
    public func frame(in space: CoordinateSpace) -> Rect {
        space == .global ? global : Rect(origin: .zero, size: size)
    }
}

/// Takes all the space offered and lays its content out at its top-left corner (spec 01 §0.4); the content is
/// built during layout, once the reader's size is known.
public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    func resolve(_ ctx: ResolveContext) -> [Element] {
        let e = ctx.element(GeometryElement.self) { GeometryElement(path: $0, host: $1) }
        ctx.host.preventReuse()
        var inner = ctx.child(.modifier(0))
        inner.stackAxis = nil
        e.build = { proxy, rctx in
            inner.transaction = rctx.transaction
            // Built during layout without animation, the content still inherits the transaction of later changes.
            inner.transactionIsInherited = ctx.transactionIsInherited
            return inner.resolve(content(proxy))
        }
        e.resolveContext = ctx
        // Built now for the last known geometry, so state and names exist before the first layout.
        e.rebuild(force: true)
        return [e]
    }
}

final class GeometryElement: Element {
    override var holdsRows: Bool { true }
    var build: ((GeometryProxy, ResolveContext) -> [Element])?
    var resolveContext: ResolveContext?
    private var builtFor: Rect?

    func rebuild(force: Bool) {
        guard let build, var ctx = resolveContext else { return }
        if !force && builtFor == frame { return }
        builtFor = frame
        if !force { ctx.transaction = Transaction(animation: nil) }
        setChildren(build(GeometryProxy(size: frame.size, global: frame), ctx), ctx)
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { p.replacingUnspecified(by: Size(10, 10)) }

    override func place(in rect: Rect) {
        frame = rect
        if builtFor != rect { host.rebuildDuringLayout(self) }
        for c in layoutChildren {
            let s = c.size(for: ProposedSize(rect.size))
            c.assign(in: Rect(origin: rect.origin, size: s))
        }
    }
}
