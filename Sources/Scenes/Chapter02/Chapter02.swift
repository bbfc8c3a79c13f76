import Stage
import Views

/// Chapter 2's animation demos in the book's order (spec 01 §2.2).
enum Chapter02 {
    static let scenes: [SceneEntry] = [
    ]
}
