import Views

/// Chapter 1, "Spacer": the spacer pushes the two words to the padded edges (spec 01 §2.1.11).
struct SpacerHelloWorld: View {
    var body: some View {
        HStack {
            Text("Hello").named("hello")
            Spacer()
            Text("World").named("world")
        }
        .padding()
    }
}
