import Views

extension HIITFit {
    /// The countdown (spec 06 §1.A.4): 3, 2, 1, 0 a second apart from the moment it is inserted, then `timerDone`
    /// on the next tick (and on every tick after). Removing it cancels its timer and forgets the count.
    struct TimerView: View {
        @State private var timeRemaining = 3
        @Binding var timerDone: Bool
        let timer = Timer.publish(every: 1, on: .main, in: .common).autoconnect()

        var body: some View {
            Text("\(timeRemaining)")
                .font(.system(size: 90, design: .rounded))
                .probeState("timerDone", timerDone)
                .named("timer")
                .padding()
                .onReceive(timer) { _ in
                    if self.timeRemaining > 0 {
                        self.timeRemaining -= 1
                    } else {
                        timerDone = true
                    }
                }
        }
    }
}
