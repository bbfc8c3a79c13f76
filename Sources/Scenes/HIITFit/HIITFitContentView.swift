import Views

extension HIITFit {
    /// The page container (spec 06 §1.A.9): Welcome (tag 9), then the four exercises (tags 0–3), paged side by side
    /// without index dots. The one history store of the run is made here once (`@StateObject`, the later chapters'
    /// fix of ch. 7's store built inline in `body`, §5.11) and put in the environment of the TabView.
    struct ContentView: View {
        @State private var selectedTab = 9
        @StateObject private var historyStore = HistoryStore()

        var body: some View {
            TabView(selection: $selectedTab) {
                WelcomeView(selectedTab: $selectedTab)
                    .tag(9)
                ForEach(0 ..< Exercise.exercises.count) { index in
                    ExerciseView(selectedTab: $selectedTab, index: index)
                        .tag(index)
                }
            }
            .environmentObject(historyStore)
            .tabViewStyle(PageTabViewStyle(indexDisplayMode: .never))
            .named("pages")
        }
    }
}
