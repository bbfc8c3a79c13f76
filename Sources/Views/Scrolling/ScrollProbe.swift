import Stage

extension Element {
    /// True when a scroll view around this element has scrolled it wholly out of view: probes report such nodes
    /// (list rows above or below the visible part) as `hidden`, with their `drawn` box where they would be.
    func isScrolledOutOfView(at time: Double) -> Bool {
        var x = parent
        while let a = x {
            if let scroll = a as? ScrollElement {
                guard let drawn = drawnBounds(at: time) else { return false }
                let visible = scroll.visibleBounds(at: time)
                if drawn.maxY <= visible.minY || drawn.minY >= visible.maxY || drawn.maxX <= visible.minX
                    || drawn.minX >= visible.maxX { return true }
            }
            x = a.parent
        }
        return false
    }
}
