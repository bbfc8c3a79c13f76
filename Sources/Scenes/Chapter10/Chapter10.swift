import Stage
import Views

/// Chapter 10 of the book: the ocean scene and the previews it is built from (spec 03 §3). All are the fixed
/// 393 × 852 canvas of an iPhone 14 Pro, content laid out in its safe area (03 §0.1), scaled to the window with
/// black bars.
enum Chapter10 {
    static let scenes: [SceneEntry] = [
        .view("ch10-ocean", chapter: "Chapter 10", title: "Ocean Scene (Making Waves)", size: Size(393, 852),
              mapping: .fixedCanvas) { OceanView() },
        .view("ch10-wave-shape", chapter: "Chapter 10", title: "Wave shape (preview)", size: Size(393, 852),
              mapping: .fixedCanvas) { WaveShapePreview() },
        .view("ch10-buoy", chapter: "Chapter 10", title: "Buoy (preview)", size: Size(393, 852),
              mapping: .fixedCanvas) { BuoyPreview() },
        .view("ch10-first-wave", chapter: "Chapter 10", title: "First wave", size: Size(393, 852),
              mapping: .fixedCanvas) { FirstWave() },
    ]
}
