import Stage

/// Picks one of several tagged options (SwiftUI's `Picker`):
///
///     Picker("Duration", selection: $duration) {
///         Text("0.35 s").tag(0.35)
///         Text("1 s").tag(1.0)
///     }
///     .pickerStyle(.segmented)
///
/// Every picker is drawn as a segmented control: a grey rounded track split into equal segments, the selected one
/// accent blue with white text (spec 01 §2.2.1). Releasing the pointer over a segment sets the binding to its tag;
/// with keyboard focus (Tab), ← and → select the neighbouring segment.
/// The options are the content's tagged views, written directly in the builder (not through a `ForEach`).
public struct Picker<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let title: String
    let selection: Binding<SelectionValue>
    let content: Content

    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.title = title; self.selection = selection; self.content = content()
    }

    /// The tagged views of the content, in order; views without a tag of the selection's type are not options.
    private var options: [(tag: SelectionValue, label: any View)] {
        let views = (content as? TupleView)?.views ?? [content]
        return views.compactMap { view in
            guard let tagged = view as? any TaggedViewProtocol, let tag = tagged.tagValue as? SelectionValue else { return nil }
            return (tag, tagged.taggedContent)
        }
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let options = options, selection = selection
        let selected = options.firstIndex { $0.tag == selection.wrappedValue }
        var inner = ctx
        // A segmented control keeps its own small label font, whatever font is in effect around it.
        inner.environment.font = .system(size: 13)
        inner.environment.fontWeight = nil
        let segments = SegmentedTrack(labels: options.map(\.label), selected: selected)
        return wrap(inner, segments, { PickerElement(path: $0, host: $1) }) { e in
            e.count = options.count
            e.selected = selected
            e.isEnabled = ctx.environment.isEnabled
            e.select = { selection.wrappedValue = options[$0].tag }
        }
    }
}

/// How a picker is drawn. The engine draws every picker segmented, so this only documents the book's intent.
public protocol PickerStyle {}
public struct SegmentedPickerStyle: PickerStyle { public init() {} }
public extension PickerStyle where Self == SegmentedPickerStyle {
    static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

public extension View {
    func pickerStyle<S: PickerStyle>(_ style: S) -> some View { self }

    /// The value a `Picker` sets its selection to when this option is chosen.
    func tag<V: Hashable>(_ tag: V) -> some View { TaggedView(content: self, tag: tag) }
}

protocol TaggedViewProtocol {
    var tagValue: Any { get }
    var taggedContent: any View { get }
}

struct TaggedView<Content: View, V: Hashable>: View, PrimitiveView, TaggedViewProtocol {
    let content: Content
    let tag: V
    var tagValue: Any { tag }
    var taggedContent: any View { content }
    func resolve(_ ctx: ResolveContext) -> [Element] { ctx.resolve(content) }
}

/// The look of a segmented control: equal segments on a grey track; the selected one blue with white semibold
/// text; thin separators between two unselected neighbours.
private struct SegmentedTrack: View {
    let labels: [any View]
    let selected: Int?

    var body: some View {
        HStack(spacing: 0) {
            ForEach(0..<labels.count) { i in
                AnyView(labels[i])
                    .foregroundColor(i == selected ? .white : .black)
                    .fontWeight(i == selected ? .semibold : nil)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(RoundedRectangle(cornerRadius: 7).fill(i == selected ? Color.blue : Color.clear))
                    .overlay(alignment: .leading) {
                        Rectangle()
                            .fill(i > 0 && i != selected && i - 1 != selected ? Color.separator : Color.clear)
                            .frame(width: 1, height: 16)
                            .offset(x: -0.5)
                    }
            }
        }
        .padding(2)
        .frame(height: 32)
        .background(RoundedRectangle(cornerRadius: 8).fill(Color(hex: 0xEEEEEF)))
    }
}

/// The picker's control: it takes the pointer over its whole frame and selects the segment under the release.
final class PickerElement: WrapperElement, ControlBehaviour, Focusable {
    var count = 0
    var selected: Int?
    var isEnabled = true
    var select: (Int) -> Void = { _ in }

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) { frame = rect; child?.assign(in: rect) }

    /// The segment under a point of this element's space.
    private func segment(at p: Point) -> Int? {
        guard count > 0, frame.width > 0, frame.contains(p) else { return nil }
        return min(count - 1, max(0, Int((p.x - frame.minX) / frame.width * Double(count))))
    }

    func pressed(at p: Point, time: Double) {}
    func moved(to p: Point, inside: Bool, time: Double) {}
    func released(at p: Point, inside: Bool, time: Double) {
        guard isEnabled, inside, let i = segment(at: p) else { return }
        select(i)
    }
    func cancelled() {}

    var focusRing: Path { .roundedRect(frame.insetBy(dx: -2, dy: -2), cornerRadius: 10) }

    func focusedKey(_ key: Key) -> Bool {
        let step = key.ctrl ? 0 : key.name == "left" ? -1 : key.name == "right" ? 1 : 0
        guard step != 0, count > 0 else { return false }
        let next = selected.map { min(max($0 + step, 0), count - 1) } ?? (step > 0 ? 0 : count - 1)
        if next != selected { select(next) }
        return true
    }
}
