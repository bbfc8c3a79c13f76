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
        guard drag.start == nil, maxOffset > 0 else { return false }
        let target = clamp(offset.target + lines * Self.wheelLine)
        if target != offset.target { move(to: target, animation: .easeOut(duration: Self.wheelDuration), time: time) }
        lastUsed = time
        return true
    }

    // MARK: Drag

    func pressed(at p: Point, time: Double) {
        // A press catches a moving view where it is.
        if drag.press(at: p, coordinate: p.y, catching: &offset, time: time) { host.redraw() }
        lastUsed = time
    }

    func moved(to p: Point, inside: Bool, time: Double) {
        guard let start = drag.start else { return }
        if !drag.isDragging && p.distance(to: start) >= Self.dragSlop && maxOffset > 0 { drag.isDragging = true }
        drag.sample(p.y, time: time)
        guard drag.isDragging else { return }
        move(to: rubberBand(drag.startValue - (p.y - start.y)), animation: nil, time: time)
    }

    func released(at p: Point, inside: Bool, time: Double) {
        guard let start = drag.start else { return }
        guard drag.isDragging else { return drag.end() }
        let y0 = rubberBand(drag.startValue - (p.y - start.y))
        move(to: y0, animation: nil, time: time)
        let v = -drag.release(p.y, time: time)
        let (target, animation) = fling(from: y0, velocity: v)
        if let animation { move(to: target, animation: animation, time: time) }
    }

    func cancelled() {
        guard drag.start != nil else { return }
        drag.end()
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
        guard p.distance(to: start) >= dragSlop else { return nil }
        return handDrag(from: e, start: start, to: p, time: time, to: ScrollElement.self) { $0.maxOffset > 0 }
    }
}
