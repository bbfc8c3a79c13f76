import Views

/// Chapter 2, "Scale an image" (spec 01 §2.2.11; sample project `Scale_Example_Two`): the ladybug shrinks to a
/// tenth of its size about its centre, and grows back.
struct ScaleExampleTwo: View {
    @State private var scaleBug = false

    var body: some View {
        VStack {
            Text("SCALE IMAGE").font(.title).bold()
                .named("title")
            Image(systemName: "ladybug.fill")
                .renderingMode(.original)
                .resizable()
                .frame(width: 150, height: 150)
                .scaleEffect(scaleBug ? 0.1 : 1)
                .animation(.default, value: scaleBug)
                .named("bug")
                .padding(10)
            Button("Scale Image") {
                scaleBug.toggle()
            }
            .named("scaleButton")
        }
        .font(.title2)
    }
}
