import Views

/// Chapter 1, "Leading padding": 75 pt on the leading edge only (spec 01 §2.1.16).
struct PaddingLeading: View {
    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            Text("The leading edge has been padded")
        }
        .padding(.leading, 75)
    }
}
