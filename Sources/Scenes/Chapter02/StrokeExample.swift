import Views

/// Chapter 2, "Animate stroke" (spec 01 §2.2.13; sample project `Stroke_Example`): the purple outline thickens from
/// 1 to 25 pt, centred on the rounded rectangle's edge, and thins again.
struct StrokeExample: View {
    @State private var animateStroke = false

    var body: some View {
        VStack {
            Text("ANIMATE STROKE").font(.title).bold()
                .named("title")
            RoundedRectangle(cornerRadius: 30)
                .stroke(Color.purple, lineWidth: animateStroke ? 25 : 1)
                .frame(width: 100, height: 100)
                .animation(.default, value: animateStroke)
                .named("outline")
            Button("Animate Stroke") {
                animateStroke.toggle()
            }
            .named("strokeButton")
        }
        .font(.title2)
    }
}
