import Stage
import Views

/// Chapter 14 of the book: the colour-matching game (spec 05 §3). Its views are nested here because other
/// chapters have a `ContentView` too.
enum Chapter14 {
    static let scenes: [SceneEntry] = [
        .view("find-the-color", chapter: "Chapter 14", title: "Find The Color", size: Size(390, 844)) { ContentView() },
    ]

    /// The book's `Double.random(in: 0..<1)`, drawn from the scene's seeded generator (README §3.14), so
    /// `--seed` changes the targets and a seed and a script replay exactly.
    static func randomComponent() -> Double {
        var generator = SceneRandomNumberGenerator()
        return Double.random(in: 0..<1, using: &generator)
    }
}

extension Color {
    /// SwiftUI's `Color(red:green:blue:)`: an opaque sRGB colour from components in 0…1.
    init(red: Double, green: Double, blue: Double) { self.init(r: red, g: green, b: blue) }
}
