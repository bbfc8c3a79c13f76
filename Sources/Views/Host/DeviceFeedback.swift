import Motion
import Stage

/// What an iPhone makes felt or heard besides the app's own sounds: haptic taps (`UIImpactFeedbackGenerator`,
/// spec README §3.11) and system sounds (`AudioServicesPlaySystemSound`, spec 06 §2.0). Linux has no haptics and no
/// system sound server, so each is recorded, with its scene time for a system sound, for the harness's `audio` line
/// and the tests; a system sound also plays through the scene's sound player, on a channel of its own.
///
/// One per scene, made by what hosts the scene's code: a view tree's `ViewHost` (view code reads it from the
/// environment, `@Environment(\.deviceFeedback)`), RoadTrip's `UIApplication`. The player and the harness find it
/// through `DeviceFeedbackSource`; the engine's core (`Stage.SceneContext`) does not know of it.
public final class DeviceFeedback {
    /// The haptic styles felt so far (`medium`, `light`), in order.
    public private(set) var haptics: [String] = []
    /// The system sounds played so far, by asset name, with their scene times.
    public private(set) var systemSounds: [(name: String, time: Double)] = []
    private let sound: SoundPlayer
    private let clock: Clock

    public init(sound: SoundPlayer, clock: Clock) {
        self.sound = sound; self.clock = clock
    }

    /// Where iOS would vibrate (`UIImpactFeedbackGenerator(style:).impactOccurred()`).
    public func haptic(_ style: HapticStyle) { haptics.append(style.rawValue) }

    /// Plays a system sound now on `channel` (its own, so it plays beside the scene's player) and logs it.
    @discardableResult
    public func playSystemSound(_ name: String, on channel: SoundChannel) -> SoundStart {
        systemSounds.append((name, clock.now))
        return sound.play(name, on: channel, at: clock.now)
    }
}

/// The impact styles of `UIImpactFeedbackGenerator`.
public enum HapticStyle: String, Sendable { case light, medium, heavy, soft, rigid }

/// A scene whose code can make haptics and system sounds: the player's `audio` line and the harness read them here.
public protocol DeviceFeedbackSource: AnyObject {
    var deviceFeedback: DeviceFeedback { get }
}

public extension EnvironmentValues {
    /// The scene's haptics and system sounds (`@Environment(\.deviceFeedback) var feedback`, then
    /// `feedback.haptic(.light)`). Outside a scene, a feedback of its own that nothing reads and that plays nothing.
    var deviceFeedback: DeviceFeedback {
        get {
            objects[ObjectIdentifier(DeviceFeedback.self)] as? DeviceFeedback
                ?? DeviceFeedback(sound: SilentSoundPlayer(), clock: Clock())
        }
        set { objects[ObjectIdentifier(DeviceFeedback.self)] = newValue }
    }
}

/// The haptic hook of the spec (README §3.11) for code outside the view tree (UIKit's `UIImpactFeedbackGenerator`):
/// the running scene's `haptic(style)`. View code reads the feedback from the environment instead.
public func haptic(_ style: HapticStyle) { ViewScene.current?.deviceFeedback.haptic(style) }
