import CSDL2
import Foundation
import Stage
import Diagnostics   // for the default `log: Log = .shared` (`Log` is Stage's alias of `RunLog`)

/// The player's sound output (README §3.10; 04 §0.4).
///
/// Channel layout: `.player` — the one global player of the books' `playSound` — is SDL_mixer channel 0, and
/// `.effect(n)` is channel 1 + n. Starting a sound on a channel cuts what that channel played (instantly: the cut is
/// sample-exact offline and within one 1024-frame mixer buffer, ≈ 23 ms, on a device). Sounds play once at volume 1
/// unless `loops` says otherwise.
///
/// Formats: WAV, AIFF, OGG Vorbis, MP3 and FLAC load through SDL_mixer; `.m4a` (AAC) is decoded by `FFmpegDecoder`
/// into PCM in the mixer's format and handed to SDL_mixer with `Mix_QuickLoad_RAW`. If SDL_mixer cannot read some
/// other file, FFmpeg gets a try too.
///
/// Modes:
/// - `.device` plays through a real audio device in real time; the `at:` times are ignored (a request plays now).
/// - `.offline` needs no device: SDL_mixer is opened on SDL's "dummy" driver only to load and convert chunks, and the
///   engine mixes its own channel table on the virtual clock with `SDL_MixAudioFormat` at volume 128 — the call
///   SDL_mixer's own mixer makes — so the capture equals what the mixer would output, to the sample, deterministically.
///
/// Failures never throw: a missing sound does nothing but warn once; an undecodable one warns once naming the file
/// (plus the scene's log line, `decodeFailureLogLine`) and the channel keeps playing what it played (as in the books,
/// where the failed `try AVAudioPlayer(…)` never replaces the old player).
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
    public static let bufferFrames = 1024
    /// Effect channels allocated up front (more are allocated on demand).
    public static let initialEffectChannels = 16
    /// What the elevator and word-game books print when a sound cannot be decoded (04, `playSound`).
    public static let bookDecodeErrorLine = "ERROR: Could not find and play the sound file!"

    /// The mode asked for.
    public let requestedMode: Mode
    /// The mode in use: `.device` falls back to `.offline` when no device opens.
    public private(set) var mode: Mode
    /// True when `.device` was asked for and nobody hears anything: no audio device could be opened (the engine then
    /// runs `.offline`: it keeps its channel table for `nowPlaying` and, with a capture file, still mixes), or audio
    /// could not be set up at all. A plain `.offline` engine is not "silent" (it mixes, for the capture).
    public private(set) var isSilent: Bool
    /// Where the mix is written (16-bit stereo 44100 Hz WAV), if anywhere.
    public let captureURL: URL?
    /// Logged (every time, like the book's `print`) when `play` meets an undecodable file. Scenes whose book prints
    /// something else set it (chapter 1 prints "Could not find and play the sound file"); nil logs nothing extra.
    public var decodeFailureLogLine: String? = AudioEngine.bookDecodeErrorLine

    private let assets: AssetResolver
    private let log: Log

    // SDL state.
    private var audioSubsystemInited = false
    private var mixerOpen = false
    private var mixerChannels = 0
    /// True when chunks can be loaded (SDL_mixer is open).
    public var canLoadSounds: Bool { mixerOpen }

    // Sounds.
    private var sounds: [String: Sound] = [:]
    private var failures: [String: Failure] = [:]

    // Offline mixing.
    private var voices: [Int: Voice] = [:]
    private var pending: [Request] = []
    private var requestSerial = 0
    /// Absolute frames mixed so far (offline), i.e. the next frame to mix.
    public private(set) var mixPosition = 0
    /// The absolute frame that is scene time 0.
    public private(set) var clockBase = 0

    // Device playback bookkeeping (what each channel was asked to play, and when).
    private var deviceVoices: [Int: DeviceVoice] = [:]

    // Capture.
    private var writer: WAVWriter?
    private var tap: CaptureTap?
    private var closed = false

    // MARK: - Life cycle

    /// Opens audio. `.device` falls back to silence with one message ("no audio device: playing silently (…)") when no
    /// device can be opened, and then runs as `.offline` so `--audio-out` still captures the mix.
    public init(mode: Mode, assets: AssetResolver, captureURL: URL?, log: Log = .shared) {
        self.requestedMode = mode
        self.mode = mode
        self.isSilent = false
        self.assets = assets
        self.captureURL = captureURL
        self.log = log

        if mode == .device {
            switch openMixer(driver: nil) {
            case .success:
                self.mode = .device
            case .failure(let message):
                log.warnOnce("no audio device: playing silently (\(message))")
                isSilent = true
                self.mode = .offline
            }
        }
        if self.mode == .offline {
            if case .failure(let message) = openMixer(driver: "dummy") {
                log.warnOnce("audio unavailable: playing silently, sounds are not loaded (\(message))")
                isSilent = true
            }
        }
        if mixerOpen {
            Mix_AllocateChannels(Int32(1 + AudioEngine.initialEffectChannels))
            mixerChannels = 1 + AudioEngine.initialEffectChannels
            Mix_Volume(-1, Int32(MIX_MAX_VOLUME))
        }

        if let captureURL {
            do {
                writer = try WAVWriter(url: captureURL, sampleRate: AudioEngine.sampleRate,
                                       channels: AudioEngine.outputChannels)
            } catch {
                log.outputFailed("cannot write audio capture \(captureURL.path): \(error.localizedDescription)")
            }
            if writer != nil, self.mode == .device, mixerOpen {
                let tap = CaptureTap()
                self.tap = tap
                Mix_SetPostMix(captureCallback, Unmanaged.passUnretained(tap).toOpaque())
            }
        }
    }

    deinit { close() }

    private enum OpenResult { case success, failure(String) }

    /// Initialises SDL audio (optionally forcing a driver) and opens SDL_mixer at 44100 Hz, S16, stereo, exactly.
    private func openMixer(driver: String?) -> OpenResult {
        if driver == nil { ALSAQuiet.install() }
        let previousHint = SDL_GetHint(SDL_HINT_AUDIODRIVER).map { String(cString: $0) }
        if let driver { SDL_SetHint(SDL_HINT_AUDIODRIVER, driver) }
        let initRC = SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO))
        if driver != nil {
            if let previousHint { SDL_SetHint(SDL_HINT_AUDIODRIVER, previousHint) } else { SDL_ResetHint(SDL_HINT_AUDIODRIVER) }
        }
        guard initRC == 0 else { return .failure(sdlError()) }
        audioSubsystemInited = true
        if let driver, currentDriver() != driver {
            // Audio was already initialised elsewhere with another driver (the hint only works on first init):
            // switch the audio subsystem's driver. Nothing else plays audio in this program.
            if SDL_AudioInit(driver) != 0 {
                let message = sdlError()
                SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
                audioSubsystemInited = false
                return .failure(message)
            }
        }
        _ = Mix_Init(Int32(MIX_INIT_OGG.rawValue | MIX_INIT_MP3.rawValue | MIX_INIT_FLAC.rawValue))
        // allowed_changes 0: SDL converts if the device differs, so the mixer format is exactly ours.
        if Mix_OpenAudioDevice(Int32(AudioEngine.sampleRate), UInt16(AUDIO_S16SYS), Int32(AudioEngine.outputChannels),
                               Int32(AudioEngine.bufferFrames), nil, 0) != 0 {
            let message = sdlError()
            Mix_Quit()
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            audioSubsystemInited = false
            return .failure(message)
        }
        mixerOpen = true
        return .success
    }

    /// Stops everything, finishes and closes the WAV (fixing its header sizes), frees the sounds and closes the
    /// mixer. Idempotent.
    public func close() {
        guard !closed else { return }
        closed = true
        if mixerOpen {
            Mix_HaltChannel(-1)
            if tap != nil { Mix_SetPostMix(nil, nil) }   // waits for the audio thread (SDL locks the device)
        }
        flushDeviceCapture()
        tap = nil
        voices.removeAll()
        pending.removeAll()
        for v in deviceVoices.values { v.free() }   // the channels are halted
        deviceVoices.removeAll()
        if let writer {
            do { try writer.finish() } catch { log.outputFailed("cannot finish audio capture \(writer.url.path): \(error.localizedDescription)") }
        }
        writer = nil
        for sound in sounds.values { sound.free() }
        sounds.removeAll()
        if mixerOpen {
            Mix_CloseAudio()
            Mix_Quit()
            mixerOpen = false
        }
        if audioSubsystemInited {
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            audioSubsystemInited = false
        }
    }

    // MARK: - SoundPlayer

    public func play(_ name: String, on channel: SoundChannel, at time: Double) {
        play(name, on: channel, at: time, loops: 0, from: 0)
    }

    /// Starts `name` on `channel` at scene time `time`. `loops`: 0 plays once, n plays n + 1 times, negative loops
    /// until stopped. `offset` (seconds) starts inside the sound (RoadTrip's `stop()` keeps `currentTime`).
    public func play(_ name: String, on channel: SoundChannel, at time: Double, loops: Int, from offset: Double) {
        guard !closed, let index = mixerChannel(for: channel) else { return }
        guard let sound = load(name) else {
            // The book's `catch { print(…) }`, on every failed call; the descriptive warning came once from `load`.
            if failures[name] == .undecodable, let line = decodeFailureLogLine { log.info(line) }
            return
        }
        let startFrame = max(0, AudioEngine.frames(offset))
        if startFrame >= sound.frames && loops == 0 { stop(channel, at: time); return }
        let start = sound.frames > 0 ? startFrame % sound.frames : 0
        switch mode {
        case .device:
            playOnDevice(sound, channel: index, loops: loops, startFrame: start)
        case .offline:
            schedule(.play(sound, loops: loops, startFrame: start), channel: index, at: time)
        }
    }

    /// Stops one channel, or every channel when `channel` is nil.
    public func stop(_ channel: SoundChannel?, at time: Double) {
        guard !closed else { return }
        var index: Int? = nil
        if let channel {
            guard let i = mixerChannel(for: channel) else { return }
            index = i
        }
        switch mode {
        case .device:
            guard mixerOpen else { return }
            if let index {
                Mix_HaltChannel(Int32(index))
                deviceVoices[index]?.free()
                deviceVoices[index] = nil
            } else {
                Mix_HaltChannel(-1)
                for v in deviceVoices.values { v.free() }
                deviceVoices.removeAll()
            }
        case .offline:
            schedule(.stop, channel: index, at: time)
        }
    }

    // MARK: - Clock

    /// Offline: mixes every frame up to scene time `time` (frame index = clockBase + round(time·44100)), applying
    /// play/stop requests at their exact frame positions and appending to the capture. Times before the current mix
    /// position do nothing. Device: writes what the device mixed since the last call to the capture.
    public func advance(to time: Double) {
        guard !closed, time.isFinite else { return }
        switch mode {
        case .device:
            flushDeviceCapture()
        case .offline:
            let target = frame(for: time)
            guard target > mixPosition || !pending.isEmpty else { return }
            pending.sort { ($0.frame, $0.serial) < ($1.frame, $1.serial) }
            while let next = pending.first, next.frame <= target {
                pending.removeFirst()
                mix(until: next.frame)
                apply(next)
            }
            mix(until: target)
        }
    }

    /// Makes scene time `time` the current mix position (a new scene restarts its clock at 0), so later times map
    /// onto frames after everything mixed so far. Pending requests are dropped.
    public func restartClock(at time: Double = 0) {
        pending.removeAll()
        clockBase = mixPosition - AudioEngine.frames(time)
    }

    /// The current mix position in scene time (offline).
    public var currentTime: Double { Double(mixPosition - clockBase) / Double(AudioEngine.sampleRate) }

    // MARK: - State

    /// Which asset `channel` is playing at the current mix position, and the position inside it in seconds.
    public func nowPlaying(_ channel: SoundChannel) -> (name: String, position: Double)? {
        guard !closed, let index = mixerChannel(for: channel, allocate: false) else { return nil }
        switch mode {
        case .offline:
            guard let v = voices[index] else { return nil }
            return (v.sound.name, Double(v.position) / Double(AudioEngine.sampleRate))
        case .device:
            guard mixerOpen, index < mixerChannels, Mix_Playing(Int32(index)) != 0, let v = deviceVoices[index],
                  Mix_GetChunk(Int32(index)) == v.chunk else { return nil }
            let elapsed = Double(SDL_GetTicks64() &- v.startTicks) / 1000
            var frames = v.startFrame + Int(elapsed * Double(AudioEngine.sampleRate))
            if v.sound.frames > 0 { frames = v.loops != 0 ? frames % v.sound.frames : min(frames, v.sound.frames) }
            return (v.sound.name, Double(frames) / Double(AudioEngine.sampleRate))
        }
    }

    /// Loads (and caches) sound `name`; nil if it is missing or undecodable (warned once). Scenes that load at
    /// scene load (RoadTrip) call this up front.
    @discardableResult
    public func load(_ name: String) -> Sound? {
        if let s = sounds[name] { return s }
        if failures[name] != nil { return nil }
        guard let url = assets.soundURL(named: name) else {
            failures[name] = .missing
            log.warnOnce("sound '\(name)' not found (looked for \(name).{\(AssetResolver.soundExtensions.joined(separator: ","))})")
            return nil
        }
        guard mixerOpen else { return nil }   // no SDL_mixer: already said so
        switch decodeChunk(url) {
        case .success(let (chunk, buffer)):
            let sound = Sound(name: name, url: url, chunk: chunk, buffer: buffer)
            sounds[name] = sound
            return sound
        case .failure(let error):
            failures[name] = .undecodable
            log.warnOnce("\(error.description); playing nothing")
            return nil
        }
    }

    /// The duration of sound `name` in seconds (loading it), or nil.
    public func duration(of name: String) -> Double? {
        load(name).map { Double($0.frames) / Double(AudioEngine.sampleRate) }
    }

    // MARK: - Sounds

    /// One loaded sound: an SDL_mixer chunk in the mixer's format (S16 stereo 44100), plus the PCM buffer this
    /// engine owns when the chunk was built from FFmpeg output.
    public final class Sound {
        public let name: String
        public let url: URL
        let chunk: UnsafeMutablePointer<Mix_Chunk>
        let buffer: UnsafeMutableRawPointer?
        /// Length in frames.
        public let frames: Int
        init(name: String, url: URL, chunk: UnsafeMutablePointer<Mix_Chunk>, buffer: UnsafeMutableRawPointer?) {
            self.name = name; self.url = url; self.chunk = chunk; self.buffer = buffer
            self.frames = Int(chunk.pointee.alen) / AudioEngine.bytesPerFrame
        }
        var bytes: UnsafeMutablePointer<UInt8> { chunk.pointee.abuf }
        /// Interleaved samples of the chunk (for tests and analysis).
        public var samples: [Int16] {
            Array(UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: Int16.self),
                                      count: frames * AudioEngine.outputChannels))
        }
        fileprivate func free() {
            Mix_FreeChunk(chunk)
            buffer?.deallocate()
        }
    }

    private enum Failure { case missing, undecodable }

    static let bytesPerFrame = 2 * outputChannels

    private func decodeChunk(_ url: URL) -> Result<(UnsafeMutablePointer<Mix_Chunk>, UnsafeMutableRawPointer?), FFmpegDecoder.DecodeError> {
        var sdlReason: String? = nil
        if url.pathExtension.lowercased() != "m4a" {
            if let rw = SDL_RWFromFile(url.path, "rb") {
                if let chunk = Mix_LoadWAV_RW(rw, 1) {
                    if chunk.pointee.alen > 0 { return .success((chunk, nil)) }
                    Mix_FreeChunk(chunk)
                    sdlReason = "no audio data"
                } else {
                    sdlReason = sdlError()
                }
            } else {
                sdlReason = sdlError()
            }
        }
        // AAC in MP4 (and anything SDL_mixer could not read): FFmpeg → PCM in the mixer's format → chunk.
        var freq: Int32 = 0, format: UInt16 = 0, chans: Int32 = 0
        Mix_QuerySpec(&freq, &format, &chans)
        do {
            let pcm = try FFmpegDecoder.decode(url, sampleRate: Int(freq), channels: Int(chans))
            let byteCount = pcm.count * 2
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 4), alignment: 16)
            pcm.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: byteCount) }
            guard let chunk = Mix_QuickLoad_RAW(buffer.assumingMemoryBound(to: UInt8.self), UInt32(byteCount)) else {
                buffer.deallocate()
                return .failure(.init(file: url.path, reason: "SDL_mixer refused the PCM: \(sdlError())"))
            }
            return .success((chunk, buffer))
        } catch let error as FFmpegDecoder.DecodeError {
            let reason = sdlReason.map { "SDL_mixer: \($0); FFmpeg: \(error.reason)" } ?? error.reason
            return .failure(.init(file: url.path, reason: reason))
        } catch {
            return .failure(.init(file: url.path, reason: "\(error)"))
        }
    }

    // MARK: - Channels

    private func mixerChannel(for channel: SoundChannel, allocate: Bool = true) -> Int? {
        let index: Int
        switch channel {
        case .player: index = 0
        case .effect(let n):
            guard n >= 0 else { log.warnOnce("invalid sound effect channel \(n)"); return nil }
            index = 1 + n
        }
        if allocate, mixerOpen, index >= mixerChannels {
            mixerChannels = index + 1
            Mix_AllocateChannels(Int32(mixerChannels))
        }
        return index
    }

    // MARK: - Device playback

    private final class DeviceVoice {
        let sound: Sound
        let chunk: UnsafeMutablePointer<Mix_Chunk>
        /// A temporary chunk (and its buffer) when starting inside the sound.
        let temporary: (UnsafeMutablePointer<Mix_Chunk>, UnsafeMutableRawPointer?)?
        let loops: Int
        let startFrame: Int
        let startTicks: UInt64
        init(sound: Sound, chunk: UnsafeMutablePointer<Mix_Chunk>,
             temporary: (UnsafeMutablePointer<Mix_Chunk>, UnsafeMutableRawPointer?)?, loops: Int, startFrame: Int) {
            self.sound = sound; self.chunk = chunk; self.temporary = temporary; self.loops = loops
            self.startFrame = startFrame; self.startTicks = SDL_GetTicks64()
        }
        /// Call only after the channel has been halted or replaced.
        func free() {
            if let (c, b) = temporary { Mix_FreeChunk(c); b?.deallocate() }
        }
    }

    private func playOnDevice(_ sound: Sound, channel: Int, loops: Int, startFrame: Int) {
        guard mixerOpen else { return }
        Mix_HaltChannel(Int32(channel))
        deviceVoices[channel]?.free()
        deviceVoices[channel] = nil
        var chunk = sound.chunk
        var temporary: (UnsafeMutablePointer<Mix_Chunk>, UnsafeMutableRawPointer?)? = nil
        if startFrame > 0 {
            let offsetBytes = startFrame * AudioEngine.bytesPerFrame
            let total = sound.frames * AudioEngine.bytesPerFrame
            if loops == 0 {
                // The tail of the sound, as a view on the same memory.
                if let c = Mix_QuickLoad_RAW(sound.bytes + offsetBytes, UInt32(total - offsetBytes)) {
                    chunk = c; temporary = (c, nil)
                }
            } else {
                // Looping from inside: the sound rotated to start there (exact for endless loops).
                let buffer = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 16)
                buffer.copyMemory(from: sound.bytes + offsetBytes, byteCount: total - offsetBytes)
                (buffer + (total - offsetBytes)).copyMemory(from: sound.bytes, byteCount: offsetBytes)
                if let c = Mix_QuickLoad_RAW(buffer.assumingMemoryBound(to: UInt8.self), UInt32(total)) {
                    chunk = c; temporary = (c, buffer)
                } else {
                    buffer.deallocate()
                }
            }
        }
        if Mix_PlayChannelTimed(Int32(channel), chunk, Int32(loops < 0 ? -1 : loops), -1) < 0 {
            log.warnOnce("cannot play sound '\(sound.name)': \(sdlError())")
            if let (c, b) = temporary { Mix_FreeChunk(c); b?.deallocate() }
            return
        }
        deviceVoices[channel] = DeviceVoice(sound: sound, chunk: chunk, temporary: temporary, loops: loops,
                                            startFrame: startFrame)
    }

    private func flushDeviceCapture() {
        guard let tap, let writer else { return }
        let data = tap.take()
        do { try writer.append(bytes: data) } catch { log.outputFailed("cannot write audio capture \(writer.url.path): \(error.localizedDescription)") }
    }

    // MARK: - Offline mixing

    private struct Voice {
        let sound: Sound
        var position: Int
        var loopsLeft: Int
    }

    private enum Action {
        case play(Sound, loops: Int, startFrame: Int)
        case stop
    }

    private struct Request {
        let frame: Int
        let serial: Int
        let channel: Int?
        let action: Action
    }

    private func frame(for time: Double) -> Int {
        clockBase + AudioEngine.frames(time)
    }

    /// round(seconds · 44100), safe for any Double (NaN counts as 0; huge values saturate).
    static func frames(_ seconds: Double) -> Int {
        let f = (seconds * Double(sampleRate)).rounded()
        guard f.isFinite else { return f > 0 ? Int.max / 4 : (f < 0 ? -(Int.max / 4) : 0) }
        return Int(max(-Double(Int.max / 4), min(Double(Int.max / 4), f)))
    }

    private func schedule(_ action: Action, channel: Int?, at time: Double) {
        requestSerial += 1
        let request = Request(frame: max(frame(for: time), mixPosition), serial: requestSerial, channel: channel,
                              action: action)
        if request.frame <= mixPosition && pending.allSatisfy({ $0.frame > mixPosition }) {
            apply(request)
        } else {
            pending.append(request)
        }
    }

    private func apply(_ request: Request) {
        switch request.action {
        case .play(let sound, let loops, let startFrame):
            guard let channel = request.channel else { return }
            voices[channel] = Voice(sound: sound, position: startFrame, loopsLeft: loops)
        case .stop:
            if let channel = request.channel { voices[channel] = nil } else { voices.removeAll() }
        }
    }

    /// Mixes frames [mixPosition, end) of every voice (in channel order, as SDL_mixer does) and appends them to the
    /// capture. Without a capture only the positions move.
    private func mix(until end: Int) {
        guard end > mixPosition else { return }
        let blockFrames = 4096
        var scratch = writer != nil ? [Int16](repeating: 0, count: blockFrames * AudioEngine.outputChannels) : []
        while mixPosition < end {
            let n = min(blockFrames, end - mixPosition)
            if writer != nil {
                scratch.withUnsafeMutableBytes { dst in
                    let out = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    memset(out, 0, n * AudioEngine.bytesPerFrame)   // S16 silence
                    mixVoices(frames: n, into: out)
                }
                do {
                    try scratch.withUnsafeBufferPointer {
                        try writer?.append(UnsafeBufferPointer(rebasing: $0[0..<(n * AudioEngine.outputChannels)]))
                    }
                } catch {
                    log.outputFailed("cannot write audio capture \(captureURL?.path ?? ""): \(error)")
                    try? writer?.finish()
                    writer = nil
                }
            } else {
                mixVoices(frames: n, into: nil)
            }
            mixPosition += n
        }
    }

    private func mixVoices(frames n: Int, into out: UnsafeMutablePointer<UInt8>?) {
        for channel in voices.keys.sorted() {
            guard var v = voices[channel] else { continue }
            var done = 0
            var finished = false
            while done < n {
                let remaining = v.sound.frames - v.position
                if remaining <= 0 {
                    if v.loopsLeft != 0 && v.sound.frames > 0 {
                        if v.loopsLeft > 0 { v.loopsLeft -= 1 }
                        v.position = 0
                        continue
                    }
                    finished = true
                    break
                }
                let m = min(remaining, n - done)
                if let out {
                    SDL_MixAudioFormat(out + done * AudioEngine.bytesPerFrame,
                                       v.sound.bytes + v.position * AudioEngine.bytesPerFrame,
                                       UInt16(AUDIO_S16SYS), UInt32(m * AudioEngine.bytesPerFrame),
                                       Int32(MIX_MAX_VOLUME))
                }
                v.position += m
                done += m
            }
            if !finished && v.position >= v.sound.frames {
                // At the end exactly at the block's end: finish, or wrap now so the position reads 0.
                if v.loopsLeft == 0 || v.sound.frames == 0 {
                    finished = true
                } else {
                    if v.loopsLeft > 0 { v.loopsLeft -= 1 }
                    v.position = 0
                }
            }
            voices[channel] = finished ? nil : v
        }
    }
}

// MARK: - Device capture

/// Collects what SDL_mixer hands the device (post-mix), on the audio thread; drained on the main thread.
final class CaptureTap: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    func append(_ bytes: UnsafePointer<UInt8>, _ count: Int) {
        lock.lock(); data.append(bytes, count: count); lock.unlock()
    }
    func take() -> Data {
        lock.lock(); defer { lock.unlock() }
        let d = data
        data = Data()
        return d
    }
}

private let captureCallback: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Void = {
    udata, stream, len in
    guard let udata, let stream, len > 0 else { return }
    Unmanaged<CaptureTap>.fromOpaque(udata).takeUnretainedValue().append(stream, Int(len))
}

private func currentDriver() -> String? { SDL_GetCurrentAudioDriver().map { String(cString: $0) } }

/// libasound prints its configuration errors straight to stderr (a dozen lines on a machine without a sound card)
/// when SDL probes it; the engine reports the failure itself, once. This routes them to a no-op handler.
/// (The handler type is variadic in C; a callee that ignores every argument is safe on the SysV x86-64 and
/// Linux AArch64 calling conventions.)
private enum ALSAQuiet {
    typealias Handler = @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, Int32,
                                        UnsafePointer<CChar>?) -> Void
    typealias SetHandler = @convention(c) (Handler?) -> Int32
    static let installed: Bool = {
        guard let lib = dlopen("libasound.so.2", RTLD_NOW | RTLD_GLOBAL),
              let sym = dlsym(lib, "snd_lib_error_set_handler") else { return false }
        let set = unsafeBitCast(sym, to: SetHandler.self)
        let quiet: Handler = { _, _, _, _, _ in }
        return set(quiet) == 0
    }()
    static func install() { _ = installed }
}

private func sdlError() -> String {
    guard let e = SDL_GetError() else { return "unknown SDL error" }
    let s = String(cString: e)
    return s.isEmpty ? "unknown SDL error" : s
}
