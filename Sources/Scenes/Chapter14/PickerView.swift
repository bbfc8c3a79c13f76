import Views

extension Chapter14 {
    /// The difficulty: a segmented control on a yellow card, and the label under it, whose text cross-fades
    /// (0.2 s, easeInOut) when the difficulty changes.
    struct PickerView: View {
        @Binding var selectedPickerIndex: Int
        static let labels = ["Easy 😌", "Hard 😓", "Extreme! 🥵"]

        var body: some View {
            VStack(spacing: 8) {
                Picker("Difficulty", selection: $selectedPickerIndex) {
                    Text(Self.labels[0]).tag(0)
                    Text(Self.labels[1]).tag(1)
                    Text(Self.labels[2]).tag(2)
                }
                .pickerStyle(.segmented)
                .named("difficulty-picker")
                .background(Color.yellow)
                .cornerRadius(8)
                .shadow(color: .black, radius: 2, x: 0, y: 4)
                .padding(.horizontal, 16)
                .padding(.top, 16)

                // One text per difficulty: the old one fades out while the new one fades in.
                ZStack {
                    ForEach([selectedPickerIndex], id: \.self) { index in
                        Text("Difficulty Level: \(Self.labels[index])")
                            .bold()
                            .foregroundColor(.black)
                            .transition(.opacity)
                            .named("difficulty-label")
                    }
                }
                .animation(.easeInOut(duration: 0.2), value: selectedPickerIndex)
                .padding(5)
            }
        }
    }
}
