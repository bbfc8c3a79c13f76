import SwiftUI

// A test app for `zoetrope run`: buttons that play the app's own sound files the way the book does.
struct ContentView: View {
    var body: some View {
        VStack(spacing: 30) {
            Button("Chime") {
                playSound(sound: "chime", type: "m4a")
            }
            Button("Hum") {
                startHum()
            }
            Button("Quiet") {
                humPlayer?.stop()
            }
            Button("Missing") {
                playSound(sound: "gong", type: "wav")
            }
        }
        .font(.title)
    }
}

struct ContentView_Previews: PreviewProvider {
    static var previews: some View {
        ContentView()
    }
}
