import Views

/// Chapter 1, the sample project's padding example (variant of spec 01 §2.1.15): eight texts on yellow inside
/// 30 pt of red padding.
struct PaddingModifierSource: View {
    var body: some View {
        VStack {
            VStack(alignment: .leading, spacing: 10) {
                Text("Hi, I'm child one in this vertical stack")
                Text("Hi, I'm child two in this vertical stack")
                Text("Hi, I'm child three in this vertical stack")
                Text("Hi, I'm child four in this vertical stack")
                Text("Hi, I'm child five in this vertical stack")
                Text("Hi, I'm child six in this vertical stack")
                Text("Hi, I'm child seven in this vertical stack")
                Text("Hi, I'm child eight in this vertical stack")
            }
            .background(Color.yellow)
            .named("inner")
            .padding(30)
            .background(Color.red)
            .named("frame")
        }
    }
}
