/// Where a sound plays. The books' scenes share one global player: a new sound on `.player` cuts the one playing
/// (spec README §3.10). Scenes that need sounds together use independent effect channels.
public enum SoundChannel: Hashable, Sendable {
    case player
    case effect(Int)
}

/// What the backend's audio does for the Stage; tests record it.
public protocol SoundPlayer: AnyObject {
    /// Starts sound `name` (an asset base name) on `channel` at scene time `time`, cutting what that channel played.
    /// A missing or undecodable sound never throws: the player stays silent and says so once.
    func play(_ name: String, on channel: SoundChannel, at time: Double)
    /// Stops one channel, or every channel when `channel` is nil.
    func stop(_ channel: SoundChannel?, at time: Double)
}

/// A sound player that does nothing (no audio at all).
public final class SilentSoundPlayer: SoundPlayer {
    public init() {}
    public func play(_ name: String, on channel: SoundChannel, at time: Double) {}
    public func stop(_ channel: SoundChannel?, at time: Double) {}
}
