import Views

/// Chapter 2, "Scale from an anchor" (spec 01 §2.2.12; sample project `Scale_Example_Three`): the heart shrinks to
/// a fifth toward its bottom-trailing corner, which stays put, and grows back.
struct ScaleExampleThree: View {
    @State private var scaleFromAnchor = true

    var body: some View {
        VStack {
            Text("SCALE FROM ANCHOR ").font(.title).bold()
                .named("title")
            Image(systemName: "heart.fill")
                .resizable()
                .frame(width: 150, height: 125)
                .foregroundColor(.red)
                .scaleEffect(scaleFromAnchor ? 1 : 0.2, anchor: .bottomTrailing)
                .animation(.default, value: scaleFromAnchor)
                .named("heart")
                .padding(10)
            Button("Scale from Anchor") {
                scaleFromAnchor.toggle()
            }
            .named("scaleButton")
        }
        .font(.title2)
    }
}
