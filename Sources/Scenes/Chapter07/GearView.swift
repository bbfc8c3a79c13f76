import Views

/// One spinning gear (the book's `GearView`): the picture squeezed into a `gearWidth` square with a thin black rim
/// of shadow, turned from 0 to `rotationDegrees` and round again every `duration` seconds, linearly, for ever.
/// A tilted gear is spun in its own plane first, then tilted in 3D about its centre with the eye at its diameter
/// (spec 02 §2.4, §5.1), then moved to its place.
struct GearView: View {
    @State private var rotateGear = false
    let gearImage: String
    let gearWidth: Double
    let rotationDegrees: Double
    let duration: Double
    /// The static 3D tilt (0: flat) and its axis.
    var tiltDegrees: Double = 0
    var tiltAxis: (x: Double, y: Double, z: Double) = (x: 0, y: 1, z: 0)
    let offsetGearX: Double
    let offsetGearY: Double

    var body: some View {
        Image(gearImage)
            .resizable()
            .frame(width: gearWidth, height: gearWidth)
            .shadow(color: .black, radius: 1, x: 0, y: 0)
            .rotationEffect(.degrees(rotateGear ? rotationDegrees : 0))
            .animation(Animation.linear(duration: duration).repeatForever(autoreverses: false), value: rotateGear)
            .rotation3DEffect(.degrees(tiltDegrees), axis: tiltAxis)
            .offset(x: offsetGearX, y: offsetGearY)
            .onAppear { rotateGear.toggle() }
    }
}
