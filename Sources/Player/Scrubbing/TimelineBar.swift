import Backend
import Foundation
import Stage

/// The scrub bar of a paused window (issue 14): a strip over the bottom of the scene with the scene's time axis from
/// 0 to the latest time its history reaches, a playhead to drag, the time as text, and the animations in flight at
/// the playhead, each as a bar over its time span with its curve drawn in it.
///
/// Dragging shows cached pictures (`FrameCache`) at once; when the pointer rests for `rest` seconds, or is released,
/// the session seeks to the exact time. The bar is drawn after the frame is read for screenshots and recordings, so
/// neither shows it.
final class TimelineBar {
    let cache = FrameCache()
    /// A drag of the playhead is under way.
    private(set) var dragging = false
    /// Where the dragged playhead is (scene time).
    private(set) var dragTime = 0.0
    /// Scene time of the last seek the bar made (the scene shows it).
    private var landed: Double?
    private var lastMove = 0.0
    private var seekDue = false
    /// Seconds the pointer rests before the exact frame is made.
    static let rest = 0.12
    /// The rect the bar took when last drawn (pointer input inside it is the bar's).
    private var drawnRect: Rect?
    private var framesDrawn = 0
    static let maxRows = 4

    func isShown(_ session: Session) -> Bool { session.isPaused && !session.isInMenu }

    // MARK: Input

    /// Takes the pointer when it presses on the bar and while it drags the playhead; false leaves it to the scene.
    func handle(_ event: PointerEvent, now: Double, session: Session, size: Size) -> Bool {
        guard isShown(session) || dragging else { return false }
        switch event {
        case let .press(p):
            guard (drawnRect ?? rect(size: size, rows: 0)).contains(p) else { return false }
            dragging = true
            move(to: p.x, now: now, session: session, size: size)
            return true
        case let .move(p):
            guard dragging else { return false }
            move(to: p.x, now: now, session: session, size: size)
            return true
        case let .release(p):
            guard dragging else { return false }
            move(to: p.x, now: now, session: session, size: size)
            dragging = false
            seekDue = true
            return true
        case .cancel:
            guard dragging else { return false }
            dragging = false
            seekDue = true
            return true
        case let .wheel(p, _):
            return drawnRect?.contains(p) ?? false
        }
    }

    private func move(to x: Double, now: Double, session: Session, size: Size) {
        let track = TimelineBar.track(size: size)
        let latest = session.latestSceneTime
        let u = track.width > 0 ? min(1, max(0, (x - track.minX) / track.width)) : 0
        dragTime = u * latest
        lastMove = now
        seekDue = true
    }

    /// Makes the exact frame when the drag rests or ends; true when the scene was moved (it must be drawn).
    func update(now: Double, session: Session) -> Bool {
        guard seekDue, !dragging || now - lastMove >= TimelineBar.rest else { return false }
        seekDue = false
        guard dragTime != landed || session.sceneTime != dragTime else { return false }
        landed = session.seek(to: dragTime, snap: true)
        // The playhead sits where the seek landed (a frame near the pointer), so the scene itself is shown.
        if let landed { dragTime = landed }
        return true
    }

    /// When the bar next needs the loop (the rest of a drag), in the same clock as `now`.
    var nextChange: Double? { seekDue ? lastMove + TimelineBar.rest : nil }

    /// The cached picture to show instead of the scene while the playhead is dragged away from the scene's time.
    func preview(session: Session) -> Framebuffer? {
        guard dragging, abs(dragTime - session.sceneTime) > 1e-9 else { return nil }
        return cache.picture(near: dragTime)?.picture
    }

    // MARK: The frame cache

    /// A picture being read for the cache, a few strips a frame, and the scene time it is of.
    private var capture: (reader: ReducedCapture, time: Double)?
    /// Frames a picture is read over: a quarter of it a frame costs ≈ 2 ms at 1280×800 on llvmpipe, where the whole
    /// in one frame (7 ms) dropped a frame four times a second (issue 24).
    static let captureFrames = 4
    /// A picture whose strips would come from frames further apart than this is dropped (a seek, a stall).
    static let captureSpan = 0.2

    /// After the scene was drawn (before any overlay): goes on reading the picture under way, or starts one when the
    /// frame's slot has none; and forgets pictures of a history that was cut.
    func sceneDrawn(session: Session, renderer: SDLRenderer) {
        guard !session.isInMenu else { capture = nil; return }
        // The first frames of a window may be read back before it is shown (black): none are kept.
        framesDrawn += 1
        guard framesDrawn > 3 else { return }
        cache.drop(after: session.latestSceneTime)
        let t = session.sceneTime
        if let c = capture {
            // Its later strips must show the moments just after its first (a paused scene shows the same one).
            guard t >= c.time, t - c.time <= TimelineBar.captureSpan else { capture = nil; return }
            readSome(renderer)
        } else if cache.wants(t) {
            capture = (renderer.startReducedCapture(levels: FrameCache.reduction), t)
            readSome(renderer)
        }
    }

    private func readSome(_ renderer: SDLRenderer) {
        guard let c = capture else { return }
        let strips = (c.reader.strips + TimelineBar.captureFrames - 1) / TimelineBar.captureFrames
        guard renderer.continueCapture(c.reader, strips: strips) else { capture = nil; return }
        if let picture = c.reader.picture {
            cache.add(picture, at: c.time)
            capture = nil
        }
    }

    // MARK: Drawing

    static func track(size: Size) -> Rect { Rect(x: 16, y: size.height - 20, width: max(1, size.width - 32), height: 4) }

    func rect(size: Size, rows: Int) -> Rect {
        let h = 46 + Double(rows) * 17
        return Rect(x: 0, y: size.height - h, width: size.width, height: h)
    }

    func draw(session: Session, on r: Renderer, size: Size) {
        guard isShown(session) else { drawnRect = nil; return }
        let latest = session.latestSceneTime
        let shown = dragging ? dragTime : session.sceneTime
        let animations = dragging && abs(dragTime - session.sceneTime) > 1e-9 ? []
            : ((session.host.scene as? AnimationListing)?.runningAnimations(at: session.sceneTime) ?? [])
        let rows = min(TimelineBar.maxRows, animations.count)
        let bar = rect(size: size, rows: rows)
        drawnRect = bar
        r.fillRect(bar, (18, 18, 24, 215))
        let track = TimelineBar.track(size: size)
        func x(_ t: Double) -> Double { latest > 0 ? track.minX + min(1, max(0, t / latest)) * track.width : track.minX }

        // The time axis: the track, a tick a second (every 5 or 10 s when long), the cached pictures as dots.
        r.fillRect(track, (85, 85, 98, 255))
        r.fillRect(Rect(x: track.minX, y: track.minY, width: x(shown) - track.minX, height: track.height), (10, 132, 255, 255))
        let step: Double = latest > 120 ? 30 : (latest > 40 ? 10 : (latest > 12 ? 5 : 1))
        var tick = 0.0
        while tick <= latest + 1e-9 {
            r.fillRect(Rect(x: x(tick) - 0.5, y: track.maxY + 2, width: 1, height: 4), (150, 150, 160, 255))
            tick += step
        }
        for f in cache.frames { r.fillRect(Rect(x: x(f.time) - 0.5, y: track.minY - 4, width: 1, height: 2), (120, 120, 135, 255)) }

        // The time as text, and the keys.
        let font = Font(size: 12, weight: .semibold)
        let label = String(format: "%.3f s / %.3f s", shown, latest) + (session.isBehindHistory && !dragging ? "  (scrubbed)" : "")
        r.drawText(label, font: font, at: Point(16, bar.minY + 7), (255, 255, 255, 255))
        let hint = "←/→ frame · ⇧ 1 s · Home · Space plays on"
        let hintFont = Font(size: 11)
        let hs = r.measure(hint, font: hintFont)
        if hs.width + r.measure(label, font: font).width + 40 < size.width {
            r.drawText(hint, font: hintFont, at: Point(size.width - 16 - hs.width, bar.minY + 8), (170, 170, 180, 255))
        }

        // The animations in flight at the playhead: a bar over each one's span with its curve, and its name.
        for (i, a) in animations.prefix(rows).enumerated() {
            let top = bar.minY + 26 + Double(i) * 17, h = 13.0
            let end = a.span.end ?? max(latest, session.sceneTime + 1)
            let x0 = x(a.span.start), x1 = max(x0 + 2, a.span.end == nil ? track.maxX : x(end))
            let hue = TimelineBar.palette[i % TimelineBar.palette.count]
            r.fillRect(Rect(x: x0, y: top, width: x1 - x0, height: h), (hue.0, hue.1, hue.2, 70))
            // The curve on the time axis, as far as the axis goes: progress 0 at the bottom of the row, 1 at the top.
            let n = 32
            var points: [Point] = []
            let spanEnd = min(a.span.end ?? latest, latest)
            for k in 0...n where spanEnd > a.span.start {
                let t = a.span.start + (spanEnd - a.span.start) * Double(k) / Double(n)
                let p = min(1.15, max(-0.15, a.span.progress(t)))
                points.append(Point(x(t), top + h - p * h))
            }
            polyline(points, width: 1.5, (hue.0, hue.1, hue.2, 255), on: r)
            // Its name beside the bar where there is room, else on a dark box at the left.
            let name = a.label + "  " + a.span.curve, small = Font(size: 10)
            let w = r.measure(name, font: small).width
            let lx: Double
            if x0 - 6 - w >= 16 { lx = x0 - 6 - w } else if x1 + 6 + w <= size.width - 16 { lx = x1 + 6 } else {
                lx = 16
                r.fillRect(Rect(x: 14, y: top, width: w + 4, height: h), (18, 18, 24, 200))
            }
            r.drawText(name, font: small, at: Point(lx, top), (220, 220, 230, 255))
        }
        if animations.count > rows {
            r.drawText("+\(animations.count - rows) more", font: Font(size: 10),
                       at: Point(16, bar.minY + 26 + Double(rows) * 17 - 2), (170, 170, 180, 255))
        }

        // The playhead.
        let px = x(shown)
        r.fillRect(Rect(x: px - 1, y: bar.minY + 24, width: 2, height: track.maxY - bar.minY - 22), (255, 255, 255, 255))
        r.fillCircle(center: Point(px, track.midY), radius: 7, (255, 255, 255, 255), segments: 20)
        r.fillCircle(center: Point(px, track.midY), radius: 4, (10, 132, 255, 255), segments: 20)
    }

    static let palette: [(UInt8, UInt8, UInt8)] = [(255, 159, 10), (48, 209, 88), (191, 90, 242), (100, 210, 255)]

    private func polyline(_ points: [Point], width: Double, _ c: RGBA8, on r: Renderer) {
        var v: [Vertex] = []
        var indices: [Int32] = []
        for (a, b) in zip(points, points.dropFirst()) {
            let dx = b.x - a.x, dy = b.y - a.y, len = max(1e-9, (dx * dx + dy * dy).squareRoot())
            let nx = -dy / len * width / 2, ny = dx / len * width / 2
            let base = Int32(v.count)
            v += [Vertex(Point(a.x + nx, a.y + ny), c), Vertex(Point(b.x + nx, b.y + ny), c),
                  Vertex(Point(b.x - nx, b.y - ny), c), Vertex(Point(a.x - nx, a.y - ny), c)]
            indices += [base, base + 1, base + 2, base, base + 2, base + 3]
        }
        r.drawTriangles(v, indices: indices, texture: nil, blend: .alpha)
    }

}
