import AVFoundation

// The players live as long as the app, as sounds stop when their player goes away.
var audioPlayer: AVAudioPlayer?
var humPlayer: AVAudioPlayer?

// Plays a sound file of the app's bundle once; a file that is not there, or cannot be played, is only reported.
func playSound(sound: String, type: String) {
    if let path = Bundle.main.path(forResource: sound, ofType: type) {
        do {
            audioPlayer = try AVAudioPlayer(contentsOf: URL(fileURLWithPath: path))
            audioPlayer?.play()
        } catch {
            print("Could not play \(sound).\(type)")
        }
    } else {
        print("No \(sound).\(type) in the app")
    }
}

// Starts the hum, looping until it is stopped.
func startHum() {
    guard let url = Bundle.main.url(forResource: "hum", withExtension: "wav") else { return }
    do {
        humPlayer = try AVAudioPlayer(contentsOf: url)
        humPlayer?.numberOfLoops = -1
        humPlayer?.prepareToPlay()
        humPlayer?.play()
    } catch {
        print("Could not play the hum")
    }
}
