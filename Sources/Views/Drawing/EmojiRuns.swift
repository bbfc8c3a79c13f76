import Stage

/// Colour emoji inside text. No font on Debian gives SDL_ttf scalable colour emoji (Noto Color Emoji has one bitmap
/// size), so each emoji a scene shows is an original picture, `Resources/Images/emoji/<code points>.png` (lower-case
/// hex joined by "-", without the U+FE0F selector), drawn in the text's line in its own colours as a square of
/// `emojiSize` em; the rest of the line is drawn with the font. An emoji without a picture is left to the font.
enum TextRun: Equatable {
    case text(String)
    case emoji(image: String)
}

/// The side of an emoji picture and its advance, in em: Apple's colour emoji are about this wide next to text.
let emojiSize = 1.2

/// The most characters one font run holds. A line is one texture per run, and a texture has a maximum side (16,384
/// pixels with OpenGL; SDL_ttf and the software renderer crash on lines some 150,000 pixels wide), so longer runs
/// are cut into pieces of this many characters, drawn side by side; at 64 characters a piece stays under 16,384
/// pixels up to a 128-pixel font. A piece outside the clip (a field scrolled far along its text) is never drawn,
/// so no texture is made for it.
let textPieceLength = 64

extension TextMeasurer {
    /// `line` split into font runs (of at most `textPieceLength` characters) and emoji pictures; nil when it has no
    /// emoji with a picture and is short (the common case, drawn as one texture as before).
    func runs(_ line: String) -> [TextRun]? {
        if let r = runCache[line] { return r }
        var runs: [TextRun] = [], text = "", count = 0, any = false
        for c in line {
            if let image = emojiImage(c) {
                if !text.isEmpty { runs.append(.text(text)); text = ""; count = 0 }
                runs.append(.emoji(image: image)); any = true
            } else {
                if count == textPieceLength { runs.append(.text(text)); text = ""; count = 0; any = true }
                text.append(c); count += 1
            }
        }
        if !text.isEmpty { runs.append(.text(text)) }
        let result = any ? runs : nil
        if runCache.count > 5_000 { runCache.removeAll() }
        charge(line)
        runCache[line] = result
        return result
    }

    /// The picture name of an emoji character, when it looks like an emoji and a picture exists.
    private func emojiImage(_ c: Character) -> String? {
        guard c.unicodeScalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F
                                                 || (0x1F1E6...0x1F1FF).contains($0.value) }) else { return nil }
        let name = "emoji/" + c.unicodeScalars.filter { $0.value != 0xFE0F }
            .map { String($0.value, radix: 16) }.joined(separator: "-")
        return hasImage(name) ? name : nil
    }

    /// The width of a line with emoji: its font runs as the backend measures them plus each picture's advance.
    func measureRuns(_ runs: [TextRun], _ font: Font) -> Size {
        var width = 0.0, height = font.lineHeight
        for run in runs {
            switch run {
            case let .text(s):
                let size = measure(s, font)
                width += size.width; height = max(height, size.height)
            case .emoji: width += font.size * emojiSize
            }
        }
        return Size(width, height)
    }
}

extension DrawContext {
    /// One line of text in `box` (its measured size), in `color`: a single font texture, or font runs and emoji
    /// pictures side by side (the pictures in their own colours at the text's opacity).
    func drawTextLine(_ line: String, font: Font, box: Rect, color: Color, measurer: TextMeasurer) {
        let h = transform
        var tess = Tessellator()
        func quad(_ r: Rect, _ paint: Color, _ texture: TextureSource) {
            tess.reset()
            tess.texturedRect(r, under: h, color: paint, maximum: 8)
            list.add(tess, texture: texture, clip: clip)
        }
        guard let runs = measurer.runs(line) else { return quad(box, color, .text(line, font)) }
        var x = box.minX
        for run in runs {
            switch run {
            case let .text(s):
                let size = measurer.size(s, font)
                quad(Rect(x: x, y: box.midY - size.height / 2, width: size.width, height: size.height), color, .text(s, font))
                x += size.width
            case let .emoji(image):
                let side = font.size * emojiSize
                quad(Rect(x: x, y: box.midY - side / 2, width: side, height: side), Color.white.opacity(color.a), .image(image))
                x += side
            }
        }
    }
}
