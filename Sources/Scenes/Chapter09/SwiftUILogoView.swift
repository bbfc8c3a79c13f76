import Views

/// The icon with a blue chaser (spec 03 §2.3, row 2): moved 75 pt right, as in the sample project (the book's
/// `screenWidth / 5.5` would be 71.45 on this phone).
struct SwiftUILogoView: View {
    var body: some View {
        StrokeChaser(shape: SwiftUILogoShape(), color: .blue, name: "logo")
            .offset(x: 75)
            .named("logoView")
    }
}
