import CSDL2
import Foundation

/// `.offline` mixing on the virtual clock: requests take effect at their exact frame (frame index =
/// `clockBase + round(time · 44100)`), and each block of the mix is the channels added in channel order with
/// `SDL_MixAudioFormat` at volume 128 — the call SDL_mixer's own mixer makes — so the capture equals what the mixer
/// would output, to the sample, deterministically.
final class OfflineMixer: ChannelMixer {
    private struct Voice {
        let sound: AudioEngine.Sound
        var position: Int
        var loopsLeft: Int

        /// At the end of the sound: starts the next loop and says true, or says false when the voice is done.
        mutating func rewind() -> Bool {
            guard loopsLeft != 0, sound.frames > 0 else { return false }
            if loopsLeft > 0 { loopsLeft -= 1 }
            position = 0
            return true
        }
    }

    private enum Action {
        case play(AudioEngine.Sound, loops: Int, startFrame: Int)
        case stop
    }

    private struct Request {
        let frame: Int
        let serial: Int
        let channel: Int?
        let action: Action
    }

    private let capture: AudioCapture?
    private var voices: [Int: Voice] = [:]
    private var pending: [Request] = []
    private var requestSerial = 0
    /// Absolute frames mixed so far, i.e. the next frame to mix.
    private(set) var mixPosition = 0
    /// The absolute frame that is scene time 0.
    private(set) var clockBase = 0

    /// A recording's tee of the mix; while it is set the mix is made even without a capture.
    var tap: ((UnsafeBufferPointer<Int16>) -> Void)?

    init(capture: AudioCapture?) { self.capture = capture }

    func play(_ sound: AudioEngine.Sound, on channel: Int, loops: Int, startFrame: Int, at time: Double) {
        schedule(.play(sound, loops: loops, startFrame: startFrame), channel: channel, at: time)
    }

    func stop(_ channel: Int?, at time: Double) { schedule(.stop, channel: channel, at: time) }

    func halt() {
        voices.removeAll()
        pending.removeAll()
    }

    /// Mixes every frame up to scene time `time`, applying requests at their frames. Earlier times do nothing.
    func advance(to time: Double) {
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

    /// Makes scene time `time` the current mix position; pending requests are dropped.
    func restartClock(at time: Double) {
        pending.removeAll()
        clockBase = mixPosition - AudioEngine.frames(time)
    }

    var currentTime: Double { Double(mixPosition - clockBase) / Double(AudioEngine.sampleRate) }

    func nowPlaying(_ channel: Int) -> (name: String, position: Double)? {
        guard let v = voices[channel] else { return nil }
        return (v.sound.name, Double(v.position) / Double(AudioEngine.sampleRate))
    }

    // MARK: - Requests

    private func frame(for time: Double) -> Int {
        clockBase + AudioEngine.frames(time)
    }

    /// A request for a frame already mixed applies now, unless an earlier one still waits (order is kept).
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

    // MARK: - Mixing

    /// Mixes frames [mixPosition, end) and appends them to the capture. Without a capture only the positions move.
    private func mix(until end: Int) {
        guard end > mixPosition else { return }
        let blockFrames = 4096
        let samplesPerBlock = blockFrames * AudioEngine.outputChannels
        let writing = capture?.isWriting == true || tap != nil
        var scratch = writing ? [Int16](repeating: 0, count: samplesPerBlock) : []
        while mixPosition < end {
            let n = min(blockFrames, end - mixPosition)
            if writing {
                scratch.withUnsafeMutableBytes { dst in
                    let out = dst.baseAddress!.assumingMemoryBound(to: UInt8.self)
                    memset(out, 0, n * AudioEngine.bytesPerFrame)   // S16 silence
                    mixVoices(frames: n, into: out)
                }
                scratch.withUnsafeBufferPointer {
                    let block = UnsafeBufferPointer(rebasing: $0[0..<(n * AudioEngine.outputChannels)])
                    if let capture, capture.isWriting { capture.append(block) }
                    tap?(block)
                }
            } else {
                mixVoices(frames: n, into: nil)
            }
            mixPosition += n
        }
    }

    /// Adds `n` frames of every voice (in channel order, as SDL_mixer does) into `out`, or only advances them.
    private func mixVoices(frames n: Int, into out: UnsafeMutablePointer<UInt8>?) {
        for channel in voices.keys.sorted() {
            guard var v = voices[channel] else { continue }
            var done = 0
            var finished = false
            // A voice that reaches its end exactly at the block's end wraps (or finishes) now, so its position
            // reads 0, not its length.
            while true {
                if v.position >= v.sound.frames, !v.rewind() { finished = true; break }
                if done == n { break }
                let m = min(v.sound.frames - v.position, n - done)
                if let out {
                    SDL_MixAudioFormat(out + done * AudioEngine.bytesPerFrame,
                                       v.sound.bytes + v.position * AudioEngine.bytesPerFrame,
                                       UInt16(AUDIO_S16SYS), UInt32(m * AudioEngine.bytesPerFrame),
                                       Int32(MIX_MAX_VOLUME))
                }
                v.position += m
                done += m
            }
            voices[channel] = finished ? nil : v
        }
    }
}
