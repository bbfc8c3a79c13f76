/// Xcode's canvas previews (`struct ContentView_Previews: PreviewProvider`): each becomes an entry the player can
/// open (`zoetrope run DIR --scene ContentView_Previews`).
@MainActor @preconcurrency
public protocol PreviewProvider: SendableMetatype {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// The canvas sizes of `.previewLayout(_:)`.
public enum PreviewLayout {
    case device, sizeThatFits
    case fixed(width: Double, height: Double)
}

public extension View {
    /// Xcode's canvas layout: on Linux the preview's window is the player's, so the view is shown as it is.
    func previewLayout(_ layout: PreviewLayout) -> Self { self }
    /// Xcode's canvas label: the player's title comes from the provider's name.
    func previewDisplayName(_ name: String?) -> Self { self }
}
