import Stage
import Views

/// Chapter 1's scenes in the book's order (spec 01 §2.1).
enum Chapter01 {
    static let scenes: [SceneEntry] = [
        .view("ch1-state-name", chapter: "Chapter 1", title: "State") { StateName() },
    ]
}
