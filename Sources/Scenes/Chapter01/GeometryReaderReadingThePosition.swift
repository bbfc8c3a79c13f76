import Views

/// Chapter 1, "Reading global and local origin": the reader's origin in the window and in its own space
/// (spec 01 §2.1.23).
struct GeometryReaderReadingThePosition: View {
    var body: some View {
        GeometryReader { geometryProxy in
            VStack {
                Image("ch1/swiftui_img")
                    .resizable()
                    .scaledToFit()
                    .named("pic")
                Text("Global").font(.title)
                Text("X, Y \(geometryProxy.frame(in: .global).origin.x, specifier: "(%.f,") \(geometryProxy.frame(in: .global).origin.y, specifier: "%.f)")")
                    .named("globalXY")
                Text("Local").font(.title)
                Text("X, Y  \(geometryProxy.frame(in: .local).origin.x, specifier: "(%.f") \(geometryProxy.frame(in: .local).origin.y, specifier: "%.f)")")
                    .named("localXY")
            }
        }
        .frame(height: 250)
    }
}
