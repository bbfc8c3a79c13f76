import Stage

/// Picks one of several tagged options (SwiftUI's `Picker`):
///
///     Picker("Duration", selection: $duration) {
///         Text("0.35 s").tag(0.35)
///         Text("1 s").tag(1.0)
///     }
///     .pickerStyle(.segmented)
///
/// The options are the content's views with a `.tag(_:)` of the selection's type, written in the builder or produced
/// by a `ForEach` (whose rows without a tag are tagged with their id, as in SwiftUI:
/// `ForEach(images, id: \.self) { Text($0) }`). Three looks, by `.pickerStyle(_:)`:
///
/// - `.segmented`: a grey rounded track split into equal segments, the selected one accent blue with white text
///   (spec 01 §2.2.1). Releasing the pointer over a segment selects it; with keyboard focus ← and → do.
/// - `.wheel`: the iOS wheel (PickerWheel.swift): 216 pt tall, rows on a cylinder around a grey selection band;
///   drag with inertia and snapping, click a row, mouse wheel, ↑/↓.
/// - `.menu` (and the default, `.automatic`, as on iOS 16): the current choice in the accent colour with an
///   up-down chevron; a click opens a popup list above everything (PickerMenu.swift).
///
/// A picker named with `.named(_:)` reports the selected option's label as its `text`.
public struct Picker<SelectionValue: Hashable, Content: View>: View, PrimitiveView {
    let title: String
    let selection: Binding<SelectionValue>
    let content: Content

    public init(_ title: String, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.title = title; self.selection = selection; self.content = content()
    }

    /// SwiftUI's `Picker(selection:label:content:)`; the label is not drawn (as with every style on iOS outside a form).
    public init<L: View>(selection: Binding<SelectionValue>, label: L, @ViewBuilder content: () -> Content) {
        self.title = ""; self.selection = selection; self.content = content()
    }

    /// The options, in order: tagged views of the selection's type, found through tuples, groups, conditionals and
    /// `ForEach` rows (a row without a tag takes its id when that is of the selection's type).
    var options: [PickerOption<SelectionValue>] {
        var out: [PickerOption<SelectionValue>] = []
        collectPickerOptions(content, implicitTag: nil, into: &out)
        return out
    }

    func resolve(_ ctx: ResolveContext) -> [Element] {
        let options = options, selection = selection
        let selected = options.firstIndex { $0.tag == selection.wrappedValue }
        let select: (Int) -> Void = { i in if options.indices.contains(i) { selection.wrappedValue = options[i].tag } }
        switch ctx.environment.pickerStyle {
        case .wheel: return resolveWheel(ctx, options: options, selected: selected, select: select)
        case .menu, .automatic: return resolveMenu(ctx, options: options, selected: selected, select: select)
        case .segmented: break
        }
        var inner = ctx
        // A segmented control keeps its own small label font, whatever font is in effect around it.
        inner.environment.font = .system(size: 13)
        inner.environment.fontWeight = nil
        let segments = SegmentedTrack(labels: options.map(\.label), selected: selected,
                                      tint: ctx.environment.tintIsExplicit ? ctx.environment.accentColor : nil)
        return wrap(inner, segments, { PickerElement(path: $0, host: $1) }) { e in
            e.count = options.count
            e.selected = selected
            e.selectedText = selected.flatMap { pickerLabelText(options[$0].label) }
            e.isEnabled = ctx.environment.isEnabled
            e.select = select
        }
    }
}

/// One option of a picker: its tag and the view that shows it.
struct PickerOption<SelectionValue: Hashable> {
    let tag: SelectionValue
    let label: any View
}

/// Collects the options of a picker's content (see `Picker.options`).
func collectPickerOptions<V: Hashable>(_ view: any View, implicitTag: Any?, into out: inout [PickerOption<V>]) {
    switch view {
    case let tuple as TupleView:
        // A row's single view (a one-statement builder may still make a tuple) keeps the row's id.
        let inherited = tuple.views.count == 1 ? implicitTag : nil
        for v in tuple.views { collectPickerOptions(v, implicitTag: inherited, into: &out) }
    case let rows as any PickerOptionRows:
        for (v, id) in rows.optionRows { collectPickerOptions(v, implicitTag: id, into: &out) }
    case let group as Group: collectPickerOptions(group.content, implicitTag: implicitTag, into: &out)
    case let any as AnyView: collectPickerOptions(any.content, implicitTag: implicitTag, into: &out)
    case let branch as ConditionalContent: collectPickerOptions(branch.content, implicitTag: implicitTag, into: &out)
    case let optional as OptionalContent:
        if let c = optional.content { collectPickerOptions(c, implicitTag: implicitTag, into: &out) }
    case let tagged as any TaggedViewProtocol:
        // An explicit tag of another type makes the view no option, whatever its row's id.
        if let tag = tagged.tagValue as? V { out.append(PickerOption(tag: tag, label: tagged.taggedContent)) }
    default:
        if let tag = implicitTag as? V { out.append(PickerOption(tag: tag, label: view)) }
    }
}

/// A `ForEach` seen by a picker: each row's view with its id.
protocol PickerOptionRows {
    var optionRows: [(any View, Any)] { get }
}

extension ForEach: PickerOptionRows {
    var optionRows: [(any View, Any)] { data.map { (content($0), id($0) as Any) } }
}

/// How a picker is drawn (`.pickerStyle(.segmented)`, `.wheel`, `.menu`).
public protocol PickerStyle { var kind: PickerStyleKind { get } }
/// The picker looks the engine draws; `.automatic` is `.menu`, as on iOS 16.
public enum PickerStyleKind: Hashable { case automatic, segmented, wheel, menu }
public struct DefaultPickerStyle: PickerStyle { public init() {}; public var kind: PickerStyleKind { .automatic } }
public struct SegmentedPickerStyle: PickerStyle { public init() {}; public var kind: PickerStyleKind { .segmented } }
public struct WheelPickerStyle: PickerStyle { public init() {}; public var kind: PickerStyleKind { .wheel } }
public struct MenuPickerStyle: PickerStyle { public init() {}; public var kind: PickerStyleKind { .menu } }
public extension PickerStyle where Self == DefaultPickerStyle {
    static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}
public extension PickerStyle where Self == SegmentedPickerStyle {
    static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}
public extension PickerStyle where Self == WheelPickerStyle {
    static var wheel: WheelPickerStyle { WheelPickerStyle() }
}
public extension PickerStyle where Self == MenuPickerStyle {
    static var menu: MenuPickerStyle { MenuPickerStyle() }
}

public extension View {
    /// The look of every picker inside.
    func pickerStyle<S: PickerStyle>(_ style: S) -> some View { environment { $0.pickerStyle = style.kind } }

    /// The value a `Picker` sets its selection to when this option is chosen.
    func tag<V: Hashable>(_ tag: V) -> some View { TaggedView(content: self, tag: tag) }
}

/// The text an option's label shows: its first `Text`, found through modifiers.
func pickerLabelText(_ view: any View) -> String? {
    func find(_ value: Any, depth: Int) -> String? {
        if let t = value as? Text { return t.content }
        guard depth < 12 else { return nil }
        for child in Mirror(reflecting: value).children {
            if let s = find(child.value, depth: depth + 1) { return s }
        }
        return nil
    }
    return find(view, depth: 0)
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

/// The look of a segmented control. By default iOS's: a translucent grey track (what is behind shows through) with
/// the selected segment a white rounded thumb with a soft shadow, black labels, the selected one semibold. With an
/// explicit `.tint(_:)` macOS's: the selected segment in the tint with white text. Thin separators run between two
/// unselected neighbours.
private struct SegmentedTrack: View {
    let labels: [any View]
    let selected: Int?
    let tint: Color?

    var body: some View {
        HStack(spacing: 0) {
            ForEach(0..<labels.count) { i in
                AnyView(labels[i])
                    .foregroundColor(i == selected && tint != nil ? .white : .black)
                    .fontWeight(i == selected ? .semibold : nil)
                    .frame(maxWidth: .infinity, maxHeight: .infinity)
                    .background(thumb(i == selected))
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
        .background(RoundedRectangle(cornerRadius: 8).fill(tint == nil ? Self.track : Color(hex: 0xEEEEEF)))
    }

    /// iOS's tertiary system fill: #767680 at 12 %.
    static let track = Color(hex: 0x767680, alpha: 0.12)

    @ViewBuilder private func thumb(_ isSelected: Bool) -> some View {
        if let tint {
            RoundedRectangle(cornerRadius: 7).fill(isSelected ? tint : Color.clear)
        } else {
            RoundedRectangle(cornerRadius: 7).fill(isSelected ? Color.white : Color.clear)
                .shadow(color: Color.black.opacity(isSelected ? 0.12 : 0), radius: 4, x: 0, y: 3)
        }
    }
}

/// The picker's control: it takes the pointer over its whole frame and selects the segment under the release.
final class PickerElement: WrapperElement, ControlBehaviour, Focusable {
    var count = 0
    var selected: Int?
    /// The selected option's label, which probes report as the picker's `text`.
    var selectedText: String?
    var isEnabled = true
    var select: (Int) -> Void = { _ in }

    override var probeText: String? { selectedText }

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
