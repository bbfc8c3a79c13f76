import Views

/// Chapter 2, explicit spring repeating forever (spec 01 §2.2.6): the label springs up to 1.4×, then springs back,
/// leg after leg; each leg lasts the spring's settling time (6.65 s).
struct ExplicitSpringRepeat: View {
    @State private var scaleUp = 1.0

    var body: some View {
        Button(action: {
            withAnimation(.interpolatingSpring(stiffness: 60, damping: 2).repeatForever(autoreverses: true)) {
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
