import Stage

/// Measures text with the backend's real fonts (through `SceneContext.measure`) and wraps it at words. Results are
/// cached, so a still screen never measures again.
final class TextMeasurer {
    let measure: (String, Font) -> Size
    /// Whether an image of that name exists (emoji pictures, EmojiRuns.swift).
    let hasImage: (String) -> Bool
    var runCache: [String: [TextRun]?] = [:]
    private var lines: [Key: Size] = [:]
    private var layouts: [LayoutKey: TextLayout] = [:]

    struct Key: Hashable { let text: String; let font: Font }
    struct LayoutKey: Hashable { let text: String; let font: Font; let width: Double? }

    private let version: () -> Int
    private var cachedVersion = 0
    /// The caches are keyed by whole strings, and a long field's text is a new key at every edit: past this many
    /// bytes of keys (16 MB) they are all dropped and filled again from what is shown.
    static let cacheBudget = 16 << 20
    private var cachedBytes = 0

    /// Counts `key` against `cacheBudget`, emptying every cache first when it is spent.
    func charge(_ key: String) {
        cachedBytes += key.utf8.count
        guard cachedBytes > Self.cacheBudget else { return }
        lines.removeAll(); layouts.removeAll(); runCache.removeAll()
        cachedBytes = key.utf8.count
    }

    init(measure: @escaping (String, Font) -> Size, version: @escaping () -> Int,
         hasImage: @escaping (String) -> Bool = { _ in false }) {
        self.measure = measure; self.version = version; self.hasImage = hasImage
    }

    /// Drops every cached measure when the backend's fonts replaced the estimate; true when it did.
    func refresh() -> Bool {
        let v = version()
        guard v != cachedVersion else { return false }
        cachedVersion = v
        lines.removeAll(); layouts.removeAll()
        return true
    }

    /// The size of one line of `text` as the backend draws it.
    func size(_ text: String, _ font: Font) -> Size {
        let key = Key(text: text, font: font)
        if let s = lines[key] { return s }
        let s = text.isEmpty ? Size(0, font.lineHeight) : runs(text).map { measureRuns($0, font) } ?? measure(text, font)
        if lines.count > 20_000 { lines.removeAll() }
        charge(text)
        lines[key] = s
        return s
    }

    func width(_ text: String, _ font: Font) -> Double { size(text, font).width }

    /// Lines of `text` laid out in `width` (nil: one line per paragraph): single line unless wider than offered,
    /// then word-wrapped; an empty string keeps one line of height (spec 01 §0.4).
    func layout(_ text: String, _ font: Font, width: Double?) -> TextLayout {
        let key = LayoutKey(text: text, font: font, width: width)
        if let l = layouts[key] { return l }
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            out += wrap(paragraph, font, width)
        }
        let widths = out.map { self.width($0, font) }
        let l = TextLayout(lines: out, widths: widths, lineHeight: font.lineHeight)
        if layouts.count > 5_000 { layouts.removeAll() }
        charge(text)
        layouts[key] = l
        return l
    }

    private func wrap(_ paragraph: String, _ font: Font, _ width: Double?) -> [String] {
        guard let width, self.width(paragraph, font) > width + 0.01 else { return [paragraph] }
        var lines: [String] = []
        var current = ""
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if current.isEmpty || self.width(candidate, font) <= width + 0.01 {
                current = candidate
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines
    }
}

struct TextLayout {
    var lines: [String]
    var widths: [Double]
    var lineHeight: Double
    var size: Size { Size(widths.max() ?? 0, Double(max(1, lines.count)) * lineHeight) }
}
