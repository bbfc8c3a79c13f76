import Views

/// A shaft (the book's `GearShaftView`): the dark rod picture stretched to 160 × 40 with a black 140 × 8 bar over
/// the rod that fades 0.5 → 0 and back once a second, so the rod seems to turn. The bar only fades; the book's
/// prose says it moves, but its code does not move it (spec 02 §5.4, §7).
struct GearShaftView: View {
    @State private var animateBar = false
    let barName: String

    var body: some View {
        ZStack {
            Image("shaft")
                .resizable()
                .frame(width: 160, height: 40)
            Capsule()
                .fill(Color.black)
                .frame(width: 140, height: 8)
                .offset(x: 0, y: -7)
                .opacity(animateBar ? 0 : 0.5)
                .animation(Animation.easeInOut(duration: 0.5).repeatForever(autoreverses: true), value: animateBar)
                .named(barName)
        }
        .onAppear { animateBar.toggle() }
    }
}
