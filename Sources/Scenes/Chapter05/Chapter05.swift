import Stage
import Views

/// Chapter 5 of the book: the kaleidoscope (hue rotation), on the fixed 390 × 844 canvas (spec 02 §1.1).
enum Chapter05 {
    static let scenes: [SceneEntry] = [
        .view("ch05-kaleidoscope", chapter: "Chapter 5", title: "Kaleidoscope: hue rotation", size: Size(390, 844),
              mapping: .fixedCanvas) { Kaleidoscope() },
    ]
}
