import Views

/// Chapter 2, "Trim from the middle" (spec 01 §2.2.15, the book's suggested change to `Trim_Example`): trimming from
/// 0.5 leaves the bottom half, a smile; it retracts toward 3 o'clock and is gone once the trim end passes 0.5.
struct TrimSmileExample: View {
    @State private var animateTrim = false
    @State private var circleTrim = 1.0

    var body: some View {
        VStack {
            Text("ANIMATE TRIM").font(.title).bold()
                .named("title")
                .padding(.top, 10)
            Circle()
                .trim(from: 0.5, to: circleTrim)
                .stroke(Color.red, style: StrokeStyle(lineWidth: 30, lineCap: .round))
                .frame(height: 150)
                .rotationEffect(.degrees(180))
                .named("ring")
                .padding(.bottom, 20)
                .animation(.default, value: animateTrim)
            Button("Animate Trim") {
                animateTrim.toggle()
                circleTrim = animateTrim ? 0.25 : 1
            }
            .named("trimButton")
        }
        .font(.title2)
    }
}
