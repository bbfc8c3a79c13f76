import Views

extension HIITFit {
    /// One exercise page, the final layout of ch. 7 (spec 06 §1.A.5): the buttons sit above the timer and the
    /// rating below the spacer, so showing or hiding the timer moves nothing else.
    struct ExerciseView: View {
        @EnvironmentObject var history: HistoryStore
        @State private var rating = 0
        @State private var showHistory = false
        @State private var showSuccess = false
        @Binding var selectedTab: Int
        let index: Int
        @State private var timerDone = false
        @State private var showTimer = false
        /// The layout of before "Tweaking the UI" (the optional teaching scene): the timer between the video and
        /// the buttons, and the spacer under the rating.
        var beforeTweak = false

        var lastExercise: Bool {
            index + 1 == Exercise.exercises.count
        }

        var startButton: some View {
            Button("Start Exercise") {
                showTimer.toggle()
            }
            .named("startButton")
        }

        var doneButton: some View {
            Button("Done") {
                history.addDoneExercise(Exercise.exercises[index].exerciseName)
                timerDone = false
                showTimer.toggle()
                if lastExercise {
                    showSuccess.toggle()
                } else {
                    selectedTab += 1
                }
            }
            .named("doneButton")
        }

        var body: some View {
            GeometryReader { geometry in
                // No gaps between the rows (the book's VStack has the default 8 pt): our fonts are taller than SF,
                // and with six 8-pt gaps the shown timer would push the stack 16 pt past the safe area, moving the
                // rating and History (spec 06 §4.2 check 7). The rows' own paddings keep them apart.
                VStack(spacing: 0) {
                    HeaderView(selectedTab: $selectedTab, titleText: Exercise.exercises[index].exerciseName)
                        .padding(.bottom)
                    VideoPlayerView(videoName: Exercise.exercises[index].videoName)
                        .frame(height: geometry.size.height * 0.45)
                    if beforeTweak {
                        if showTimer {
                            TimerView(timerDone: $timerDone)
                        }
                        buttonRow
                        RatingView(rating: $rating)
                            .padding()
                        Spacer()
                    } else {
                        buttonRow
                        if showTimer {
                            TimerView(timerDone: $timerDone)
                        }
                        Spacer()
                        RatingView(rating: $rating)
                            .padding()
                    }
                    Button("History") {
                        showHistory.toggle()
                    }
                    .named("historyButton")
                    .sheet(isPresented: $showHistory) {
                        HistoryView(showHistory: $showHistory)
                    }
                    .padding(.bottom)
                }
            }
        }

        var buttonRow: some View {
            HStack(spacing: 150) {
                startButton
                doneButton
                    .disabled(!timerDone)
                    .sheet(isPresented: $showSuccess) {
                        SuccessView(selectedTab: $selectedTab)
                    }
            }
            .font(.title3)
            .padding()
            .named("buttonRow")
        }
    }
}
