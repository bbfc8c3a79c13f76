import Stage

/// SwiftUI's vertical `ScrollView`: it takes the size it is offered, lays its content out in a column of unbounded
/// height (as wide as offered), clips it to its frame and scrolls it by the mouse wheel, a drag, and
/// PageUp/PageDown/Home/End (ScrollElement.swift). Only the vertical axis scrolls; `.horizontal` is laid out and
/// scrolled as `.vertical`.
public struct ScrollView<Content: View>: View, PrimitiveView {
    let content: Content
    let showsIndicators: Bool
    public init(_ axes: Axis = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.showsIndicators = showsIndicators
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        // Several views inside stack as SwiftUI's implicit VStack does.
        resolveScroll(ctx, showsIndicators: showsIndicators, background: nil) { inner in
            inner.resolveOne(VStack { content })
        }
    }
}

/// A list of rows (SwiftUI's `List`): each view its content produces (each `ForEach` row) is a row, padded 16 pt
/// on both sides, at least 44 pt tall, with hairline separators between rows inset 16 from the leading edge; it
/// scrolls as a `ScrollView`. `.listStyle(.plain)` (the default here, spec 04 F8) is white; `.insetGrouped` puts
/// the rows on a white rounded card inset 16 on a grey background (ListLayout.swift).
public struct List<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let style = ctx.environment.listStyleKind
        return resolveScroll(ctx, showsIndicators: true, background: style.background) { inner in
            let stack = inner.element(ListStackElement.self) { ListStackElement(path: $0, host: $1) }
            stack.style = style
            // Rows are resolved in a stack-less context (their own stacks orient themselves).
            stack.setChildren(inner.child(.modifier(0)).resolve(content), inner)
            return stack
        }
    }
}

extension List {
    /// `List(data, id:) { row }`: one row per element of `data`.
    public init<Data: RandomAccessCollection, ID: Hashable, Row: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> Row
    ) where Content == ForEach<Data, ID> {
        content = ForEach(data, id: id, content: rowContent)
    }

    /// `List(items) { row }` for identifiable items.
    public init<Data: RandomAccessCollection, Row: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> Row
    ) where Data.Element: Identifiable, Content == ForEach<Data, Data.Element.ID> {
        content = ForEach(data, id: \.id, content: rowContent)
    }
}

public protocol ListStyle {}
public struct PlainListStyle: ListStyle { public init() {} }
public struct InsetGroupedListStyle: ListStyle { public init() {} }
public struct GroupedListStyle: ListStyle { public init() {} }
public struct DefaultListStyle: ListStyle { public init() {} }
public extension ListStyle where Self == PlainListStyle { static var plain: Self { Self() } }
public extension ListStyle where Self == InsetGroupedListStyle { static var insetGrouped: Self { Self() } }
public extension ListStyle where Self == GroupedListStyle { static var grouped: Self { Self() } }
public extension ListStyle where Self == DefaultListStyle { static var automatic: Self { Self() } }

public extension View {
    /// How lists inside draw: `.plain` (and `.automatic`, spec 04 F8) white rows; `.insetGrouped` / `.grouped` a
    /// white rounded card on grey.
    func listStyle<S: ListStyle>(_ style: S) -> some View {
        let kind: ListStyleKind = style is InsetGroupedListStyle || style is GroupedListStyle ? .insetGrouped : .plain
        return environment { $0.listStyleKind = kind }
    }
}

/// The scroll element around `makeContent`'s element (the content is resolved below the scroll's identity).
private func resolveScroll(_ ctx: ResolveContext, showsIndicators: Bool, background: Color?,
                           makeContent: (ResolveContext) -> Element) -> [Element] {
    let scroll = ctx.element(ScrollElement.self) { ScrollElement(path: $0, host: $1) }
    scroll.showsIndicators = showsIndicators
    scroll.background = background
    let docCtx = ctx.child(.modifier(0))
    let document = docCtx.element(ScrollDocumentElement.self) { ScrollDocumentElement(path: $0, host: $1) }
    var inner = docCtx.child(.modifier(0))
    inner.stackAxis = nil
    document.setChildren([makeContent(inner)], ctx)
    scroll.setChildren([document], ctx)
    return [scroll]
}
