import Views

/// Chapter 1, "GeometryReader size": a picture framed to half the width and a quarter of the height
/// (spec 01 §2.1.21).
struct GeometryReaderWithImage: View {
    var body: some View {
        GeometryReader { geometryProxy in
            Image("ch1/swiftui_img")
                .resizable()
                .scaledToFit()
                .named("pic")
                .frame(width: geometryProxy.size.width / 2, height: geometryProxy.size.height / 4)
                .background(Color.gray)
                .named("picFrame")
        }
    }
}
