import Views

/// The screen: on Linux, the player's content area (the window less the code panel), so layouts written against
/// `UIScreen.main.bounds` follow the window as they follow an iPhone's screen.
public final class UIScreen {
    public static let main = UIScreen()
    private init() {}

    /// The running scene's content area; an iPhone's 390 × 844 points outside a scene.
    public var bounds: Rect {
        Rect(origin: .zero, size: ViewScene.running?.contentSize ?? Size(390, 844))
    }
    public var scale: Double { 1 }
}
