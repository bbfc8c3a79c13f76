import CSDL2

/// A line of text cut into runs by the font that has their characters: the chosen font wherever it has the glyph,
/// the fallback font (DejaVu Sans) for the rest, so a character Inter lacks is drawn instead of an empty box.
/// Runs sit side by side on one baseline.
struct TextRuns {
    struct Run { let text: String; let font: OpaquePointer }
    let runs: [Run]

    /// `fallback` is asked for only when `font` lacks a character: most lines never need it, and are one run of the
    /// string as it is (no copy).
    init(_ string: String, font: OpaquePointer, fallback: () -> OpaquePointer?) {
        guard string.unicodeScalars.contains(where: { TTF_GlyphIsProvided32(font, $0.value) == 0 }),
              let fallback = fallback() else { runs = [Run(text: string, font: font)]; return }
        var runs: [Run] = []
        var current = "", currentFont = font
        for scalar in string.unicodeScalars {
            // Spaces and marks stay with the run they are in; only a missing letter or symbol changes font.
            let needsFallback = TTF_GlyphIsProvided32(font, scalar.value) == 0
                && TTF_GlyphIsProvided32(fallback, scalar.value) != 0
            let chosen = needsFallback ? fallback : font
            if chosen != currentFont && !current.isEmpty {
                runs.append(Run(text: current, font: currentFont))
                current = ""
            }
            currentFont = chosen
            current.unicodeScalars.append(scalar)
        }
        if !current.isEmpty || runs.isEmpty { runs.append(Run(text: current, font: currentFont)) }
        self.runs = runs
    }

    /// The line's ascent: the tallest run's, so every run's baseline lands on it.
    private var ascent: Int32 { runs.map { TTF_FontAscent($0.font) }.max() ?? 0 }

    /// Width and height in pixels (nil when SDL_ttf cannot measure a run).
    func size() -> (width: Int32, height: Int32)? {
        var width: Int32 = 0, height: Int32 = 0
        let top = ascent
        for run in runs {
            var w: Int32 = 0, h: Int32 = 0
            guard TTF_SizeUTF8(run.font, run.text, &w, &h) == 0 else { return nil }
            width += w
            height = max(height, top - TTF_FontAscent(run.font) + h)
        }
        return (width, height)
    }

    /// The line drawn white on transparent, as SDL_ttf's blended rendering does; the caller frees the surface.
    func renderWhite() -> UnsafeMutablePointer<SDL_Surface>? {
        let white = SDL_Color(r: 255, g: 255, b: 255, a: 255)
        if runs.count == 1 { return TTF_RenderUTF8_Blended(runs[0].font, runs[0].text, white) }
        guard let (width, height) = size(), width > 0, height > 0,
              let line = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888.rawValue) else { return nil }
        let top = ascent
        var x: Int32 = 0
        for run in runs {
            var w: Int32 = 0, h: Int32 = 0
            TTF_SizeUTF8(run.font, run.text, &w, &h)
            defer { x += w }
            guard w > 0, let piece = TTF_RenderUTF8_Blended(run.font, run.text, white) else { continue }
            defer { SDL_FreeSurface(piece) }
            // Copied, not blended: runs do not overlap, and the line's alpha must be the glyphs' own.
            SDL_SetSurfaceBlendMode(piece, SDL_BLENDMODE_NONE)
            var place = SDL_Rect(x: x, y: top - TTF_FontAscent(run.font), w: piece.pointee.w, h: piece.pointee.h)
            SDL_UpperBlit(piece, nil, line, &place)
        }
        return line
    }
}
