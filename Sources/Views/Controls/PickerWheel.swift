import Foundation
import Motion
import Stage

// MARK: - `.pickerStyle(.wheel)`: the iOS wheel

extension Picker {
    /// The wheel: one row element per option (identity = its tag), laid out on the selection band and moved onto
    /// the cylinder by a render transform, so that scrolling never lays anything out again.
    func resolveWheel(_ ctx: ResolveContext, options: [PickerOption<SelectionValue>], selected: Int?,
                      select: @escaping (Int) -> Void) -> [Element] {
        let e = ctx.element(WheelPickerElement.self) { WheelPickerElement(path: $0, host: $1) }
        e.count = options.count
        e.isEnabled = ctx.environment.isEnabled
        e.select = select
        e.selectedText = selected.flatMap { pickerLabelText(options[$0].label) }
        e.bandColor = ctx.environment.foregroundColor.map(WheelPickerElement.band(for:)) ?? WheelPickerElement.lightBand
        var inner = ctx.child(.modifier(0))
        inner.stackAxis = nil
        // Rows use the wheel's 20-pt font unless one is set around the picker.
        if inner.environment.font == nil { inner.environment.font = .system(size: WheelPickerElement.fontSize) }
        var rows: [Element] = []
        for (i, option) in options.enumerated() {
            let rc = inner.child(.id(AnyHashable(option.tag)))
            let row = rc.element(WheelRowElement.self) { WheelRowElement(path: $0, host: $1) }
            row.index = i
            row.setChildren([rc.child(.modifier(0)).resolveOne(option.label)], ctx)
            rows.append(row)
        }
        e.setChildren(rows, ctx)
        e.sync(selected: selected, ctx)
        return [e]
    }
}

/// The wheel picker's element. Its scroll position (`wheel.offset`, in rows: k = row k centred in the band) is an
/// animated value on the scene clock: dragging sets it directly, every other motion is an `Animation` from the
/// current value, so a still wheel costs nothing and every frame's picture is a closed-form function of time.
///
/// - Drag: the rows follow the pointer (1 row per 32 pt, rubber-banding past the ends). On release the velocity
///   of the last 0.1 s of moves, v₀ rows/s, carries on with constant deceleration `deceleration`: the wheel would
///   come to rest at p₀ + v₀|v₀|/(2a); the row nearest to that (clamped to the options) is the target, reached by
///   the constant-deceleration curve P(u) = 2u − u² over T = 2Δ/v₀ (clamped to 0.2…3 s), so the initial speed is
///   v₀. Slow releases (|v₀| < 0.5 rows/s), or targets behind the motion, snap in `snapDuration` with ease-out.
/// - Click on a row (press and release within 4 pt): it scrolls into the band, `clickDuration` ease-in-out.
/// - Mouse wheel: one row per notch; ↑/↓ (focused, or the scene's only wheel) one row, Home/End to the ends:
///   `stepDuration` ease-out each, from where the wheel is heading.
/// - The binding is set when the wheel settles (a timer at the motion's end); a binding changed from outside
///   scrolls the wheel there (animated with the change's transaction).
final class WheelPickerElement: Element, ControlBehaviour, Focusable, WheelScrollable {
    static let rowHeight = 32.0
    static let idealHeight = 216.0
    static let fontSize = 20.0
    /// Rows per second², for the inertia after a drag.
    static let deceleration = 40.0
    static let snapDuration = 0.25
    static let clickDuration = 0.3
    static let stepDuration = 0.2
    /// The iOS light band (tertiary system fill over white) and the one for light text on a dark background.
    static let lightBand = Color(118, 118, 128, alpha: 0.12)
    static func band(for text: Color) -> Color {
        0.2126 * text.r + 0.7152 * text.g + 0.0722 * text.b > 0.5 ? Color.white.opacity(0.03) : lightBand
    }

    var count = 0
    var isEnabled = true
    var select: (Int) -> Void = { _ in }
    var selectedText: String?
    var bandColor = WheelPickerElement.lightBand
    /// The scroll position in rows.
    private(set) var scroll = AnimatedValue(0.0)
    private var started = false
    /// The binding's row at the last evaluation (a different one later is a change from outside).
    private var boundRow: Int?
    private var commitTimer: TimerHandle?
    private var wheelRemainder = 0.0
    // Pointer
    private var pressPoint: Point?
    private var pressScroll = 0.0
    private var dragging = false
    private var samples: [(t: Double, y: Double)] = []

    required init(path: ViewPath, host: ViewHost) {
        super.init(path: path, host: host)
        interaction.control = self
    }

    private var rows: [WheelRowElement] { layoutChildren.compactMap { $0 as? WheelRowElement } }
    private var lastRow: Double { Double(max(0, count - 1)) }
    /// The cylinder's radius: half the wheel's height (75 pt in a 150-pt frame, spec 02 §3.1).
    private var radius: Double { max(frame.height / 2, Self.rowHeight) }

    // MARK: Binding

    func sync(selected: Int?, _ ctx: ResolveContext) {
        defer { boundRow = selected }
        guard let row = selected else { return }
        if !started {
            started = true
            scroll = AnimatedValue(Double(row))
            return
        }
        guard row != boundRow, !dragging else {
            // Options may have gone: keep the wheel on them.
            if scroll.target > lastRow { move(to: lastRow, animation: nil, time: ctx.host.changeTime) }
            return
        }
        cancelCommit()
        move(to: Double(row), animation: ctx.transaction.animation, time: ctx.host.changeTime)
    }

    /// Sets the scroll position (animated or not) and schedules the commit of the row it heads to.
    private func move(to target: Double, animation: Animation?, time: Double) {
        scroll.set(target, at: time, animation: animation)
        if let end = scroll.endTime { host.noteAnimation(until: end) }
        host.redraw()
    }

    private func cancelCommit() {
        commitTimer?.invalidate()
        commitTimer = nil
    }

    /// Heads for `row` with `animation`, and sets the binding when the wheel is there.
    private func settle(on row: Int, animation: Animation?, time: Double) {
        cancelCommit()
        move(to: Double(row), animation: animation, time: time)
        let end = scroll.endTime ?? time
        if end <= time { commit(row); return }
        let timer = host.clock.schedule(at: end) { [weak self] in self?.commit(row) }
        commitTimer = timer
        interaction.timers.append(timer)
    }

    private func commit(_ row: Int) {
        commitTimer = nil
        interaction.timers.removeAll { $0.fireTime == nil }
        guard row != boundRow, (0..<count).contains(row) else { return }
        boundRow = row
        select(row)
    }

    /// The row the wheel shows or heads to.
    private var destination: Int { Int(min(max(scroll.target.rounded(), 0), lastRow)) }

    // MARK: Layout and drawing

    /// As wide as offered (its widest row plus margins when offered none); 216 pt tall, less when offered less.
    override func sizeThatFits(_ p: ProposedSize) -> Size {
        let width = p.width ?? rows.map { $0.size(for: .unspecified).width }.max().map { $0 + 48 } ?? 100
        return Size(width, max(0, min(p.height ?? Self.idealHeight, Self.idealHeight)))
    }

    override func place(in rect: Rect) {
        frame = rect
        let band = bandRect
        for r in rows { r.assign(in: band) }
    }

    private var bandRect: Rect {
        Rect(x: frame.minX, y: frame.midY - Self.rowHeight / 2, width: frame.width, height: Self.rowHeight)
    }

    override var extraAnimationEnd: Double? { scroll.endTime }

    /// Where row `index` is at `time`: its angle on the cylinder (nil: behind it) and its render transform.
    func rowPlacement(_ index: Int, at time: Double) -> (angle: Double, transform: Homography)? {
        let d = Double(index) - scroll.value(at: time)
        let r = radius, theta = d * Self.rowHeight / r
        guard abs(theta) < .pi / 2 - 0.01 else { return nil }
        let c = bandRect.center
        // Depth on the cylinder shrinks the row a little (eye at 2.5 R) and its tilt foreshortens it by cos θ.
        // Kept affine: a perspective tilt would draw the text through a coarse grid that slants its glyphs.
        let eye = 2.5 * r
        let depth = eye / (eye + r * (1 - cos(theta)))
        return (theta, .translation(0, r * sin(theta)) * .scale(depth, depth * cos(theta), about: c))
    }

    /// Rows outside the band are dimmed (30 % next to it), fading towards the cylinder's edge.
    static func dimming(_ theta: Double) -> Double { max(0, 0.33 * cos(theta)) }

    override func drawContent(_ dc: DrawContext) {
        var dc = dc
        if !isEnabled { dc.opacity *= 0.5 }
        let band = bandRect
        dc.fill(.roundedRect(band, cornerRadius: 8), bandColor)
        // Three clip regions: the band shows rows at full strength, above and below it they are dimmed; a row
        // crossing the band's edge is split between them, as behind iOS's lens.
        let regions: [(Rect, Bool)] = [
            (Rect(x: frame.minX, y: frame.minY, width: frame.width, height: band.minY - frame.minY), false),
            (band, true),
            (Rect(x: frame.minX, y: band.maxY, width: frame.width, height: frame.maxY - band.maxY), false),
        ]
        let time = dc.time
        for row in rows {
            guard let (theta, h) = rowPlacement(row.index, at: time) else { continue }
            let top = h.apply(Point(band.midX, band.minY)).y, bottom = h.apply(Point(band.midX, band.maxY)).y
            for (region, inBand) in regions where region.height > 0 && bottom > region.minY && top < region.maxY {
                var rdc = dc
                rdc.clip(to: region)
                rdc.opacity *= inBand ? 1 : Self.dimming(theta)
                guard rdc.opacity > 0.0005, !rdc.clipsEverything else { continue }
                row.draw(rdc)
            }
        }
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { frame.contains(point) }

    override var probeText: String? { selectedText }

    override func probeValues(at time: Double) -> [(key: String, value: ProbeValue)] {
        [("wheel.offset", .number(model: scroll.target, presented: scroll.value(at: time)))] + super.probeValues(at: time)
    }

    /// The row drawn at height `y` (nil: none there).
    private func row(atY y: Double, time: Double) -> Int? {
        let r = radius, u = (y - frame.midY) / r
        guard abs(u) < 1 else { return nil }
        let row = Int((scroll.value(at: time) + asin(u) * r / Self.rowHeight).rounded())
        return (0..<count).contains(row) ? row : nil
    }

    // MARK: Pointer

    func pressed(at p: Point, time: Double) {
        guard isEnabled, count > 0 else { return }
        // A press catches a moving wheel where it is.
        cancelCommit()
        let now = scroll.value(at: time)
        if scroll.isAnimating(at: time) || now != scroll.target { move(to: now, animation: nil, time: time) }
        pressPoint = p
        pressScroll = now
        dragging = false
        samples = [(time, p.y)]
    }

    func moved(to p: Point, inside: Bool, time: Double) {
        guard let start = pressPoint else { return }
        if !dragging && p.distance(to: start) >= 4 { dragging = true }
        samples.append((time, p.y))
        samples.removeAll { $0.t < time - 0.1 }
        guard dragging else { return }
        move(to: rubberBand(pressScroll - (p.y - start.y) / Self.rowHeight), animation: nil, time: time)
    }

    func released(at p: Point, inside: Bool, time: Double) {
        guard let start = pressPoint else { return }
        pressPoint = nil
        if !dragging && p.distance(to: start) >= 4 { dragging = true }
        if !dragging {
            // A click: the row under the pointer scrolls into the band; elsewhere the wheel settles where it is.
            let row = row(atY: p.y, time: time) ?? destination
            settle(on: row, animation: .easeInOut(duration: Self.clickDuration), time: time)
            return
        }
        dragging = false
        let p0 = rubberBand(pressScroll - (p.y - start.y) / Self.rowHeight)
        move(to: p0, animation: nil, time: time)
        samples.append((time, p.y))
        let recent = samples.filter { $0.t >= time - 0.1 }
        var v0 = 0.0
        if let first = recent.first, let last = recent.last, last.t - first.t > 1e-6 {
            v0 = -(last.y - first.y) / (last.t - first.t) / Self.rowHeight
        }
        samples = []
        let (row, animation) = Self.fling(from: p0, velocity: v0, rows: count)
        settle(on: row, animation: animation, time: time)
    }

    func cancelled() {
        guard pressPoint != nil else { return }
        pressPoint = nil
        dragging = false
        settle(on: destination, animation: .easeOut(duration: Self.snapDuration), time: host.now)
    }

    /// The row a release at `p0` rows moving at `v0` rows/s comes to rest on, and the motion there (see the type).
    static func fling(from p0: Double, velocity v0: Double, rows count: Int) -> (row: Int, animation: Animation) {
        let last = Double(max(0, count - 1))
        let rest = p0 + v0 * abs(v0) / (2 * deceleration)
        let row = min(max(rest.rounded(), 0), last)
        let delta = row - p0
        guard abs(v0) >= 0.5, delta * v0 > 0 else { return (Int(row), .easeOut(duration: snapDuration)) }
        let duration = min(max(2 * delta / v0, 0.2), 3)
        return (Int(row), .timingCurve(1.0 / 3, 2.0 / 3, 2.0 / 3, 1, duration: duration))
    }

    /// Past either end the wheel follows the pointer less and less (UIScrollView's rubber band, c = 0.55).
    private func rubberBand(_ raw: Double) -> Double {
        let span = max(frame.height, 1) / Self.rowHeight
        func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / span + 1)) * span }
        if raw < 0 { return -band(-raw) }
        if raw > lastRow { return lastRow + band(raw - lastRow) }
        return raw
    }

    // MARK: Mouse wheel and keys

    func scrolled(by lines: Double, at p: Point, time: Double) -> Bool {
        guard isEnabled, count > 0, pressPoint == nil else { return false }
        wheelRemainder += lines
        let notches = wheelRemainder.rounded(.towardZero)
        wheelRemainder -= notches
        if notches != 0 { step(Int(notches), time: time) }
        return true
    }

    private func step(_ by: Int, time: Double) {
        let target = min(max(destination + by, 0), count - 1)
        guard Double(target) != scroll.target else { return }
        settle(on: target, animation: .easeOut(duration: Self.stepDuration), time: time)
    }

    var focusRing: Path { .roundedRect(bandRect.insetBy(dx: -2, dy: -2), cornerRadius: 10) }

    func focusedKey(_ key: Key) -> Bool {
        guard !key.ctrl, count > 0 else { return false }
        let time = host.now
        switch key.name {
        case "up": step(-1, time: time)
        case "down": step(1, time: time)
        case "home": step(-count, time: time)
        case "end": step(count, time: time)
        default: return false
        }
        return true
    }
}

/// One row of a wheel: its label centred in the band, drawn where the wheel's scroll puts it.
final class WheelRowElement: WrapperElement {
    var index = 0

    override func sizeThatFits(_ p: ProposedSize) -> Size { child?.size(for: p) ?? .zero }
    override func place(in rect: Rect) {
        frame = rect
        guard let child else { return }
        let s = child.size(for: ProposedSize(width: max(0, rect.width - 16), height: rect.height))
        child.assign(in: Rect(center: rect.center, size: s))
    }

    override func localTransform(at time: Double) -> Homography? {
        guard let wheel = parent as? WheelPickerElement else { return nil }
        // Behind the cylinder: folded onto the wheel's edge, too small to see or hit.
        return wheel.rowPlacement(index, at: time)?.transform
            ?? .scale(0.001, 0.001, about: Point(frame.midX, wheel.frame.maxY))
    }

    override func containsDrawn(_ point: Point, time: Double) -> Bool { false }
}

// MARK: - Keys without focus

extension ViewHost {
    /// The scene's wheel picker when it has exactly one (enabled, shown): with nothing focused it takes ↑/↓ and
    /// Home/End, so a phone's lone wheel (the kaleidoscope's, spec 02 §3.3) needs no Tab first. It uses no other key,
    /// so Space and Esc still reach the player; with two wheels the keys wait for Tab to say which.
    var soleWheelPicker: WheelPickerElement? {
        let found = shown(WheelPickerElement.self, limit: 2) { $0.isEnabled }
        return found.count == 1 ? found[0] : nil
    }
}

// MARK: - Mouse wheel routing

/// An element that takes mouse-wheel input (the wheel picker).
protocol WheelScrollable: Element {
    /// `lines` > 0: content moves up (the wheel turned towards the user). True when used.
    func scrolled(by lines: Double, at p: Point, time: Double) -> Bool
}

extension ViewHost {
    /// The mouse wheel over `p` (content coordinates): the frontmost element there that scrolls, or one of its
    /// ancestors, takes it. False when nothing did (the player may use it).
    func scroll(at p: Point, lines: Double) -> Bool {
        // An open popup takes the wheel (a menu taller than the window scrolls its list).
        if let popup {
            popup.popupPointer(.wheel(p, lines), time: now)
            flush()
            return true
        }
        let t = now
        var e = root.hitTarget(p, time: t)?.0 ?? deepest(at: p, in: root, time: t)
        while let x = e {
            if let s = x as? WheelScrollable, s.scrolled(by: lines, at: x.toLocal(p, time: t), time: t) {
                flush()
                return true
            }
            e = x.parent
        }
        return false
    }

    /// The innermost element whose frame contains `p` (wheel input over plain content).
    private func deepest(at p: Point, in e: Element, time: Double) -> Element? {
        for c in e.children.reversed() where !c.transition.isRemoving {
            let q = c.toLocal(p, time: time)
            if c.frame.contains(q) { return deepest(at: p, in: c, time: time) ?? c }
        }
        return nil
    }
}
