import Motion
import Stage

/// A paged `TabView`'s element. It takes the size it is offered and shows one page of its strip at a time: the
/// strip lays page i out at x = i · width and is moved left by `position` pages (a render transform, so paging
/// never lays anything out again, and a resize keeps the page in view). It clips to its frame; pages wholly outside
/// it report `hidden` and take no input (`clipsContent`).
///
/// `position` is an animated value in pages on the scene clock: a drag sets it directly, a settle or a selection
/// change inside `withAnimation` animates it, a plain selection change jumps.
final class PageElement: WrapperElement {
    override var clipsContent: Bool { true }
    /// The page shown (fractional while moving between two).
    var position = AnimatedValue(0.0)
    /// The page the container is on or heading to.
    private(set) var selected = 0
    private(set) var count = 0
    /// Sets the selection binding to page i's tag (TabView.swift).
    var select: (Int) -> Void = { _ in }
    /// The page of a container without a selection binding.
    var ownSelection: Int?
    var showsDots = true
    /// When it was last dragged or paged by key (keys go to the most recent one).
    var lastUsed = -Double.infinity
    // Pointer (PageInput.swift)
    var drag = DragTrack()

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    var strip: PageStripElement? { child as? PageStripElement }

    /// Takes the pages and the selection of an evaluation: a new selection shows its page (animated with the
    /// change's animation, else at once); one no page has changes nothing.
    func sync(count: Int, selected wanted: Int?, animation: Animation?, ctx: ResolveContext) {
        self.count = count
        guard count > 0 else { selected = 0; return }
        let target = min(max(wanted ?? selected, 0), count - 1)
        let first = position.target == 0 && selected == 0 && ctx.host.generation <= 1
        if target != selected || Double(target) != position.target && drag.start == nil {
            selected = target
            move(to: Double(target), animation: first ? nil : animation, time: ctx.host.changeTime)
        }
    }

    /// Moves to `page` (animated or not) and draws until it settles.
    func move(to page: Double, animation: Animation?, time: Double) {
        position.set(page, at: time, animation: animation)
        if let end = position.endTime { host.noteAnimation(until: end) }
        host.redraw()
    }

    /// Settles on page i with the swipe's curve and tells the selection binding (from a drag's end or a key).
    func settle(on i: Int, time: Double) {
        let page = min(max(i, 0), max(count - 1, 0))
        selected = page
        if position.value(at: time) != Double(page) || position.target != Double(page) {
            move(to: Double(page), animation: PageLook.settle, time: time)
        }
        lastUsed = time
        select(page)
    }

    override var extraAnimationEnd: Double? { position.endTime }

    // MARK: Layout

    /// The size offered (the largest page's on an axis offered none).
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        if let w = p.width, let h = p.height { return Size(w, h) }
        let content = strip?.size(for: p) ?? .zero
        return Size(p.width ?? content.width, p.height ?? content.height)
    }

    override func place(in rect: Rect) {
        frame = rect
        strip?.assign(in: rect)
    }

    // MARK: Drawing

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        dc.clip(to: frame)
        guard !dc.clipsEverything else { return }
        super.drawContent(dc)
        if showsDots && count > 1 { drawDots(dc) }
    }

    /// The page control: one dot per page in a row centred near the bottom, the current one dark.
    private func drawDots(_ dc: DrawContext) {
        let current = Int(position.value(at: dc.time).rounded())
        let d = PageLook.dot, gap = PageLook.dotGap
        let width = Double(count) * d + Double(count - 1) * gap
        var x = frame.midX - width / 2
        let y = frame.maxY - PageLook.dotsBottom - d
        for i in 0..<count {
            dc.fill(.circle(in: Rect(x: x, y: y, width: d, height: d)), i == current ? PageLook.currentDot : PageLook.otherDot)
            x += d + gap
        }
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }

    /// `page`: the position (model and presented), and the page selected.
    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        [("page", .number(model: position.target, presented: position.value(at: time)))] + super.probeValues(at: time)
    }
}

/// The pages side by side, each the container's size, moved left by the container's position.
final class PageStripElement: Element {
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        var size = Size.zero
        for c in layoutChildren {
            let s = c.size(for: p)
            size = Size(max(size.width, s.width), max(size.height, s.height))
        }
        return Size(p.width ?? size.width, p.height ?? size.height)
    }

    override func place(in rect: Rect) {
        frame = rect
        for (i, c) in layoutChildren.enumerated() {
            let page = Rect(x: rect.minX + Double(i) * rect.width, y: rect.minY, width: rect.width, height: rect.height)
            let s = c.size(for: ProposedSize(page.size))
            c.assign(in: Rect(center: page.center, size: s))
        }
    }

    override func localTransform(at time: Double) -> Homography? {
        guard let pager = parent as? PageElement else { return nil }
        let dx = pager.position.value(at: time) * frame.width
        return dx == 0 ? nil : .translation(-dx, 0)
    }
}

/// The container's look and motion.
enum PageLook {
    /// A swipe's (or key's) settle on a page: 0.3 s ease-out (spec 06 §1.A.9).
    static let settle = Animation.easeOut(duration: 0.3)
    /// A release past this share of the width turns the page …
    static let turnFraction = 0.5
    /// … and so does a flick faster than this (pt/s).
    static let turnSpeed = 500.0
    /// Movement before a press becomes a horizontal drag (pt).
    static let dragSlop = 10.0
    static let dot = 7.0
    static let dotGap = 9.0
    static let dotsBottom = 12.0
    static let currentDot = Color(r: 0, g: 0, b: 0, a: 0.75)
    static let otherDot = Color(r: 0, g: 0, b: 0, a: 0.2)
}
