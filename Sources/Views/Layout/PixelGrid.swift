import Stage

/// The display's pixel grid in content coordinates: SwiftUI rounds every view's frame to it after layout, so a
/// 1-pt divider, a border or a padding edge covers whole pixels instead of two half-blended rows. Each edge is
/// rounded on its own, to the nearest pixel with halves up, in content (window) coordinates: an edge two views share
/// lands on the same pixel line for both, and a frame whose edges are already on the grid is left alone.
struct PixelGrid: Equatable {
    /// Pixels per point (2 on a HiDPI screen).
    var scale: Double

    func round(_ v: Double) -> Double { (v * scale + 0.5).rounded(.down) / scale }

    func round(_ r: Rect) -> Rect {
        guard r.minX.isFinite, r.minY.isFinite, r.maxX.isFinite, r.maxY.isFinite else { return r }
        let x0 = round(r.minX), y0 = round(r.minY)
        return Rect(x: x0, y: y0, width: round(r.maxX) - x0, height: round(r.maxY) - y0)
    }
}
