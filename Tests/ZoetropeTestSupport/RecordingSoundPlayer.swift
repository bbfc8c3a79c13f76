import Stage

/// Records every call: the harness's sound log, and a `SoundPlayer` for tests without audio.
public final class RecordingSoundPlayer: SoundPlayer {
    public struct Event: Equatable, Sendable {
        public enum Action: Equatable, Sendable { case play(String), stop }
        public var action: Action
        public var channel: SoundChannel?
        public var time: Double
    }
    public private(set) var events: [Event] = []
    /// What `play` answers for each name (default: started).
    public var outcomes: [String: SoundStart] = [:]
    public init() {}
    public func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart {
        events.append(Event(action: .play(name), channel: channel, time: time))
        return outcomes[name] ?? .started
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
    /// The first player's answer.
    public func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart {
        players.map { $0.play(name, on: channel, at: time) }.first ?? .missing
    }
    public func stop(_ channel: SoundChannel?, at time: Double) { players.forEach { $0.stop(channel, at: time) } }
    public func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) -> SoundStart {
        players.map { $0.play(name, on: channel, at: time, loops: loops, from: offset) }.first ?? .missing
    }
    /// The first player that knows.
    public func duration(of name: String) -> Double? { players.lazy.compactMap { $0.duration(of: name) }.first }
}
