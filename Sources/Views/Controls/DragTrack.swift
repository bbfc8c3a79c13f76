import Motion
import Stage

/// A press that may turn into a drag moving one animated value (a scroll offset, a page position): where it was
/// pressed, the value then, whether it has become a drag, and the pointer's recent positions along the drag's axis
/// for its speed at the release (ScrollView, the paged TabView).
struct DragTrack {
    /// Where the press started (nil: no press).
    private(set) var start: Point?
    /// The dragged value when pressed.
    private(set) var startValue = 0.0
    var isDragging = false
    private var samples: [(t: Double, at: Double)] = []
    /// How far back the release speed looks.
    static let speedWindow = 0.1

    /// A press at `p` (`coordinate` its position along the axis) catches `value` where it is now: a running
    /// animation stops there. True when that changed what is drawn.
    mutating func press(at p: Point, coordinate: Double, catching value: inout AnimatedValue<Double>, time: Double) -> Bool {
        let now = value.value(at: time)
        let caught = now != value.target || value.isAnimating(at: time)
        if caught { value.set(now, at: time, animation: nil) }
        start = p
        startValue = now
        isDragging = false
        samples = [(time, coordinate)]
        return caught
    }

    /// The pointer's position along the axis at `time`.
    mutating func sample(_ coordinate: Double, time: Double) {
        samples.append((time, coordinate))
        samples.removeAll { $0.t < time - Self.speedWindow }
    }

    /// Ends the press; the pointer's speed along the axis over the last 0.1 s (units per second, 0 when still).
    mutating func release(_ coordinate: Double, time: Double) -> Double {
        sample(coordinate, time: time)
        defer { end() }
        guard let first = samples.first, let last = samples.last, last.t - first.t > 1e-6 else { return 0 }
        return (last.at - first.at) / (last.t - first.t)
    }

    mutating func end() {
        start = nil
        isDragging = false
        samples = []
    }
}

/// A press on a button (or on a view with only a tap) inside a `Container` that has since moved the way the
/// container drags: the button is cancelled (its action does not run) and the container takes the rest of the
/// gesture, as on iOS. Returns the container, or nil when there is none or `wants` declines. Called by
/// `PointerRouter.move` through the containers' `adoptDrag`.
func handDrag<Container: Element & ControlBehaviour>(from e: Element, start: Point, to p: Point, time: Double,
                                                     to _: Container.Type, wants: (Container) -> Bool) -> Container? {
    guard !(e is Container),
          e.interaction.control?.yieldsToDraggingContainer ?? (e.interaction.drag == nil) else { return nil }
    var x = e.parent
    while let a = x, !(a is Container) { x = a.parent }
    guard let container = x as? Container, wants(container) else { return nil }
    e.interaction.control?.cancelled()
    container.pressed(at: container.toLocal(start, time: time), time: time)
    container.moved(to: container.toLocal(p, time: time), inside: true, time: time)
    return container
}
