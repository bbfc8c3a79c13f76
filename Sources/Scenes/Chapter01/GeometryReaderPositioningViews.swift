import Views

/// Chapter 1, "Positioning with GeometryReader": two groups placed by formulas of the reader's size
/// (spec 01 §2.1.22).
struct GeometryReaderPositioningViews: View {
    var body: some View {
        GeometryReader { geometryProxy in
            // top right position
            VStack {
                Image(systemName: "tornado")
                    .imageScale(.large)
                Text("Top Right")
                    .font(.title)
            }
            .named("topRight")
            .position(x: geometryProxy.size.width - 80, y: geometryProxy.size.height / 40)

            // bottom left position
            VStack {
                Image(systemName: "tornado")
                    .imageScale(.large)
                Text("Bottom Left")
                    .font(.title)
            }
            .named("bottomLeft")
            .position(x: geometryProxy.size.width - 300, y: geometryProxy.size.height - 40)
        }
        .background(Color.accentColor)
        .foregroundColor(.white)
    }
}
