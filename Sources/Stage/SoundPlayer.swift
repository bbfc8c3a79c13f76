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

/// Records every call, for tests and the harness's audio state.
public final class RecordingSoundPlayer: SoundPlayer {
    public struct Event: Equatable, Sendable {
        public enum Action: Equatable, Sendable { case play(String), stop }
        public var action: Action
        public var channel: SoundChannel?
        public var time: Double
    }
    public private(set) var events: [Event] = []
    public init() {}
    public func play(_ name: String, on channel: SoundChannel, at time: Double) {
        events.append(Event(action: .play(name), channel: channel, time: time))
    }
    public func stop(_ channel: SoundChannel?, at time: Double) {
        events.append(Event(action: .stop, channel: channel, time: time))
    }
    /// Start times of sound `name`.
    public func starts(of name: String) -> [Double] {
        events.compactMap { if case .play(name) = $0.action { return $0.time } else { return nil } }
    }
    public func clear() { events.removeAll() }
}

/// Sends every request to several players (a recorder beside the real mixer).
public final class TeeSoundPlayer: SoundPlayer {
    private let players: [SoundPlayer]
    public init(_ players: [SoundPlayer]) { self.players = players }
    public func play(_ name: String, on channel: SoundChannel, at time: Double) {
        players.forEach { $0.play(name, on: channel, at: time) }
    }
    public func stop(_ channel: SoundChannel?, at time: Double) { players.forEach { $0.stop(channel, at: time) } }
}
