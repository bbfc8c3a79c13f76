import Views

/// One chain belt (the book's `BeltView`): a capsule stroked with black 5-pt dashes and 1.4-pt gaps whose phase
/// runs linearly between 0 and 45 once a second, so the links march 45 pt/s round the path (spec 02 §2.3, §5.2).
/// The belts that start `true` (B1–B3) run 45 → 0: forward, clockwise. Those that start `false` (B4, B5) run
/// 0 → 45: backward. The shadow is drawn beneath the stroke before the belt is turned, so it turns with it.
struct BeltView: View {
    @State var animateBelt: Bool
    let beltWidth: Double
    let beltHeight: Double
    var rotateBelt: Double = 0
    /// How far the capsule sits below its frame's centre before the tilt (B5 is drawn 10 pt above it).
    var liftBelt: Double = 0
    /// The static tilt about the y axis, about the frame's centre (B4, B5).
    var tiltDegrees: Double = 0
    let offsetBeltX: Double
    let offsetBeltY: Double
    let dashPhaseValue: Double = 45

    var body: some View {
        Capsule()
            .stroke(Color.black, style: StrokeStyle(lineWidth: 7, lineJoin: .round, dash: [5, 1.4],
                                                    dashPhase: animateBelt ? dashPhaseValue : 0))
            .frame(width: beltWidth, height: beltHeight)
            .animation(Animation.linear(duration: 3).repeatForever(autoreverses: false).speed(3), value: animateBelt)
            .shadow(color: .black, radius: 10, x: 1, y: 0)
            .rotationEffect(.degrees(rotateBelt))
            .offset(y: liftBelt)
            .rotation3DEffect(.degrees(tiltDegrees), axis: (x: 0, y: 1, z: 0))
            .offset(x: offsetBeltX, y: offsetBeltY)
            .onAppear { animateBelt.toggle() }
    }
}
