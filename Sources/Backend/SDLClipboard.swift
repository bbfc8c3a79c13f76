import CSDL2
import Stage

public extension Clipboard {
    /// The desktop clipboard through SDL (X11/Wayland): needs SDL's video subsystem, so only a window's player
    /// installs it. SDL hands out a copy it allocated, freed here with `SDL_free`.
    static var sdl: Clipboard {
        Clipboard(read: {
            guard SDL_HasClipboardText() == SDL_TRUE, let raw = SDL_GetClipboardText() else { return nil }
            defer { SDL_free(raw) }
            return String(cString: raw)
        }, write: { text in
            _ = SDL_SetClipboardText(text)
        })
    }
}
