import Views

/// Chapter 6, "Girl on a swing" (spec 02 §4; the book's `ContentView`): a cut-out girl swings from a pivot 28 pt above
/// the screen through 15°, her lower legs kicking on their own clocks, in front of an autumn tree; two rope
/// extensions fade out upwards under a spray of leaves that hides where they would meet the branch.
struct GirlOnSwing: View {
    /// The book's build-up (figures 6.11–6.13); the finished scene is the default.
    enum BuildStage { case swingOnly, withRopes, finished }
    var stage = BuildStage.finished
    /// The book fits the leaves into their frame; the sample project fills it (02 §7).
    var leavesMode = ContentMode.fit

    @State private var swing = false
    @State private var moveRightLeg = false
    @State private var moveLeftLeg = false

    var body: some View {
        ZStack {
            // Stretched, not fitted: 612 × 612 becomes 550 × 900 and covers the whole phone screen.
            Image("tree")
                .resizable()
                .frame(width: 550, height: 900)
                .named("tree")

            SwingView(swing: swing, moveRightLeg: moveRightLeg, moveLeftLeg: moveLeftLeg, showRopes: stage != .swingOnly)

            if stage == .finished {
                // Not part of the swing: tilted 10° up about its frame's right-edge midpoint, drawn over everything.
                Image("leaves")
                    .resizable()
                    .aspectRatio(contentMode: leavesMode)
                    .frame(width: 460, height: 400)
                    .rotationEffect(.degrees(-10), anchor: .trailing)
                    .offset(x: -50, y: -180)
                    .named("leaves")
            }
        }
        // Without this frame the group's top (its pivot) would be the screen's (the book's figures 6.8 and 6.9).
        .frame(width: 950, height: 900)
        .onAppear {
            swing.toggle()
            moveRightLeg.toggle()
            moveLeftLeg.toggle()
        }
    }
}
