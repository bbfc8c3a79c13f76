import Views

/// Chapter 1, "Divider thickness": a divider framed into a blue 300×20 bar (spec 01 §2.1.14).
struct DividerThickness: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Hi, I'm child one in this vertical stack")
            Text("Hi, I'm child two in this vertical stack")
            Text("Hi, I'm child three in this vertical stack")
            Text("Hi, I'm child four in this vertical stack")

            Divider().frame(height: 20).frame(width: 300).background(Color.blue)
                .named("bar")

            Text("Hi, I'm child five in this vertical stack")
            Text("Hi, I'm child six in this vertical stack")
            Text("Hi, I'm child seven in this vertical stack")
            Text("Hi, I'm child eight in this vertical stack")
        }
        .padding()
    }
}
