import Views

/// Chapter 2, "Animate offset" (spec 01 §2.2.7; sample project `Offset_ Example`): the square slides 150 pt right
/// and back. Its layout slot stays at the top; the offset only moves the drawing.
struct OffsetExample: View {
    @State private var moveRight = false

    var body: some View {
        VStack {
            RoundedRectangle(cornerRadius: 20)
                .foregroundColor(.blue)
                .frame(width: 75, height: 75)
                .offset(x: moveRight ? 150 : 0, y: 350)
                .animation(.default, value: moveRight)
                .named("rect")
            Spacer()
            Button("Animate") {
                moveRight.toggle()
            }
            .named("animateButton")
        }
        .font(.title2)
    }
}
