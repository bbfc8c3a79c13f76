import Views

/// Chapter 9, "Animating Strokes" (spec 03 §2.3; the book's `ContentView`): three outlines stacked in three equal
/// rows 8 pt apart, each with its own chaser, all on their own timers but in step.
struct AnimatedStrokes: View {
    var body: some View {
        VStack(spacing: 8) {
            WeView()
            HeartView()
            SwiftUILogoView()
        }
    }
}
