import SwiftUI

/// The chapter 11 model (spec 04 §1.5–§1.6): the doors and floor lights the view draws, the direction flag, and the
/// three timers of a ride. The timers run on the scene's clock; the sounds play through the one global player.
final class DataModel: ObservableObject {
    @Published var doorsOpened = false
    @Published var floor1 = false
    @Published var floor2 = false
    @Published var goingUp = false

    var doorOpenTimer: Timer? = nil
    var chimesTimer: Timer? = nil
    var doorSoundTimer: Timer? = nil

    /// The call button (§1.6, steps 1–7).
    func callButtonClicked() {
        stopTimer()
        playDoorOpenCloseSound(interval: 0.5)
        doorsOpened.toggle()
        goingUp.toggle()
        floorNumbers()
    }

    /// After 8 s the doors flip by themselves, with no animation of their own: the view's door animation applies.
    func openDoors() {
        doorOpenTimer = Timer.scheduledTimer(withTimeInterval: 8, repeats: false) { _ in
            self.doorsOpened.toggle()
        }
    }

    func playChimeSound() {
        chimesTimer = Timer.scheduledTimer(withTimeInterval: 5.5, repeats: false) { _ in
            playSound(sound: "elevatorChime", type: "m4a")
        }
    }

    /// Replaces the reference; an earlier timer that is no longer referenced still fires.
    func playDoorOpenCloseSound(interval: Double) {
        doorSoundTimer = Timer.scheduledTimer(withTimeInterval: interval, repeats: false) { _ in
            playSound(sound: "doorsOpenClose", type: "m4a")
        }
    }

    /// The floor lights: the flags take their new values now; inside a block only the drawing waits for the delay.
    func floorNumbers() {
        if !floor2 {
            floor1.toggle()
        }
        if !doorsOpened {
            // The doors are closing: this click is a ride.
            openDoors()
            playChimeSound()
            if goingUp {
                withAnimation(.default.delay(4)) {
                    floor2 = true
                    floor1 = false
                }
                withAnimation(.default.delay(5)) {
                    floor1 = true
                    floor2 = false
                    playDoorOpenCloseSound(interval: 8.5)
                }
            } else {
                withAnimation(.default.delay(5)) {
                    floor1 = true
                    floor2 = false
                    playDoorOpenCloseSound(interval: 8.5)
                }
                withAnimation(.default.delay(5)) {
                    floor2 = true
                    floor1 = false
                }
            }
        }
    }

    /// Cancels the three referenced timers; pending light fades are not touched.
    func stopTimer() {
        doorOpenTimer?.invalidate()
        doorOpenTimer = nil
        chimesTimer?.invalidate()
        chimesTimer = nil
        doorSoundTimer?.invalidate()
        doorSoundTimer = nil
    }
}
