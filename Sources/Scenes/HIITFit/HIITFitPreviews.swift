import Views

extension HIITFit {
    /// `hiitfit-timer-view`: the TimerView preview, alone on a white 390 × 300 canvas, its `timerDone` a constant.
    struct TimerViewPreview: View {
        var body: some View {
            ZStack {
                Color.white
                TimerView(timerDone: .constant(false))
            }
            .frame(width: 390, height: 300)
        }
    }

    /// The ExerciseView previews the chapter walks through (spec 06 §1.A.10): one page with a constant selection
    /// (writes ignored) and a fresh store of its own in the environment.
    struct ExercisePreview: View {
        let index: Int
        var beforeTweak = false
        @StateObject private var historyStore = HistoryStore()

        var body: some View {
            HIITFitScreen {
                ExerciseView(selectedTab: .constant(index), index: index, beforeTweak: beforeTweak)
                    .environmentObject(historyStore)
            }
        }
    }
}
