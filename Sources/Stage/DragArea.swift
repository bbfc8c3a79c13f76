/// An invisible area that reports pointer drags: a press, moves with the button held, a release (spec README §3.12).
/// Moves can be coalesced to the latest one per frame (spec 05 §2.6): set `coalesceMoves` and call `flushMoves()`
/// once per frame.
public final class DragArea: Node {
    public var onPress: (Point) -> Void = { _ in }
    public var onMove: (Point) -> Void = { _ in }
    public var onRelease: (Point) -> Void = { _ in }
    public var coalesceMoves = false
    public private(set) var isDragging = false
    private var pendingMove: Point?

    public override var isInteractive: Bool { true }

    public override func pointerPressed(at point: Point, time: Double) {
        isDragging = true
        onPress(point)
    }
    public override func pointerMoved(to point: Point, time: Double) {
        guard isDragging else { return }
        if coalesceMoves { pendingMove = point } else { onMove(point) }
    }
    public override func pointerReleased(at point: Point, inside: Bool, time: Double) {
        flushMoves()
        isDragging = false
        onRelease(point)
    }
    public override func pointerCancelled(time: Double) {
        pendingMove = nil
        isDragging = false
    }

    /// Delivers the latest coalesced move, if any.
    public func flushMoves() {
        if let p = pendingMove { pendingMove = nil; onMove(p) }
    }
}
