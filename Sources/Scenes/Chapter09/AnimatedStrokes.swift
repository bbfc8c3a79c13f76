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

/// The phone's screen (spec 03 §0.1): black from edge to edge, the content laid out in the safe area
/// L = (0, 59, 393, 759).
struct StrokesScreen<Content: View>: View {
    @ViewBuilder let content: () -> Content

    var body: some View {
        ZStack {
            Color.black
                .named("background")
            content()
                .padding(.top, 59)
                .padding(.bottom, 34)
        }
    }
}
