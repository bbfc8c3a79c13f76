import Views

/// Chapter 4, "Record Player" (spec 01 §2.4.1; the book's `ContentView`): a turntable on a grey radial backdrop.
/// Play swings the arm onto the record over 2 s, starts the music at once and spins the record from 1.5 s after
/// the click, one turn per 0.8 s; Stop halts the music, swings the arm back and, after the same 1.5 s, puts the
/// record back at 0° (a repeating animation superseded by a zero-length one, spec 01 §1.7).
struct RecordPlayer: View {
    @State private var rotateRecord = false
    @State private var moveArm = false
    @State private var duration = 0.0

    var body: some View {
        ZStack {
            // White within 24 pt of the centre, black from 720 pt (the book's 20 and 600, scaled by 1.2).
            RadialGradient(gradient: Gradient(colors: [.white, .black]), center: .center, startRadius: 24, endRadius: 720)
                .named("background")

            RecordPlayerBox()

            Image("record")
                .resizable()
                .frame(width: 280, height: 280)
                .rotationEffect(.degrees(rotateRecord ? 360 : 0))
                .animation(Animation.linear(duration: duration).repeatForever(autoreverses: false).delay(1.5),
                           value: rotateRecord)
                .named("record")

            RecordButtonArmView(rotateRecord: $rotateRecord, moveArm: $moveArm, duration: $duration)
        }
    }
}
