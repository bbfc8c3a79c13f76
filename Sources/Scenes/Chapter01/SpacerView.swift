import Views

/// Chapter 1, the sample project's Spacer example (variant of spec 01 §2.1.11): two spacers share the free height
/// equally, pushing the second group of texts to the bottom. The typo in the fourth text is the source's.
struct SpacerView: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Spacer()
            Text("Hi, I'm child one in this vertical stack")
            Text("Hi, I'm child two in this vertical stack")
            Text("Hi, I'm child three in this vertical stack")
            Text("Hi, i'mI'm child four in this vertical stack")

            Spacer()

            Text("Hi, I'm child five in this vertical stack")
            Text("Hi, I'm child six in this vertical stack")
            Text("Hi, I'm child seven in this vertical stack")
            Text("Hi, I'm child eight in this vertical stack")
        }
    }
}
