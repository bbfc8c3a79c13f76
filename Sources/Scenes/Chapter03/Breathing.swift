import Stage
import Views

/// Chapter 3, "Breathing" (spec 01 §2.3.1; the publisher's "Animating Circles"): three pairs of green-to-white
/// circles bloom from a 30-pt disc into a six-petal flower while turning a quarter-turn, then fold back, 2.8 s each
/// way, forever. One implicit animation on the flower covers its turn, its scale and the circles' offsets.
struct Breathing: View {
    @State private var scaleUpDown = false
    @State private var rotateInOut = false
    @State private var moveInOut = false

    var body: some View {
        ZStack {
            Color.black
                .named("background")

            ZStack {
                CirclePair(moveInOut: moveInOut, names: ("A1", "A2"))
                    .opacity(0.5)
                    .rotationEffect(.degrees(0))
                    .named("pairA")
                CirclePair(moveInOut: moveInOut, names: ("B1", "B2"))
                    .opacity(0.5)
                    .rotationEffect(.degrees(60))
                    .named("pairB")
                CirclePair(moveInOut: moveInOut, names: ("C1", "C2"))
                    .opacity(0.5)
                    .rotationEffect(.degrees(120))
                    .named("pairC")
            }
            .rotationEffect(.degrees(rotateInOut ? 90 : 0))
            .scaleEffect(scaleUpDown ? 1 : 1 / 4)
            .animation(Animation.easeInOut.repeatForever(autoreverses: true).speed(1 / 8), value: scaleUpDown)
            .named("flower")
        }
        .onAppear {
            scaleUpDown.toggle()
            rotateInOut.toggle()
            moveInOut.toggle()
        }
    }
}

/// Two circles of Ø120 pushed apart along the vertical, their white ends facing each other (the flower's centre).
struct CirclePair: View {
    let moveInOut: Bool
    let names: (String, String)

    var body: some View {
        ZStack {
            Circle()
                .fill(LinearGradient(gradient: Gradient(colors: [.green, .white]), startPoint: .top, endPoint: .bottom))
                .frame(width: 120, height: 120)
                .offset(y: moveInOut ? -60 : 0)
                .named(names.0)
            Circle()
                .fill(LinearGradient(gradient: Gradient(colors: [.green, .white]), startPoint: .bottom, endPoint: .top))
                .frame(width: 120, height: 120)
                .offset(y: moveInOut ? 60 : 0)
                .named(names.1)
        }
    }
}
