import Diagnostics
import Foundation
import Logging
import Stage

/// The player's sound output (README §3.10; 04 §0.4): resolves sounds and channels, then routes each request to the
/// mixer of its mode.
///
/// Channel layout: `.player` — the one global player of the books' `playSound` — is SDL_mixer channel 0, and
/// `.effect(n)` is channel 1 + n. Starting a sound on a channel cuts what that channel played (instantly: the cut is
/// sample-exact offline and within one 512-frame mixer buffer, ≈ 12 ms, on a device). Sounds play once at volume 1
/// unless `loops` says otherwise. Formats: see `SoundCache`.
///
/// Modes:
/// - `.device` plays through a real audio device in real time (`DeviceMixer`); the `at:` times are ignored (a
///   request plays now).
/// - `.offline` needs no device: SDL_mixer is opened on SDL's "dummy" driver only to load and convert chunks, and
///   `OfflineMixer` mixes the channels itself on the virtual clock, deterministically.
///
/// Failures never throw: a missing sound does nothing but warn once; an undecodable one warns once naming the file
/// and the channel keeps playing what it played (as in the books, where the failed `try AVAudioPlayer(…)` never
/// replaces the old player). `play` tells the scene which, so it can print its book's own line.
///
/// Time: offline, frame index = `clockBase + round(time · 44100)`; `clockBase` is 0 at creation, so a time line that
/// never goes back (the player's) needs nothing else. A caller whose times restart (e.g. raw scene times) calls
/// `restartClock(at:)` so the capture keeps running forward.
public final class AudioEngine: SoundPlayer {
    public enum Mode: Equatable, Sendable {
        /// A real audio device, mixed by SDL_mixer in real time.
        case device
        /// Headless: no device; the engine mixes itself on the virtual clock (deterministic).
        case offline
    }

    public static let sampleRate = 44100
    public static let outputChannels = 2
    /// The device's mixer buffer: a sound starts at most one buffer after it is asked for (issue 24: click → sound
    /// ≤ 25 ms, measured by `scripts/bench latency`). 512 frames is 11.6 ms; SDL_mixer fills it on its own thread,
    /// so a slow frame does not starve it.
    public static let bufferFrames = 512
    static let bytesPerFrame = 2 * outputChannels
    /// Effect channels allocated up front (more are allocated on demand).
    public static let initialEffectChannels = 16

    /// The mode asked for.
    public let requestedMode: Mode
    /// The mode in use: `.device` falls back to `.offline` when no device opens. (Reading it opens the device.)
    public var mode: Mode { output.mode }
    /// True when `.device` was asked for and nobody hears anything: no audio device could be opened (the engine then
    /// runs `.offline`: it keeps its channel table for `nowPlaying` and, with a capture file, still mixes), or audio
    /// could not be set up at all. A plain `.offline` engine is not "silent" (it mixes, for the capture).
    public var isSilent: Bool { output.isSilent }
    /// Where the mix is written (16-bit stereo 44100 Hz WAV), if anywhere.
    public let captureURL: URL?

    private let log: Logger
    private let mixer: SDLMixerSession
    private let sounds: SoundCache
    private let capture: AudioCapture?
    /// The mixer of the mode in use, once audio is open.
    private var opened: Output?
    private var closed = false

    /// What opening audio settled: the mode in use and who mixes.
    private struct Output {
        let mode: Mode
        let isSilent: Bool
        let mixer: ChannelMixer
        /// `mixer` when offline: the one with a virtual clock.
        let offline: OfflineMixer?
    }

    /// True when chunks can be loaded (SDL_mixer is open).
    public var canLoadSounds: Bool { _ = output; return mixer.isOpen }
    /// Absolute frames mixed so far (offline), i.e. the next frame to mix.
    public var mixPosition: Int { opened?.offline?.mixPosition ?? 0 }
    /// The absolute frame that is scene time 0 (offline).
    public var clockBase: Int { opened?.offline?.clockBase ?? 0 }

    // MARK: - Life cycle

    /// Sets audio up. `.offline` opens SDL_mixer at once. `.device` opens the device on first need — a sound loaded
    /// or played, the mix tapped, `open()` — so that a window's first frame neither waits for SDL_mixer's library
    /// (loaded on another thread meanwhile, `SDLMixerLibrary.preload()`) nor for the sound server (issue 24); until then
    /// nothing plays, so stopping, advancing and `nowPlaying` have nothing to do. `.device` falls back to silence
    /// with one message ("no audio device: playing silently (…)") when no device can be opened, and then runs as
    /// `.offline` so `--audio-out` still captures the mix (from the moment audio opened). What the engine and its
    /// parts say goes to `log`, this process's run unless a test hands in a logger of a `RunLog` of its own.
    ///
    /// `decodedSounds` keeps what FFmpeg decodes for later runs (the player passes the user's store; nil decodes
    /// every run, as tests and the gallery's picture makers do). `library` is the process's SDL_mixer unless a test
    /// hands in another (a missing one). `soundDecoding`: where FFmpeg decodes (the player: a helper process, so
    /// FFmpeg never enters its own memory).
    public convenience init(mode: Mode, assets: AssetResolver, captureURL: URL?, log: Logger = .zoetrope("zoetrope.audio"),
                            decodedSounds: DecodedSoundStore? = nil, soundDecoding: SoundDecoding = .inProcess) {
        self.init(mode: mode, assets: assets, captureURL: captureURL, log: log, decodedSounds: decodedSounds,
                  soundDecoding: soundDecoding, library: SDLMixerLibrary.shared)
    }

    init(mode: Mode, assets: AssetResolver, captureURL: URL?, log: Logger, decodedSounds: DecodedSoundStore?,
         soundDecoding: SoundDecoding = .inProcess, library: @escaping @autoclosure () -> Result<SDLMixerLibrary, SharedLibrary.LoadError>) {
        requestedMode = mode
        self.captureURL = captureURL
        self.log = log
        mixer = SDLMixerSession(library: library())
        sounds = SoundCache(assets: assets, mixer: mixer, log: log, store: decodedSounds, decoding: soundDecoding)
        capture = captureURL.flatMap { AudioCapture(url: $0, log: log) }
        if mode == .offline { open() }
    }

    deinit { close() }

    /// Opens audio now if it is not open yet: a window calls it once its first frame is shown, so that the first
    /// click's sound does not wait for the device.
    public func open() { _ = output }

    /// The mixer of the mode in use, opening audio on first use.
    private var output: Output {
        if let opened { return opened }
        let made = openOutput()
        opened = made
        return made
    }

    private func openOutput() -> Output {
        let channels = 1 + AudioEngine.initialEffectChannels
        var mode = requestedMode
        var silent = false
        var result = SDLMixerSession.OpenResult.success
        if mode == .device {
            result = mixer.open(driver: nil, channels: channels)
            if case .failure(let message) = result {
                log.warning("no audio device: playing silently (\(message))")
                silent = true
                mode = .offline
                result = mixer.open(driver: "dummy", channels: channels)
            }
        } else {
            result = mixer.open(driver: "dummy", channels: channels)
        }
        switch result {
        case .success: break
        case .failure(let message), .noLibrary(let message):
            log.warning("audio unavailable: playing silently, sounds are not loaded (\(message))")
            silent = true
            mode = .offline
        }
        if mode == .device {
            return Output(mode: mode, isSilent: silent, mixer: DeviceMixer(mixer: mixer, capture: capture, log: log),
                          offline: nil)
        }
        let offline = OfflineMixer(capture: capture)
        return Output(mode: mode, isSilent: silent, mixer: offline, offline: offline)
    }

    /// Stops everything, finishes and closes the WAV (fixing its header sizes), frees the sounds and closes the
    /// mixer. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        opened?.mixer.halt()
        capture?.finish()
        sounds.freeAll()
        mixer.close()
    }

    // MARK: - SoundPlayer

    @discardableResult
    public func play(_ name: String, on channel: SoundChannel, at time: Double) -> SoundStart {
        play(name, on: channel, at: time, loops: 0, from: 0)
    }

    /// Starts `name` on `channel` at scene time `time`. `loops`: 0 plays once, n plays n + 1 times, negative loops
    /// until stopped. `offset` (seconds) starts inside the sound (RoadTrip's `stop()` keeps `currentTime`).
    @discardableResult
    public func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) -> SoundStart {
        guard !closed else { return .started }
        open()   // first, so that the channel below is allocated in the open mixer
        guard let index = mixerChannel(for: channel) else { return .started }
        guard let sound = load(name) else {
            // The descriptive warning came once from `load`; the scene prints its book's line on every failed call.
            // No failure means audio is off altogether (said at start): nothing for the scene to say.
            switch sounds.failure(name) {
            case .missing: return .missing
            case .undecodable: return .undecodable
            case nil: return .started
            }
        }
        let startFrame = max(0, AudioEngine.frames(offset))
        if startFrame >= sound.frames && loops == 0 { stop(channel, at: time); return .started }
        let start = sound.frames > 0 ? startFrame % sound.frames : 0
        output.mixer.play(sound, on: index, loops: loops, startFrame: start, at: time)
        return .started
    }

    /// Stops one channel, or every channel when `channel` is nil.
    public func stop(_ channel: SoundChannel?, at time: Double) {
        guard !closed else { return }
        var index: Int? = nil
        if let channel {
            guard let i = mixerChannel(for: channel) else { return }
            index = i
        }
        opened?.mixer.stop(index, at: time)   // before audio opens nothing plays
    }

    /// Receives the mix as it is made, interleaved 16-bit stereo at 44.1 kHz (a recording's sound track). Offline:
    /// each block as `advance` mixes it, from the current mix position on. On a device: what the device played since
    /// the last `advance`, collected after SDL_mixer's mix and handed over in `advance`. Nil stops the tee.
    public var mixTap: ((UnsafeBufferPointer<Int16>) -> Void)? {
        get { opened?.mixer.tap }
        set { if !closed { output.mixer.tap = newValue } }
    }

    // MARK: - Clock

    /// Offline: mixes every frame up to scene time `time` (frame index = clockBase + round(time·44100)), applying
    /// play/stop requests at their exact frame positions and appending to the capture. Times before the current mix
    /// position do nothing. Device: writes what the device mixed since the last call to the capture.
    public func advance(to time: Double) {
        guard !closed, time.isFinite else { return }
        opened?.mixer.advance(to: time)
    }

    /// Makes scene time `time` the current mix position (a new scene restarts its clock at 0), so later times map
    /// onto frames after everything mixed so far. Pending requests are dropped. (Offline only: a device has no
    /// virtual clock.)
    public func restartClock(at time: Double = 0) {
        opened?.offline?.restartClock(at: time)
    }

    /// The current mix position in scene time (offline; 0 on a device).
    public var currentTime: Double { opened?.offline?.currentTime ?? 0 }

    // MARK: - State

    /// Which asset `channel` is playing at the current mix position, and the position inside it in seconds.
    public func nowPlaying(_ channel: SoundChannel) -> (name: String, position: Double)? {
        guard !closed, let index = mixerChannel(for: channel, allocate: false) else { return nil }
        return opened?.mixer.nowPlaying(index)
    }

    /// Loads (and caches) sound `name`; nil if it is missing or undecodable (warned once). Scenes that load at
    /// scene load (RoadTrip) call this up front.
    @discardableResult
    public func load(_ name: String) -> Sound? {
        guard !closed else { return nil }
        _ = output
        return sounds.load(name)
    }

    /// The duration of sound `name` in seconds (loading it), or nil.
    public func duration(of name: String) -> Double? {
        load(name).map { Double($0.frames) / Double(AudioEngine.sampleRate) }
    }

    /// round(seconds · 44100), safe for any Double (NaN counts as 0; huge values saturate).
    static func frames(_ seconds: Double) -> Int {
        let f = (seconds * Double(sampleRate)).rounded()
        guard f.isFinite else { return f > 0 ? Int.max / 4 : (f < 0 ? -(Int.max / 4) : 0) }
        return Int(max(-Double(Int.max / 4), min(Double(Int.max / 4), f)))
    }

    private func mixerChannel(for channel: SoundChannel, allocate: Bool = true) -> Int? {
        let index: Int
        switch channel {
        case .player: index = 0
        case .effect(let n):
            guard n >= 0 else { log.warning("invalid sound effect channel \(n)"); return nil }
            index = 1 + n
        }
        if allocate { mixer.ensureChannel(index) }
        return index
    }
}
