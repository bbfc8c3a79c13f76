import Views

/// Chapter 5, "Kaleidoscope" (spec 02 §3; the publisher's "Hue Rotation Example 1"): the chosen picture, stretched
/// to a 360-pt square, turns all the way round the colour wheel and back (0° → 360°, easeInOut 2 s, with a 0.3-s hold
/// at each end: the delay is inside the repeat), under it a wheel picker of five pictures on a navy box with a
/// white glow. Choosing a picture swaps it at once; the hue keeps cycling.
struct Kaleidoscope: View {
    @State private var hueRotate = false
    @State private var selectedImage = "ornament"
    let images = ["ornament", "landscape", "dog", "dice", "cat"]
    let backgroundColor = Color.black

    var body: some View {
        ZStack {
            // 1.4× the screen, so the black covers everything.
            backgroundColor
                .scaleEffect(1.4)
                .named("background")

            VStack {
                Image(selectedImage)
                    .resizable()
                    .padding(20)
                    .frame(width: 400, height: 400)
                    .hueRotation(.degrees(hueRotate ? 360 : 0))
                    .animation(Animation.easeInOut(duration: 2).delay(0.3).repeatForever(autoreverses: true),
                               value: hueRotate)
                    .named("imageArea")
                    // The picture is centred in the room the picker leaves above it.
                    .frame(maxHeight: .infinity)

                ImagePicker(selectedImage: $selectedImage, images: images)
                    .frame(width: 350, height: 200)
                    .named("pickerContainer")
            }
        }
        .onAppear {
            hueRotate.toggle()
        }
    }
}
