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

extension TextMeasurer {
    /// `line` split into font runs and emoji pictures; nil when it has no emoji with a picture (the common case,
    /// drawn as one texture as before).
    func runs(_ line: String) -> [TextRun]? {
        if let r = runCache[line] { return r }
        var runs: [TextRun] = [], text = "", any = false
        for c in line {
            if let image = emojiImage(c) {
                if !text.isEmpty { runs.append(.text(text)); text = "" }
                runs.append(.emoji(image: image)); any = true
            } else {
                text.append(c)
            }
        }
        if !text.isEmpty { runs.append(.text(text)) }
        let result = any ? runs : nil
        if runCache.count > 5_000 { runCache.removeAll() }
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
        let cells = h.isAffine ? 1 : 8
        var tess = Tessellator()
        func quad(_ r: Rect, _ paint: Color, _ texture: TextureSource) {
            tess.reset()
            tess.texturedGrid(cols: cells, rows: cells, color: paint) { s, t in
                h.apply(Point(r.minX + s * r.width, r.minY + t * r.height))
            }
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
