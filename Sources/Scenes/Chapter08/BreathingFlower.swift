import Views

/// Chapter 8, "Breathing Flower" (spec 03 §1.1; the book's `ContentView`): on a winter night, under falling snow,
/// pink petals fan open and closed above two white bouquets while "Breathe In" and "Breathe Out" take turns and a
/// puff of breath sinks into the flower and rises out of it as haze. One 8-s cycle: hold 2 s, inhale 2 s, hold 2 s,
/// exhale 2 s — every animation is the same delayed easeInOut, repeated with autoreverse, started on appear.
struct BreathingFlower: View {
    @State private var petal = false
    @State private var breatheInLabel = true
    @State private var breatheOutLabel = false
    @State private var offsetBreath = false
    @State private var diffuseBreath = false
    @State private var breatheTheBouquet = false

    /// The delay is held again at the start of every leg (spec 03 §0.4).
    private let breathing = Animation.easeInOut(duration: 2).delay(2).repeatForever(autoreverses: true)

    var body: some View {
        ZStack {
            SnowView()
                .named("snow")

            // Its own stack, so the whole flower and its labels can be moved up together (the source's −80).
            ZStack {
                labels
                smoke
                petals
                bouquets
            }
            .offset(y: -80)
        }
        // The book's first ZStack child. As a background it is drawn the same (a 400 × 900 frame, filled, centred,
        // not clipped) but leaves the stack the safe area's size, so the snow view is given L, as on iOS: our ZStack
        // offers its children its own size where SwiftUI offers them its proposal.
        .background(
            Image("winterNight")
                .resizable()
                .aspectRatio(contentMode: .fill)
                .frame(width: 400, height: 900)
                .named("background")
        )
        .onAppear {
            petal.toggle()
            breatheInLabel.toggle()
            breatheOutLabel.toggle()
            offsetBreath.toggle()
            diffuseBreath.toggle()
            breatheTheBouquet.toggle()
        }
    }

    /// Papyrus is not on Linux: a serif face stands in at the same size (spec 03 §4 item 8).
    private var labels: some View {
        Group {
            Text("Breathe In")
                .font(.system(size: 35, design: .serif))
                .foregroundColor(Color(0, 255, 0))
                .opacity(breatheInLabel ? 0 : 1)
                .scaleEffect(breatheInLabel ? 0 : 1)
                .offset(y: -160)
                .animation(breathing, value: breatheInLabel)
                .named("labelIn")

            Text("Breathe Out")
                .font(.system(size: 35, design: .serif))
                .foregroundColor(Color(255, 128, 0))
                .opacity(breatheOutLabel ? 0 : 1)
                .scaleEffect(breatheOutLabel ? 0 : 1)
                .offset(y: -160)
                .animation(breathing, value: breatheOutLabel)
                .named("labelOut")
        }
    }

    /// The breath: pushed down 90 while it sharpens from blur 60 to 1 and its outer offset goes from −100 to −50.
    /// The shadow is outside both animations, so it is 20 from the first frame on (spec 03 §1.1.1).
    private var smoke: some View {
        Image("smoke")
            .resizable()
            .frame(width: 35, height: 125)
            .offset(y: offsetBreath ? 90 : 0)
            .animation(breathing, value: offsetBreath)
            .blur(radius: diffuseBreath ? 1 : 60)
            .offset(y: diffuseBreath ? -50 : -100)
            .animation(breathing, value: diffuseBreath)
            .shadow(radius: diffuseBreath ? 20 : 0)
            .named("smoke")
    }

    /// The inner pair opens by 20°, the outer pair (drawn over it) by 40°; the middle petal stays upright.
    private var petals: some View {
        Group {
            PetalView(petal: $petal, degrees: petal ? -25 : -5)
                .named("petalL1")
            PetalView(petal: $petal, degrees: 0)
                .named("petalMid")
            PetalView(petal: $petal, degrees: petal ? 25 : 5)
                .named("petalR1")
            PetalView(petal: $petal, degrees: petal ? -50 : -10)
                .named("petalL2")
            PetalView(petal: $petal, degrees: petal ? 50 : 10)
                .named("petalR2")
        }
    }

    /// Two copies of the bouquet, the second mirrored; each swells a little and shifts its hue on the inhale.
    private var bouquets: some View {
        Group {
            Image("bouquet")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .frame(width: 300, height: 400)
                .rotationEffect(.degrees(37))
                .offset(x: -25, y: 90)
                .scaleEffect(breatheTheBouquet ? 1.04 : 1)
                .hueRotation(.degrees(breatheTheBouquet ? 50 : 360))
                .animation(breathing, value: breatheTheBouquet)
                .named("bouquet1")

            Image("bouquet")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .frame(width: 300, height: 400)
                .rotationEffect(.degrees(32))
                .offset(x: -20, y: 95)
                .rotation3DEffect(.degrees(180), axis: (x: 0, y: 1, z: 0))
                .scaleEffect(breatheTheBouquet ? 1.02 : 1)
                .hueRotation(.degrees(breatheTheBouquet ? -50 : 300))
                .animation(breathing, value: breatheTheBouquet)
                .named("bouquet2")
        }
    }
}
