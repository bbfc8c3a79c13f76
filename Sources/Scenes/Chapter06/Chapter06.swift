import Stage
import Views

/// Chapter 6 of the book: the girl on a swing (spec 02 §4), then the book's build-up stages (§4.3: without the rope
/// extensions and leaves, figure 6.11; without the leaves, figure 6.12) and the sample project's leaves (§7).
/// A fixed 390 × 844 canvas: the 950 × 900 scene overflows it and is cropped, as on the phone (02 §1.1).
enum Chapter06 {
    static let scenes: [SceneEntry] = [
        .view("ch06-girl-on-swing", chapter: "Chapter 6", title: "Girl on a swing", size: Size(390, 844),
              mapping: .fixedCanvas) { GirlOnSwing() },
        .view("ch06-girl-on-swing-no-ropes", chapter: "Chapter 6", title: "Girl on a swing: the swing alone (figure 6.11)",
              size: Size(390, 844), mapping: .fixedCanvas) { GirlOnSwing(stage: .swingOnly) },
        .view("ch06-girl-on-swing-no-leaves", chapter: "Chapter 6", title: "Girl on a swing: ropes, no leaves (figure 6.12)",
              size: Size(390, 844), mapping: .fixedCanvas) { GirlOnSwing(stage: .withRopes) },
        .view("ch06-girl-on-swing-source", chapter: "Chapter 6", title: "Girl on a swing (source: filled leaves)",
              size: Size(390, 844), mapping: .fixedCanvas) { GirlOnSwing(leavesMode: .fill) },
    ]
}
