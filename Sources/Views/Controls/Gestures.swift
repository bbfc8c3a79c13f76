import Stage

public extension View {
    /// Runs `action` on a press and release with less than 10 pt of movement over what this view draws (its shapes'
    /// filled areas after every transform inside, spec 01 §0.5).
    func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        Attach(content: self) { e, _ in e.interaction.tap = action }
    }

    /// Attaches a drag gesture (`DragGesture().onChanged { … }.onEnded { … }`).
    func gesture(_ drag: DragGesture) -> some View {
        Attach(content: self) { e, _ in e.interaction.drag = drag }
    }
}

/// A drag: press, moves with the button held, release (spec README §3.12). Locations are in the view's own frame
/// (origin at its top-left), or the content area with `coordinateSpace: .global`.
public struct DragGesture {
    public struct Value {
        public var location: Point
        public var startLocation: Point
        public var translation: Size { Size(location.x - startLocation.x, location.y - startLocation.y) }
        public var time: Double
    }
    public enum CoordinateSpace { case local, global }
    var minimumDistance: Double
    var coordinateSpace: CoordinateSpace
    var changed: ((Value) -> Void)?
    var ended: ((Value) -> Void)?

    public init(minimumDistance: Double = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = minimumDistance; self.coordinateSpace = coordinateSpace
    }
    public func onChanged(_ action: @escaping (Value) -> Void) -> DragGesture { var g = self; g.changed = action; return g }
    public func onEnded(_ action: @escaping (Value) -> Void) -> DragGesture { var g = self; g.ended = action; return g }
}

/// Routes pointer input to the element under it: controls (buttons, sliders) by their frame, taps and drags by what
/// they draw; the frontmost wins.
struct PointerRouter {
    private weak var target: Element?
    private var start = Point.zero
    private var startLocal = Point.zero
    private var dragging = false

    mutating func press(_ p: Point, in root: Element, time: Double) {
        cancel()
        let hit = root.hitTarget(p, time: time)
        // A press on a text field focuses it; a press anywhere else ends editing (Focus.swift).
        root.host.focus.pointerPressed(on: hit?.0)
        guard let (e, _) = hit else { return }
        target = e
        start = p
        dragging = false
        e.interaction.control?.pressed(at: e.toLocal(p, time: time), time: time)
        // A drag that needs no travel begins at the press, as SwiftUI's `DragGesture(minimumDistance: 0)` does: a
        // press alone is its first change (editors that act where the pointer went down need it).
        if let drag = e.interaction.drag, drag.minimumDistance <= 0 {
            dragging = true
            drag.changed?(value(drag, e, p, time))
        }
    }

    mutating func move(_ p: Point, time: Double) {
        guard let e = target else { return }
        // A press on a button in a scroll view that turns into a drag scrolls instead (Scrolling/ScrollInput.swift).
        if !dragging, let scroll = ScrollElement.adoptDrag(from: e, start: start, to: p, time: time) { target = scroll; return }
        // Likewise across a paged TabView: the drag turns the page (Paging/PageInput.swift).
        if !dragging, let pager = PageElement.adoptDrag(from: e, start: start, to: p, time: time) { target = pager; return }
        let local = e.toLocal(p, time: time)
        e.interaction.control?.moved(to: local, inside: e.frame.contains(local), time: time)
        if let drag = e.interaction.drag {
            if !dragging && p.distance(to: start) >= drag.minimumDistance { dragging = true }
            if dragging { drag.changed?(value(drag, e, p, time)) }
        }
    }

    mutating func release(_ p: Point, time: Double) {
        guard let e = target else { return }
        target = nil
        let local = e.toLocal(p, time: time)
        e.interaction.control?.released(at: local, inside: e.frame.contains(local), time: time)
        if let drag = e.interaction.drag, dragging {
            drag.changed?(value(drag, e, p, time))
            drag.ended?(value(drag, e, p, time))
        } else if let tap = e.interaction.tap, p.distance(to: start) < 10 {
            tap()
        }
        dragging = false
    }

    mutating func cancel() {
        target?.interaction.control?.cancelled()
        target = nil
        dragging = false
    }

    private func value(_ g: DragGesture, _ e: Element, _ p: Point, _ time: Double) -> DragGesture.Value {
        if g.coordinateSpace == .global { return DragGesture.Value(location: p, startLocation: start, time: time) }
        let l = e.toLocal(p, time: time), s = e.toLocal(start, time: time)
        return DragGesture.Value(location: Point(l.x - e.frame.minX, l.y - e.frame.minY),
                                 startLocation: Point(s.x - e.frame.minX, s.y - e.frame.minY), time: time)
    }
}

extension Element {
    /// The frontmost element under `p` (in this element's parent space) that takes pointer input.
    func hitTarget(_ p: Point, time: Double) -> (Element, Point)? {
        guard !transition.isRemoving else { return nil }
        var q = p
        if let t = renderTransform(at: time) { guard let inv = t.inverted else { return nil }; q = inv.apply(p) }
        // Content a scroll view clipped away takes no input (Scrolling/ScrollElement.swift).
        if clipsContent, !frame.contains(q) { return nil }
        let ordered = children.enumerated().sorted { ($0.element.zIndex, $0.offset) > ($1.element.zIndex, $1.offset) }
        for (_, c) in ordered { if let hit = c.hitTarget(q, time: time) { return hit } }
        if let control = interaction.control, frame.contains(q) { return control.takesPresses ? (self, q) : nil }
        if interaction.tap != nil || interaction.drag != nil, containsDrawn(q, time: time) { return (self, q) }
        return nil
    }

    /// Content coordinates → this element's own space (after its and its ancestors' render transforms).
    func toLocal(_ p: Point, time: Double) -> Point {
        var chain: [Element] = []
        var e: Element? = self
        while let x = e { chain.append(x); e = x.parent }
        var q = p
        for x in chain.reversed() {
            if let t = x.renderTransform(at: time), let inv = t.inverted { q = inv.apply(q) }
        }
        return q
    }

    /// This element's own space → content coordinates.
    func worldTransform(at time: Double) -> Homography {
        var h = Homography.identity
        var e: Element? = self
        while let x = e {
            if let t = x.renderTransform(at: time) { h = t * h }
            e = x.parent
        }
        return h
    }
}
