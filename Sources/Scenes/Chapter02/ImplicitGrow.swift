import Views

/// Chapter 2, implicit animation (spec 01 §2.2.2): each tap on the circle makes it half a size-unit bigger, and the
/// animation modifier watching `grow` animates the change. The tap comes before the scale, so it hits the circle as
/// drawn.
struct ImplicitGrow: View {
    @State private var grow = 1.0

    var body: some View {
        Circle()
            .frame(width: 100, height: 100)
            .foregroundColor(.blue)
            .onTapGesture {
                grow += 0.5
            }
            .scaleEffect(grow)
            .animation(.default, value: grow)
            .named("circle")
    }
}
