import Views

/// Chapter 1, "Empty GeometryReader": it takes all the space offered (spec 01 §2.1.19).
struct GeometryReaderView: View {
    var body: some View {
        GeometryReader { _ in
            // an empty geometry reader
        }
        .background(Color.yellow)
    }
}
