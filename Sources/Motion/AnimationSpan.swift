/// One animation in flight on one property, read-only, for the player's timeline (issue 14's scrub): when it
/// started, when it ends, what curve it follows.
public struct AnimationSpan {
    /// Scene time the animation began (its delay, if any, comes after).
    public let start: Double
    /// Scene time it completes; nil when it repeats forever.
    public let end: Double?
    /// The animation as written (`easeInOut(duration: 1.0)`, `spring(…)`, …).
    public let curve: String
    /// Its progress at scene time t, 0 at the start and 1 when done (springs may overshoot), for drawing its curve.
    public let progress: (Double) -> Double

    public init(start: Double, end: Double?, curve: String, progress: @escaping (Double) -> Double) {
        self.start = start; self.end = end; self.curve = curve; self.progress = progress
    }
}
