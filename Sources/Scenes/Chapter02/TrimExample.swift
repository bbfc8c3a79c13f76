import Views

/// Chapter 2, "Animate trim" (spec 01 §2.2.14; sample project `Trim_Example`): the thick red ring retracts to the
/// upper-left quarter and grows back. The circle's path starts at 3 o'clock; the 180° turn starts it at 9.
/// `trimFrom` 0.5 is the book's suggested change (spec 01 §2.2.15, `ch2-trim-smile`): trimming from the middle
/// leaves the bottom half, a smile, which retracts toward 3 o'clock and is gone once the trim end passes 0.5.
struct TrimExample: View {
    var trimFrom = 0.0
    @State private var animateTrim = false
    @State private var circleTrim = 1.0

    var body: some View {
        VStack {
            Text("ANIMATE TRIM").font(.title).bold()
                .named("title")
                .padding(.top, 10)
            Circle()
                .trim(from: trimFrom, to: circleTrim)
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
