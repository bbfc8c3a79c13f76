import Views

extension Chapter14 {
    /// "Find The Color" (spec 05 §3; the book's `ContentView`): mix the target colour with one, two or three RGB
    /// sliders, check the score out of 100; a perfect score fires confetti. New Game? draws a new target.
    struct ContentView: View {
        @State var redTarget = Chapter14.randomComponent()
        @State var greenTarget = Chapter14.randomComponent()
        @State var blueTarget = Chapter14.randomComponent()
        // The app passes 0.5; the circle view zeroes them when it first appears (spec 05 §5 item 21).
        @State var redGuess = 0.5
        @State var greenGuess = 0.5
        @State var blueGuess = 0.5
        @State var selectedPickerIndex = 1
        @State var showAlert = false
        @State var counter = 0

        var target: (red: Double, green: Double, blue: Double) { (redTarget, greenTarget, blueTarget) }
        var guess: (red: Double, green: Double, blue: Double) { (redGuess, greenGuess, blueGuess) }

        var body: some View {
            ZStack {
                Image("find-the-color/background")
                    .resizable()
                    .named("background")

                VStack(spacing: 8) {
                    TitleView()

                    CircleView(redGuess: $redGuess, greenGuess: $greenGuess, blueGuess: $blueGuess,
                               target: target, selectedPickerIndex: selectedPickerIndex)

                    PickerView(selectedPickerIndex: $selectedPickerIndex)

                    RectangleView(guess: guess, target: target, selectedPickerIndex: selectedPickerIndex)
                        .confettiCannon(counter: $counter, num: 100, colors: [.pink, .red, .blue, .purple, .orange],
                                        rainHeight: 1800, radius: 500)
                        .named("confetti-origin")

                    Spacer()

                    SlidersView(redGuess: $redGuess, greenGuess: $greenGuess, blueGuess: $blueGuess,
                                selectedPickerIndex: selectedPickerIndex)
                        .scaleEffect(1)
                        .animation(.interactiveSpring(response: 0.4, dampingFraction: 0.5, blendDuration: 0.5),
                                   value: selectedPickerIndex)

                    Spacer()

                    Button(action: {
                        showAlert = true
                        playSound("scoreReveal")
                        if computeScore() == 100 {
                            counter += 1
                            // One global player: the pop takes over from the chime (README §3.10).
                            playSound("confettiPop")
                        }
                    }) {
                        Text("Check Score")
                            .foregroundColor(.black)
                            .padding(.vertical, 12)
                            .padding(.horizontal, 20)
                            .background(Color.yellow)
                            .cornerRadius(20)
                            .shadow(color: .black, radius: 2, x: 0, y: 4)
                    }
                    .named("check-score-button")
                }
                .alert("Your Score", isPresented: $showAlert) {
                    Button("Continue Playing?") {}
                    Button("New Game?", role: .destructive) { reset() }
                } message: {
                    Text("\(computeScore())")
                }
            }
        }

        func computeScore() -> Int { Chapter14.score(guess: guess, target: target, selectedPickerIndex: selectedPickerIndex) }

        /// New Game?: a new target, the sliders back to 0, the difficulty kept; running confetti goes on.
        func reset() {
            redTarget = Chapter14.randomComponent()
            greenTarget = Chapter14.randomComponent()
            blueTarget = Chapter14.randomComponent()
            redGuess = 0
            greenGuess = 0
            blueGuess = 0
        }
    }

    /// "Find The Color" in red, green and blue: a heavy serif at 35 pt.
    struct TitleView: View {
        var body: some View {
            HStack(spacing: 8) {
                Text("Find").foregroundColor(.red)
                Text("The").foregroundColor(.green)
                Text("Color").foregroundColor(.blue)
            }
            // The book's `.black` weight: the heaviest serif we have.
            .font(.system(size: 35, weight: .heavy, design: .serif))
            .named("title")
            .padding()
        }
    }
}
