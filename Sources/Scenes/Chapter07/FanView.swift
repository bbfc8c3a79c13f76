import Views

/// The fan (the book's `FanView`): the propeller fitted to 200 pt wide with a wide black shadow, turning clockwise
/// four times every 4 s, linearly, for ever: one turn a second (spec 02 §5.1).
struct FanView: View {
    @State private var rotateFan = false

    var body: some View {
        Image("fan")
            .resizable()
            .aspectRatio(contentMode: .fit)
            .frame(width: 200)
            .shadow(color: .black, radius: 15, x: 0, y: 0)
            .rotationEffect(.degrees(rotateFan ? 1440 : 0))
            .animation(Animation.linear(duration: 4).repeatForever(autoreverses: false), value: rotateFan)
            .onAppear { rotateFan.toggle() }
    }
}
