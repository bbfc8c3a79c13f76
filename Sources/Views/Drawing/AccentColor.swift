import Stage

public extension Stage.Color {
    /// The app's accent colour: the project's AccentColor asset is empty, so the system blue (spec 01 §0.2).
    static var accentColor: Color { .blue }
}
