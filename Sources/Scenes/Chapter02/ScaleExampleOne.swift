import Views

/// Chapter 2, "Scale a shape" (spec 01 §2.2.10; sample project `Scale_Example_One`): the green circle shrinks to a
/// tenth of its size about its centre, and grows back.
struct ScaleExampleOne: View {
    @State private var scaleCircle = false

    var body: some View {
        VStack {
            Text("SCALE SHAPE").font(.title).bold()
                .named("title")
            Circle()
                .frame(width: 150)
                .foregroundColor(.green)
                .scaleEffect(scaleCircle ? 0.1 : 1)
                .animation(.default, value: scaleCircle)
                .named("circle")
            Button("Scale Shape") {
                scaleCircle.toggle()
            }
            .named("scaleButton")
        }
        .font(.title2)
    }
}
