import CSDL2
import Foundation
import Stage

/// Opens the fonts for the Stage's font styles, found at their Debian paths or through fontconfig:
/// - the system font is Inter (fonts-inter), a neo-grotesque close to San Francisco in design and width (DejaVu Sans,
///   the old system font, is about 12 % wider and wrapped titles that fit one line on iOS); its weights are Inter's own;
/// - the rounded design is Quicksand (fonts-quicksand), serif and monospaced are DejaVu's;
/// - DejaVu Sans draws the characters a font lacks (`fallback`, see `TextRuns`), and stands in for a style that
///   cannot be found at all (one warning).
final class FontBook {
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var paths: [String: String] = [:]
    private struct FontKey: Hashable { let pattern: String; let pixelSize: Int }

    init() {
        if TTF_WasInit() == 0 && TTF_Init() != 0 { logger.warning("fonts unavailable: \(String(cString: SDL_GetError()))") }
    }

    deinit {
        fonts.values.forEach { TTF_CloseFont($0) }
    }

    /// The fontconfig pattern for a style.
    static func pattern(for font: Font) -> String {
        let family: String
        switch font.design {
        case .sans: return "Inter" + interWeights[font.weight, default: ""]
        // SF Rounded's stand-in: Quicksand (Debian's fonts-quicksand), round-ended strokes.
        case .rounded: family = "Quicksand"
        case .serif: family = "DejaVu Serif"
        case .monospaced: family = "DejaVu Sans Mono"
        }
        let weight: String
        switch font.weight {
        case .regular: weight = ""
        case .semibold, .bold, .heavy: weight = ":bold"
        }
        // Quicksand's regular is thin beside SF Rounded's: its medium stands for regular.
        if font.design == .rounded && weight.isEmpty { return family + ":medium" }
        return family + weight
    }

    /// Inter's weight for each Stage weight, as fontconfig styles (SF's semibold and heavy have Inter counterparts).
    private static let interWeights: [Font.Weight: String] = [.semibold: ":semibold", .bold: ":bold", .heavy: ":extrabold"]

    /// The font for characters the chosen one lacks: DejaVu Sans covers far more of Unicode than Inter or Quicksand.
    static let fallbackPattern = "DejaVu Sans"

    static let fallbackPaths = [
        "Inter": "/usr/share/fonts/opentype/inter/Inter-Regular.otf",
        "Inter:semibold": "/usr/share/fonts/opentype/inter/Inter-SemiBold.otf",
        "Inter:bold": "/usr/share/fonts/opentype/inter/Inter-Bold.otf",
        "Inter:extrabold": "/usr/share/fonts/opentype/inter/Inter-ExtraBold.otf",
        "DejaVu Sans": "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "DejaVu Sans:bold": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
        "DejaVu Serif": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
        "DejaVu Serif:bold": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
        "DejaVu Sans Mono": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf",
        "DejaVu Sans Mono:bold": "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf",
        "Quicksand:medium": "/usr/share/fonts/truetype/quicksand/Quicksand-Medium.ttf",
        "Quicksand:bold": "/usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf",
    ]

    /// The font file for a pattern: the known Debian path when present, else `fc-match`.
    private func path(for pattern: String) -> String? {
        if let p = paths[pattern] { return p }
        var found: String?
        if let known = FontBook.fallbackPaths[pattern], FileManager.default.fileExists(atPath: known) {
            found = known
        } else {
            let proc = Process()
            proc.executableURL = URL(fileURLWithPath: "/usr/bin/fc-match")
            proc.arguments = ["-f", "%{file}", pattern]
            let pipe = Pipe()
            proc.standardOutput = pipe
            proc.standardError = FileHandle.nullDevice
            if (try? proc.run()) != nil {
                proc.waitUntilExit()
                let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                if proc.terminationStatus == 0, FileManager.default.fileExists(atPath: out) { found = out }
            }
        }
        if found == nil, pattern != "DejaVu Sans" {
            logger.warning("font \"\(pattern)\" not found; using DejaVu Sans (install fonts-inter, fonts-quicksand)")
            found = path(for: "DejaVu Sans")
        }
        paths[pattern] = found
        return found
    }

    /// An open font at `pixelSize`, or nil when no font at all is installed (text is then not drawn; warned once).
    func font(_ font: Font, pixelSize: Int) -> OpaquePointer? {
        open(FontBook.pattern(for: font), pixelSize: pixelSize)
    }

    /// DejaVu Sans at `pixelSize`, for the characters `font` lacks; nil when `font` is DejaVu Sans itself.
    func fallback(for font: Font, pixelSize: Int) -> OpaquePointer? {
        let primary = FontBook.pattern(for: font)
        guard primary != FontBook.fallbackPattern,
              path(for: primary) != path(for: FontBook.fallbackPattern) else { return nil }
        return open(FontBook.fallbackPattern, pixelSize: pixelSize)
    }

    private func open(_ pattern: String, pixelSize: Int) -> OpaquePointer? {
        let key = FontKey(pattern: pattern, pixelSize: max(1, pixelSize))
        if let f = fonts[key] { return f }
        guard let path = path(for: key.pattern), let f = TTF_OpenFont(path, Int32(key.pixelSize)) else {
            logger.warning("no usable font (install fonts-dejavu-core): text is not drawn")
            return nil
        }
        fonts[key] = f
        return f
    }
}
