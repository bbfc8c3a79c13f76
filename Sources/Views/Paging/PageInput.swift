import Foundation
import Motion
import Stage

/// Pointer and key input of a paged `TabView` (spec 06 §1.A.9).
///
/// - Drag: a press on a page that moves `PageLook.dragSlop` pt, more across than down, moves the pages with the
///   pointer (a quarter as far past the first and last page). On release it turns to the neighbouring page when the
///   pages moved past half the width, or when the pointer was moving faster than 500 pt/s (its speed over the last
///   0.1 s) toward it; otherwise it goes back. Either way it settles in 0.3 s, ease-out (the curve of iOS's paging
///   scroll view's settle is close to it), and the selection is set at the release.
/// - A press on a button or a tap-only view that turns into such a drag pages instead (the button's action does not
///   run), as on iOS (`adoptDrag`).
/// - ← and →: the previous or next page, with the same settle (when nothing focused takes the key).
extension PageElement: ControlBehaviour {
    func pressed(at p: Point, time: Double) {
        // A press catches moving pages where they are.
        if drag.press(at: p, coordinate: p.x, catching: &position, time: time) { host.redraw() }
        lastUsed = time
    }

    func moved(to p: Point, inside: Bool, time: Double) {
        guard let start = drag.start else { return }
        let dx = p.x - start.x, dy = p.y - start.y
        if !drag.isDragging && hypot(dx, dy) >= PageLook.dragSlop && abs(dx) > abs(dy) && count > 1 { drag.isDragging = true }
        drag.sample(p.x, time: time)
        guard drag.isDragging else { return }
        move(to: band(drag.startValue - dx / max(frame.width, 1)), animation: nil, time: time)
    }

    func released(at p: Point, inside: Bool, time: Double) {
        guard let start = drag.start else { return }
        guard drag.isDragging else {
            drag.end()
            // A press that did not drag leaves moving pages where they were heading.
            if position.target != Double(selected) { settle(on: selected, time: time) }
            return
        }
        let pressed = drag.startValue
        move(to: band(pressed - (p.x - start.x) / max(frame.width, 1)), animation: nil, time: time)
        let v = drag.release(p.x, time: time)
        settle(on: turn(from: pressed, to: position.target, velocity: v), time: time)
    }

    func cancelled() {
        guard drag.start != nil else { return }
        drag.end()
        settle(on: selected, time: host.now)
    }

    /// The page a drag released at `released` (pages) moving at `velocity` (pt/s, positive rightward) settles on.
    func turn(from pressed: Double, to released: Double, velocity: Double) -> Int {
        let base = pressed.rounded()
        let moved = released - base
        var step = 0.0
        if abs(velocity) > PageLook.turnSpeed { step = velocity < 0 ? 1 : -1 }
        else if abs(moved) > PageLook.turnFraction { step = moved > 0 ? 1 : -1 }
        return Int(base + step)
    }

    /// Past the first or last page the pages follow the pointer a quarter as far.
    private func band(_ raw: Double) -> Double {
        let last = Double(max(count - 1, 0))
        if raw < 0 { return raw / 4 }
        if raw > last { return last + (raw - last) / 4 }
        return raw
    }

    /// A press on a button (or a tap-only view) inside a page that then moves across: the button is cancelled and
    /// the pages take the rest of the gesture. Returns the container, or nil. Called by `PointerRouter.move`.
    static func adoptDrag(from e: Element, start: Point, to p: Point, time: Double) -> PageElement? {
        let dx = p.x - start.x, dy = p.y - start.y
        guard hypot(dx, dy) >= PageLook.dragSlop, abs(dx) > abs(dy) else { return nil }
        return handDrag(from: e, start: start, to: p, time: time, to: PageElement.self) { $0.count > 1 }
    }

    /// ← / →: the previous or next page.
    func pageKey(_ name: String, time: Double) -> Bool {
        let step = name == "left" ? -1 : 1
        let page = selected + step
        guard page >= 0, page < count else { return false }
        settle(on: page, time: time)
        return true
    }
}

extension ViewHost {
    /// True when a paged container used the key (← / →). Called by `FocusController.key` for keys nothing focused
    /// took; the container last dragged or paged gets it, else the scene's only shown one.
    func pageKey(_ key: Key) -> Bool {
        guard !key.ctrl, !key.shift, key.name == "left" || key.name == "right" else { return false }
        let pagers = shown(PageElement.self) { $0.count > 1 && !$0.isScrolledOutOfView(at: now) }
        guard let target = pagers.lastUsedOrSole else { return false }
        let used = target.pageKey(key.name, time: now)
        flush()
        return used
    }
}

extension PageElement: LastUsed {}
