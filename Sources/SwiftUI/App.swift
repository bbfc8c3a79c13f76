import Stage

/// An app as the book declares it: `@main struct ElevatorApp: App { var body: some Scene { WindowGroup { … } } }`.
/// The player runs the app, so `@main` does not start a run loop here: it hands the app type to the project being
/// loaded (`BookProject`), which makes the window group's content a scene.
@MainActor @preconcurrency
public protocol App: SendableMetatype {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
    init()
}

extension App {
    /// What `@main` calls.
    public static func main() { BookProject.loading.app = Self.self }

    /// The content view of the app's first window group.
    func windowContent() -> (any View)? { body.windowContent() }
}

/// Part of an app's user interface (a window group); not to be confused with the engine's `Stage.Scene`.
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

extension Scene {
    /// The content of the first window group inside this scene.
    func windowContent() -> (any View)? {
        if let group = self as? any WindowContent { return group.content }
        if Body.self == Never.self { return nil }
        return body.windowContent()
    }
}

extension Never: Scene {}

/// A scene that shows a view: the window group.
protocol WindowContent { var content: any View { get } }

/// The app's window: its content is the view the player shows.
public struct WindowGroup<Content: View>: Scene, WindowContent {
    let make: () -> Content
    public init(@ViewBuilder content: @escaping () -> Content) { make = content }
    public var body: Never { fatalError("WindowGroup has no body") }
    var content: any View { make() }
}

/// Builds an app's scenes from the statements of its `body` (one window group in the book's apps).
@resultBuilder
public enum SceneBuilder {
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    public static func buildExpression<S: Scene>(_ scene: S) -> S { scene }
}
