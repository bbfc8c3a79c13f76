import Views

/// Chapter 1, "State": a click changes the name the greeting shows (spec 01 §2.1.2).
struct StateName: View {
    @State private var name = "Bella"

    var body: some View {
        VStack {
            Text("Hello, \(name)")
                .named("greeting")
            Button("Change name") {
                name = "Jack"
            }
            .named("changeButton")
        }
    }
}
