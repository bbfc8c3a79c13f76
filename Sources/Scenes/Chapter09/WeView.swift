import Views

/// "WE" with a red chaser (spec 03 §2.3, row 0): the path's origin sits 75 pt right and 50 pt down from the row's
/// top-left corner.
struct WeView: View {
    var body: some View {
        StrokeChaser(shape: WeTextShape(), color: .red, name: "we")
            .offset(x: 75, y: 50)
            .named("weView")
    }
}
