import Views

/// Chapter 1, the sample project's version of the template (variant of spec 01 §2.1.3): the body is a computed
/// property holding one padded text.
struct ComputedProperty: View {
    var body: some View {
        Text("Hello World")
            .named("label")
            .padding()
    }
}
