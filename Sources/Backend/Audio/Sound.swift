import CSDL2
import Foundation

extension AudioEngine {
    /// One loaded sound: an SDL_mixer chunk in the mixer's format (S16 stereo 44100), plus the PCM buffer this
    /// engine owns when the chunk was built from FFmpeg output.
    public final class Sound {
        public let name: String
        public let url: URL
        let pcm: OwnedChunk
        /// Length in frames.
        public let frames: Int
        init(name: String, url: URL, pcm: OwnedChunk) {
            self.name = name; self.url = url; self.pcm = pcm
            self.frames = Int(pcm.chunk.pointee.alen) / AudioEngine.bytesPerFrame
        }
        var chunk: UnsafeMutablePointer<Mix_Chunk> { pcm.chunk }
        var bytes: UnsafeMutablePointer<UInt8> { chunk.pointee.abuf }
        /// Interleaved samples of the chunk (for tests and analysis).
        public var samples: [Int16] {
            Array(UnsafeBufferPointer(start: UnsafeRawPointer(bytes).assumingMemoryBound(to: Int16.self),
                                      count: frames * AudioEngine.outputChannels))
        }
    }
}

/// An SDL_mixer chunk and, when its PCM was allocated here (FFmpeg output, a rotated loop), the buffer behind it;
/// a chunk SDL_mixer loaded itself, or one that views another's memory, has none.
struct OwnedChunk {
    let chunk: UnsafeMutablePointer<Mix_Chunk>
    let buffer: UnsafeMutableRawPointer?
    /// The SDL_mixer that made the chunk, and frees it.
    let mix: SDLMixerLibrary

    /// Wraps `byteCount` bytes of PCM in the mixer's format as a chunk (no copy); nil when SDL_mixer refuses them.
    /// `owning` is the allocation to free with the chunk, if any.
    static func wrapping(_ bytes: UnsafeMutablePointer<UInt8>, byteCount: Int,
                         owning buffer: UnsafeMutableRawPointer?, mix: SDLMixerLibrary) -> OwnedChunk? {
        guard let chunk = mix.Mix_QuickLoad_RAW(bytes, UInt32(byteCount)) else { return nil }
        return OwnedChunk(chunk: chunk, buffer: buffer, mix: mix)
    }

    /// Call only when no channel plays the chunk any more (halted or replaced).
    func free() {
        mix.Mix_FreeChunk(chunk)
        buffer?.deallocate()
    }
}
