import Motion
import Stage

/// The sheet's look and motion (iOS page sheet, kept simple).
enum SheetLook {
    /// The content area shows this much above the sheet.
    static let topGap = 10.0
    static let cornerRadius = 10.0
    static let dim = 0.2
    static let background = Color.white
    static let present = Animation.easeOut(duration: 0.4)
    static let dismissDuration = 0.35
    static let dismiss = Animation.easeOut(duration: dismissDuration)
    static let springBack = Animation.spring(response: 0.35, dampingFraction: 0.86)
    /// A release past this share of the sheet's height closes it …
    static let closeFraction = 1.0 / 3
    /// … and so does a downward flick faster than this (pt/s).
    static let closeSpeed = 800.0
}

/// The overlay of a sheet: the dim (black at 0.2 while fully up, lighter as the sheet goes down) and the panel.
/// `shown` is 1 when the panel is up and 0 when it is below the content area; it animates on presenting and
/// dismissing, follows the pointer while the panel is dragged, and springs back after a short drag.
final class SheetOverlayElement: ModalOverlayElement {
    private(set) var shown = AnimatedValue(0.0)
    private var isPresented = Binding<Bool>.constant(false)
    private lazy var dismissBox = DismissBox { [weak self] in self?.close() }
    private var drag: (start: Double, samples: [(y: Double, t: Double)])?

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        // The removal only keeps the overlay drawing (and off input) while the panel slides down.
        transition.kind = AnyTransition.identity.animation(.linear(duration: SheetLook.dismissDuration))
    }

    var panel: SheetPanelElement? { layoutChildren.first as? SheetPanelElement }

    func update(_ sheet: SheetContent, isPresented: Binding<Bool>, ctx: ResolveContext, isNew: Bool) {
        self.isPresented = isPresented
        let panel = ctx.child(.modifier(0)).element(SheetPanelElement.self) { SheetPanelElement(path: $0, host: $1) }
        panel.overlay = self
        panel.interaction.drag = DragGesture(coordinateSpace: .global)
            .onChanged { [weak self] in self?.dragChanged($0) }
            .onEnded { [weak self] in self?.dragEnded($0) }
        var inner = ctx.child(.modifier(1))
        inner.environment.setDismiss(dismissBox)
        panel.setChildren([inner.resolveOne(sheet.content())], ctx)
        setChildren([panel], ctx)
    }

    override func presented(ctx: ResolveContext) {
        // Shown at once when the scene starts with it; otherwise it slides up.
        if ctx.host.generation <= 1 { shown = AnimatedValue(1.0); return }
        set(1, animation: SheetLook.present, at: ctx.host.changeTime)
    }

    override func dismissed(at time: Double) {
        drag = nil
        set(0, animation: SheetLook.dismiss, at: time)
    }

    /// Esc closes the sheet (its binding false).
    override func modalKey(_ key: Key) -> Bool {
        guard key.name == "escape", !key.ctrl else { return false }
        close()
        return true
    }

    private func close() {
        guard !transition.isRemoving else { return }
        isPresented.wrappedValue = false
    }

    private func set(_ value: Double, animation: Animation?, at time: Double) {
        shown.set(value, at: time, animation: animation)
        if let end = shown.endTime { host.noteAnimation(until: end) }
        host.redraw()
    }

    override var extraAnimationEnd: Double? { shown.endTime }

    /// How far the panel is moved down at `time`.
    func panelOffset(at time: Double) -> Double {
        guard let panel else { return 0 }
        return (1 - shown.value(at: time)) * (panel.frame.height + SheetLook.cornerRadius)
    }

    // MARK: Dragging the panel down

    private func dragChanged(_ v: DragGesture.Value) {
        guard !transition.isRemoving, let panel, panel.frame.height > 0 else { return }
        if drag == nil { drag = (shown.value(at: v.time), []) }
        guard var d = drag else { return }
        let h = panel.frame.height + SheetLook.cornerRadius
        // It follows the pointer down, and does not go above its place.
        let dy = max(0, v.translation.height + (1 - d.start) * h)
        d.samples.append((dy, v.time))
        d.samples = d.samples.filter { v.time - $0.t <= 0.1 }
        drag = d
        set(1 - dy / h, animation: nil, at: v.time)
    }

    private func dragEnded(_ v: DragGesture.Value) {
        guard let d = drag, let panel else { return }
        drag = nil
        let dy = (1 - shown.value(at: v.time)) * (panel.frame.height + SheetLook.cornerRadius)
        let speed: Double = {
            guard let first = d.samples.first, let last = d.samples.last, last.t > first.t else { return 0 }
            return (last.y - first.y) / (last.t - first.t)
        }()
        if dy > panel.frame.height * SheetLook.closeFraction || speed > SheetLook.closeSpeed {
            close()
        } else {
            set(1, animation: SheetLook.springBack, at: v.time)
        }
    }

    // MARK: Layout and drawing

    override func place(in rect: Rect) {
        frame = rect
        panel?.assign(in: Rect(x: rect.minX, y: rect.minY + SheetLook.topGap, width: rect.width,
                               height: max(0, rect.height - SheetLook.topGap)))
    }

    override func drawContent(_ dc: DrawContext) {
        let k = max(0, min(1, shown.value(at: dc.time)))
        if k > 0 { dc.fill(.rect(frame.insetBy(dx: -1, dy: -1)), Color.black.opacity(SheetLook.dim * k)) }
        super.drawContent(dc)
    }
}

/// The sheet's panel: the content laid out in it (centred, at whole points), on a white background with rounded
/// top corners, clipped to it, moved down by the overlay's slide.
final class SheetPanelElement: Element {
    weak var overlay: SheetOverlayElement?

    override func localTransform(at time: Double) -> Homography? {
        let dy = overlay?.panelOffset(at: time) ?? 0
        return dy == 0 ? nil : .translation(0, dy)
    }

    override func place(in rect: Rect) {
        frame = rect
        for c in layoutChildren {
            let s = c.size(for: ProposedSize(rect.size))
            c.assign(in: Rect(x: (rect.midX - s.width / 2).rounded(), y: (rect.midY - s.height / 2).rounded(),
                              width: s.width, height: s.height))
        }
    }

    /// The bottom corners are below the content area: only the top ones show.
    private var outline: Path {
        .roundedRect(Rect(x: frame.minX, y: frame.minY, width: frame.width, height: frame.height + SheetLook.cornerRadius),
                     cornerRadius: SheetLook.cornerRadius)
    }

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        dc.fill(outline, SheetLook.background)
        dc.clip(to: outline.flattened(tolerance: 0.25).first?.points ?? [])
        super.drawContent(dc)
    }

    /// The whole panel takes presses (a drag on plain content moves the sheet).
    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }
}
