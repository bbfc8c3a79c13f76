import Stage

// CONTRACT STUBS (to be replaced by the scrolling work): SwiftUI's `ScrollView`, `List` and `.listStyle`, so scenes
// can be written against them now. Until then they lay their content out in a plain column, unscrolled.

public struct ScrollView<Content: View>: View {
    let content: Content
    public init(_ axes: Axis = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: some View { VStack(spacing: 0) { content } }
}

/// A list of rows with separators (iOS's plain style: white, rows at least 44 pt tall, separators inset 16).
public struct List<Content: View>: View {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: some View { VStack(spacing: 0) { content } }
}

public protocol ListStyle {}
public struct PlainListStyle: ListStyle { public init() {} }
public struct InsetGroupedListStyle: ListStyle { public init() {} }
public extension ListStyle where Self == PlainListStyle { static var plain: Self { Self() } }
public extension ListStyle where Self == InsetGroupedListStyle { static var insetGrouped: Self { Self() } }

public extension View {
    func listStyle<S: ListStyle>(_ style: S) -> some View { self }
}
