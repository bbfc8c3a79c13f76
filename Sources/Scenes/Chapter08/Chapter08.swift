import Stage
import Views

/// Chapter 8 of the book: the breathing flower under falling snow (spec 03 §1.1). The snow alone (§1.2) is the
/// Stage scene `SnowScene`, listed right after these. A fixed 393 × 852 canvas, the iPhone 14 Pro the sample
/// project targets, whose content is laid out in the safe area L = (0, 59, 393, 759) (spec 03 §0.1).
enum Chapter08 {
    static let scenes: [SceneEntry] = [
        .view("ch08-breathing-flower", chapter: "Chapter 8", title: "Breathing Flower", size: Size(393, 852),
              mapping: .fixedCanvas) { PhoneScreen { BreathingFlower() } },
    ]
}
