import Views

/// The turntable case: a black rounded square with the wood inset 10 pt, glowing softly white at its edge.
struct RecordPlayerBox: View {
    var body: some View {
        ZStack {
            RoundedRectangle(cornerRadius: 10)
                .frame(width: 345, height: 345)
                .named("boxFrame")
            Image("woodGrain")
                .resizable()
                .frame(width: 325, height: 325)
                .named("wood")
                .shadow(color: .white, radius: 3)
                .named("woodGlow")
        }
    }
}
