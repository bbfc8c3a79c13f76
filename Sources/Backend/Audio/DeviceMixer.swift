import CSDL2
import Foundation
import Logging
import Stage

/// `.device` playback: SDL_mixer mixes on its audio thread in real time, so a request plays now (its time is
/// ignored) and a cut lands within one 512-frame buffer, ≈ 12 ms. What each channel was asked to play, and when, is
/// kept so `nowPlaying` can answer from the wall clock.
final class DeviceMixer: ChannelMixer {
    private struct Voice {
        let sound: AudioEngine.Sound
        /// The chunk given to SDL_mixer: the sound's own, or `startChunk` when starting inside it.
        let chunk: UnsafeMutablePointer<Mix_Chunk>
        let startChunk: OwnedChunk?
        let loops: Int
        let startFrame: Int
        let startTicks = SDL_GetTicks64()
    }

    private let mixer: SDLMixerSession
    private let capture: AudioCapture?
    private let log: Logger
    private var voices: [Int: Voice] = [:]

    init(mixer: SDLMixerSession, capture: AudioCapture?, log: Logger) {
        self.mixer = mixer; self.capture = capture; self.log = log
        if let mix = mixer.mix { capture?.tapDevice(mix) }
    }

    func play(_ sound: AudioEngine.Sound, on channel: Int, loops: Int, startFrame: Int, at time: Double) {
        guard let mix = mixer.mix else { return }
        stop(channel, at: time)
        let startChunk = startFrame > 0 ? Self.chunk(of: sound, from: startFrame, looping: loops != 0) : nil
        let chunk = startChunk?.chunk ?? sound.chunk
        if mix.Mix_PlayChannelTimed(Int32(channel), chunk, Int32(loops < 0 ? -1 : loops), -1) < 0 {
            log.warning("cannot play sound '\(sound.name)': \(sdlError())")
            startChunk?.free()
            return
        }
        voices[channel] = Voice(sound: sound, chunk: chunk, startChunk: startChunk, loops: loops, startFrame: startFrame)
    }

    func stop(_ channel: Int?, at time: Double) {
        guard let mix = mixer.mix else { return }
        if let channel {
            _ = mix.Mix_HaltChannel(Int32(channel))
            voices[channel]?.startChunk?.free()
            voices[channel] = nil
        } else {
            _ = mix.Mix_HaltChannel(-1)
            for v in voices.values { v.startChunk?.free() }
            voices.removeAll()
        }
    }

    func halt() {
        stop(nil, at: 0)
        tap = nil
    }

    /// The device mixes by itself; this only writes what it mixed since the last call to the capture, and hands it
    /// to the tap.
    func advance(to time: Double) {
        let data = capture?.flushTap() ?? ownTap?.take() ?? Data()
        if let tap, data.count >= 4 { data.withUnsafeBytes { tap($0.bindMemory(to: Int16.self)) } }
    }

    /// A recording's tee of the device's mix (post-mix, on the audio thread, collected until `advance`); with an
    /// `--audio-out` capture it shares the capture's collector.
    var tap: ((UnsafeBufferPointer<Int16>) -> Void)? {
        didSet {
            guard let mix = mixer.mix, capture == nil else { return }
            if tap != nil, ownTap == nil {
                let t = CaptureTap()
                ownTap = t
                mix.Mix_SetPostMix(captureCallback, Unmanaged.passUnretained(t).toOpaque())
            } else if tap == nil, ownTap != nil {
                mix.Mix_SetPostMix(nil, nil)   // waits for the audio thread
                ownTap = nil
            }
        }
    }
    private var ownTap: CaptureTap?

    func nowPlaying(_ channel: Int) -> (name: String, position: Double)? {
        guard let mix = mixer.mix, channel < mixer.channelCount, mix.Mix_Playing(Int32(channel)) != 0,
              let v = voices[channel], mix.Mix_GetChunk(Int32(channel)) == v.chunk else { return nil }
        let elapsed = Double(SDL_GetTicks64() &- v.startTicks) / 1000
        var frames = v.startFrame + Int(elapsed * Double(AudioEngine.sampleRate))
        if v.sound.frames > 0 { frames = v.loops != 0 ? frames % v.sound.frames : min(frames, v.sound.frames) }
        return (v.sound.name, Double(frames) / Double(AudioEngine.sampleRate))
    }

    /// A chunk that starts `startFrame` into `sound`: once through, the tail as a view on the same memory; looping,
    /// the sound rotated to start there (exact for endless loops). Nil if SDL_mixer refuses it.
    private static func chunk(of sound: AudioEngine.Sound, from startFrame: Int, looping: Bool) -> OwnedChunk? {
        let offsetBytes = startFrame * AudioEngine.bytesPerFrame
        let total = sound.frames * AudioEngine.bytesPerFrame
        guard looping else {
            return OwnedChunk.wrapping(sound.bytes + offsetBytes, byteCount: total - offsetBytes, owning: nil,
                                       mix: sound.pcm.mix)
        }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 16)
        buffer.copyMemory(from: sound.bytes + offsetBytes, byteCount: total - offsetBytes)
        (buffer + (total - offsetBytes)).copyMemory(from: sound.bytes, byteCount: offsetBytes)
        guard let rotated = OwnedChunk.wrapping(buffer.assumingMemoryBound(to: UInt8.self), byteCount: total,
                                                owning: buffer, mix: sound.pcm.mix) else {
            buffer.deallocate()
            return nil
        }
        return rotated
    }
}
