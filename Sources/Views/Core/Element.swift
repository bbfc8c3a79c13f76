import Motion
import Stage

/// A size offered by a parent; nil on an axis asks for the child's ideal size (SwiftUI's `ProposedViewSize`).
/// Nonisolated: proposals are compared all through every layout, and a conformance isolated to the main actor (this
/// module's default) checks the executor at each call.
nonisolated public struct ProposedSize: Hashable, Sendable {
    public var width: Double?
    public var height: Double?
    public init(width: Double?, height: Double?) { self.width = width; self.height = height }
    public init(_ size: Size) { width = size.width; height = size.height }
    public static let unspecified = ProposedSize(width: nil, height: nil)
    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
    /// The proposal with nil replaced by `fallback`.
    func replacingUnspecified(by fallback: Size) -> Size { Size(width ?? fallback.width, height ?? fallback.height) }
}

nonisolated public enum Axis: Hashable, Sendable { case horizontal, vertical }

extension Size {
    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }
}

/// What a view value turns into: a retained node, kept by the view's identity across evaluations, that lays itself
/// out (propose → choose → place), owns the animated values of its properties, and draws.
class Element {
    let path: ViewPath
    unowned let host: ViewHost
    weak var parent: Element?
    private(set) var children: [Element] = []
    /// The spec's node name (`.named`), or nil.
    var name: String?
    /// Layout frame in content coordinates.
    var frame: Rect = .zero
    var layoutPriority: Double = 0
    /// Whether a stack sizes this child only after its other children of the same priority, from what they leave:
    /// a `Spacer`, so that texts beside it keep their one line while it can still shrink.
    var yieldsInStacks: Bool { false }
    var zIndex: Double = 0
    /// The generation of the evaluation that last produced this element.
    var generation = 0
    let properties = AnimatedProperties()
    var interaction = Interaction()
    var transition = TransitionState()

    required init(path: ViewPath, host: ViewHost) { self.path = path; self.host = host }

    // MARK: Tree

    /// Replaces the children; children that left keep drawing while their removal transition runs.
    func setChildren(_ new: [Element], _ ctx: ResolveContext) {
        // The common case: the same children again.
        if new.count == children.count && zip(new, children).allSatisfy({ $0 === $1 }) {
            if new.contains(where: \.layoutDirty) { markLayoutDirty() }
            return
        }
        let kept = Set(new.map(ObjectIdentifier.init))
        var merged: [Element] = []
        var newIndex = 0
        for old in children {
            if kept.contains(ObjectIdentifier(old)) {
                // Advance through new children up to and including this one.
                while newIndex < new.count {
                    let n = new[newIndex]; newIndex += 1
                    merged.append(n)
                    if n === old { break }
                }
            } else if TransitionState.beginRemoval(old, ctx) {
                merged.append(old)
            } else {
                old.removed()
            }
        }
        merged += new[newIndex...]
        for c in merged { c.parent = self }
        // New children, or children resolved again (their size may have changed): lay this element out anew too.
        if merged.count != children.count || !zip(merged, children).allSatisfy({ $0 === $1 }) || new.contains(where: \.layoutDirty) {
            markLayoutDirty()
        }
        children = merged
        layoutChildrenCache = nil
    }

    func replaceChildrenKeepingRemovals(_ list: [Element]) {
        children = list
        layoutChildrenCache = nil
        markLayoutDirty(ancestors: true)
    }

    /// Animations an element keeps outside its properties (e.g. a shape's animatable data).
    var extraAnimationEnd: Double? { nil }

    /// Children that take part in layout (not the ones on their way out).
    var layoutChildren: [Element] {
        if let c = layoutChildrenCache { return c }
        let c = children.filter { !$0.transition.isRemoving }
        layoutChildrenCache = c
        return c
    }
    private var layoutChildrenCache: [Element]?

    /// Called once when the element leaves the tree for good.
    func removed() {
        interaction.onDisappear.forEach { $0() }
        interaction.cancelTimers()
        for c in children { c.removed() }
    }

    // MARK: Layout (overridden by layout views; the default passes everything to the children, stacked)

    private var sizeCache: [(proposal: ProposedSize, size: Size)] = []
    /// Set when the element was resolved again, its children changed or a layout property moves: its sizes and
    /// placement are computed afresh. A clean element keeps its sizes and, given the same rect, its placement.
    private(set) var layoutDirty = true
    /// Bumped each time the element is resolved again (its content may have changed).
    var contentStamp = 0
    /// What a leaf draws, when the element can say it in a few values: its leaf cache then outlives a re-evaluation
    /// that changed nothing it draws (nil: the content stamp, which every re-evaluation moves).
    var drawnContent: AnyHashable? { nil }
    var leafCache: (key: LeafKey, entries: ArraySlice<DisplayList.Entry>)?

    func markLayoutDirty(ancestors: Bool = false) {
        layoutDirty = true
        sizeCache.removeAll(keepingCapacity: true)
        if ancestors { parent?.markLayoutDirty(ancestors: true) }
    }

    func markSubtreeDirty() {
        markLayoutDirty()
        for c in children { c.markSubtreeDirty() }
    }

    /// The size this element chooses for `proposal` (kept until the element changes).
    final func size(for proposal: ProposedSize) -> Size {
        // A loop, not `first(where:)`: a closure made here is the main actor's, and each call of it checks so.
        for hit in sizeCache where hit.proposal == proposal { return hit.size }
        let s = sizeThatFits(proposal)
        if sizeCache.count >= 8 { sizeCache.removeFirst() }
        sizeCache.append((proposal, s))
        return s
    }

    /// The rect the parent last offered (`frame` is that rect on the pixel grid).
    private var placedIn: Rect?

    /// Places the element in `rect` unless it is clean and already there. The children are placed from the exact
    /// rect; this element's own frame is then rounded to the pixel grid (none while layout animates, so moving
    /// frames stay smooth).
    final func assign(in rect: Rect) {
        if !layoutDirty && rect == placedIn { return }
        placedIn = rect
        place(in: rect)
        if let grid = host.pixelGrid { frame = grid.round(frame) }
        layoutDirty = false
    }

    func sizeThatFits(_ proposal: ProposedSize) -> Size {
        var size = Size.zero
        for c in layoutChildren {
            let s = c.size(for: proposal)
            size = Size(max(size.width, s.width), max(size.height, s.height))
        }
        return size
    }

    /// Takes `rect` as the frame and places the children in it (centred, at their own size).
    func place(in rect: Rect) {
        frame = rect
        for c in layoutChildren {
            c.assign(in: Rect(center: rect.center, size: c.size(for: ProposedSize(rect.size))))
        }
    }

    // MARK: Drawing

    /// Render-only transform of this element, in content coordinates (offset, scale, rotation, …).
    func localTransform(at time: Double) -> Homography? { nil }

    /// The transform from the parent's space: a running transition's, then the element's own effect.
    final func renderTransform(at time: Double) -> Homography? {
        let own = localTransform(at: time)
        guard transition.isActive, let t = transition.transform(self, at: time) else { return own }
        return own.map { t * $0 } ?? t
    }

    /// Draws this element and its children.
    func draw(_ dc: DrawContext) {
        var dc = dc
        if transition.isActive {
            dc.opacity *= transition.opacity(at: dc.time)
            guard dc.opacity > 0.0005 else { return }
        }
        if let t = renderTransform(at: dc.time) { dc.transform = dc.transform * t }
        drawContent(dc)
    }

    /// Content after the element's own transform: the default draws the children in order.
    func drawContent(_ dc: DrawContext) {
        for c in children { c.draw(dc) }
    }

    // MARK: Hit testing and probing

    /// Whether a point (content coordinates, already mapped to this element's parent space) hits what it draws.
    func containsDrawn(_ point: Point, time: Double) -> Bool {
        children.contains { $0.hits(point, time: time) }
    }

    /// `point` in the parent's space.
    final func hits(_ point: Point, time: Double) -> Bool {
        guard !transition.isRemoving else { return false }
        var p = point
        if let t = renderTransform(at: time) { guard let inv = t.inverted else { return false }; p = inv.apply(p) }
        return containsDrawn(p, time: time)
    }

    /// The text a probe reports, for text-bearing elements.
    var probeText: String? { nil }
    /// The name an unnamed element is listed under by `probe *` (`text:…`, `image:…`), or nil: not listed
    /// (README §3.17).
    var probeListing: String? { nil }
    /// Texts inside it are listed under its own entry (a button's label), not each by itself.
    var listsItsTexts: Bool { false }
    /// It holds rows however few (a stack, a reader, a scroll view, a list): a named node's name stops here
    /// instead of covering its only child.
    var holdsRows: Bool { false }
    /// The opacity it applies to what it draws, besides a transition's.
    func effectOpacity(at time: Double) -> Double { 1 }
    /// Its content shows and takes pointer input only inside its frame (content scrolled or paged out of view is
    /// neither drawn nor clickable).
    var clipsContent: Bool { false }
    /// What it draws stays inside its frame (a leaf, or content clipped to it): its drawn box is its frame.
    var drawsWithinFrame: Bool { layoutChildren.isEmpty || clipsContent }
    /// It draws a picture (an image asset or a symbol).
    var drawsPicture: Bool { false }
    /// It draws only a dashed outline (no fill).
    var drawsDashedStrokeOnly: Bool { false }
    /// Values this element adds to a probe of a node whose chain includes it.
    func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] { properties.probeValues(at: time) }
}

/// Animated properties of one element, by name (`scale`, `opacity`, `trim.to`, …), in the order first set.
final class AnimatedProperties {
    private(set) var keys: [String] = []
    private var scalars: [String: AnimatedValue<Double>] = [:]
    private var colors: [String: AnimatedValue<ColorVector>] = [:]

    /// Sets a property's model value with the transaction of the evaluation; a new property starts at its value.
    func set(_ key: String, _ value: Double, _ ctx: ResolveContext) {
        guard var v = scalars[key] else { scalars[key] = AnimatedValue(value); keys.append(key); return }
        v.set(value, at: ctx.host.changeTime, animation: ctx.transaction.animation)
        if let end = v.endTime { ctx.host.noteAnimation(until: end) }
        scalars[key] = v
    }

    func set(_ key: String, _ color: Color, _ ctx: ResolveContext) {
        guard var v = colors[key] else { colors[key] = AnimatedValue(ColorVector(color)); keys.append(key); return }
        v.set(ColorVector(color), at: ctx.host.changeTime, animation: ctx.transaction.animation)
        if let end = v.endTime { ctx.host.noteAnimation(until: end) }
        colors[key] = v
    }

    func value(_ key: String, at time: Double) -> Double? { scalars[key]?.value(at: time) }
    func color(_ key: String, at time: Double) -> Color? { colors[key]?.value(at: time).color }

    /// True while any property animates at `time`.
    func isAnimating(at time: Double) -> Bool {
        scalars.values.contains { $0.isAnimating(at: time) } || colors.values.contains { $0.isAnimating(at: time) }
    }
    /// When the last running animation ends (nil: none; infinity: repeats forever).
    var endTime: Double? {
        var end: Double?
        for v in scalars.values { if let e = v.endTime { end = max(end ?? e, e) } }
        for v in colors.values { if let e = v.endTime { end = max(end ?? e, e) } }
        return end
    }

    func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        keys.compactMap { k in
            if let v = scalars[k] { return (k, .number(model: v.target, presented: v.value(at: time))) }
            if let c = colors[k] { return (k, .color(model: c.target.color, presented: c.value(at: time).color)) }
            return nil
        }
    }
}

/// A colour as a vector, so colours animate per channel in gamma-encoded sRGB with straight alpha (README §3.8).
struct ColorVector: Interpolatable, Equatable {
    var r, g, b, a: Double
    init(_ c: Color) { r = c.r; g = c.g; b = c.b; a = c.a }
    init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    var color: Color { Color(r: r, g: g, b: b, a: a) }
    static func + (x: ColorVector, y: ColorVector) -> ColorVector { ColorVector(r: x.r + y.r, g: x.g + y.g, b: x.b + y.b, a: x.a + y.a) }
    static func - (x: ColorVector, y: ColorVector) -> ColorVector { ColorVector(r: x.r - y.r, g: x.g - y.g, b: x.b - y.b, a: x.a - y.a) }
    func scaled(by k: Double) -> ColorVector { ColorVector(r: r * k, g: g * k, b: b * k, a: a * k) }
    static var zero: ColorVector { ColorVector(r: 0, g: 0, b: 0, a: 0) }
}

extension AnimatedProperties {
    /// The animations in flight at `time`, by property (read-only; see `ViewScene.runningAnimations`).
    func runningAnimations(at time: Double) -> [(key: String, span: AnimationSpan)] {
        keys.flatMap { k in
            (scalars[k]?.runningAnimations(at: time) ?? colors[k]?.runningAnimations(at: time) ?? []).map { (k, $0) }
        }
    }
}
