import CSDL2
import Foundation
import Stage

/// Opens TrueType fonts for the Stage's font styles: DejaVu (Debian's fonts-dejavu-core), and Quicksand
/// (fonts-quicksand) for the rounded design, found through fontconfig,
/// with known paths as a fallback. A style that cannot be found falls back to DejaVu Sans with one warning.
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
        case .sans: family = "DejaVu Sans"
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

    static let fallbackPaths = [
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
            logger.warning("font \"\(pattern)\" not found; using DejaVu Sans (install fonts-dejavu-core)")
            found = path(for: "DejaVu Sans")
        }
        paths[pattern] = found
        return found
    }

    /// An open font at `pixelSize`, or nil when no font at all is installed (text is then not drawn; warned once).
    func font(_ font: Font, pixelSize: Int) -> OpaquePointer? {
        let key = FontKey(pattern: FontBook.pattern(for: font), pixelSize: max(1, pixelSize))
        if let f = fonts[key] { return f }
        guard let path = path(for: key.pattern), let f = TTF_OpenFont(path, Int32(key.pixelSize)) else {
            logger.warning("no usable font (install fonts-dejavu-core): text is not drawn")
            return nil
        }
        fonts[key] = f
        return f
    }
}
