import Views

/// Chapter 2, implicit spring (spec 01 §2.2.3): the tap-to-grow circle with a bouncy spring, so each tap overshoots
/// and wobbles before it settles; a tap during the wobble retargets the spring and keeps its velocity.
struct ImplicitSpringGrow: View {
    @State private var grow = 1.0

    var body: some View {
        Circle()
            .frame(width: 100, height: 100)
            .foregroundColor(.blue)
            .onTapGesture {
                grow += 0.5
            }
            .scaleEffect(grow)
            .animation(.spring(dampingFraction: 0.3, blendDuration: 0.5), value: grow)
            .named("circle")
    }
}
