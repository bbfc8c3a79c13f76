import CSDL2
import Foundation
import Logging
import Stage

/// The `--audio-out` file: the mix as 16-bit stereo 44100 Hz WAV. Offline, the software mixer hands it blocks; on a
/// device, a post-mix tap collects what SDL_mixer sends to the device and `flushTap()` writes it from the main thread.
/// A write that fails is said once, as an output failure, and ends the capture (the file is finished as far as it
/// goes) rather than leaving gaps in it.
final class AudioCapture {
    let url: URL
    private let log: Logger
    private var writer: WAVWriter?
    private var tap: CaptureTap?
    /// The SDL_mixer the device tap is set in.
    private var tappedMixer: SDLMixerLibrary?

    /// Nil (said once) when the file cannot be created.
    init?(url: URL, log: Logger) {
        self.url = url
        self.log = log
        do {
            writer = try WAVWriter(url: url, sampleRate: AudioEngine.sampleRate, channels: AudioEngine.outputChannels)
        } catch {
            log.error("cannot write audio capture \(url.path): \(error.localizedDescription)")
            return nil
        }
    }

    /// False once a write failed or the capture was finished.
    var isWriting: Bool { writer != nil }

    /// Starts collecting SDL_mixer's device output (the mixer must be open).
    func tapDevice(_ mix: SDLMixerLibrary) {
        let tap = CaptureTap()
        self.tap = tap
        tappedMixer = mix
        mix.Mix_SetPostMix(captureCallback, Unmanaged.passUnretained(tap).toOpaque())
    }

    func append(_ samples: UnsafeBufferPointer<Int16>) {
        write { try $0.append(samples) }
    }

    /// Writes what the device tap collected since the last call, and returns it (for a recording).
    @discardableResult
    func flushTap() -> Data {
        guard let tap else { return Data() }
        let data = tap.take()
        write { try $0.append(bytes: data) }
        return data
    }

    /// Stops the tap (waiting for the audio thread), writes what it still holds, and finishes the WAV (fixing its
    /// header sizes). Idempotent.
    func finish() {
        tappedMixer?.Mix_SetPostMix(nil, nil)   // waits for the audio thread (SDL locks the device)
        tappedMixer = nil
        flushTap()
        tap = nil
        if let writer {
            do { try writer.finish() } catch { log.error("cannot finish audio capture \(url.path): \(error.localizedDescription)") }
        }
        writer = nil
    }

    private func write(_ body: (WAVWriter) throws -> Void) {
        guard let writer else { return }
        do {
            try body(writer)
        } catch {
            log.error("cannot write audio capture \(url.path): \(error.localizedDescription)")
            try? writer.finish()
            self.writer = nil
        }
    }
}

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

let captureCallback: SDLMixerLibrary.PostMix = {
    udata, stream, len in
    guard let udata, let stream, len > 0 else { return }
    Unmanaged<CaptureTap>.fromOpaque(udata).takeUnretainedValue().append(stream, Int(len))
}
