import Motion
import Stage

/// The chapter 11 model: door and floor-light state and the timers of one ride (spec 04 §1.5–§1.6).
/// Every change is reported with the animation of the transaction it was made in, so the view can animate it.
final class DataModel {
    enum Change { case doorsOpened(Bool), floor1(Bool), floor2(Bool) }

    var doorsOpened = false { didSet { changed(.doorsOpened(doorsOpened)) } }
    var floor1 = false { didSet { changed(.floor1(floor1)) } }
    var floor2 = false { didSet { changed(.floor2(floor2)) } }
    var goingUp = false

    private(set) var doorOpenTimer: TimerHandle?
    private(set) var chimesTimer: TimerHandle?
    private(set) var doorSoundTimer: TimerHandle?

    /// Called for every change of a drawn property, inside the transaction that made it.
    var onChange: (Change) -> Void = { _ in }
    private let context: SceneContext
    private var clock: Clock { context.clock }

    init(context: SceneContext) { self.context = context }

    private func changed(_ change: Change) { onChange(change) }

    /// The call button: one click (spec 04 §1.6, steps 1–7).
    func callButtonClicked() {
        stopTimer()
        playDoorOpenCloseSound(interval: 0.5)
        doorsOpened.toggle()
        goingUp.toggle()
        floorNumbers()
    }

    /// After 8 s the doors flip by themselves (no animation of their own: the view's door animation applies).
    func openDoors() {
        doorOpenTimer = clock.schedule(after: 8) { [unowned self] in doorsOpened.toggle() }
    }

    func playChimeSound() {
        chimesTimer = clock.schedule(after: 5.5) { [unowned self] in context.playSound("elevatorChime") }
    }

    /// Replaces the reference; an earlier timer that is no longer referenced still fires.
    func playDoorOpenCloseSound(interval: Double) {
        doorSoundTimer = clock.schedule(after: interval) { [unowned self] in context.playSound("doorsOpenClose") }
    }

    func floorNumbers() {
        if !floor2 { floor1.toggle() }
        guard !doorsOpened else { return }
        // The doors are closing: this click is a ride.
        openDoors()
        playChimeSound()
        if goingUp {
            withAnimation(Animation.default.delay(4)) {
                floor2 = true
                floor1 = false
            }
            withAnimation(Animation.default.delay(5)) {
                floor1 = true
                floor2 = false
                playDoorOpenCloseSound(interval: 8.5)
            }
        } else {
            withAnimation(Animation.default.delay(5)) {
                floor1 = true
                floor2 = false
                playDoorOpenCloseSound(interval: 8.5)
            }
            withAnimation(Animation.default.delay(5)) {
                floor2 = true
                floor1 = false
            }
        }
    }

    /// Cancels the three referenced timers; pending light fades are not touched.
    func stopTimer() {
        doorOpenTimer?.invalidate(); doorOpenTimer = nil
        chimesTimer?.invalidate(); chimesTimer = nil
        doorSoundTimer?.invalidate(); doorSoundTimer = nil
    }
}
