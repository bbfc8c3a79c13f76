import CSDL2
import Foundation
import Stage

/// Loads image assets into textures once (PNG and JPEG through SDL_image), builds shadow and text textures on demand,
/// and stands a placeholder in for anything missing or corrupt, with one warning.
final class TextureCache {
    struct Entry {
        let texture: OpaquePointer
        let size: Size
    }
    private let renderer: OpaquePointer
    private let assets: AssetResolver
    private let fonts = FontBook()
    private var images: [String: Entry] = [:]
    private var derived: [TextureSource: Entry] = [:]
    private var textCount = 0
    private var cpuImages: [String: Framebuffer] = [:]

    /// An image's pixels kept in memory (for the particle splatter); nil when missing.
    func cpuPixels(of name: String) -> Framebuffer? {
        if let f = cpuImages[name] { return f }
        let f = pixels(of: name)
        cpuImages[name] = f
        return f
    }
    /// Pixels per logical point, so text is rasterized sharp.
    var scale: Double = 1

    init(renderer: OpaquePointer, assets: AssetResolver) {
        self.renderer = renderer
        self.assets = assets
        SDL_SetHint(SDL_HINT_RENDER_SCALE_QUALITY, "linear")
    }

    /// Destroys every texture; call before the SDL renderer goes.
    func releaseAll() {
        images.values.forEach { SDL_DestroyTexture($0.texture) }
        derived.values.forEach { SDL_DestroyTexture($0.texture) }
        images.removeAll(); derived.removeAll()
    }

    func texture(_ source: TextureSource) -> Entry? {
        switch source {
        case let .image(name): return image(name)
        case .shadow, .text, .premultipliedImage:
            if let e = derived[source] { return e }
            let made: Entry?
            switch source {
            case let .shadow(name, sigma): made = shadow(of: name, sigma: sigma)
            case let .text(s, font): made = text(s, font)
            case let .premultipliedImage(name): made = premultiplied(name)
            case .image: made = nil
            }
            if let made {
                if case .text = source {
                    // Text changes often (counters, lists): keep the cache bounded.
                    textCount += 1
                    if textCount > 512 { dropTextTextures() }
                }
                derived[source] = made
            }
            return made
        }
    }

    func imageSize(_ name: String) -> Size { image(name).size }

    // MARK: Images

    private func image(_ name: String) -> Entry {
        if let e = images[name] { return e }
        let entry: Entry
        if let surface = loadSurface(name) {
            defer { SDL_FreeSurface(surface) }
            entry = makeTexture(surface) ?? placeholder()
        } else {
            entry = placeholder()
        }
        images[name] = entry
        return entry
    }

    /// Images that could not be used: not looked up or decoded again (one message each, not one per frame).
    private var failed = Set<String>()

    /// The image as an RGBA32 surface, or nil (warned once) when missing, unreadable or over the pixel budget.
    private func loadSurface(_ name: String) -> UnsafeMutablePointer<SDL_Surface>? {
        guard !failed.contains(name) else { return nil }
        let surface = decode(name)
        if surface == nil { failed.insert(name) }
        return surface
    }

    private func decode(_ name: String) -> UnsafeMutablePointer<SDL_Surface>? {
        guard let url = assets.imageURL(named: name) else {
            logger.warning("image \"\(name)\" not found in the asset folders; drawing a placeholder")
            return nil
        }
        // The header says how big the decoded image would be: refuse a huge one before decoding anything.
        if let size = ImageHeader.size(of: url), !ImageHeader.isWithinBudget(size) {
            logger.warning("""
                image "\(name)" (\(url.path)) is \(Int(size.width))×\(Int(size.height)) pixels, over the budget of \
                \(Int(ImageHeader.maxSide)) a side and \(Int(ImageHeader.maxPixels / 1_048_576)) megapixels; drawing a placeholder
                """)
            return nil
        }
        guard let raw = IMG_Load(url.path) else {
            logger.warning("image \"\(name)\" (\(url.path)) could not be read: \(String(cString: SDL_GetError())); drawing a placeholder")
            return nil
        }
        defer { SDL_FreeSurface(raw) }
        guard let rgba = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else { return nil }
        if let px = rgba.pointee.pixels?.assumingMemoryBound(to: UInt8.self) {
            AlphaBleed.apply(px, width: Int(rgba.pointee.w), height: Int(rgba.pointee.h), pitch: Int(rgba.pointee.pitch))
        }
        return rgba
    }

    private func makeTexture(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Entry? {
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        return Entry(texture: tex, size: Size(Double(surface.pointee.w), Double(surface.pointee.h)))
    }

    /// A grey-and-magenta checkerboard that says "missing" at a glance.
    private func placeholder() -> Entry {
        let n = 64
        var px = [UInt8](repeating: 255, count: n * n * 4)
        for y in 0..<n { for x in 0..<n {
            let on = ((x / 8) + (y / 8)) % 2 == 0
            let i = (y * n + x) * 4
            (px[i], px[i + 1], px[i + 2]) = on ? (255, 0, 255) : (80, 80, 80)
        } }
        return fromPixels(px, n, n)!
    }

    private func fromPixels(_ px: [UInt8], _ w: Int, _ h: Int) -> Entry? {
        var px = px
        return px.withUnsafeMutableBytes { buf -> Entry? in
            guard let s = SDL_CreateRGBSurfaceWithFormatFrom(buf.baseAddress, Int32(w), Int32(h), 32, Int32(w * 4),
                                                             SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
            defer { SDL_FreeSurface(s) }
            return makeTexture(s)
        }
    }

    // MARK: Shadows and text

    /// The image's RGBA8 pixels (nil, warned, when missing or unreadable).
    func pixels(of name: String) -> Framebuffer? {
        guard let surface = loadSurface(name) else { return nil }
        defer { SDL_FreeSurface(surface) }
        return Framebuffer(rgba32: surface)
    }

    private func shadow(of name: String, sigma: Double) -> Entry? {
        guard let image = pixels(of: name) else { return nil }
        let shadow = GaussianBlur.shadowTexture(rgba: image.pixels, width: image.width, height: image.height, sigma: sigma)
        return fromPixels(shadow.pixels, shadow.width, shadow.height)
    }

    private func premultiplied(_ name: String) -> Entry? {
        guard let image = pixels(of: name) else { return nil }
        var rgba = image.pixels
        for i in stride(from: 0, to: rgba.count, by: 4) {
            let a = UInt16(rgba[i + 3])
            for c in 0..<3 { rgba[i + c] = UInt8((UInt16(rgba[i + c]) * a + 127) / 255) }
        }
        return fromPixels(rgba, image.width, image.height)
    }

    private func text(_ string: String, _ font: Font) -> Entry? {
        guard let f = fonts.font(font, pixelSize: Int((font.size * scale).rounded())) else { return nil }
        guard let surface = TTF_RenderUTF8_Blended(f, string, SDL_Color(r: 255, g: 255, b: 255, a: 255)) else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let e = makeTexture(surface) else { return nil }
        return Entry(texture: e.texture, size: Size(e.size.width / scale, e.size.height / scale))
    }

    func measure(_ string: String, font: Font) -> Size {
        guard let f = fonts.font(font, pixelSize: Int((font.size * scale).rounded())) else { return .zero }
        var w: Int32 = 0, h: Int32 = 0
        TTF_SizeUTF8(f, string, &w, &h)
        return Size(Double(w) / scale, Double(h) / scale)
    }

    private func dropTextTextures() {
        for (key, e) in derived { if case .text = key { SDL_DestroyTexture(e.texture); derived[key] = nil } }
        textCount = 0
    }

    /// Forgets text textures (after a change of scale).
    func invalidateText() { dropTextTextures() }
}
