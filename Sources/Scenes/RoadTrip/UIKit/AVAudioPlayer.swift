import Foundation
import Stage

/// A buffered audio player (spec 06 §2.7): created from a file URL (throws when the file is missing or cannot be
/// decoded), `numberOfLoops` (0 once, n → n + 1 plays, negative: until stopped), `prepareToPlay`, `play`, `pause`,
/// `stop` — which keeps `currentTime` — and `isPlaying` / `currentTime` on the scene clock. Several players play at
/// once, each on its own channel.
final class AVAudioPlayer {
    struct LoadError: Error { let url: URL }

    let url: URL
    /// The sound's asset name (the file's base name).
    let name: String
    let duration: TimeInterval
    var numberOfLoops = 0
    var volume: Float = 1
    /// Buffers preloaded (`prepareToPlay`, or implicitly by `play`); `stop` releases them.
    private(set) var isPrepared = false
    private let channel: SoundChannel
    /// The app that made it (its clock and sounds, also when read from outside a call into the app).
    private unowned let app: UIApplication
    /// While playing: the scene time `play` ran and `currentTime` then.
    private var playing: (since: Double, from: TimeInterval)?
    private var stoppedTime: TimeInterval = 0

    init(contentsOf url: URL) throws {
        let app = UIApplication.shared
        name = url.deletingPathExtension().lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path),
              let d = app.context.sound.duration(of: name), d > 0 else { throw LoadError(url: url) }
        self.url = url
        self.app = app
        duration = d
        channel = app.playerChannel()
    }

    private var now: Double { app.now }

    /// Seconds played since `play`, or nil when a finite play has run out.
    private func elapsed(at t: Double) -> Double? {
        guard let playing else { return nil }
        let e = playing.from + (t - playing.since)
        if numberOfLoops >= 0 && e >= duration * Double(numberOfLoops + 1) { return nil }
        return e
    }

    var isPlaying: Bool { elapsed(at: now) != nil }

    /// The position in the sound (modulo its length while looping).
    var currentTime: TimeInterval {
        get {
            guard playing != nil else { return stoppedTime }
            return elapsed(at: now).map { $0.truncatingRemainder(dividingBy: duration) } ?? 0
        }
        set {
            stoppedTime = max(0, newValue)
            if isPlaying { playing = nil; _ = play() }
        }
    }

    @discardableResult
    func prepareToPlay() -> Bool {
        isPrepared = true
        return true
    }

    /// Starts (asynchronously in UIKit; here at the current scene time) from `currentTime`.
    @discardableResult
    func play() -> Bool {
        if isPlaying { return true }
        let from = playing == nil ? stoppedTime : 0
        isPrepared = true
        playing = (now, from)
        app.context.sound.play(name, on: channel, at: now, loops: numberOfLoops, from: from)
        return true
    }

    func pause() { halt() }

    /// Stops and releases the prepared buffers; `currentTime` is kept (the next `play` resumes there).
    func stop() {
        halt()
        isPrepared = false
    }

    private func halt() {
        guard playing != nil else { return }
        stoppedTime = currentTime
        playing = nil
        app.context.sound.stop(channel, at: now)
    }
}

typealias SystemSoundID = UInt32
typealias OSStatus = Int32

/// The system sound service (spec 06 §2.7): a short file (30 s or less) registered once gives an id; playing it is
/// fire and forget, one system sound at a time (a new one cuts the last), logged for the harness.
enum AudioServices {
    /// The effect channel of system sounds.
    static let channelNumber = 0
    static let maxDuration = 30.0
    /// Ids handed out for registered files (as iOS's, above the predefined ones).
    static let firstID: SystemSoundID = 4097
}

/// `AudioServicesCreateSystemSoundID`: 0 (noErr) and the id, or an error status when the file is missing, cannot be
/// decoded or is longer than 30 s.
@discardableResult
func AudioServicesCreateSystemSoundID(_ url: URL, _ soundID: inout SystemSoundID) -> OSStatus {
    let app = UIApplication.shared
    let name = url.deletingPathExtension().lastPathComponent
    guard FileManager.default.fileExists(atPath: url.path), let d = app.context.sound.duration(of: name),
          d <= AudioServices.maxDuration else { return -1500 }
    let id = AudioServices.firstID + SystemSoundID(app.systemSounds.count)
    app.systemSounds[id] = name
    soundID = id
    return 0
}

/// `AudioServicesPlaySystemSound`: plays the registered sound now; unknown ids do nothing.
func AudioServicesPlaySystemSound(_ soundID: SystemSoundID) {
    let app = UIApplication.shared
    guard let name = app.systemSounds[soundID] else { return }
    app.deviceFeedback.playSystemSound(name, on: .effect(AudioServices.channelNumber))
}
