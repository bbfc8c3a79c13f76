import Views

/// Chapter 1, "Padding": 30 pt of red padding around a yellow block of text (spec 01 §2.1.15).
struct PaddingModifier: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("There is padding all around this view")
            Text("There is padding all around this view")
            Text("There is padding all around this view")
            Text("There is padding all around this view")
        }
        .background(Color.yellow)
        .named("inner")
        .padding(30)
        .background(Color.red)
        .named("frame")
    }
}
