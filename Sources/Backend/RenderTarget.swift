import CSDL2

/// Drawing into a target texture for a moment, in the middle of a frame (a layer's offscreen render, a picture's copy
/// at its drawn size).
enum RenderTarget {
    /// Runs `body` with `target` as `renderer`'s target; the renderer's target, scale and clip are as before
    /// afterwards. Nil (and `body` not run) when SDL cannot draw into `target`.
    static func drawing<T>(_ renderer: OpaquePointer, into target: OpaquePointer, _ body: () -> T) -> T? {
        let previous = SDL_GetRenderTarget(renderer)
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        var clip = SDL_Rect()
        let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        if clipped { SDL_RenderGetClipRect(renderer, &clip) }
        guard SDL_SetRenderTarget(renderer, target) == 0 else { return nil }
        defer {
            SDL_SetRenderTarget(renderer, previous)
            SDL_RenderSetScale(renderer, sx, sy)
            if clipped { SDL_RenderSetClipRect(renderer, &clip) } else { SDL_RenderSetClipRect(renderer, nil) }
        }
        return body()
    }
}
