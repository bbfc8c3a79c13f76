import Views

/// The book's stroke chaser (spec 03 §2.1), which `WeView`, `HeartView` and `SwiftUILogoView` each repeat: the shape's
/// whole outline in thin grey, and over it a 5-pt stroke trimmed to [start, end] that races round the path.
/// Every 0.23 s `end` moves on 0.12 of the path with the default easeOut and `start` follows 0.4 behind, so the
/// overlapping animations add up (README §3.6). Once `end` has passed the path's end a one-shot timer puts both
/// back to 0 after 0.6 s, without animation, which stops the animations still running, and the chase starts again.
struct StrokeChaser<S: Shape>: View {
    let shape: S
    let color: Color
    /// Names the two strokes for the probes (`weOutline`, `weChaser`, …).
    let name: String

    @State private var end = 0.0
    @State private var start = 0.0
    /// True until a reset is scheduled, so each lap schedules exactly one.
    @State private var resetArmed = true

    var body: some View {
        ZStack {
            shape
                .stroke(style: StrokeStyle(lineWidth: 0.5, lineCap: .round, lineJoin: .round))
                .foregroundColor(.gray)
                .named(name + "Outline")
            shape
                .trim(from: start, to: end)
                .stroke(style: StrokeStyle(lineWidth: 5, lineCap: .round, lineJoin: .round))
                .foregroundColor(color)
                .named(name + "Chaser")
        }
        .onAppear {
            // Like the original, never invalidated: the scene's clock drops it when the scene closes.
            Timer.scheduledTimer(withTimeInterval: 0.23, repeats: true) { _ in
                if end >= 1 && resetArmed {
                    Timer.scheduledTimer(withTimeInterval: 0.6, repeats: false) { _ in
                        end = 0
                        start = 0
                        resetArmed = true
                    }
                    resetArmed = false
                }
                withAnimation(.easeOut) {
                    end += 0.12
                    start = end - 0.4
                }
            }
        }
    }
}
