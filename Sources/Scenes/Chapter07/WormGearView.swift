import Views

/// The worm screw (the book's `WormGearView`): the picture stretched to 100 × 75 with four thin black bars over
/// its thread crests. The bars fade from 0.3 to 0 and slide along the threads and back, together, once a second,
/// so the screw seems to turn (spec 02 §5.3). Worm and bars share one faint shadow.
struct WormGearView: View {
    @State private var animateBars = false

    var body: some View {
        ZStack {
            Image("wormGear")
                .resizable()
                .frame(width: 100, height: 75)
                .named("wormImage")
            // The default spacing (8) puts the bar centres at x −18, −6, 6, 18 (spec 02 §8.7).
            HStack {
                WormBar(animate: animateBars, x: 2, y: (-8, 14), tilt: -4, anchor: .top).named("wormBar1")
                WormBar(animate: animateBars, x: 7, y: (-8, -15), tilt: -8, anchor: .center).named("wormBar2")
                WormBar(animate: animateBars, x: 5, y: (-10, -5), tilt: -8, anchor: .top).named("wormBar3")
                WormBar(animate: animateBars, x: 4, y: (-10, -10), tilt: -7, anchor: .top).named("wormBar4")
            }
        }
        .shadow(color: .black, radius: 0.4, x: 0, y: 1)
        .onAppear { animateBars.toggle() }
    }
}

/// A 4 × 40 black bar (corners clamped to a capsule) that fades 0.3 → 0 while it slides from `y.from` to `y.to`,
/// easeInOut 0.5 s, back and forth; it is offset first and then tilted about `anchor` of its own frame.
struct WormBar: View {
    let animate: Bool
    let x: Double
    let y: (from: Double, to: Double)
    let tilt: Double
    let anchor: UnitPoint

    var body: some View {
        Rectangle()
            .fill(Color.black)
            .frame(width: 4, height: 40)
            .cornerRadius(5)
            .opacity(animate ? 0 : 0.3)
            .offset(x: x, y: animate ? y.to : y.from)
            .animation(Animation.easeInOut(duration: 0.5).repeatForever(autoreverses: true), value: animate)
            .rotationEffect(.degrees(tilt), anchor: anchor)
    }
}
