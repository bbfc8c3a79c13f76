import Foundation
import Motion
import Stage

/// Pointer and wheel input of a scroll view.
///
/// - Mouse wheel: `wheelLine` pt per line (a notch), eased out over `wheelDuration` from where the view is heading,
///   clamped to the content. A view with nothing to scroll leaves the wheel to what is around it.
/// - Drag: a press on content that is not a control (or on a button, see `adoptDrag`) that moves `dragSlop` pt
///   scrolls; the content follows the pointer, rubber-banding past the ends. On release the velocity of the last
///   0.1 s carries on with constant deceleration `deceleration` (the curve P(u) = 2u − u², so the initial speed is
///   the release speed) and stops at the end it would pass; released past an end, it eases back.
extension ScrollElement {
    static let wheelLine = 40.0
    static let wheelDuration = 0.15
    static let dragSlop = 6.0
    /// pt/s²: a 1000 pt/s fling glides 200 pt in 0.4 s.
    static let deceleration = 2500.0
    static let minimumFlingSpeed = 60.0
    static let bounceDuration = 0.3

    // MARK: Wheel

    func scrolled(by lines: Double, at p: Point, time: Double) -> Bool {
        guard pressPoint == nil, maxOffset > 0 else { return false }
        let target = clamp(offset.target + lines * Self.wheelLine)
        if target != offset.target { move(to: target, animation: .easeOut(duration: Self.wheelDuration), time: time) }
        lastUsed = time
        return true
    }

    // MARK: Drag

    func pressed(at p: Point, time: Double) {
        // A press catches a moving view where it is.
        let now = offset.value(at: time)
        if now != offset.target || offset.isAnimating(at: time) { offset.set(now, at: time, animation: nil); host.redraw() }
        pressPoint = p
        pressOffset = now
        dragging = false
        samples = [(time, p.y)]
        lastUsed = time
    }

    func moved(to p: Point, inside: Bool, time: Double) {
        guard let start = pressPoint else { return }
        if !dragging && p.distance(to: start) >= Self.dragSlop && maxOffset > 0 { dragging = true }
        samples.append((time, p.y))
        samples.removeAll { $0.t < time - 0.1 }
        guard dragging else { return }
        move(to: rubberBand(pressOffset - (p.y - start.y)), animation: nil, time: time)
    }

    func released(at p: Point, inside: Bool, time: Double) {
        guard let start = pressPoint else { return }
        pressPoint = nil
        guard dragging else { return }
        dragging = false
        let y0 = rubberBand(pressOffset - (p.y - start.y))
        move(to: y0, animation: nil, time: time)
        samples.append((time, p.y))
        let recent = samples.filter { $0.t >= time - 0.1 }
        samples = []
        var v = 0.0
        if let first = recent.first, let last = recent.last, last.t - first.t > 1e-6 {
            v = -(last.y - first.y) / (last.t - first.t)
        }
        let (target, animation) = fling(from: y0, velocity: v)
        if let animation { move(to: target, animation: animation, time: time) }
    }

    func cancelled() {
        guard pressPoint != nil else { return }
        pressPoint = nil
        dragging = false
        let now = offset.value(at: host.now)
        if now != clamp(now) { move(to: clamp(now), animation: .easeOut(duration: Self.bounceDuration), time: host.now) }
    }

    /// Where a release at `y0` moving at `v` pt/s comes to rest, and the motion there (nil: it stays).
    func fling(from y0: Double, velocity v: Double) -> (Double, Animation?) {
        if y0 != clamp(y0) { return (clamp(y0), .easeOut(duration: Self.bounceDuration)) }
        guard abs(v) >= Self.minimumFlingSpeed else { return (y0, nil) }
        let target = clamp(y0 + v * abs(v) / (2 * Self.deceleration))
        let delta = target - y0
        guard delta * v > 0 else { return (y0, nil) }
        let duration = min(max(2 * delta / v, 0.1), 2)
        return (target, .timingCurve(1.0 / 3, 2.0 / 3, 2.0 / 3, 1, duration: duration))
    }

    /// Past either end the content follows the pointer less and less (UIScrollView's rubber band, c = 0.55).
    func rubberBand(_ raw: Double) -> Double {
        let span = max(frame.height, 1)
        func band(_ x: Double) -> Double { (1 - 1 / (x * 0.55 / span + 1)) * span }
        if raw < 0 { return -band(-raw) }
        if raw > maxOffset { return maxOffset + band(raw - maxOffset) }
        return raw
    }

    /// A press that started on a button (or on content with only a tap) inside a scroll view and then moved
    /// `dragSlop`: the button is cancelled (its action does not run) and the drag scrolls instead, as on iOS.
    /// Returns the scroll view that takes the rest of the gesture, or nil. Called by `PointerRouter.move`.
    static func adoptDrag(from e: Element, start: Point, to p: Point, time: Double) -> ScrollElement? {
        guard !(e is ScrollElement), p.distance(to: start) >= dragSlop,
              e.interaction.control is ButtonElement || (e.interaction.control == nil && e.interaction.drag == nil) else { return nil }
        var x = e.parent
        while let a = x, !(a is ScrollElement) { x = a.parent }
        guard let scroll = x as? ScrollElement, scroll.maxOffset > 0 else { return nil }
        e.interaction.control?.cancelled()
        scroll.pressed(at: scroll.toLocal(start, time: time), time: time)
        scroll.moved(to: scroll.toLocal(p, time: time), inside: true, time: time)
        return scroll
    }
}
