import CSDL2
import Stage

// Planning a recorded frame (FramePlan) and keeping its unchanging start as one picture.
extension SDLRenderer {
    /// Plans the commands and makes the textures they need: first those of quads that may cover others (whether
    /// they are opaque decides what is hidden), then those of every command that is seen, all together on every
    /// core (TextureCache.prepare); pictures that are wholly hidden are made in the background for later frames.
    func planAndPrepare(_ commands: ArraySlice<DrawCommand>, clips: [Rect?], leading: [FramePlan.Item],
                        later: inout Int) -> [FramePlan.Visibility] {
        func texturesOf(_ include: (TriangleBatch, Int) -> Bool) -> Set<TextureSource> {
            var sources = Set<TextureSource>()
            for (i, c) in commands.enumerated() {
                if case let .triangles(b) = c, let t = b.texture, include(b, i) { sources.insert(t) }
            }
            return sources
        }
        guard plansFrames, canCull else {
            textures.prepare(texturesOf { _, _ in true })
            return [FramePlan.Visibility](repeating: .whole, count: leading.count + commands.count)
        }
        let output = outputRect
        // Quads of a quarter of the output or more (backgrounds, doors, frames) are what may hide others.
        let large = Double(output.area) / 4
        textures.prepare(texturesOf { b, _ in
            guard let r = FramePlan.quadRect(b) else { return false }
            return r.width * r.height >= large && FramePlan.hasOpaqueColours(b)
        })
        func plan() -> [FramePlan.Visibility] {
            FramePlan.visibility(of: leading + zip(commands, clips).map { planItem($0, clip: $1, output: output) })
        }
        let first = plan()
        let seen = { (i: Int) in first[leading.count + i] != .hidden }
        let madeMore = textures.prepare(texturesOf { _, i in seen(i) })
        later = textures.prefetch(texturesOf { _, i in !seen(i) })
        // Pictures made just now may cover or trim more; otherwise the first plan stands.
        return madeMore ? plan() : first
    }

    var outputSize: (w: Int32, h: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (w, h)
    }

    /// The output in logical pixels, as the plan's rect.
    var outputRect: PixelRect {
        let (w, h) = outputSize
        return PixelRect(x0: 0, y0: 0, x1: Int((Double(w) / scale).rounded(.down)), y1: Int((Double(h) / scale).rounded(.down)))
    }

    /// Culling works in whole logical pixels, which are whole output pixels only at a whole-number scale.
    var canCull: Bool { scale == scale.rounded() }

    /// Textures not made yet are not made for this: they count as not opaque and not trimmed.
    func planItem(_ command: DrawCommand, clip: Rect?, output: PixelRect) -> FramePlan.Item {
        guard case let .triangles(b) = command, let first = b.vertices.first else { return FramePlan.Item(bounds: nil) }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for v in b.vertices { x0 = min(x0, v.x); y0 = min(y0, v.y); x1 = max(x1, v.x); y1 = max(y1, v.y) }
        var limit = output
        if let clip { limit = limit.intersection(PixelRect(covering: clip)) }
        var box = Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
        var occludes: [PixelRect] = []
        if let quad = FramePlan.quadRect(b) {
            if FramePlan.isOpaque(b, textureIsOpaque: { textures.isOpaque($0, loadedOnly: true) }) {
                occludes = [PixelRect(inside: quad).intersection(limit)]
            } else if let t = b.texture, FramePlan.hasOpaqueColours(b) {
                // A picture with opaque parts (a frame's jambs) covers what is under those parts.
                occludes = textures.opaqueUV(t).compactMap { FramePlan.bounds(of: b, inside: $0) }
                    .map { PixelRect(inside: $0).intersection(limit) }
            }
        }
        let full = PixelRect(covering: box).intersection(limit)
        // A picture with transparent margins draws nothing there.
        if let t = b.texture, let uv = textures.visibleUV(t), let trimmed = FramePlan.bounds(of: b, inside: uv) {
            box = box.intersection(trimmed)
        }
        let bounds = PixelRect(covering: box).intersection(limit)
        return FramePlan.Item(bounds: bounds, occludes: occludes, isTrimmed: !isSoftware && bounds.area * 10 < full.area * 9)
    }

    func clipInForce(after commands: ArraySlice<DrawCommand>) -> Rect? {
        for c in commands.reversed() { if case let .clip(r) = c { return r } }
        return nil
    }

    // MARK: The picture of the frame's unchanging start

    /// What the kept picture does for a frame.
    enum PictureStep {
        /// Nothing kept: every command is drawn.
        case none
        /// The picture stands for this many leading commands, as it is.
        case kept(Int)
        /// The picture is taken from the window (`takesPictureFromWindow`) after the leading commands up to `count`
        /// are drawn there: from command `from` on over the picture copied whole when it is kept already, and only
        /// inside `inside` when given (where the kept start changed). It then stands for those commands.
        case take(count: Int, from: Int, inside: PixelRect?)
    }

    /// Whether the picture is taken from the window and copied back as memory (`GLPictureCopy`): OpenGL with
    /// flipped framebuffers. Elsewhere it is drawn into its texture and copied as a quad.
    var takesPictureFromWindow: Bool { pictureCopy != nil }

    /// What the kept picture does this frame: stand for the frame's start as it is, grow, be mended where the start
    /// changed a little, be made anew, or nothing. Made (or remade) when the frame's start has stayed the same since
    /// the last frame.
    func pictureStep(for commands: [DrawCommand]) -> PictureStep {
        // A flush that does not start with a clear goes on with the frame (what is drawn over a screenshot or a
        // read-back: the timeline bar): the picture is the frame's start, and stays.
        guard case .clear = commands.first else { return .none }
        let size = outputSize
        if prefixTexture != nil, size != prefixSize { dropPrefixCache() }
        // A picture in it now drawn from a copy at its size (PrescaledPictures): made again, as the frame draws it,
        // once the copies are made (one a frame); none is made while copies are still to come.
        if copiesPending { return .none }
        if textures.copiesChanged != copiesSeen {
            copiesSeen = textures.copiesChanged
            dropPrefixCache()
        }
        // The output's size, which `outputPixels` keeps within before a picture is made.
        prefixSize = size
        let kept = prefixCommands.count
        let keptStillHolds = kept > 0 && kept <= commands.count
            && zip(prefixCommands, commands[..<kept]).allSatisfy { $0.isSame(as: $1) }
        let shared = FramePlan.commonPrefix(commands, previousCommands, keepsLayers: takesPictureFromWindow)
        if keptStillHolds && kept >= shared { return .kept(kept) }
        if takesPictureFromWindow { return takenStep(for: commands, keptStillHolds: keptStillHolds, shared: shared, size: size) }
        if keptStillHolds {
            // The start grew (a sprite came to rest): draw only what is new on top of the picture.
            guard renderPrefix(commands[kept..<shared], size: size, clip: clipInForce(after: commands[..<kept]), growing: true) else {
                dropPrefixCache()
                return .none
            }
        } else {
            guard FramePlan.isWorthCaching(commands[..<shared], isTexelExact: isDrawnTexelForTexel), renderPrefix(commands[..<shared], size: size, clip: nil, growing: false) else {
                dropPrefixCache()
                return .none
            }
        }
        prefixCommands = Array(commands[..<shared])
        return .kept(shared)
    }

    /// A picture taken from the window: it starts where the frame does (a clear), so the window holds nothing else
    /// when it is taken.
    private func takenStep(for commands: [DrawCommand], keptStillHolds: Bool, shared: Int, size: (w: Int32, h: Int32)) -> PictureStep {
        let kept = prefixCommands.count
        let extent = drawnExtent(commands[..<shared])
        // The start grew within the picture's area: only what is new is drawn (beyond it, the picture is made anew).
        if keptStillHolds, pictureHolds(extent) {
            prefixCommands = Array(commands[..<shared])
            return .take(count: shared, from: kept, inside: nil)
        }
        // A kept start changed in a small part: drawn again there only.
        if !keptStillHolds, kept > 0, canCull, let damage = FramePlan.damage(from: prefixCommands, to: commands[...], box: pictureBox),
           !damage.isEmpty, damage.area * 4 <= outputRect.area, pictureHolds(damage.union(prefixExtent ?? damage)) {
            prefixCommands = Array(commands[..<kept])
            return .take(count: kept, from: 0, inside: damage)
        }
        guard !extent.isEmpty, FramePlan.isWorthCaching(commands[..<shared], isTexelExact: isDrawnTexelForTexel),
              makePictureTexture(size, holding: outputPixels(extent)) else {
            dropPrefixCache()
            return .none
        }
        prefixCommands = Array(commands[..<shared])
        return .take(count: shared, from: 0, inside: nil)
    }

    /// The pixels a command of the kept start may touch within `clip`: a batch's box, a layer's reach.
    func pictureBox(_ command: DrawCommand, clip: Rect?) -> PixelRect {
        switch command {
        case let .triangles(b): return SDLRenderer.box(of: b, clip: clip)
        case let .layer(l):
            let m = l.margin + 1
            var reach = PixelRect(covering: l.bounds.insetBy(dx: -m, dy: -m))
            if let clip { reach = reach.intersection(PixelRect(covering: clip)) }
            return reach
        case .clear, .clip, .particles: return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
        }
    }

    /// What `commands` draw after their last clear, in logical pixels: the part of the window a picture of them must
    /// hold (outside it the picture is the clear colour, which `blitPrefix` clears rather than copies).
    func drawnExtent(_ commands: ArraySlice<DrawCommand>) -> PixelRect {
        var extent = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0), clip: Rect?
        for c in commands {
            switch c {
            case .clear: extent = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
            case let .clip(r): clip = r
            case .triangles, .layer: extent = extent.union(pictureBox(c, clip: clip))
            case .particles: break
            }
        }
        return extent
    }

    /// Whether the picture's texture holds `extent` (logical pixels) of the window.
    private func pictureHolds(_ extent: PixelRect) -> Bool {
        prefixTexture != nil && pictureArea.contains(outputPixels(extent))
    }

    /// The picture's texture, holding at least `area` (output pixels) of the window; made again, holding the old
    /// area too, when it does not (so a picture whose start moves about settles on one texture). False when SDL or GL
    /// cannot make it, and then the picture is drawn into its texture from now on.
    private func makePictureTexture(_ size: (w: Int32, h: Int32), holding area: PixelRect) -> Bool {
        if prefixTexture != nil, pictureArea.contains(area) { return true }
        let wanted = prefixTexture == nil ? area : pictureArea.union(area)
        dropPrefixCache()
        guard let t = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                        Int32(wanted.x1 - wanted.x0), Int32(wanted.y1 - wanted.y0)) else { return false }
        guard pictureCopy?.adopt(t, area: wanted, windowHeight: size.h) == true else {
            SDL_DestroyTexture(t)
            pictureCopy?.release()
            pictureCopy = nil
            return false
        }
        prefixTexture = t
        prefixSize = size
        pictureArea = wanted
        return true
    }

    /// Draws `commands[from..<count]` on the window (only inside `inside` when given, over the picture copied whole
    /// when some of it is kept), then takes the window as the picture there (or whole).
    func takePicture(_ commands: [DrawCommand], count: Int, from: Int, inside: PixelRect?) {
        guard let pictureCopy else { return }
        let mending = from > 0 || inside != nil
        if mending {
            applyClip(nil)
            blitPrefix(.whole)
        } else {
            prefixClear = nil
            prefixExtent = nil
        }
        var clip = clipInForce(after: commands[..<from])
        // The clip in force, cut to `inside`; nil when nothing shows through it.
        func limit(_ r: Rect?) {
            guard let inside else { applyClip(r); return }
            let cut = r.map { PixelRect(covering: $0).intersection(inside) } ?? inside
            if !cut.isEmpty { applyClip(cut.rect) }
        }
        limit(clip)
        // Stacks of pictures as the frames after it draw them (`PictureStack`), so the picture is theirs; not when
        // mending a part of it.
        let stacks = inside == nil && stacksOnCPU
        var clips: [Rect?] = []
        if stacks {
            var current = clip
            for c in commands[from..<count] {
                if case let .clip(r) = c { current = r }
                clips.append(current)
            }
        }
        var scanned = from, k = from
        while k < count {
            let c = commands[k]
            defer { k += 1 }
            if stacks, k >= scanned, case .triangles = c,
               let run = stackRun(commands[..<count], from: k, clip: { clips[$0 - from] }, visibility: { _ in .whole },
                                  scanned: &scanned) {
                applyClip(nil)
                let drawn = stack.draw(run.items, box: run.box, renderer: renderer)
                clip = clips[(drawn ? run.end - 1 : k) - from]
                limit(clip)
                if drawn {
                    for j in k..<run.end {
                        if let e = prefixExtent { prefixExtent = e.union(pictureBox(commands[j], clip: clips[j - from])) }
                    }
                    k = run.end - 1
                    continue
                }
            }
            switch c {
            case let .clear(colour):
                if let inside {
                    fillNow(inside, colour)
                } else {
                    clearNow(colour)
                    prefixClear = colour
                    prefixExtent = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
                }
            case let .clip(r):
                clip = r
                limit(r)
            case let .triangles(b):
                let box = pictureBox(c, clip: clip)
                if let inside, box.intersection(inside).isEmpty { continue }
                submit(b)
                if let e = prefixExtent { prefixExtent = e.union(box) }
            case let .layer(l):
                // A layer never meets what is drawn again (FramePlan.damage).
                guard inside == nil else { continue }
                drawLayerNow(l)
                if let e = prefixExtent { prefixExtent = e.union(pictureBox(c, clip: clip)) }
            case .particles: break
            }
        }
        if let inside, let e = prefixExtent { prefixExtent = e.union(inside) }
        pictureCopy.take([outputPixels(inside ?? outputRect)])
        DrawCounters.count { $0.picturesTaken += 1; if inside != nil { $0.picturesMended += 1 } }
    }

    /// `rect` (logical pixels) on whole output pixels.
    func outputPixels(_ r: PixelRect) -> PixelRect {
        PixelRect(covering: Rect(x: Double(r.x0) * scale, y: Double(r.y0) * scale,
                                 width: Double(r.x1 - r.x0) * scale, height: Double(r.y1 - r.y0) * scale))
            .intersection(PixelRect(x0: 0, y0: 0, x1: Int(prefixSize.w), y1: Int(prefixSize.h)))
    }

    /// Whether `batch` draws its picture texel for texel, sampled nearest as cheaply as a kept copy of it. On the
    /// software renderer every picture is sampled nearest; a picture not made yet counts as not.
    func isDrawnTexelForTexel(_ batch: TriangleBatch) -> Bool {
        guard !isSoftware else { return true }
        guard let t = batch.texture, let size = textures.loadedSize(t) else { return false }
        return TexelExactFiltering.isExact(batch, width: Int(size.width), height: Int(size.height), scale: scale)
    }

    /// Draws `commands` into the picture texture (the size of the output), starting with `clip` in force.
    /// `growing`: the commands continue the picture kept (its clear colour and drawn box grow); else they start it.
    func renderPrefix(_ commands: ArraySlice<DrawCommand>, size: (w: Int32, h: Int32), clip start: Rect?, growing: Bool) -> Bool {
        if prefixTexture == nil {
            prefixTexture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                              size.w, size.h)
            prefixSize = size
            if let t = prefixTexture { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) }
        }
        guard let target = prefixTexture, SDL_SetRenderTarget(renderer, target) == 0 else { return false }
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        appliedClip = .some(nil)
        applyClip(prefixIsUpsideDown ? start.map { upsideDown($0, height: size.h) } : start)
        // A new picture that does not start with a clear has no clear colour; one that grows keeps its own.
        if !growing {
            prefixClear = nil
            prefixExtent = nil
        }
        var clip = start
        for c in commands {
            switch c {
            case let .clear(color):
                clearNow(color)
                prefixClear = color
                prefixExtent = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
            case let .clip(r): applyClip(prefixIsUpsideDown ? r.map { upsideDown($0, height: size.h) } : r); clip = r
            case let .triangles(b):
                submit(prefixIsUpsideDown ? upsideDown(b, height: size.h) : b)
                if let e = prefixExtent { prefixExtent = e.union(SDLRenderer.box(of: b, clip: clip)) }
            case .particles, .layer: break
            }
        }
        SDL_SetRenderTarget(renderer, nil)
        appliedClip = nil
        return true
    }

    /// Whether the picture is drawn upside down. OpenGL rasterises a target texture upside down from the window (the
    /// window's rows run bottom-up, a texture SDL draws into top-down), so an edge that falls exactly on pixel centres
    /// (a text 15 texels tall centred in a 14-point line starts at y = 184.5) fills the row past it in the window and
    /// the row before it in the texture: the kept picture lost the bottom row of every such label. Drawn upside down
    /// (y ↦ height − y) and copied back flipped, the picture is rasterised as the window is, pixel for pixel. The
    /// software renderer fills both the same way.
    var prefixIsUpsideDown: Bool { !isSoftware }

    /// `batch` mirrored top to bottom in an output `height` pixels tall.
    func upsideDown(_ batch: TriangleBatch, height: Int32) -> TriangleBatch {
        let h = Float(Double(height) / scale)
        var flipped = batch
        for i in flipped.vertices.indices { flipped.vertices[i].y = h - flipped.vertices[i].y }
        return flipped
    }

    /// The clip `rect` mirrored top to bottom, on the same whole pixel rows `applyClip` gives it.
    func upsideDown(_ rect: Rect, height: Int32) -> Rect {
        let h = Double(height) / scale
        let top = rect.minY.rounded(.down), rows = max(0, rect.height.rounded(.up))
        return Rect(x: rect.minX, y: h - top - rows, width: rect.width, height: rows)
    }

    /// The pixels a batch may touch (its vertices' box, grown by a pixel for antialiased edges and linear filtering),
    /// within `clip`.
    static func box(of batch: TriangleBatch, clip: Rect?) -> PixelRect {
        guard let f = batch.vertices.first else { return PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        var x0 = f.x, y0 = f.y, x1 = f.x, y1 = f.y
        for v in batch.vertices { x0 = min(x0, v.x); y0 = min(y0, v.y); x1 = max(x1, v.x); y1 = max(y1, v.y) }
        var box = PixelRect(covering: Rect(x: Double(x0) - 1, y: Double(y0) - 1, width: Double(x1 - x0) + 2, height: Double(y1 - y0) + 2))
        if let clip { box = box.intersection(PixelRect(covering: clip)) }
        return box
    }

    /// Copies the visible parts of the picture, pixel for pixel; a picture that starts with a clear is cleared and
    /// only what was drawn over the clear is copied.
    func blitPrefix(_ visibility: FramePlan.Visibility) {
        guard let texture = prefixTexture else { return }
        let pieces: [PixelRect]
        switch visibility {
        case .hidden: pieces = []
        case .whole: pieces = [outputRect]
        case let .only(p): stats.keptPieces = p.count; pieces = p
        }
        var extent = outputRect
        if let colour = prefixClear, let drawn = prefixExtent, visibility != .hidden {
            extent = drawn.intersection(outputRect)
            // Cleared only where a piece shows more than was drawn over the clear (a window-sized picture, as the
            // Particle Lab's, is copied whole: clearing first filled the window once more for nothing).
            let (w, h) = outputSize
            let wholePixels = Double(w) == Double(outputRect.x1) * scale && Double(h) == Double(outputRect.y1) * scale
            if !wholePixels || pieces.contains(where: { !$0.subtracting(extent).isEmpty }) { clearNow(colour) }
        }
        let shown = pieces.map { $0.intersection(extent) }.filter { !$0.isEmpty }
        if let pictureCopy {
            let rects = shown.map(outputPixels).filter { !$0.isEmpty }
            pictureCopy.copy(rects)
            DrawCounters.count { $0.keptPictures += rects.count; $0.keptPicturesAsMemory += rects.count }
            return
        }
        // Copied pixel for pixel when the scale is whole (the copies' corners are then on whole output pixels).
        TexelExactFiltering.use(texture, exact: scale == scale.rounded(), renderer: renderer)
        for r in shown {
            var src = SDL_Rect(x: Int32(Double(r.x0) * scale), y: Int32(Double(r.y0) * scale),
                               w: Int32(Double(r.x1 - r.x0) * scale), h: Int32(Double(r.y1 - r.y0) * scale))
            var dst = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.x1 - r.x0), h: Int32(r.y1 - r.y0))
            if prefixIsUpsideDown {
                src.y = prefixSize.h - src.y - src.h
                SDL_RenderCopyEx(renderer, texture, &src, &dst, 0, nil, SDL_FLIP_VERTICAL)
            } else {
                SDL_RenderCopy(renderer, texture, &src, &dst)
            }
            DrawCounters.count { $0.keptPictures += 1; $0.layerPixels += Double(src.w * src.h) }
        }
    }

    func dropPrefixCache() {
        if let t = prefixTexture {
            // Made with the picture: released with it.
            pictureCopy?.release()
            SDL_DestroyTexture(t)
        }
        prefixTexture = nil
        prefixCommands = []
        prefixClear = nil
        prefixExtent = nil
    }

}
