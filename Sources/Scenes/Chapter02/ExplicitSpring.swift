import Views

/// Chapter 2, explicit animation (spec 01 §2.2.4): each click springs the label to 1.4× its size, with pronounced
/// bouncing. Only the label is scaled, so the button keeps its unscaled hit area.
struct ExplicitSpring: View {
    @State private var scaleUp = 1.0

    var body: some View {
        Button(action: {
            withAnimation(.interpolatingSpring(stiffness: 60, damping: 2)) {
                scaleUp *= 1.4
            }
        }) {
            Text("Scale up")
                .scaleEffect(scaleUp)
                .named("label")
        }
        .named("button")
    }
}
