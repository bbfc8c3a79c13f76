import Views

/// One petal (the book's `PetalView`): the picture stretched to 75 × 125, turned about its bottom centre. The
/// parent passes the angle for the current state; the book's expression picks `degrees` either way (spec 03 §1.3),
/// so the turn comes from the parent's new `degrees`, animated when `petal` flips.
struct PetalView: View {
    @Binding var petal: Bool
    var degrees: Double

    var body: some View {
        Image("petal")
            .resizable()
            .frame(width: 75, height: 125)
            .rotationEffect(.degrees(petal ? degrees : degrees), anchor: .bottom)
            .animation(Animation.easeInOut(duration: 2).delay(2).repeatForever(autoreverses: true), value: petal)
    }
}
