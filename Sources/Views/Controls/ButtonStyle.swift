import Stage

/// How the buttons inside look (SwiftUI's `ButtonStyle`): the style draws the label from its configuration, which
/// tells whether the button is pressed. A styled button draws no pressed look of its own, and its label is not
/// tinted with the accent colour. Pressing, moving out and back, and releasing each update the view, so a style
/// can animate between the looks; the release is applied before the action runs, so an animation the style gives
/// to its pressed look does not reach the changes the action makes.
@MainActor @preconcurrency
public protocol ButtonStyle {
    associatedtype Body: View
    typealias Configuration = ButtonStyleConfiguration
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

public struct ButtonStyleConfiguration {
    /// The button's label, as the button was given it.
    public struct Label: View, PrimitiveView {
        let content: any View
        func resolve(_ ctx: ResolveContext) -> [Element] { ctx.resolve(content) }
    }
    public let label: Label
    public let isPressed: Bool
}

public extension View {
    /// Draws every button inside with `style`.
    func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment { $0.buttonStyle = AnyButtonStyle(style) }
    }
}

/// A type-erased style.
struct AnyButtonStyle {
    let makeBody: (ButtonStyleConfiguration) -> any View
    init<S: ButtonStyle>(_ style: S) { makeBody = { style.makeBody(configuration: $0) } }
}

extension EnvironmentValues {
    var buttonStyle: AnyButtonStyle? {
        get { (objects[ObjectIdentifier(ButtonStyleKey.self)] as? ButtonStyleKey)?.style }
        set { objects[ObjectIdentifier(ButtonStyleKey.self)] = newValue.map(ButtonStyleKey.init) }
    }
}

private final class ButtonStyleKey {
    let style: AnyButtonStyle
    init(_ style: AnyButtonStyle) { self.style = style }
}
