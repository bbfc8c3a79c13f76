import Views

extension Chapter14 {
    /// The target and guess rectangles side by side, with the caption under the target and the 0–255 readout of
    /// all three guesses under the guess (spec 05 §3.3 row 4). The confetti cannon is attached to this row.
    struct RectangleView: View {
        let guess: (red: Double, green: Double, blue: Double)
        let target: (red: Double, green: Double, blue: Double)
        let selectedPickerIndex: Int

        var body: some View {
            let mix = Chapter14.effectiveGuess(guess: guess, target: target, selectedPickerIndex: selectedPickerIndex)
            HStack(spacing: 8) {
                VStack(spacing: 8) {
                    RoundedRectangle(cornerRadius: 5)
                        .fill(Color(red: target.red, green: target.green, blue: target.blue))
                        .frame(height: 40)
                        .named("target-rect")
                        .padding(.leading, 10)
                    Text("Target Color to Match")
                        .font(.caption)
                        .bold()
                        .foregroundColor(.black)
                        .named("target-caption")
                }
                .padding(.bottom, 5)
                .frame(maxWidth: .infinity)

                VStack(spacing: 8) {
                    RoundedRectangle(cornerRadius: 5)
                        .fill(Color(red: mix.red, green: mix.green, blue: mix.blue))
                        .frame(height: 40)
                        .named("guess-rect")
                        .padding(.trailing, 10)
                    HStack(spacing: 8) {
                        ChannelBadge(letter: "r", color: .red)
                        Text("\(Int(guess.red * 255))").named("readout-red")
                        ChannelBadge(letter: "g", color: .green)
                        Text("\(Int(guess.green * 255))").named("readout-green")
                        ChannelBadge(letter: "b", color: .blue)
                        Text("\(Int(guess.blue * 255))").named("readout-blue")
                    }
                    .font(.caption)
                    .foregroundColor(.black)
                    .named("readout")
                }
                .frame(maxWidth: .infinity)
            }
        }
    }

    /// Stands in for the SF Symbols `r.circle.fill`, `g.circle.fill` and `b.circle.fill`: a 17-pt disc in the
    /// channel colour with its lower-case letter in bold white.
    struct ChannelBadge: View {
        let letter: String
        let color: Color

        var body: some View {
            ZStack {
                Circle()
                    .fill(color)
                    .frame(width: 17, height: 17)
                Text(letter)
                    .font(.system(size: 12, weight: .bold))
                    .foregroundColor(.white)
                    .offset(y: -1)
            }
            .named("badge-" + letter)
        }
    }
}
