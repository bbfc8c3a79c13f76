import Views

/// Chapter 1, "Vertical dividers": dividers framed into blue 3×200 bars, the second drawn 300 pt to the right
/// (spec 01 §2.1.13).
struct DividerVertical: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("Hi, I'm child one in this vertical stack")
            Text("Hi, I'm child two in this vertical stack")
            Text("Hi, I'm child three in this vertical stack")
            Text("Hi, I'm child four in this vertical stack")

            Divider().frame(height: 200).frame(width: 3).background(Color.blue)
                .named("bar1")
            Divider().frame(height: 200).frame(width: 3).background(Color.blue).offset(x: 300, y: 0)
                .named("bar2")

            Text("Hi, I'm child five in this vertical stack")
            Text("Hi, I'm child six in this vertical stack")
            Text("Hi, I'm child seven in this vertical stack")
            Text("Hi, I'm child eight in this vertical stack")
        }
        .padding()
    }
}
