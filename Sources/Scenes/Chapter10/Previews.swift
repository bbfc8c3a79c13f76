import Views

/// The book's preview of `WaveView` (spec 03 §3.8): one still wave, k = 0.7, stroked 3 pt in blue, 250 pt tall and
/// padded 16 pt at the sides, centred in L on white.
struct WaveShapePreview: View {
    var body: some View {
        PhoneScreen {
            Color.white
                .named("background")
        } content: {
            WaveView(yOffset: 0.7)
                .stroke(Color.blue, lineWidth: 3)
                .frame(height: 250)
                .named("wave")
                .padding(.horizontal, 16)
        }
    }
}

/// The book's preview of `BuoyView` (spec 03 §3.9): the buoy alone, centred in L on white, with constant bindings,
/// so it holds the pose the scene swings towards (7°, −20°, offset −10) and only its lamp blinks.
struct BuoyPreview: View {
    var body: some View {
        PhoneScreen {
            Color.white
                .named("background")
        } content: {
            BuoyView(tiltForwardBackward: .constant(true), upAndDown: .constant(true),
                     leadingAnchorAnimnate: .constant(true))
                .named("buoy")
        }
    }
}

/// The book's first step (figure of the first wave, optional in 03 §3.9): the sky and wave 1 alone.
struct FirstWave: View {
    @State private var animateOffset = false

    var body: some View {
        PhoneScreen {
            Color.blue.opacity(0.5)
                .named("sky")
        } content: {
            OceanWave(animate: animateOffset, curveOne: 0.05, curveTwo: -0.05, shadowRadius: 50, shadowY: 10,
                      duration: 5, opacity: 0.8, offsetY: 575)
                .named("wave1")
        }
        .onAppear { animateOffset.toggle() }
    }
}
