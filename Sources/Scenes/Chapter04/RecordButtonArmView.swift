import Views

/// The Play/Stop button and the tone arm. The arm is turned about its frame's top-right corner, −35° and then a
/// further 8° while playing, and moved by (75, −30): its pivot stays at C + (150, −105) (spec 01 §2.4.1).
struct RecordButtonArmView: View {
    @Binding var rotateRecord: Bool
    @Binding var moveArm: Bool
    @Binding var duration: Double

    var body: some View {
        ZStack {
            Button(action: {
                rotateRecord.toggle()
                if rotateRecord {
                    duration = 0.8
                    moveArm = true
                    playSound(sound: "music", type: "m4a")
                } else {
                    duration = 0
                    moveArm = false
                    stopSound()
                }
            }) {
                HStack(spacing: 8) {
                    Text(rotateRecord ? "Stop" : "Play")
                        .bold()
                        .foregroundColor(.black)
                    Image(systemName: rotateRecord ? "stop.fill" : "play.circle.fill")
                        .foregroundColor(rotateRecord ? .red : .black)
                }
                .padding(.horizontal, 10)
                .padding(.vertical, 5)
                .background(Capsule().strokeBorder(Color.black, lineWidth: 2))
            }
            .offset(x: -105, y: 135)
            .named("button")

            Image("playerArm")
                .resizable()
                .aspectRatio(contentMode: .fit)
                .frame(width: 150, height: 150)
                .shadow(color: .gray, radius: 2)
                .named("armGlow")
                .rotationEffect(.degrees(-35), anchor: .topTrailing)
                .rotationEffect(.degrees(moveArm ? 8 : 0), anchor: .topTrailing)
                .offset(x: 75, y: -30)
                .animation(Animation.linear(duration: 2), value: moveArm)
                .named("arm")
        }
    }
}
