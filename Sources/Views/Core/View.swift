import Stage

/// A piece of a scene's user interface, written like SwiftUI: a value whose `body` describes its content. State
/// lives outside the value (`@State`, `@StateObject`), so `body` can be evaluated again whenever it changes.
/// Main-actor isolated as SwiftUI's (`@preconcurrency`, so a book's Swift 5 code conforms as it does there).
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// Views the engine resolves itself (text, shapes, stacks, modifiers): they turn into elements instead of a body.
protocol PrimitiveView: View where Body == Never {
    func resolve(_ ctx: ResolveContext) -> [Element]
}

extension PrimitiveView {
    public var body: Never { fatalError("\(Self.self) is a primitive view") }
}

/// Nothing at all.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    func resolve(_ ctx: ResolveContext) -> [Element] { [] }
}

/// Several views side by side in their parent (the result builder's block).
public struct TupleView: View, PrimitiveView {
    let views: [any View]
    init(_ views: [any View]) { self.views = views }
    func resolve(_ ctx: ResolveContext) -> [Element] {
        var out: [Element] = []
        for (i, v) in views.enumerated() { out += ctx.child(.index(i)).resolve(v) }
        return out
    }
}

/// `if`/`else` and `switch` in a builder: each branch has its own identity, so switching branches replaces views
/// (with their transitions) instead of morphing one into the other.
public struct ConditionalContent: View, PrimitiveView {
    let branch: Int
    let content: any View
    func resolve(_ ctx: ResolveContext) -> [Element] { ctx.child(.branch(branch)).resolveInserting(content) }
}

/// An optional view (`if` without `else`).
public struct OptionalContent: View, PrimitiveView {
    let content: (any View)?
    func resolve(_ ctx: ResolveContext) -> [Element] {
        guard let content else { return [] }
        return ctx.child(.branch(1)).resolveInserting(content)
    }
}

/// Groups views without laying them out (modifiers on a group apply to each).
public struct Group: View, PrimitiveView {
    let content: any View
    public init(@ViewBuilder content: () -> some View) { self.content = content() }
    func resolve(_ ctx: ResolveContext) -> [Element] { ctx.resolve(content) }
}

/// A type-erased view.
public struct AnyView: View, PrimitiveView {
    let content: any View
    public init(_ view: some View) { content = view }
    func resolve(_ ctx: ResolveContext) -> [Element] { ctx.child(.type(ViewPath.ViewType(of: content))).resolve(content) }
}

/// One view per element of identified data; each keeps its identity (state, animations) while the data moves.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable>: View, PrimitiveView {
    let data: Data
    let id: (Data.Element) -> ID
    let content: (Data.Element) -> any View

    public init<C: View>(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> C) {
        self.data = data; self.id = { $0[keyPath: id] }; self.content = { content($0) }
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        var out: [Element] = []
        for item in data { out += ctx.child(.id(AnyHashable(id(item)))).resolveInserting(content(item)) }
        return out
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init<C: View>(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> C) {
        self.init(data, id: \.id, content: content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init<C: View>(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> C) {
        self.init(data, id: \.self, content: content)
    }
}

/// Builds a view from the statements of a closure, as SwiftUI's `@ViewBuilder` does.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<V: View>(_ v: V) -> V { v }
    public static func buildBlock(_ views: any View...) -> TupleView { TupleView(views) }
    public static func buildExpression<V: View>(_ v: V) -> V { v }
    public static func buildIf(_ v: (any View)?) -> OptionalContent { OptionalContent(content: v) }
    public static func buildEither(first v: any View) -> ConditionalContent { ConditionalContent(branch: 0, content: v) }
    public static func buildEither(second v: any View) -> ConditionalContent { ConditionalContent(branch: 1, content: v) }
    public static func buildLimitedAvailability<V: View>(_ v: V) -> AnyView { AnyView(v) }
}
