import CSDL2
import Foundation
import Stage

/// Loads image assets into textures once (PNG and JPEG through SDL_image, `SDLImageLibrary`), builds shadow and text textures on demand,
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
        /// The largest wholly opaque rectangles, shrunk by one texel (where linear filtering sees only opaque texels).
        var opaque: [(x0: Int, y0: Int, x1: Int, y1: Int)] = []
        /// The part a quad drawing the whole picture need fill, when it is under nine tenths of the picture.
        var outline: TexelOctagon?
    }
    private let renderer: OpaquePointer
    private let assets: AssetResolver
    private let fonts = FontBook()
    private var images: [String: Entry] = [:]
    private var derived: [TextureSource: Entry] = [:]
    /// Images halved `level` times (`ReducedImage`), CPU pixels and texture, by name and level.
    private var reduced: [String: [Int: (pixels: Framebuffer, entry: Entry?)]] = [:]
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
        background.take(waiting: true).forEach { $0.freeSurfaces() }
        images.values.forEach { SDL_DestroyTexture($0.texture) }
        derived.values.forEach { SDL_DestroyTexture($0.texture) }
        reduced.values.forEach { $0.values.forEach { if let e = $0.entry { SDL_DestroyTexture(e.texture) } } }
        images.removeAll(); derived.removeAll(); reduced.removeAll(); copySizes.removeAll()
    }

    func texture(_ source: TextureSource) -> Entry? {
        switch source {
        case let .image(name): return image(name)
        case .shadow:
            if needsWork(source) { prepare([source]) }
            return derived[source]
        case .text, .premultipliedImage:
            if let e = derived[source] { return e }
            let made: Entry?
            switch source {
            case let .text(s, font): made = text(s, font)
            case let .premultipliedImage(name): made = premultiplied(name)
            case .image, .shadow: made = nil
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

    /// The picture's size in texels: its texture's, else what the picture store's header says (nothing decoded, so
    /// a picture drawn from a kept copy is never read whole), else decoded now.
    func imageSize(_ name: String) -> Size {
        if let e = images[name] { return e.size }
        if let h = storedHeader(name) { return Size(Double(h.width), Double(h.height)) }
        return image(name).size
    }

    /// Image `name` halved `level` times (CPU pixels and texture), made on first use; level 0 is the image itself.
    /// The full-size pixels a level is made from are not kept for it (issue 24: the find-words title, 3124×416, is
    /// drawn at 250×50; its 5 MB of pixels stayed for the whole run): a level made later decodes the file again.
    func reduced(_ name: String, level: Int) -> (pixels: Framebuffer, entry: Entry?)? {
        if let r = reduced[name]?[level] { return r }
        if level == 0 {
            guard let full = cpuPixels(of: name) else { return nil }
            return (full, image(name))
        }
        guard let small = levelPixels(name, level: level) else { return nil }
        let r = (pixels: small, entry: fromPixels(small.pixels, small.width, small.height))
        reduced[name, default: [:]][level] = r
        return r
    }

    /// Image `name` halved `level` times (level ≥ 1), not kept here. A level made by an earlier run is read back
    /// (issue 24: find-words made its background's levels from the 12.7-MB picture at every start, at the first frame).
    func levelPixels(_ name: String, level: Int) -> Framebuffer? {
        let url = pictureStore == nil ? nil : assets.imageURL(named: name)
        let variant = TextureCache.levelVariant(level)
        if let url, let kept = pictureStore?.loadPixels(url, variant: variant) { return kept }
        let kept = cpuImages[name] != nil || decoded[name] != nil
        guard let full = cpuImages[name] ?? pixels(of: name) else { return nil }
        if !kept { forgetDecoded(name) }
        let small = ReducedImage.halved(full, levels: level)
        if let url { pictureStore?.save(small, for: url, variant: variant) }
        return small
    }

    /// A texture of image `name` halved `level` times, for a copy to stand in for the image (`PrescaledPictures`),
    /// and its size; nil when it cannot be made.
    func levelTexture(_ name: String, level: Int) -> (texture: OpaquePointer, width: Int, height: Int)? {
        guard let small = levelPixels(name, level: level), small.width > 0, small.height > 0 else { return nil }
        // Drawn with linear filtering: its transparent texels take their neighbours' colour, as the picture's own do.
        let (w, h) = (small.width, small.height)
        var px = small.pixels
        px.withUnsafeMutableBufferPointer { AlphaBleed.apply($0.baseAddress!, width: w, height: h, pitch: w * 4) }
        guard let entry = fromPixels(px, w, h) else { return nil }
        return (entry.texture, w, h)
    }

    /// The texture of `source` if it is made already.
    /// The part of an image made already that a quad drawing all of it need fill, and the image's size in texels
    /// (nil when that is most of it, or the image is not made yet).
    func outline(_ source: TextureSource) -> (octagon: TexelOctagon, width: Int, height: Int)? {
        guard case let .image(name) = source, let e = images[name], let o = e.outline else { return nil }
        return (o, Int(e.size.width), Int(e.size.height))
    }

    /// The size in texels of a texture made already (nil for one that is not).
    func loadedSize(_ source: TextureSource) -> Size? { loaded(source)?.size }

    private func loaded(_ source: TextureSource) -> Entry? {
        if case let .image(name) = source { return images[name] }
        return derived[source]
    }

    // MARK: Images

    /// The image's texture, made now if need be (the placeholder when it cannot be used).
    private func image(_ name: String) -> Entry {
        if let e = images[name] { return e }
        prepare([.image(name)])
        if images[name] == nil { images[name] = placeholder() }   // failed earlier, through `pixels(of:)`
        return images[name]!
    }

    // MARK: Copies at the size drawn

    /// Images whose texture is a copy at the size they are drawn (`PrescaledPictures`): the copy's size in texels.
    /// The entry keeps the picture's own size and coverage, so it is drawn and culled as before.
    private var copySizes: [String: (w: Int, h: Int)] = [:]

    func copySize(of name: String) -> (w: Int, h: Int)? { copySizes[name] }
    /// Counts the copies adopted and let go: a kept picture drawn before one changed is made again.
    private(set) var copiesChanged = 0

    /// Makes `copy` (`width`×`height`) image `name`'s texture in place of the one it was made from, which goes: a
    /// 600×2000 door drawn at 636×800 holds 2 MB instead of 4.8.
    func adoptCopy(_ copy: OpaquePointer, of name: String, width: Int, height: Int) {
        guard var e = images[name], !failed.contains(name), copySizes[name] == nil else { SDL_DestroyTexture(copy); return }
        SDL_DestroyTexture(e.texture)
        e = Entry(texture: copy, size: e.size, isOpaque: e.isOpaque, visible: e.visible, opaque: e.opaque, outline: e.outline)
        images[name] = e
        copySizes[name] = (width, height)
        copiesChanged += 1
    }

    /// Makes the copy of image `name` an earlier run kept its texture, when the image is not made yet: the one at
    /// `size` (`keepCopy`), or else its pixels halved `level` times when those were kept (`levelPixels`). Its full-size
    /// pixels are then neither read nor held (issue 24: a window's first frame; the elevator's 600×2000 doors are
    /// 4.8 MB of pixels each, drawn from copies of 2). Returns whether it did.
    func adoptStoredCopy(of name: String, size: (w: Int, h: Int)?, level: Int) -> Bool {
        guard images[name] == nil, copySizes[name] == nil, let header = storedHeader(name),
              let store = pictureStore, let url = assets.imageURL(named: name) else { return false }
        let made: (texture: OpaquePointer, w: Int, h: Int)
        if let size {
            guard let kept = store.load(url, variant: TextureCache.copyVariant(size)) else { return false }
            defer { SDL_FreeSurface(kept.surface) }
            guard kept.surface.pointee.w == size.w, kept.surface.pointee.h == size.h,
                  let texture = SDL_CreateTextureFromSurface(renderer, kept.surface) else { return false }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
            made = (texture, size.w, size.h)
        } else {
            guard store.header(url, variant: TextureCache.levelVariant(level)) != nil,
                  let level = levelTexture(name, level: level) else { return false }
            made = (level.texture, level.width, level.height)
        }
        let c = header.coverage
        images[name] = Entry(texture: made.texture, size: Size(Double(header.width), Double(header.height)),
                             isOpaque: c.isOpaque, visible: c.visible, opaque: c.opaque, outline: c.outline)
        copySizes[name] = (made.w, made.h)
        copiesChanged += 1
        return true
    }

    /// Whether the copy of image `name` at `size` would be kept for later runs and is not yet.
    func wantsCopyKept(of name: String, size: (w: Int, h: Int)) -> Bool {
        guard let store = pictureStore, let url = assets.imageURL(named: name) else { return false }
        return store.header(url, variant: TextureCache.copyVariant(size)) == nil
    }

    /// Keeps `pixels`, image `name`'s copy at their size, for later runs (`adoptStoredCopy`); written on another
    /// thread, so the frame that made the copy does not wait for the disk.
    func keepCopy(_ pixels: Framebuffer, of name: String) {
        guard let store = pictureStore, let url = assets.imageURL(named: name) else { return }
        let variant = TextureCache.copyVariant((pixels.width, pixels.height))
        DispatchQueue.global(qos: .utility).async { store.save(pixels, for: url, variant: variant) }
    }

    static func copyVariant(_ size: (w: Int, h: Int)) -> String { "copy\(size.w)x\(size.h)" }
    static func levelVariant(_ level: Int) -> String { "level\(level)" }

    /// What the picture store's header says of images not made yet (their size and coverage), read once each.
    private var storedHeaders: [String: DecodedPictureStore.Header] = [:]

    private func storedHeader(_ name: String) -> DecodedPictureStore.Header? {
        if let h = storedHeaders[name] { return h }
        guard let store = pictureStore, !failed.contains(name), let url = assets.imageURL(named: name),
              let h = store.header(url) else { return nil }
        storedHeaders[name] = h
        return h
    }

    /// The image's own texture again in place of a copy (decoded again, from the picture store, when next drawn).
    func restoreOriginal(_ name: String) {
        guard copySizes.removeValue(forKey: name) != nil, let e = images.removeValue(forKey: name) else { return }
        SDL_DestroyTexture(e.texture)
        copiesChanged += 1
    }

    /// Whether an image asset has no transparent pixel (its texture made on first use).
    func isOpaque(_ source: TextureSource, loadedOnly: Bool = false) -> Bool {
        guard case let .image(name) = source else { return false }
        return (loadedOnly ? images[name] : image(name))?.isOpaque ?? false
    }

    /// The largest wholly opaque parts of a texture, in texture coordinates (0…1).
    /// (Of a texture made already; none for one that is not.)
    func opaqueUV(_ source: TextureSource) -> [Rect] {
        guard let e = loaded(source), e.size.width > 0, e.size.height > 0 else { return [] }
        return e.opaque.map { r in
            Rect(x: Double(r.x0) / e.size.width, y: Double(r.y0) / e.size.height,
                 width: Double(r.x1 - r.x0) / e.size.width, height: Double(r.y1 - r.y0) / e.size.height)
        }
    }

    /// The part of a texture that is not transparent, in texture coordinates (0…1), or nil for all of it.
    /// (Of a texture made already; nil for one that is not.)
    func visibleUV(_ source: TextureSource) -> Rect? {
        guard let e = loaded(source), let v = e.visible, e.size.width > 0, e.size.height > 0 else { return nil }
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
        if let kept = pictureStore?.load(url) { return kept.surface }
        let (surface, problem) = PictureJob.decodeFile(url, name: name)
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

    private let background = PictureBackground()
    /// Where decoded pictures are kept between runs (`DecodedPictureStore`); nil: every picture is decoded.
    var pictureStore: DecodedPictureStore?

    /// Whether `source` still needs CPU work before it can be a texture.
    private func needsWork(_ source: TextureSource) -> Bool {
        switch source {
        case let .image(name): return images[name] == nil && !failed.contains(name)
        case let .shadow(name, _): return derived[source] == nil && !failed.contains(name)
        default: return false
        }
    }

    /// The job that makes `sources` (those that need it): images to decode, shadows to blur.
    private func job(for sources: Set<TextureSource>) -> PictureJob {
        var job = PictureJob()
        job.store = pictureStore
        var forTexture = Set<String>(), forShadow = Set<String>()
        for source in sources where needsWork(source) {
            switch source {
            case let .image(name): if decoded[name] == nil { forTexture.insert(name) }
            case let .shadow(name, sigma):
                // A shadow blurred by an earlier run is read back (issue 24: find-words blurred its shadows at
                // every start), and its picture need not be decoded for it.
                let url = pictureStore == nil ? nil : assets.imageURL(named: name)
                if let url, let kept = pictureStore?.loadPixels(url, variant: PictureJob.shadowVariant(sigma: sigma)) {
                    job.storedShadows.append((source, kept))
                    continue
                }
                job.shadows.append(.init(source: source, name: name, sigma: sigma, url: url))
                if let d = decoded[name] { job.known[name] = d } else { forShadow.insert(name) }
            default: break
            }
        }
        for name in forTexture.union(forShadow).sorted() {
            job.images.append(.init(name: name, url: locate(name), keepPixels: forShadow.contains(name)))
        }
        return job
    }

    /// Turns a job's results into textures (here, on the renderer's thread).
    private func adopt(_ result: PictureJob.Result) {
        defer { result.freeSurfaces() }
        for (name, fb) in result.pixels { keepDecoded(fb, as: name) }
        for d in result.decoded {
            if d.surface == nil, let fb = result.pixels[d.name], let coverage = d.coverage {
                if images[d.name] == nil { images[d.name] = fromPixels(fb, coverage: coverage) ?? placeholder() }
                continue
            }
            guard let surface = d.surface else {
                if let problem = d.problem { logger.warning("\(problem)") }
                failed.insert(d.name)
                if images[d.name] == nil { images[d.name] = placeholder() }
                continue
            }
            if images[d.name] == nil { images[d.name] = makeTexture(surface, coverage: d.coverage) ?? placeholder() }
        }
        for b in result.blurred where derived[b.source] == nil {
            if let entry = fromPixels(b.pixels, b.width, b.height) { derived[b.source] = entry }
        }
    }

    /// Makes the textures `sources` need now: images decoded and shadows blurred on every core, so a first frame
    /// full of pictures waits for the slowest of them rather than for their sum (after any background job on them).
    /// Returns whether it made anything. The one way images and shadows become textures.
    @discardableResult
    func prepare(_ sources: Set<TextureSource>) -> Bool {
        let waiting = !background.inFlight.isDisjoint(with: sources)
        let finished = background.take(waiting: waiting)
        finished.forEach(adopt)
        var made = !finished.isEmpty
        // Pictures a shadow or the splatter decoded a moment ago: no second decode.
        for case let .image(name) in sources where images[name] == nil {
            guard let d = decoded[name] else { continue }
            images[name] = fromPixels(d.pixels, d.width, d.height, opaqueParts: true) ?? placeholder()
            made = true
        }
        let job = job(for: sources)
        guard !job.isEmpty else { return made }
        adopt(job.run())
        return true
    }

    /// Starts making the textures of `sources` in the background (pictures that are drawn but not seen yet);
    /// returns how many it started.
    @discardableResult
    func prefetch(_ sources: Set<TextureSource>) -> Int {
        background.take(waiting: false).forEach(adopt)
        let wanted = Set(sources.filter(needsWork)).subtracting(background.inFlight)
        let job = job(for: wanted)
        guard !job.isEmpty else { return 0 }
        background.start(job, for: wanted)
        return wanted.count
    }

    /// `opaqueParts`: also find the picture's largest opaque rectangles (for pictures; not for shadows and text).
    private func makeTexture(_ surface: UnsafeMutablePointer<SDL_Surface>, coverage known: Coverage? = nil,
                             opaqueParts: Bool = false) -> Entry? {
        guard let tex = SDL_CreateTextureFromSurface(renderer, surface) else { return nil }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        let coverage = known ?? TextureCache.coverage(surface, opaqueParts: opaqueParts)
        return Entry(texture: tex, size: Size(Double(surface.pointee.w), Double(surface.pointee.h)),
                     isOpaque: coverage.isOpaque, visible: coverage.visible, opaque: coverage.opaque, outline: coverage.outline)
    }

    /// Whether every alpha byte of an RGBA32 surface is 255, the box of texels that are not 0 (grown by one), the
    /// largest opaque rectangles, and the octagon of texels that are not 0 (grown by two) when it is under nine
    /// tenths of the picture.
    typealias Coverage = (isOpaque: Bool, visible: (x0: Int, y0: Int, x1: Int, y1: Int)?, opaque: [(x0: Int, y0: Int, x1: Int, y1: Int)],
                          outline: TexelOctagon?)

    /// Texels a quad's outline keeps round what is not transparent: linear filtering reaches one texel, and a
    /// texel more keeps the outline's edges, where the texture coordinates are interpolated along other triangles'
    /// edges than the quad's, off any texel that draws.
    static let outlineMargin = 2

    static func coverage(_ surface: UnsafeMutablePointer<SDL_Surface>, opaqueParts: Bool) -> Coverage {
        let s = surface.pointee
        let w = Int(s.w), h = Int(s.h)
        guard s.format.pointee.format == SDL_PIXELFORMAT_RGBA32.rawValue,
              let base = s.pixels?.assumingMemoryBound(to: UInt8.self) else { return (false, nil, [], nil) }
        var opaque = true
        var x0 = w, y0 = h, x1 = -1, y1 = -1
        var rows = [(minX: Int, maxX: Int)?](repeating: nil, count: h)
        for y in 0..<h {
            let row = base + y * Int(s.pitch)
            var rowMin = w, rowMax = -1
            for x in 0..<w {
                let a = row[x * 4 + 3]
                if a != 255 { opaque = false }
                if a != 0 { rowMin = min(rowMin, x); rowMax = x }
            }
            if rowMax >= 0 {
                rows[y] = (rowMin, rowMax)
                x0 = min(x0, rowMin); x1 = max(x1, rowMax); y0 = min(y0, y); y1 = y
            }
        }
        guard x1 >= 0 else { return (false, (0, 0, 0, 0), [], nil) }
        let octagon = opaque ? nil : TexelOctagon(rows: rows, width: w, height: h, margin: outlineMargin)
        let outline = octagon.flatMap { $0.area < 0.9 * Double(w * h) ? $0 : nil }
        let box = (x0: max(0, x0 - 1), y0: max(0, y0 - 1), x1: min(w, x1 + 2), y1: min(h, y1 + 2))
        // Opaque parts of a picture that is not opaque everywhere; each shrunk by a texel (filtering reaches it).
        let parts = opaque || !opaqueParts ? [] : OpaqueRegions.find(base, width: w, height: h, pitch: Int(s.pitch)).map {
            (x0: $0.x0 + 1, y0: $0.y0 + 1, x1: $0.x1 - 1, y1: $0.y1 - 1)
        }.filter { $0.x1 > $0.x0 && $0.y1 > $0.y0 }
        return (opaque, box == (0, 0, w, h) ? nil : box, parts, outline)
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

    /// The texture of decoded pixels whose coverage is known (read in place, not copied).
    private func fromPixels(_ image: Framebuffer, coverage: Coverage) -> Entry? {
        image.pixels.withUnsafeBytes { buf -> Entry? in
            guard let base = buf.baseAddress,
                  let s = SDL_CreateRGBSurfaceWithFormatFrom(UnsafeMutableRawPointer(mutating: base), Int32(image.width),
                                                             Int32(image.height), 32, Int32(image.width * 4),
                                                             SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
            defer { SDL_FreeSurface(s) }
            return makeTexture(s, coverage: coverage)
        }
    }

    private func fromPixels(_ px: [UInt8], _ w: Int, _ h: Int, opaqueParts: Bool = false) -> Entry? {
        var px = px
        return px.withUnsafeMutableBytes { buf -> Entry? in
            guard let s = SDL_CreateRGBSurfaceWithFormatFrom(buf.baseAddress, Int32(w), Int32(h), 32, Int32(w * 4),
                                                             SDL_PIXELFORMAT_RGBA32.rawValue) else { return nil }
            defer { SDL_FreeSurface(s) }
            return makeTexture(s, opaqueParts: opaqueParts)
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
    /// made without decoding it again; at most `decodedBudget` bytes, oldest dropped first, and at most
    /// `decodedBetweenFrames` once a frame is presented: a frame's pictures share their decoding, but the full-size
    /// pixels of a picture already made into its textures are not held for the rest of the run (issue 24: the
    /// find-words background, 12.7 MB).
    private var decoded: [String: Framebuffer] = [:]
    private var decodedOrder: [String] = []
    static let decodedBudget = 64 << 20
    static let decodedBetweenFrames = 8 << 20

    /// The frame was presented: keeps at most `decodedBetweenFrames` of decoded pixels, the newest.
    func frameEnded() {
        trimDecoded(to: TextureCache.decodedBetweenFrames)
    }

    private func trimDecoded(to budget: Int) {
        var bytes = decoded.values.reduce(0) { $0 + $1.pixels.count }
        while bytes > budget, !decodedOrder.isEmpty {
            let oldest = decodedOrder.removeFirst()
            bytes -= decoded.removeValue(forKey: oldest)?.pixels.count ?? 0
        }
    }

    private func keepDecoded(_ pixels: Framebuffer, as name: String) {
        guard pixels.pixels.count <= TextureCache.decodedBudget else { return }
        decoded[name] = pixels
        decodedOrder.removeAll { $0 == name }
        decodedOrder.append(name)
        trimDecoded(to: TextureCache.decodedBudget)
    }

    /// Bytes of decoded full-size pixels held for the CPU (`decoded` and `cpuImages`; an image in both counts once).
    var decodedBytes: Int {
        var names = Set(decoded.keys)
        names.formUnion(cpuImages.keys)
        return names.reduce(0) { $0 + ((decoded[$1] ?? cpuImages[$1])?.pixels.count ?? 0) }
    }

    private func forgetDecoded(_ name: String) {
        decoded[name] = nil
        decodedOrder.removeAll { $0 == name }
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

    /// The widest or tallest text texture made, in pixels: the OpenGL renderer's usual maximum side. The view layer
    /// cuts long lines into pieces well under it (`textPieceLength`); this guards everything else that draws text,
    /// since SDL_ttf and the software renderer crash on surfaces far past it instead of failing.
    static let maxTextSide: Int32 = 16_384

    private func text(_ string: String, _ font: Font) -> Entry? {
        guard let line = runs(string, font) else { return nil }
        guard let (w, h) = line.size(), w <= Self.maxTextSide, h <= Self.maxTextSide else {
            logger.warning("a line of text too long to draw at once (over \(Self.maxTextSide) pixels) is left out")
            return nil
        }
        guard let surface = line.renderWhite() else { return nil }
        defer { SDL_FreeSurface(surface) }
        guard let e = makeTexture(surface) else { return nil }
        return Entry(texture: e.texture, size: Size(e.size.width / scale, e.size.height / scale))
    }

    func measure(_ string: String, font: Font) -> Size {
        guard let (w, h) = runs(string, font)?.size() else { return .zero }
        return Size(Double(w) / scale, Double(h) / scale)
    }

    /// The line cut by font: `font` where it has the characters, DejaVu Sans elsewhere.
    private func runs(_ string: String, _ font: Font) -> TextRuns? {
        let pixelSize = Int((font.size * scale).rounded())
        guard let f = fonts.font(font, pixelSize: pixelSize) else { return nil }
        return TextRuns(string, font: f) { fonts.fallback(for: font, pixelSize: pixelSize) }
    }

    private func dropTextTextures() {
        for (key, e) in derived { if case .text = key { SDL_DestroyTexture(e.texture); derived[key] = nil } }
        textCount = 0
    }

    /// Forgets text textures (after a change of scale).
    func invalidateText() { dropTextTextures() }
}
