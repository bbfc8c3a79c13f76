import Views

extension Chapter14 {
    /// The ⌀200 guess disc in the mixed colour with the ⌀80 target disc on top. When it first appears it sets the
    /// guesses to 0 (the project's code; spec 05 §5 item 21), so the player starts from black.
    struct CircleView: View {
        @Binding var redGuess: Double
        @Binding var greenGuess: Double
        @Binding var blueGuess: Double
        let target: (red: Double, green: Double, blue: Double)
        let selectedPickerIndex: Int

        var body: some View {
            let mix = Chapter14.effectiveGuess(guess: (redGuess, greenGuess, blueGuess), target: target,
                                               selectedPickerIndex: selectedPickerIndex)
            ZStack {
                Circle()
                    .fill(Color(red: mix.red, green: mix.green, blue: mix.blue))
                    .frame(width: 200, height: 200)
                    .named("guess-circle")
                Circle()
                    .fill(Color(red: target.red, green: target.green, blue: target.blue))
                    .frame(width: 80, height: 80)
                    .named("target-circle")
            }
            .frame(height: 200)
            .onAppear {
                redGuess = 0
                greenGuess = 0
                blueGuess = 0
            }
        }
    }
}
