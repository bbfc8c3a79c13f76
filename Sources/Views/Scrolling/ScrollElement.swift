import Motion
import Stage

/// A scroll view's element: it takes the size offered, lays its one child (the document) out at the offered width
/// and its own height, clips it to the frame, and moves it up by `offset` through the document's render transform,
/// so scrolling never lays anything out again.
///
/// The offset (pt, 0 = top) is an animated value on the scene clock, like the wheel picker's: a drag sets it
/// directly, every other motion (wheel, keys, momentum, the rubber band's return) is an `Animation` from the current
/// value, so every frame is a closed-form function of time and a still scroll view costs nothing. Input is in
/// ScrollInput.swift; the indicator in ScrollIndicator.swift.
final class ScrollElement: WrapperElement, ControlBehaviour, WheelScrollable {
    override var clipsContent: Bool { true }
    override var holdsRows: Bool { true }
    var showsIndicators = true
    /// Painted behind the content over the whole frame (a list's white or grouped grey); nil for a ScrollView.
    var background: Color?
    /// The scroll position in pt: content y shown at the frame's top is `frame.minY + offset`.
    var offset = AnimatedValue(0.0)
    /// The document's height at the last layout.
    private(set) var contentHeight = 0.0
    /// When the user last scrolled it (wheel, drag, key): keys go to the most recent one (ScrollKeys.swift).
    var lastUsed = -Double.infinity
    /// The indicator is shown from scrolling until this time, then fades (ScrollIndicator.swift).
    var indicatorShownUntil = -Double.infinity
    // Pointer (ScrollInput.swift)
    var drag = DragTrack()

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    var document: ScrollDocumentElement? { child as? ScrollDocumentElement }

    /// How far it can scroll: the content's height beyond the frame.
    var maxOffset: Double { max(0, contentHeight - frame.height) }

    func clamp(_ y: Double) -> Double { min(max(y, 0), maxOffset) }

    // MARK: Layout

    /// The size offered (the content's on an axis offered none).
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        guard p.width == nil || p.height == nil else { return Size(p.width!, p.height!) }
        let content = child?.size(for: ProposedSize(width: p.width, height: nil)) ?? .zero
        return Size(p.width ?? content.width, p.height ?? content.height)
    }

    /// The document at the top, centred across, at its height for the frame's width.
    override func place(in rect: Rect) {
        frame = rect
        guard let doc = child else { return }
        let s = doc.size(for: ProposedSize(width: rect.width, height: nil))
        contentHeight = s.height
        doc.assign(in: Rect(x: rect.minX + (rect.width - s.width) / 2, y: rect.minY, width: s.width, height: s.height))
        // Content that shrank (or a frame that grew) leaves the position past the end: it moves back, at once.
        if drag.start == nil, offset.target != clamp(offset.target) {
            offset.set(clamp(offset.target), at: host.now, animation: nil)
            host.redraw()
        }
    }

    // MARK: Drawing

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        dc.clip(to: frame)
        guard !dc.clipsEverything else { return }
        if let background { dc.fill(.rect(frame), background) }
        super.drawContent(dc)
        if showsIndicators { drawIndicator(dc) }
    }

    /// The frame in content coordinates as shown (after the ancestors' transforms): what is visible of the document.
    func visibleBounds(at time: Double) -> Rect {
        Painter.bounds(of: frame, under: worldTransform(at: time))
    }

    override var extraAnimationEnd: Double? {
        let fade = showsIndicators && indicatorShownUntil.isFinite ? indicatorShownUntil + Self.indicatorFade : nil
        switch (offset.endTime, fade) {
        case let (a?, b?): return max(a, b)
        case let (a, b): return a ?? b
        }
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }

    /// `scroll.y`: the offset (model and presented), README §3.17.
    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        [("scroll.y", .number(model: offset.target, presented: offset.value(at: time)))] + super.probeValues(at: time)
    }

    // MARK: Moving

    /// Sets the offset (animated or not); the indicator shows, and the host draws until both settle.
    func move(to y: Double, animation: Animation?, time: Double) {
        offset.set(y, at: time, animation: animation)
        lastUsed = time
        showIndicator(until: offset.endTime ?? time, time: time)
        host.redraw()
    }
}

/// The scrolled content: the scroll view's one child, moved up by the offset (a render transform, so hit tests,
/// probes' drawn frames and drawing all see it where it is shown).
final class ScrollDocumentElement: WrapperElement {
    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) { frame = rect; child?.assign(in: rect) }

    override func localTransform(at time: Double) -> Homography? {
        guard let scroll = parent as? ScrollElement else { return nil }
        let y = scroll.offset.value(at: time)
        return y == 0 ? nil : .translation(0, -y)
    }

    /// The part of the document in view (document coordinates), for lists that skip rows out of view.
    func visibleRect(at time: Double) -> Rect? {
        guard let scroll = parent as? ScrollElement else { return nil }
        return Rect(x: scroll.frame.minX, y: scroll.frame.minY + scroll.offset.value(at: time),
                    width: scroll.frame.width, height: scroll.frame.height)
    }
}

