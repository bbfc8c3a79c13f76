import Foundation
import Motion
import Stage

/// Handlers and gestures attached to an element.
struct Interaction {
    var onAppear: [() -> Void] = []
    var appeared = false
    var onDisappear: [() -> Void] = []
    /// `onTapGesture`: press and release with less than 10 pt of movement on what the element draws.
    var tap: (() -> Void)?
    var drag: DragGesture?
    var timers: [TimerHandle] = []
    /// The latest `onReceive` action (re-evaluation replaces it; the timer stays).
    var onReceive: ((Double) -> Void)?
    /// Set on the element a `Button`/control is: it takes pointer input over its frame.
    var control: ControlBehaviour?
    /// `onDeleteCommand` (Controls/DeleteCommand.swift).
    var onDelete: (() -> Void)?
    /// `onOpenURL` (Host/OpenURL.swift).
    var onOpenURL: ((URL) -> Void)?

    func cancelTimers() { timers.forEach { $0.invalidate() } }
}

extension Element {
    /// Drops children whose removal transition has ended (they leave for good); true when any left, here or below.
    @discardableResult
    func prune(at time: Double) -> Bool {
        var changed = false, below = false
        var kept: [Element] = []
        for c in children {
            if c.transition.isRemoving, let end = c.transition.removalEnd, time >= end {
                c.removed(); changed = true
            } else {
                if c.prune(at: time) { below = true }
                kept.append(c)
            }
        }
        if changed { replaceChildrenKeepingRemovals(kept) }
        return changed || below
    }

    /// The end of the last animation in this subtree (0 when none; infinity when one repeats forever).
    func latestAnimationEnd() -> Double {
        var end = max(properties.endTime ?? 0, transition.endTime ?? 0, extraAnimationEnd ?? 0)
        for c in children { end = max(end, c.latestAnimationEnd()) }
        return end
    }
}
