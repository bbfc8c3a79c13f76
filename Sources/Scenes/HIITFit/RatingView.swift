import Views

extension HIITFit {
    /// Five heart-rate waveforms: those up to the rating red, the rest gray; tapping one sets the rating.
    struct RatingView: View {
        @Binding var rating: Int
        let maximumRating = 5
        let onColor = Color.red
        let offColor = Color.gray

        var body: some View {
            HStack {
                ForEach(1 ..< maximumRating + 1) { index in
                    Image(systemName: "waveform.path.ecg")
                        .foregroundColor(index > rating ? offColor : onColor)
                        .onTapGesture { rating = index }
                        .named("rating\(index)")
                }
            }
            .font(.largeTitle)
        }
    }
}
