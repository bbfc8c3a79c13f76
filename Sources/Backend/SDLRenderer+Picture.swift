import CSDL2
import Stage

extension SDLRenderer {
    /// Draws a picture read back earlier (`readFramebuffer`) over the whole output, pixel for pixel when the output
    /// has its size (the player's timeline shows cached frames this way while the playhead is dragged). What was
    /// recorded before is drawn first; what is recorded after is drawn over it.
    public func drawPicture(_ picture: Framebuffer) {
        flush()
        dropPrefixCache()
        guard picture.width > 0, picture.height > 0,
              let tex = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                          Int32(picture.width), Int32(picture.height)) else { return }
        defer { SDL_DestroyTexture(tex) }
        picture.pixels.withUnsafeBytes { buf in
            _ = SDL_UpdateTexture(tex, nil, buf.baseAddress, Int32(picture.width * 4))
        }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_NONE)
        applyClip(nil)
        SDL_RenderSetScale(renderer, 1, 1)
        _ = SDL_RenderCopy(renderer, tex, nil, nil)
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        appliedClip = nil
    }
}
