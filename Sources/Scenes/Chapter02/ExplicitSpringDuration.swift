import Views

/// Chapter 2, explicit spring with a duration (spec 01 §2.2.5): the same spring, its time axis compressed so that
/// it settles exactly 2.5 s after the click (spec §3 item 6).
struct ExplicitSpringDuration: View {
    @State private var scaleUp = 1.0

    var body: some View {
        Button(action: {
            withAnimation(.interpolatingSpring(stiffness: 60, damping: 2, duration: 2.5)) {
                scaleUp *= 1.5
            }
        }) {
            Text("Scale up")
                .scaleEffect(scaleUp)
                .named("label")
        }
        .named("button")
    }
}
