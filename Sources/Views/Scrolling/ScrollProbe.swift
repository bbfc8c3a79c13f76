import Stage

extension Element {
    /// True when a scroll view around this element has scrolled it wholly out of view: probes report such nodes
    /// (list rows above or below the visible part) as `hidden`, with their `drawn` box where they would be. The
    /// same for any clipping container (a paged TabView's pages off to the side).
    func isScrolledOutOfView(at time: Double) -> Bool {
        var x = parent
        while let a = x {
            if a.clipsContent {
                guard let drawn = drawnBounds(at: time) else { return false }
                let visible = Painter.bounds(of: a.frame, under: a.worldTransform(at: time))
                if drawn.maxY <= visible.minY || drawn.minY >= visible.maxY || drawn.maxX <= visible.minX
                    || drawn.minX >= visible.maxX { return true }
            }
            x = a.parent
        }
        return false
    }
}
