import Views

/// Chapter 1, "Declarative button": a black title-style "Button" whose action does nothing (spec 01 §2.1.1).
struct DeclarativeButton: View {
    var body: some View {
        Button(action: {
            // nothing happens
        }) {
            Text("Button")
                .font(.title)
                .foregroundColor(.black)
        }
        .named("button")
    }
}
