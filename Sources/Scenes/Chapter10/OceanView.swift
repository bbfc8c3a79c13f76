import Views

/// Chapter 10, "Ocean Scene (Making Waves)" (spec 03 §3.2; the book's `ContentView`): on a pale sky, six deep-blue
/// wave bands rock up and down, each on its own period, with grey shadows for foam and haze; the buoy rocks between
/// the first and second bands, its lamp blinking; the bells play once from the start.
///
/// Every wave fills the layout rect L and is pushed down by its offset, so only its top shows; its curve runs from
/// `curveTwo` (at appear) to `curveOne` and back, easeInOut, for ever.
struct OceanView: View {
    @State private var animateOffset = false
    // The source declares the buoy's booleans here, false at first (the book never does, 03 §3.10).
    @State private var tiltForwardBackward = false
    @State private var upAndDown = false
    @State private var leadingAnchorAnimnate = false

    var body: some View {
        PhoneScreen {
            // Color.blue at half opacity over the white window, over the whole canvas.
            Color.blue.opacity(0.5)
                .named("sky")
        } content: {
            ZStack {
                OceanWave(animate: animateOffset, curveOne: 0.05, curveTwo: -0.05, shadowRadius: 50, shadowY: 10,
                          duration: 5, opacity: 0.8, offsetY: 575)
                    .named("wave1")

                BuoyView(tiltForwardBackward: $tiltForwardBackward, upAndDown: $upAndDown,
                         leadingAnchorAnimnate: $leadingAnchorAnimnate)
                    .offset(y: 205)
                    .named("buoy")

                OceanWave(animate: animateOffset, curveOne: -0.07, curveTwo: 0.07, shadowRadius: 100, shadowY: 10,
                          duration: 4, opacity: 1, offsetY: 610)
                    .named("wave2")
                OceanWave(animate: animateOffset, curveOne: 0.10, curveTwo: -0.10, shadowRadius: 30, shadowY: 0,
                          duration: 3.7, opacity: 1, offsetY: 645)
                    .named("wave3")
                OceanWave(animate: animateOffset, curveOne: 0.14, curveTwo: -0.10, shadowRadius: 70, shadowY: 10,
                          duration: 3.5, opacity: 1, offsetY: 705)
                    .named("wave4")
                OceanWave(animate: animateOffset, curveOne: -0.05, curveTwo: 0.08, shadowRadius: 60, shadowY: 20,
                          duration: 3.2, opacity: 0.8, offsetY: 740)
                    .named("wave5")
                OceanWave(animate: animateOffset, curveOne: -0.05, curveTwo: 0.08, shadowRadius: 60, shadowY: 20,
                          duration: 3.4, opacity: 1, offsetY: 800)
                    .named("wave6")
            }
        }
        .onAppear {
            animateOffset.toggle()
            playSound(name: "buoyBells", type: "m4a")
        }
    }
}

/// One of the scene's wave bands, as the book writes each: `WaveView` filled with UIColor.blue, an opaque grey
/// shadow, the band's opacity over fill and shadow together, pushed down by `offsetY`, and its curve animated with
/// the scene's `animateOffset`.
struct OceanWave: View {
    let animate: Bool
    let curveOne: Double, curveTwo: Double
    let shadowRadius: Double, shadowY: Double
    let duration: Double
    let opacity: Double
    let offsetY: Double

    var body: some View {
        WaveView(yOffset: animate ? curveOne : curveTwo)
            .fill(Color(0, 0, 255))
            .shadow(color: .gray, radius: shadowRadius, x: 0, y: shadowY)
            .opacity(opacity)
            .offset(y: offsetY)
            .animation(Animation.easeInOut(duration: duration).repeatForever(autoreverses: true), value: animate)
    }
}
