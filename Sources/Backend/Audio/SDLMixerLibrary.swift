import CSDL2
import Diagnostics
import Foundation

/// The SDL_mixer functions the audio engine calls, opened with `dlopen` rather than linked: SDL_mixer pulls in ~30
/// libraries (fluidsynth → jack, glib, sndfile, readline, systemd…; modplug, FLAC, mpg123, opus, vorbis) that the
/// dynamic loader otherwise maps and initialises before `main`, on the way to every first frame (issue 24). The
/// CSDL2 module still gives the types and constants (`Mix_Chunk`, `MIX_MAX_VOLUME`); each function here is looked
/// up once, with the C type `SDL_mixer.h` declares.
///
/// A window starts the load on another thread once it is made (`preload()`), so that it is done by the time a sound
/// is played; a sound needed sooner waits for the load under way (a static `let` is initialised once). A missing
/// library or function is one `LoadError` naming it, kept for the run: the engine then plays silently.
public final class SDLMixerLibrary: LibraryBinding, @unchecked Sendable {   // only immutable function pointers, set in `init`
    /// SDL_mixer 2's soname (the `-2.0.so.0` of every SDL2 library; Debian's libsdl2-mixer-2.0-0).
    static let soname = "libSDL2_mixer-2.0.so.0"

    /// The process's SDL_mixer, opened on first use (`preload()`: on another thread); never closed.
    public static let shared = load(soname)

    let Mix_Init: @convention(c) (Int32) -> Int32
    let Mix_Quit: @convention(c) () -> Void
    let Mix_OpenAudioDevice: @convention(c) (Int32, UInt16, Int32, Int32, UnsafePointer<CChar>?, Int32) -> Int32
    let Mix_CloseAudio: @convention(c) () -> Void
    let Mix_QuerySpec: @convention(c) (UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<UInt16>?,
                                       UnsafeMutablePointer<Int32>?) -> Int32
    let Mix_AllocateChannels: @convention(c) (Int32) -> Int32
    let Mix_Volume: @convention(c) (Int32, Int32) -> Int32
    let Mix_LoadWAV_RW: @convention(c) (UnsafeMutablePointer<SDL_RWops>?, Int32) -> UnsafeMutablePointer<Mix_Chunk>?
    let Mix_QuickLoad_RAW: @convention(c) (UnsafeMutablePointer<UInt8>?, UInt32) -> UnsafeMutablePointer<Mix_Chunk>?
    let Mix_FreeChunk: @convention(c) (UnsafeMutablePointer<Mix_Chunk>?) -> Void
    let Mix_PlayChannelTimed: @convention(c) (Int32, UnsafeMutablePointer<Mix_Chunk>?, Int32, Int32) -> Int32
    let Mix_HaltChannel: @convention(c) (Int32) -> Int32
    let Mix_Playing: @convention(c) (Int32) -> Int32
    let Mix_GetChunk: @convention(c) (Int32) -> UnsafeMutablePointer<Mix_Chunk>?
    typealias PostMix = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Void
    let Mix_SetPostMix: @convention(c) (PostMix?, UnsafeMutableRawPointer?) -> Void

    /// Opens the library and looks up every function; throws naming the library or the first symbol missing.
    public init(soname: String) throws(SharedLibrary.LoadError) {
        let mixer = try SharedLibrary(soname, advice: "install libsdl2-mixer-2.0-0")
        Mix_Init = try mixer.function("Mix_Init")
        Mix_Quit = try mixer.function("Mix_Quit")
        Mix_OpenAudioDevice = try mixer.function("Mix_OpenAudioDevice")
        Mix_CloseAudio = try mixer.function("Mix_CloseAudio")
        Mix_QuerySpec = try mixer.function("Mix_QuerySpec")
        Mix_AllocateChannels = try mixer.function("Mix_AllocateChannels")
        Mix_Volume = try mixer.function("Mix_Volume")
        Mix_LoadWAV_RW = try mixer.function("Mix_LoadWAV_RW")
        Mix_QuickLoad_RAW = try mixer.function("Mix_QuickLoad_RAW")
        Mix_FreeChunk = try mixer.function("Mix_FreeChunk")
        Mix_PlayChannelTimed = try mixer.function("Mix_PlayChannelTimed")
        Mix_HaltChannel = try mixer.function("Mix_HaltChannel")
        Mix_Playing = try mixer.function("Mix_Playing")
        Mix_GetChunk = try mixer.function("Mix_GetChunk")
        Mix_SetPostMix = try mixer.function("Mix_SetPostMix")
    }
}
