import Stage
import Views

/// Chapters 12–13 of the book: the word game "Find Words" (spec 04 §2). The scene's types live in this namespace:
/// chapter 11's elevator already uses the book's names `ContentView` and `DataModel` in this module.
enum Chapter12 {
    static let info = SceneInfo(id: "find-words", chapter: "Chapters 12–13", title: "Find Words", referenceSize: Size(393, 759),
                                mapping: .responsive)

    static let scenes: [SceneEntry] = [entry { .live($0) }]

    /// The scene with the services `make` gives for its context: the real ones in the catalogue, test doubles in
    /// tests. (It is `.view("find-words", …)` with the context handed through, which the scene needs for its seeded
    /// generator, asset folders, text measure and log.)
    static func entry(_ make: @escaping @MainActor @Sendable (SceneContext) -> Services) -> SceneEntry {
        SceneEntry(info: info) { context in
            let services = make(context)
            return ViewScene(context: context) { ContentView(services: services) }
        }
    }
}
