import Views

extension HIITFit {
    /// The first page (tag 9, spec 06 §1.A.8). It never mentions the history store, yet its History sheet shows the
    /// same store as the exercise pages: the sheet's HistoryView finds it in the environment.
    struct WelcomeView: View {
        @State private var showHistory = false
        @Binding var selectedTab: Int

        var body: some View {
            ZStack {
                VStack {
                    HeaderView(selectedTab: $selectedTab, titleText: "Welcome")
                    Spacer()
                    Button("History") {
                        showHistory.toggle()
                    }
                    .named("historyButton")
                    .sheet(isPresented: $showHistory) {
                        HistoryView(showHistory: $showHistory)
                    }
                    .padding(.bottom)
                }
                VStack {
                    HStack(alignment: .bottom) {
                        VStack(alignment: .leading) {
                            Text("Get fit")
                                .font(.largeTitle)
                            Text("with high intensity interval training")
                                .font(.headline)
                        }
                        Image("hiitfit/step-up")
                            .resizedToFill(width: 240, height: 240)
                            .clipShape(Circle())
                            .named("stepUpImage")
                    }
                    Button(action: { selectedTab = 0 }) {
                        // iOS lays a button's label views out in a row.
                        HStack {
                            Text("Get Started")
                            Image(systemName: "arrow.right.circle")
                        }
                    }
                    .font(.title2)
                    .named("getStarted")
                    .padding()
                    .background(
                        RoundedRectangle(cornerRadius: 20)
                            .stroke(Color.gray, lineWidth: 2))
                }
            }
        }
    }
}
