import Views

/// A tap felt in the hand on an iPhone. Linux has no haptics: each impact is recorded for the harness's `audio`
/// line and tests (spec README §3.11), and nothing else happens.
open class UIImpactFeedbackGenerator {
    public enum FeedbackStyle: Int { case light, medium, heavy, soft, rigid }
    public let style: FeedbackStyle

    public init(style: FeedbackStyle = .medium) { self.style = style }

    public func prepare() {}
    public func impactOccurred() {
        switch style {
        case .light: haptic(.light)
        case .medium: haptic(.medium)
        case .heavy: haptic(.heavy)
        case .soft: haptic(.soft)
        case .rigid: haptic(.rigid)
        }
    }
    public func impactOccurred(intensity: Double) { impactOccurred() }
}
