import Views

/// Chapter 2, "Animate hue" (spec 01 §2.2.8; sample project `Hue_Rotation_Example`): the red square turns teal
/// (half way round the colour wheel) while the red-to-blue disc cycles once all the way round, both over 2 s. The
/// disc's mask and frame come after the animation modifier, so only the hue animates.
struct HueRotationExample: View {
    @State private var hueRotate = false

    var body: some View {
        VStack(spacing: 20) {
            Text("ANIMATE HUE").font(.title2).bold()
                .named("title1")
            RoundedRectangle(cornerRadius: 25)
                .frame(width: 200, height: 200)
                .foregroundColor(.red)
                .hueRotation(Angle.degrees(hueRotate ? 180 : 0))
                .animation(.easeInOut(duration: 2), value: hueRotate)
                .named("rect")
            Divider().background(Color.black)
                .named("divider")
            Text("ANIMATE HUE WITH GRADIENT").font(.title2).bold()
                .named("title2")
            AngularGradient(gradient: Gradient(colors: [Color.red, Color.blue]), center: .center)
                .hueRotation(Angle.degrees(hueRotate ? 360 : 0))
                .animation(.easeInOut(duration: 2), value: hueRotate)
                .mask(Circle())
                .frame(width: 200, height: 200)
                .named("disc")
            Button("Animate") {
                hueRotate.toggle()
            }
            .font(.title)
            .named("animateButton")
        }
    }
}
