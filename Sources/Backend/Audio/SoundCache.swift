import CSDL2
import Foundation
import Logging
import Stage

/// Sounds by asset name, each decoded once; a name that is missing or undecodable is remembered too, so it is warned
/// about once and never looked up again.
///
/// Formats: WAV, AIFF, OGG Vorbis, MP3 and FLAC load through SDL_mixer; `.m4a` (AAC) is decoded by `FFmpegDecoder`
/// into PCM in the mixer's format and handed to SDL_mixer with `Mix_QuickLoad_RAW`. If SDL_mixer cannot read some
/// other file, FFmpeg gets a try too, in this process or in a helper process (`decoding`, `SoundDecoderProcess`). What
/// FFmpeg decoded is kept in `store` (when there is one), so later runs read the PCM back and never open FFmpeg.
final class SoundCache {
    enum Failure { case missing, undecodable }

    private let assets: AssetResolver
    private let mixer: SDLMixerSession
    private let log: Logger
    private let store: DecodedSoundStore?
    private let decoding: SoundDecoding
    private var sounds: [String: AudioEngine.Sound] = [:]
    private var failures: [String: Failure] = [:]

    init(assets: AssetResolver, mixer: SDLMixerSession, log: Logger, store: DecodedSoundStore? = nil,
         decoding: SoundDecoding = .inProcess) {
        self.assets = assets; self.mixer = mixer; self.log = log; self.store = store; self.decoding = decoding
    }

    /// Why `name` did not load, if it was tried and failed.
    func failure(_ name: String) -> Failure? { failures[name] }

    /// The sound named `name`, loading it on first use; nil if it is missing or undecodable (warned once).
    func load(_ name: String) -> AudioEngine.Sound? {
        if let s = sounds[name] { return s }
        if failures[name] != nil { return nil }
        guard let url = assets.soundURL(named: name) else {
            failures[name] = .missing
            log.warning("sound '\(name)' not found (looked for \(name).{\(AssetResolver.soundExtensions.joined(separator: ","))})")
            return nil
        }
        guard let mix = mixer.mix else { return nil }   // no SDL_mixer: already said so
        switch Self.decode(url, store: store, decoding: decoding, mix: mix) {
        case .success(let pcm):
            let sound = AudioEngine.Sound(name: name, url: url, pcm: pcm)
            sounds[name] = sound
            return sound
        case .failure(let error):
            failures[name] = .undecodable
            log.warning("\(error.description); playing nothing")
            return nil
        }
    }

    /// Frees every chunk. Only once nothing plays them (channels halted).
    func freeAll() {
        for sound in sounds.values { sound.pcm.free() }
        sounds.removeAll()
    }

    private static func decode(_ url: URL, store: DecodedSoundStore?, decoding: SoundDecoding,
                               mix: SDLMixerLibrary) -> Result<OwnedChunk, FFmpegDecoder.DecodeError> {
        var sdlReason: String? = nil
        if url.pathExtension.lowercased() != "m4a" {
            if let rw = SDL_RWFromFile(url.path, "rb") {
                if let chunk = mix.Mix_LoadWAV_RW(rw, 1) {
                    if chunk.pointee.alen > 0 { return .success(OwnedChunk(chunk: chunk, buffer: nil, mix: mix)) }
                    mix.Mix_FreeChunk(chunk)
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
        _ = mix.Mix_QuerySpec(&freq, &format, &chans)
        if let saved = store?.load(url, sampleRate: Int(freq), channels: Int(chans)) {
            if let chunk = OwnedChunk.wrapping(saved.bytes.assumingMemoryBound(to: UInt8.self), byteCount: saved.byteCount,
                                               owning: saved.bytes, mix: mix) {
                return .success(chunk)
            }
            saved.bytes.deallocate()
        }
        do {
            let pcm = try decoding.decode(url, sampleRate: Int(freq), channels: Int(chans))
            store?.save(pcm, for: url, sampleRate: Int(freq), channels: Int(chans))
            let byteCount = pcm.count * 2
            let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(byteCount, 4), alignment: 16)
            pcm.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: byteCount) }
            guard let chunk = OwnedChunk.wrapping(buffer.assumingMemoryBound(to: UInt8.self), byteCount: byteCount,
                                                  owning: buffer, mix: mix) else {
                buffer.deallocate()
                return .failure(.init(file: url.path, reason: "SDL_mixer refused the PCM: \(sdlError())"))
            }
            return .success(chunk)
        } catch let error as FFmpegDecoder.DecodeError {
            let reason = sdlReason.map { "SDL_mixer: \($0); FFmpeg: \(error.reason)" } ?? error.reason
            return .failure(.init(file: url.path, reason: reason))
        } catch {
            return .failure(.init(file: url.path, reason: "\(error)"))
        }
    }
}
