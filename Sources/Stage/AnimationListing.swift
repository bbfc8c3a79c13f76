import Motion

/// An animation in flight in a scene: which property of which node, and its span (start, end, curve).
public struct RunningAnimation {
    /// The named node it belongs to (the nearest name above it), or nil.
    public let node: String?
    /// The property (`offset.x`, `opacity`, `transition`, …).
    public let property: String
    public let span: AnimationSpan
    public init(node: String?, property: String, span: AnimationSpan) {
        self.node = node; self.property = property; self.span = span
    }
    /// `leftDoor.offset.x`, or the property alone.
    public var label: String { node.map { "\($0).\(property)" } ?? property }
}

/// A scene that can list its running animations (read-only; the player's timeline draws them while paused).
public protocol AnimationListing {
    func runningAnimations(at time: Double) -> [RunningAnimation]
}
