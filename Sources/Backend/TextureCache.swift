import CSDL2
import Foundation
import Stage

/// Loads image assets into textures once (PNG and JPEG through SDL_image), builds shadow and text textures on demand,
/// and stands a placeholder in for anything missing or corrupt, with one warning.
final class TextureCache {
    struct Entry {
        let texture: OpaquePointer
        let size: Size
        /// No pixel is transparent: drawn with opaque colours it replaces what is beneath (no blending needed).
        var isOpaque = false
        /// The texels that are not fully transparent, grown by one texel (what linear filtering reaches), in texels;
        /// nil when that is the whole texture. Outside it a quad draws nothing, so it need not be drawn there.
        var visible: (x0: Int, y0: Int, x1: Int, y1: Int)?
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
        // Once, here: images may then be decoded on several threads at once (`prepare`).
        _ = IMG_Init(Int32(IMG_INIT_PNG.rawValue | IMG_INIT_JPG.rawValue))
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
        if let decoded = decoded[name] {
            // A shadow or the splatter decoded it a moment ago: no second decode.
            entry = fromPixels(decoded.pixels, decoded.width, decoded.height) ?? placeholder()
        } else if let surface = loadSurface(name) {
            defer { SDL_FreeSurface(surface) }
            entry = makeTexture(surface) ?? placeholder()
        } else {
            entry = placeholder()
        }
        images[name] = entry
        return entry
    }

    /// Whether an image asset has no transparent pixel (its texture made on first use).
    func isOpaque(_ source: TextureSource) -> Bool {
        guard case let .image(name) = source else { return false }
        return image(name).isOpaque
    }

    /// The part of a texture that is not transparent, in texture coordinates (0…1), or nil for all of it.
    func visibleUV(_ source: TextureSource) -> Rect? {
        guard let e = texture(source), let v = e.visible, e.size.width > 0, e.size.height > 0 else { return nil }
        return Rect(x: Double(v.x0) / e.size.width, y: Double(v.y0) / e.size.height,
                    width: Double(v.x1 - v.x0) / e.size.width, height: Double(v.y1 - v.y0) / e.size.height)
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
        guard let url = locate(name) else { return nil }
        let (surface, problem) = TextureCache.decodeFile(url, name: name)
        if let problem { logger.warning("\(problem)") }
        return surface
    }

    /// Where an image asset is, or nil (warned once) when it is missing or its header says it is over the budget.
    private func locate(_ name: String) -> URL? {
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
        return url
    }

    /// Decodes an image file to RGBA32 with its edges bled (safe on any thread), or says why it could not.
    private static func decodeFile(_ url: URL, name: String) -> (UnsafeMutablePointer<SDL_Surface>?, problem: String?) {
        guard let raw = IMG_Load(url.path) else {
            return (nil, "image \"\(name)\" (\(url.path)) could not be read: \(String(cString: SDL_GetError())); drawing a placeholder")
        }
        defer { SDL_FreeSurface(raw) }
        guard let rgba = SDL_ConvertSurfaceFormat(raw, SDL_PIXELFORMAT_RGBA32.rawValue, 0) else {
            return (nil, "image \"\(name)\" (\(url.path)) could not be converted: \(String(cString: SDL_GetError())); drawing a placeholder")
        }
        if let px = rgba.pointee.pixels?.assumingMemoryBound(to: UInt8.self) {
            AlphaBleed.apply(px, width: Int(rgba.pointee.w), height: Int(rgba.pointee.h), pitch: Int(rgba.pointee.pitch))
        }
        return (rgba, nil)
    }

    /// Decodes the images and blurs the shadows `sources` need, on every core, so a first frame full of pictures
    /// waits for the slowest of them rather than for their sum. Textures are made here too (SDL wants one thread).
    func prepare(_ sources: Set<TextureSource>) {
        var forTexture: [String] = [], forShadow: [String] = [], shadows: [(source: TextureSource, name: String, sigma: Double)] = []
        for source in sources {
            switch source {
            case let .image(name) where images[name] == nil && decoded[name] == nil: forTexture.append(name)
            case let .shadow(name, sigma) where derived[source] == nil:
                shadows.append((source, name, sigma))
                if decoded[name] == nil { forShadow.append(name) }
            default: break
            }
        }
        let names = Array(Set(forTexture + forShadow).subtracting(failed)).sorted()
        guard names.count + shadows.count > 1 else { return }
        let urls = names.map(locate)
        var results = [(UnsafeMutablePointer<SDL_Surface>?, problem: String?)](repeating: (nil, nil), count: names.count)
        results.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: names.count) { i in
                if let url = urls[i] { out[i] = TextureCache.decodeFile(url, name: names[i]) }
            }
        }
        let shadowNames = Set(forShadow)
        for (name, (surface, problem)) in zip(names, results) {
            guard let surface else {
                if let problem { logger.warning("\(problem)") }
                failed.insert(name)
                continue
            }
            defer { SDL_FreeSurface(surface) }
            if shadowNames.contains(name) { keepDecoded(Framebuffer(rgba32: surface), as: name) }
            if forTexture.contains(name) { images[name] = makeTexture(surface) ?? placeholder() }
        }
        let pending = shadows.filter { decoded[$0.name] != nil }
        let images = pending.map { decoded[$0.name]! }
        var blurred = [(pixels: [UInt8], width: Int, height: Int)?](repeating: nil, count: pending.count)
        blurred.withUnsafeMutableBufferPointer { out in
            DispatchQueue.concurrentPerform(iterations: pending.count) { i in
                let image = images[i]
                out[i] = GaussianBlur.shadowTexture(rgba: image.pixels, width: image.width, height: image.height, sigma: pending[i].sigma)
            }
        }
        for (shadow, made) in zip(pending, blurred) {
            if let made, let entry = fromPixels(made.pixels, made.width, made.height) { derived[shadow.source] = entry }
        }
    }

    private func makeTexture(_ surface: UnsafeMutablePointer<SDL_Surface>) -> Entry? {
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let coverage = TextureCache.coverage(surface)
        return Entry(texture: tex, size: Size(Double(surface.pointee.w), Double(surface.pointee.h)),
                     isOpaque: coverage.isOpaque, visible: coverage.visible)
    }

    /// Whether every alpha byte of an RGBA32 surface is 255, and the box of texels that are not 0 (grown by one).
    private static func coverage(_ surface: UnsafeMutablePointer<SDL_Surface>)
        -> (isOpaque: Bool, visible: (x0: Int, y0: Int, x1: Int, y1: Int)?) {
        let s = surface.pointee
        let w = Int(s.w), h = Int(s.h)
        guard s.format.pointee.format == SDL_PIXELFORMAT_RGBA32.rawValue,
              let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { return (false, nil) }
        var opaque = true
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        for y in 0..<h {
            let row = base + y * Int(s.pitch)
            for x in 0..<w {
                let a = row[x * 4 + 3]
                if a != 255 { opaque = false }
                if a != 0 { x0 = min(x0, x); x1 = max(x1, x); y0 = min(y0, y); y1 = max(y1, y) }
            }
        }
        guard x1 >= 0 else { return (false, (0, 0, 0, 0)) }
        let box = (x0: max(0, x0 - 1), y0: max(0, y0 - 1), x1: min(w, x1 + 2), y1: min(h, y1 + 2))
        return (opaque, box == (0, 0, w, h) ? nil : box)
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
        if let d = decoded[name] { return d }
        guard let surface = loadSurface(name) else { return nil }
        defer { SDL_FreeSurface(surface) }
        let pixels = Framebuffer(rgba32: surface)
        keepDecoded(pixels, as: name)
        return pixels
    }

    /// Images decoded for the CPU (shadows, premultiplied copies), kept a while so the texture of the same image is
    /// made without decoding it again; at most `decodedBudget` bytes, oldest dropped first.
    private var decoded: [String: Framebuffer] = [:]
    private var decodedOrder: [String] = []
    static let decodedBudget = 64 << 20

    private func keepDecoded(_ pixels: Framebuffer, as name: String) {
        guard pixels.pixels.count <= TextureCache.decodedBudget else { return }
        decoded[name] = pixels
        decodedOrder.append(name)
        var bytes = decoded.values.reduce(0) { $0 + $1.pixels.count }
        while bytes > TextureCache.decodedBudget, !decodedOrder.isEmpty {
            let oldest = decodedOrder.removeFirst()
            bytes -= decoded.removeValue(forKey: oldest)?.pixels.count ?? 0
        }
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
