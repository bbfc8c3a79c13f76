import Stage
import Views

/// Chapter 3 of the book: the breathing flower.
enum Chapter03 {
    static let scenes: [SceneEntry] = [
        .view("ch3-breathing", chapter: "Chapter 3", title: "Breathing", size: Size(390, 844)) { Breathing() },
    ]
}
