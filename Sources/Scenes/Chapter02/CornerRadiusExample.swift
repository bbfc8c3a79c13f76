import Views

/// Chapter 2, "Animate corner radius" (spec 01 §2.2.16; sample project `Corner_Radius_Example`, the app's launch
/// view): a corner radius of half the side makes the green square a circle; animating it to 0 morphs it back.
struct CornerRadiusExample: View {
    @State private var animateCornerRadius = false

    var body: some View {
        VStack {
            Text("ANIMATE CORNER RADIUS").font(.title).bold()
                .named("title")
                .padding(.top, 30)
            Rectangle()
                .foregroundColor(.green)
                .frame(width: 150, height: 150)
                .cornerRadius(animateCornerRadius ? 0 : 75)
                .named("shape")
                .padding(.bottom, 20)
                .animation(.default, value: animateCornerRadius)
            Button("Animate Corner Radius") {
                animateCornerRadius.toggle()
            }
            .named("cornerButton")
        }
        .font(.title2)
    }
}
