import Views

extension HIITFit {
    /// The sheet after the last exercise: a purple raised hand, "High Five!" and a Continue button that goes back to
    /// the Welcome page and closes the sheet.
    struct SuccessView: View {
        @Binding var selectedTab: Int
        @Environment(\.presentationMode) var presentationMode

        var body: some View {
            ZStack {
                VStack {
                    Image(systemName: "hand.raised.fill")
                        .resizedToFill(width: 75, height: 75)
                        .foregroundColor(.purple)
                    Text("High Five!")
                        .font(.largeTitle)
                        .fontWeight(.heavy)
                    // The book's one centred three-line text, as three centred lines.
                    VStack(spacing: 0) {
                        Text("Good job completing all four exercises!")
                        Text("Remember tomorrow's another day.")
                        Text("So eat well and get some rest.")
                    }
                    .foregroundColor(.gray)
                }
                VStack {
                    Spacer()
                    Button("Continue") {
                        selectedTab = 9
                        presentationMode.wrappedValue.dismiss()
                    }
                    .named("continueButton")
                    .padding()
                }
            }
            .named("successSheet")
        }
    }
}

extension Image {
    /// The book's helper: resizable, filling the frame (cropped to it by the caller when needed).
    func resizedToFill(width: Double, height: Double) -> some View {
        self.resizable()
            .aspectRatio(contentMode: .fill)
            .frame(width: width, height: height)
    }
}
