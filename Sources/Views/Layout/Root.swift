import Stage

/// The root of a view tree: its content centred in the content area at whole points. SwiftUI rounds frames to the
/// pixel grid (nearest, halves up); rounding the root's centring is enough for content whose sizes are whole
/// points, so a 1-pt divider in a centred stack covers one row of pixels instead of two half-blended ones
/// (spec 01 §2.1.12).
final class RootElement: Element {
    override func place(in rect: Rect) {
        frame = rect
        for c in layoutChildren {
            let s = c.size(for: ProposedSize(rect.size))
            let origin = Point((rect.midX - s.width / 2 + 0.5).rounded(.down), (rect.midY - s.height / 2 + 0.5).rounded(.down))
            c.assign(in: Rect(origin: origin, size: s))
        }
    }
}
