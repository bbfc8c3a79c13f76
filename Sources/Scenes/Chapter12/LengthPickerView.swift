import Views

extension Chapter12 {
    /// The length picker between two wooden bars (spec 04 §2.2 items 2a–2c): "7 Letter | 8 Letter | 9 Letter",
    /// tags 1, 2, 3, bound to the persisted `selectedSegment` (0 at first: no segment selected). A choice is saved
    /// at once and takes effect at the next New Word.
    struct PickerView: View {
        @ObservedObject var settings: SettingsStore

        var body: some View {
            VStack(spacing: 10) {
                Image("find-words/topBar")
                    .resizable()
                    .frame(width: 280, height: 8)
                    .shadow(color: .black, radius: 1, x: 1, y: 1)
                    .padding(.bottom, 10)
                    .named("topBar")

                Picker("", selection: Binding(get: { settings.selectedSegment }, set: { settings.setSelectedSegment($0) })) {
                    Text("7 Letter").tag(1)
                    Text("8 Letter").tag(2)
                    Text("9 Letter").tag(3)
                }
                .pickerStyle(.segmented)
                .named("segmentedPicker")
                .background(
                    RoundedRectangle(cornerRadius: 8)
                        .stroke(Color.black, lineWidth: 4)
                        .shadow(color: .black, radius: 8)
                )
                .clipShape(RoundedRectangle(cornerRadius: 8))
                .padding(.horizontal, 50)
                .padding(.bottom, 10)

                Image("find-words/bottomBar")
                    .resizable()
                    .frame(width: 280, height: 8)
                    .shadow(color: .black, radius: 1, x: 1, y: 1)
                    .padding(.bottom, 10)
                    .named("bottomBar")
            }
        }
    }
}
