import Views

extension HIITFit {
    /// A page's title over four circled numbers, the current page's filled; tapping one opens that exercise.
    struct HeaderView: View {
        @Binding var selectedTab: Int
        let titleText: String

        var body: some View {
            VStack {
                Text(titleText)
                    .font(.largeTitle)
                    .named("title")
                HStack {
                    ForEach(0 ..< Exercise.exercises.count) { index in
                        let fill = index == selectedTab ? ".fill" : ""
                        Image(systemName: "\(index + 1).circle\(fill)")
                            .foregroundColor(.blue)
                            .onTapGesture { selectedTab = index }
                            .probeState("filled", index == selectedTab)
                            .named("headerIcon\(index + 1)")
                    }
                }
                .font(.title2)
            }
        }
    }
}
