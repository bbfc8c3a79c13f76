/// Where a sound plays. The books' scenes share one global player: a new sound on `.player` cuts the one playing
/// (spec README §3.10). Scenes that need sounds together use independent effect channels.
public enum SoundChannel: Hashable, Sendable {
    case player
    case effect(Int)
}

/// What became of a request to play a sound: the books' `playSound` prints its own line when the file is there but
/// cannot be decoded (the failed `try AVAudioPlayer(…)`), and nothing when it is missing.
public enum SoundStart: Equatable, Sendable {
    case started, missing, undecodable
}

/// What the backend's audio does for the Stage; tests record it.
public protocol SoundPlayer: AnyObject {
    /// Starts sound `name` (an asset base name) on `channel` at scene time `time`, cutting what that channel played.
    /// A missing or undecodable sound never throws: the player stays silent, says so once, and tells the caller.
    @discardableResult
    func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart
    /// Stops one channel, or every channel when `channel` is nil.
    func stop(_ channel: SoundChannel?, at time: Double)
    /// Starts `name` like `play(_:on:at:)`, `loops` more times (negative: until stopped), from `offset` seconds into
    /// it (a buffered player that loops and resumes where it stopped, spec 06 §2.7).
    @discardableResult
    func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) -> SoundStart
    /// The length of sound `name` in seconds; nil when it is missing, cannot be decoded or nobody knows.
    func duration(of name: String) -> Double?
}

public extension SoundPlayer {
    /// Players that cannot loop or seek play the sound once from its start.
    @discardableResult
    func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) -> SoundStart {
        play(name, on: channel, at: time)
    }
    func duration(of name: String) -> Double? { nil }
}

/// A sound player that does nothing (no audio at all).
public final class SilentSoundPlayer: SoundPlayer {
    public init() {}
    public func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart { .started }
    public func stop(_ channel: SoundChannel?, at time: Double) {}
}
