/// A reusable set of modifiers (`struct Glow: ViewModifier { func body(content: Content) -> some View { … } }`,
/// applied with `.modifier(Glow())`). Its `@State` lives at the place it is applied, like a view's.
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = ViewModifierContent
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a modifier is applied to, as its `body(content:)` sees it.
public struct ViewModifierContent: View {
    let view: any View
    public var body: some View { AnyView(erasing: view) }
}

/// A view with a modifier applied: a composite whose body is the modifier's body around the view.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: View {
    public let content: Content
    public let modifier: Modifier
    public init(content: Content, modifier: Modifier) { self.content = content; self.modifier = modifier }
    public var body: some View { modifier.body(content: ViewModifierContent(view: content)) }
}

public extension View {
    func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension AnyView {
    init(erasing view: any View) { content = view }
}

/// A view that carries a modifier whose properties it links (ViewHost.linkProperties).
protocol ModifierApplying { var appliedModifier: Any? { get } }
extension ModifiedContent: ModifierApplying { var appliedModifier: Any? { modifier } }
