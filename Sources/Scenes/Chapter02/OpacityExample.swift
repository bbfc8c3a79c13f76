import Views

/// Chapter 2, "Animate opacity" (spec 01 §2.2.9; sample project `Opacity_ Example`): the purple disc fades out and
/// back in. Below it two half-transparent discs overlap and make orange, since each leaf is blended on its own.
struct OpacityExample: View {
    @State private var appear = true

    var body: some View {
        VStack {
            Text("Appear/Disappear").font(.title).bold()
                .named("title")
            Circle()
                .foregroundColor(.purple)
                .opacity(appear ? 1 : 0)
                .animation(.easeIn, value: appear)
                .frame(height: 175)
                .named("disc")
            Button("Animate") {
                appear.toggle()
            }
            .named("animateButton")

            //MARK: - OVERLAPPING OPACITY
            VStack {
                Text("Overlapping Opacity").font(.title).bold()
                    .named("title2")
                Circle()
                    .foregroundColor(.yellow)
                    .frame(width: 100, height: 100)
                    .opacity(0.5)
                    .named("yellow")
                // Negative padding: the red disc's layout height clamps to 0, so it overlaps the yellow one.
                Circle()
                    .foregroundColor(.red)
                    .frame(width: 100, height: 100)
                    .opacity(0.5)
                    .named("red")
                    .padding(-60)
            }
            .padding(60)
            .named("overlapBlock")
        }
        .font(.title2)
    }
}
