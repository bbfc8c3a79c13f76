import Stage

/// SwiftUI's `TabView` with the page style, the way SwiftUI Apprentice pages through HIITFit:
///
///     TabView(selection: $selectedTab) {
///         WelcomeView(selectedTab: $selectedTab).tag(9)
///         ForEach(0 ..< 4) { index in ExerciseView(selectedTab: $selectedTab, index: index).tag(index) }
///     }
///     .tabViewStyle(PageTabViewStyle(indexDisplayMode: .never))
///
/// The pages are the content's views with a `.tag(_:)` of the selection's type (or `ForEach` rows, tagged by their
/// id), laid side by side, each as large as the container; one shows at a time (PageElement.swift). Every page stays
/// in the tree for as long as the container does, so each keeps its state (and its timers) while off screen.
///
/// - The selection is a binding both ways: a drag or a key that lands on another page sets it; setting it elsewhere
///   shows the page with that tag — sliding there with the change's animation inside `withAnimation`, at once
///   otherwise. A selection no page has leaves the container where it is.
/// - A horizontal drag moves the pages with the pointer (PageInput.swift); ← and → page too.
/// - Only the page style is drawn (iOS's tab bar, `.automatic`, is not): without `.tabViewStyle` the container pages
///   as well. The style's index dots show unless `indexDisplayMode` is `.never`.
public struct TabView<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let selection: Binding<SelectionValue>?
    let content: Content

    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        var pages: [PickerOption<SelectionValue>] = []
        if selection != nil {
            collectPickerOptions(content, implicitTag: nil, into: &pages)
        } else {
            // Without a selection every view is a page, tagged by its position.
            var views: [any View] = []
            collectPageViews(content, into: &views)
            pages = views.enumerated().compactMap { i, v in (i as? SelectionValue).map { PickerOption(tag: $0, label: v) } }
        }
        let e = ctx.element(PageElement.self) { PageElement(path: $0, host: $1) }
        e.showsDots = ctx.environment.pageIndexDisplay != .never
        var inner = ctx.child(.modifier(0))
        inner.stackAxis = nil
        let strip = inner.element(PageStripElement.self) { PageStripElement(path: $0, host: $1) }
        var pageCtx = inner.child(.modifier(1))
        pageCtx.stackAxis = nil
        // Each page keeps its identity by its tag, whatever moves around it.
        strip.setChildren(pages.map { pageCtx.child(.id(AnyHashable($0.tag))).resolveOne($0.label) }, inner)
        e.setChildren([strip], ctx)

        let tags = pages.map(\.tag)
        let binding = selection
        e.select = { [weak e] i in
            guard tags.indices.contains(i) else { return }
            if let binding { binding.wrappedValue = tags[i] } else { e?.ownSelection = i }
        }
        let wanted: Int? = if let binding { tags.firstIndex(of: binding.wrappedValue) } else { e.ownSelection }
        e.sync(count: tags.count, selected: wanted, animation: ctx.transaction.animation, ctx: ctx)
        return [e]
    }
}

/// The views of a container's content, through tuples, groups, conditionals and `ForEach` rows.
func collectPageViews(_ view: any View, into out: inout [any View]) {
    switch view {
    case let tuple as TupleView: for v in tuple.views { collectPageViews(v, into: &out) }
    case let rows as any PickerOptionRows: for (v, _) in rows.optionRows { collectPageViews(v, into: &out) }
    case let group as Group: collectPageViews(group.content, into: &out)
    case let branch as ConditionalContent: collectPageViews(branch.content, into: &out)
    case let optional as OptionalContent: if let c = optional.content { collectPageViews(c, into: &out) }
    case let tagged as any TaggedViewProtocol: out.append(tagged.taggedContent)
    default: out.append(view)
    }
}

extension TabView where SelectionValue == Int {
    /// A container without a selection binding: it starts on its first page and keeps its own.
    public init(@ViewBuilder content: () -> Content) {
        self.selection = nil
        self.content = content()
    }
}

/// How a `TabView` draws (`.tabViewStyle(PageTabViewStyle(indexDisplayMode: .never))`, `.page`).
public protocol TabViewStyle { var indexDisplay: PageTabViewStyle.IndexDisplayMode { get } }

/// Pages side by side; the index dots show (`.always`, `.automatic`) or not (`.never`).
public struct PageTabViewStyle: TabViewStyle {
    public enum IndexDisplayMode: Hashable { case automatic, always, never }
    let indexDisplayMode: IndexDisplayMode
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
    public var indexDisplay: IndexDisplayMode { indexDisplayMode }
}

/// The default look; drawn as the page style (see `TabView`).
public struct DefaultTabViewStyle: TabViewStyle {
    public init() {}
    public var indexDisplay: PageTabViewStyle.IndexDisplayMode { .automatic }
}

public extension TabViewStyle where Self == PageTabViewStyle {
    static var page: PageTabViewStyle { PageTabViewStyle() }
    static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

public extension View {
    /// The look of every `TabView` inside.
    func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        environment { $0.pageIndexDisplay = style.indexDisplay }
    }
}

extension EnvironmentValues {
    /// `.tabViewStyle`'s index dots, kept with the environment's own objects (so it compares equal across
    /// evaluations without a new stored property).
    var pageIndexDisplay: PageTabViewStyle.IndexDisplayMode {
        get { (objects[ObjectIdentifier(PageIndexBox.self)] as? PageIndexBox)?.mode ?? .automatic }
        set { objects[ObjectIdentifier(PageIndexBox.self)] = PageIndexBox.shared(newValue) }
    }
}

/// One shared box per mode, so environments holding the same mode compare equal (`===`).
final class PageIndexBox {
    let mode: PageTabViewStyle.IndexDisplayMode
    private init(_ mode: PageTabViewStyle.IndexDisplayMode) { self.mode = mode }
    private static var boxes: [PageTabViewStyle.IndexDisplayMode: PageIndexBox] = [:]
    static func shared(_ mode: PageTabViewStyle.IndexDisplayMode) -> PageIndexBox {
        if let b = boxes[mode] { return b }
        let b = PageIndexBox(mode)
        boxes[mode] = b
        return b
    }
}
