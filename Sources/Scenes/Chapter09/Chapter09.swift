import Stage
import Views

/// Chapter 9 of the book: strokes chasing round vector shapes (spec 03 §2), and each of its three views alone as in
/// its Xcode preview but on black (§2.4). A fixed 393 × 852 phone canvas, scaled to the window with black bars.
enum Chapter09 {
    static let scenes: [SceneEntry] = [
        .view("ch09-animated-strokes", chapter: "Chapter 9", title: "Animated Strokes", size: Size(393, 852),
              mapping: .fixedCanvas) { onBlack(AnimatedStrokes()) },
        .view("ch09-we-stroke", chapter: "Chapter 9", title: "WE stroke", size: Size(393, 852),
              mapping: .fixedCanvas) { onBlack(WeView()) },
        .view("ch09-heart-stroke", chapter: "Chapter 9", title: "Heart stroke", size: Size(393, 852),
              mapping: .fixedCanvas) { onBlack(HeartView()) },
        .view("ch09-swiftui-logo-stroke", chapter: "Chapter 9", title: "SwiftUI logo stroke", size: Size(393, 852),
              mapping: .fixedCanvas) { onBlack(SwiftUILogoView()) },
    ]

    /// On the phone's screen, black from edge to edge.
    static func onBlack<V: View>(_ view: V) -> some View {
        PhoneScreen { Color.black.named("background") } content: { view }
    }
}
