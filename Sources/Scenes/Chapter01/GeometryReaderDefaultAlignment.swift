import Views

/// Chapter 1, "GeometryReader default placement": all three icons sit at the top-left corner (spec 01 §2.1.20).
struct GeometryReaderDefaultAlignment: View {
    var body: some View {
        GeometryReader { _ in
            Image(systemName: "tornado").named("tornado1")
            Image(systemName: "tornado").named("tornado2")
            Image(systemName: "tornado").named("tornado3")
        }
        .background(Color.yellow)
        .font(.largeTitle)
    }
}
