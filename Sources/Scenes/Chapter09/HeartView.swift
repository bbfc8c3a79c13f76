import Views

/// The heart with a white chaser under the glossy heart picture (spec 03 §2.3, row 1): the picture, fitted to 246 pt
/// wide, is centred at (125, 117.5) of the path's frame, just inside the outline, so it hides the inner half of the
/// 5-pt chaser along most of the way round. The whole view is moved 75 pt right and 30 pt up, past its row's top.
struct HeartView: View {
    var body: some View {
        ZStack {
            StrokeChaser(shape: HeartShape(), color: .white, name: "heart")
            Image("heart")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .frame(width: 246)
                .named("heartImage")
                .position(x: 125, y: 117.5)
        }
        .offset(x: 75, y: -30)
        .named("heartView")
    }
}
