import Foundation
import Stage
import Views

/// AVFoundation's buffered player: made from a sound file's URL (throws when the file is missing or cannot be
/// decoded), it plays on its own channel of the running scene's sound player, on the scene clock. `numberOfLoops`
/// 0 plays once, n plays n + 1 times, a negative number loops until stopped; `pause` and `stop` keep `currentTime`
/// (the next `play` resumes there). As on iOS, a player that is released stops playing.
open class AVAudioPlayer {
    public let url: URL?
    public let duration: TimeInterval
    public var numberOfLoops = 0
    /// Accepted and kept; the engine mixes every sound at full volume.
    public var volume: Float = 1
    public var pan: Float = 0
    public var rate: Float = 1
    public var enableRate = false
    public var isMeteringEnabled = false
    public weak var delegate: AVAudioPlayerDelegate?
    /// The sound's name for the scene's sound player.
    private let sound: String
    /// The scene it plays in: the one running when it was made, or when it last played (a player kept in a global
    /// across a replay of the scene, by a seek or a live reload, follows the new scene).
    private var context: SceneContext
    /// Claimed at the first `play` (so a player made to replace another, released just before it plays, takes
    /// the channel the other freed) and kept until the player is released.
    private var channel: SoundChannel?
    /// While playing: the scene time `play` ran and `currentTime` then.
    private var playing: (since: Double, from: TimeInterval)?
    private var pausedAt: TimeInterval = 0

    /// A player for the file at `url`: a file of the project's folder or any readable path.
    public init(contentsOf url: URL) throws {
        guard let context = ViewScene.running?.context else {
            throw AVAudioPlayerError.noScene(url)
        }
        guard url.isFileURL, FileManager.default.isReadableFile(atPath: url.path) else {
            AudioLog.say(context, "AVAudioPlayer: no sound file at \(url.path); the player is not made")
            throw AVAudioPlayerError.missing(url)
        }
        let name = SoundNames.name(of: url, in: context.assets)
        guard let length = context.sound.duration(of: name), length > 0 else {
            AudioLog.say(context, "AVAudioPlayer: \(url.lastPathComponent) cannot be decoded; the player is not made")
            throw AVAudioPlayerError.undecodable(url)
        }
        self.url = url
        self.context = context
        sound = name
        duration = length
    }

    public convenience init(contentsOf url: URL, fileTypeHint utiString: String?) throws { try self.init(contentsOf: url) }

    /// Isolated (SE-0371): it reads the scene's state, which is the main actor's; players are released there.
    isolated deinit {
        // Released while playing: silence, as on iOS (unless the scene it played in is gone already).
        guard let channel else { return }
        if isPlaying, ViewScene.running?.context === context { context.sound.stop(channel, at: context.clock.now) }
        PlayerChannels.release(channel, in: context)
    }

    private var now: Double { context.clock.now }

    /// Seconds played since `play` (counting loops), or nil when stopped or when a finite play has run out.
    private func elapsed(at t: Double) -> Double? {
        guard let playing else { return nil }
        let e = playing.from + (t - playing.since)
        if numberOfLoops >= 0 && e >= duration * Double(numberOfLoops + 1) { return nil }
        return e
    }

    public var isPlaying: Bool { elapsed(at: now) != nil }

    /// The position in the sound (within one loop).
    public var currentTime: TimeInterval {
        get {
            guard playing != nil else { return pausedAt }
            return elapsed(at: now).map { $0.truncatingRemainder(dividingBy: duration) } ?? 0
        }
        set {
            let wasPlaying = isPlaying
            halt()
            pausedAt = min(max(0, newValue), duration)
            if wasPlaying { play() }
        }
    }

    public var numberOfChannels: Int { 2 }

    @discardableResult
    public func prepareToPlay() -> Bool { true }

    /// Starts now (the scene time of the call) from `currentTime`; true when it plays.
    @discardableResult
    public func play() -> Bool {
        if let running = ViewScene.running?.context, running !== context {
            if let channel { PlayerChannels.release(channel, in: context) }
            context = running
            channel = nil
            playing = nil
        }
        if isPlaying { return true }
        let from = playing == nil ? pausedAt : 0
        playing = (now, from)
        pausedAt = 0
        let channel = self.channel ?? PlayerChannels.claim(in: context)
        self.channel = channel
        return context.sound.play(sound, on: channel, at: now, loops: numberOfLoops, from: from) == .started
    }

    /// Starts `delay` seconds of scene time from now.
    @discardableResult
    public func play(atTime time: TimeInterval) -> Bool {
        let delay = time - deviceCurrentTime
        guard delay > 0 else { return play() }
        context.clock.schedule(after: delay) { [weak self] in self?.play() }
        return true
    }

    /// The player's clock for `play(atTime:)`: the scene time.
    public var deviceCurrentTime: TimeInterval { now }

    public func pause() { halt() }

    public func stop() { halt() }

    private func halt() {
        guard playing != nil else { return }
        pausedAt = currentTime
        playing = nil
        // A scene that is no longer running keeps its sounds to itself.
        if let channel, ViewScene.running?.context === context { context.sound.stop(channel, at: now) }
    }
}

/// Why a player could not be made: the errors `try AVAudioPlayer(contentsOf:)` throws.
public enum AVAudioPlayerError: Error, CustomStringConvertible {
    case missing(URL), undecodable(URL), noScene(URL)

    public var description: String {
        switch self {
        case let .missing(url): return "no sound file at \(url.path)"
        case let .undecodable(url): return "\(url.lastPathComponent) cannot be decoded"
        case let .noScene(url): return "\(url.lastPathComponent): no scene is running to play it"
        }
    }
}

/// AVFoundation's player delegate (the book does not use it; kept so code that names it compiles).
public protocol AVAudioPlayerDelegate: AnyObject {
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool)
}

public extension AVAudioPlayerDelegate {
    func audioPlayerDidFinishPlaying(_ player: AVAudioPlayer, successfully flag: Bool) {}
}
