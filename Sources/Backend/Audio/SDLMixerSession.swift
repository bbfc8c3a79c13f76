import CSDL2
import Diagnostics
import Foundation

/// SDL's audio subsystem and SDL_mixer, opened in the engine's format (44100 Hz, S16, stereo) exactly. Both modes
/// need it: `.device` plays through it; `.offline` opens it on SDL's "dummy" driver only to load and convert chunks.
final class SDLMixerSession {
    /// Loaded when audio first opens, not when the session is made: a window's scene is made while Mesa's driver
    /// loads, and a `dlopen` then would wait for it (issue 24: the first frame).
    private lazy var library: Result<SDLMixerLibrary, SharedLibrary.LoadError> = loadLibrary()
    private let loadLibrary: () -> Result<SDLMixerLibrary, SharedLibrary.LoadError>
    private var audioSubsystemInited = false
    /// SDL_mixer's functions while it is open (chunks can be loaded, channels played).
    private(set) var mix: SDLMixerLibrary?
    /// True while SDL_mixer is open.
    var isOpen: Bool { mix != nil }
    /// Channels allocated in SDL_mixer.
    private(set) var channelCount = 0

    enum OpenResult {
        case success
        case failure(String)
        /// SDL_mixer itself cannot be loaded: no driver can help.
        case noLibrary(String)
    }

    /// `library`: the process's SDL_mixer unless a test hands in another (a missing one).
    init(library: @escaping @autoclosure () -> Result<SDLMixerLibrary, SharedLibrary.LoadError> = SDLMixerLibrary.shared) {
        loadLibrary = library
    }

    /// Initialises SDL audio (optionally forcing a driver), opens SDL_mixer and allocates `channels` channels at full
    /// volume. Waits for the library when its load is still under way (`SDLMixerLibrary.preload`).
    func open(driver: String?, channels: Int) -> OpenResult {
        let mix: SDLMixerLibrary
        switch library {
        case .success(let loaded): mix = loaded
        case .failure(let error): return .noLibrary(error.description)
        }
        if driver == nil { ALSAQuiet.install() }
        // A forced driver overrides SDL_AUDIODRIVER from the environment too (a plain hint loses to it), and the
        // hint is lifted again afterwards.
        if let driver { SDL_SetHintWithPriority(SDL_HINT_AUDIODRIVER, driver, SDL_HINT_OVERRIDE) }
        let initRC = SDL_InitSubSystem(UInt32(SDL_INIT_AUDIO))
        if driver != nil { SDL_ResetHint(SDL_HINT_AUDIODRIVER) }
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
        _ = mix.Mix_Init(Int32(MIX_INIT_OGG.rawValue | MIX_INIT_MP3.rawValue | MIX_INIT_FLAC.rawValue))
        // allowed_changes 0: SDL converts if the device differs, so the mixer format is exactly ours.
        if mix.Mix_OpenAudioDevice(Int32(AudioEngine.sampleRate), UInt16(AUDIO_S16SYS), Int32(AudioEngine.outputChannels),
                               Int32(AudioEngine.bufferFrames), nil, 0) != 0 {
            let message = sdlError()
            mix.Mix_Quit()
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            audioSubsystemInited = false
            return .failure(message)
        }
        self.mix = mix
        _ = mix.Mix_AllocateChannels(Int32(channels))
        channelCount = channels
        _ = mix.Mix_Volume(-1, Int32(MIX_MAX_VOLUME))
        return .success
    }

    /// Allocates channels up to `index` when it is beyond the current count (effect channels are made on demand).
    func ensureChannel(_ index: Int) {
        guard let mix, index >= channelCount else { return }
        channelCount = index + 1
        _ = mix.Mix_AllocateChannels(Int32(channelCount))
    }

    /// Closes SDL_mixer and SDL audio. Free every chunk first. Idempotent.
    func close() {
        if let mix {
            mix.Mix_CloseAudio()
            mix.Mix_Quit()
            self.mix = nil
        }
        if audioSubsystemInited {
            SDL_QuitSubSystem(UInt32(SDL_INIT_AUDIO))
            audioSubsystemInited = false
        }
    }
}

func sdlError() -> String {
    guard let e = SDL_GetError() else { return "unknown SDL error" }
    let s = String(cString: e)
    return s.isEmpty ? "unknown SDL error" : s
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
