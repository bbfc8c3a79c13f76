import Views

/// The swing group (spec 02 §4.1–4.3): right leg, girl, left leg and the two rope extensions in one 950 × 900 frame,
/// moved 25 pt right and swung between −45° and −30° about the frame's top centre, 450 pt above the screen's centre.
/// Every piece is laid out in the full frame and shrunk about its centre, so the offsets below place the pieces on
/// the girl's picture: the legs' knees (their frames' top-right corners) on her knees, the ropes on her ropes.
struct SwingView: View {
    let swing: Bool
    let moveRightLeg: Bool
    let moveLeftLeg: Bool
    var showRopes = true

    var body: some View {
        ZStack {
            // Behind her: kicks in step with the swing.
            Image("leg")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .rotationEffect(.degrees(moveRightLeg ? -20 : 50), anchor: .topTrailing)
                .scaleEffect(0.12)
                .offset(x: -448, y: 92)
                .animation(Animation.easeInOut(duration: 1).delay(0.09).repeatForever(autoreverses: true),
                           value: moveRightLeg)
                .named("rightLeg")

            Image("Girl")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .scaleEffect(0.25)
                .offset(x: -300)
                .named("girl")

            // In front of her: a quick kick after a second's pause, each way.
            Image("leg")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .rotationEffect(.degrees(moveLeftLeg ? -45 : 30), anchor: .topTrailing)
                .scaleEffect(0.12)
                .offset(x: -455, y: 90)
                .animation(Animation.easeInOut(duration: 0.4).delay(1).repeatForever(autoreverses: true),
                           value: moveLeftLeg)
                .named("leftLeg")

            if showRopes {
                RopeExtension()
                    .offset(x: -189, y: -100)
                    .named("rightRopeExtension")
                RopeExtension()
                    .offset(x: -228, y: -108)
                    .named("leftRopeExtension")
            }
        }
        .frame(width: 950, height: 900)
        .offset(x: 25)
        .rotationEffect(.degrees(swing ? -30 : -45), anchor: .top)
        .animation(Animation.easeInOut(duration: 1).delay(0.09).repeatForever(autoreverses: true), value: swing)
        .named("swingGroup")
    }
}

/// A rope running on from the girl's rope up towards the branch, fading out to nothing at its top (spec 02 §2.2):
/// the mask's alpha goes from 0 at the fitted image's top edge to 1 at its bottom edge and turns with the rope.
struct RopeExtension: View {
    var body: some View {
        Image("rope")
            .resizable()
            .aspectRatio(contentMode: .fit)
            .mask(LinearGradient(gradient: Gradient(colors: [.clear, .black]), startPoint: .top, endPoint: .bottom))
            .frame(width: 57, height: 80)
    }
}
