import CSDL2
import Foundation
import Particles
import Stage

/// The Stage's `Renderer` on an SDL_Renderer: every batch is one `SDL_RenderGeometry` call.
public final class SDLRenderer: Stage.Renderer {
    let renderer: OpaquePointer
    private let textures: TextureCache
    /// SDL's software renderer truncates vertex positions to whole pixels (SW_QueueGeometry); handing it positions
    /// half a pixel on makes that a rounding to the nearest pixel, which samples pixel centres as the GL renderer does.
    /// It also maps a scaled quad's texture a pixel off when the quad is clipped, so batches are not drawn in
    /// pieces there: a batch is drawn whole or, when wholly covered, not at all.
    private let isSoftware: Bool

    /// Pixels per logical point (HiDPI windows draw sharper).
    public private(set) var scale: Double = 1

    /// Runs after the SDL renderer is destroyed (frees what it drew into).
    private let onDestroy: () -> Void

    /// Takes ownership of `renderer`: destroyed (with its textures) when this object goes.
    init(renderer: OpaquePointer, assets: AssetResolver, onDestroy: @escaping () -> Void = {}) {
        self.renderer = renderer
        var info = SDL_RendererInfo()
        isSoftware = SDL_GetRendererInfo(renderer, &info) == 0 && info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
        self.onDestroy = onDestroy
        textures = TextureCache(renderer: renderer, assets: assets)
    }

    deinit {
        layers = nil
        dropPrefixCache()
        textures.releaseAll()
        SDL_DestroyRenderer(renderer)
        onDestroy()
    }

    func setScale(_ s: Double) {
        guard s != scale, s > 0 else { return }
        flush()
        dropPrefixCache()
        scale = s
        textures.scale = s
        textures.invalidateText()
        SDL_RenderSetScale(renderer, Float(s), Float(s))
    }

    public func imageSize(_ name: String) -> Size { textures.imageSize(name) }
    public func measure(_ text: String, font: Font) -> Size { textures.measure(text, font: font) }

    // MARK: Recording a frame
    // Commands are kept until `present` (or a read-back), then drawn as a whole: a leading run that is the same as
    // the last frame's is kept as one picture, and what opaque rectangles cover is not drawn (FramePlan).

    private var pending: [DrawCommand] = []
    /// Off: every command is drawn as recorded, nothing kept or culled (to compare the two, and to measure the gain);
    /// `ZOETROPE_FRAME_PLAN=0` turns it off for a run.
    public var plansFrames = ProcessInfo.processInfo.environment["ZOETROPE_FRAME_PLAN"] != "0"

    /// What the plan did with the last frame drawn.
    public struct PlanStats: Equatable, Sendable {
        /// Leading commands drawn as the kept picture (0: none).
        public var keptCommands = 0
        /// Batches not drawn at all, and batches drawn only in the parts left uncovered.
        public var hiddenBatches = 0
        public var splitBatches = 0
        /// Pieces the kept picture was copied in (0: whole or not at all).
        public var keptPieces = 0
        /// Batches drawn without blending because they are opaque.
        public var opaqueBatches = 0
        /// Pictures wholly hidden this frame, made in the background for later frames.
        public var picturesForLater = 0
    }
    public private(set) var lastPlan = PlanStats()
    private var stats = PlanStats()

    public func clear(_ color: Color) {
        if !pending.isEmpty { flush() }
        pending.append(.clear(color))
    }

    public func setClip(_ rect: Rect?) { pending.append(.clip(rect)) }

    public func drawLayer(_ layer: Layer) { pending.append(.layer(layer)) }

    public func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) {
        guard !indices.isEmpty else { return }
        pending.append(.triangles(TriangleBatch(vertices: vertices, indices: indices, texture: texture, blend: blend)))
    }

    public func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {
        guard !batch.indices.isEmpty, isOnScreen(batch) else { return }
        pending.append(.particles(batch, texture, blend))
    }

    /// Whether any particle of `batch` reaches the output: one wholly outside it draws nothing, and leaving it out of
    /// the frame keeps the frame's unchanging start (a picture) from ending at it.
    private func isOnScreen(_ batch: ParticleBatch) -> Bool {
        var x0 = Float.infinity, y0 = Float.infinity, x1 = -Float.infinity, y1 = -Float.infinity
        batch.vertices.withUnsafeBufferPointer { vs in
            for v in vs { x0 = min(x0, v.x); y0 = min(y0, v.y); x1 = max(x1, v.x); y1 = max(y1, v.y) }
        }
        let out = outputRect
        return x1 >= Float(out.x0) && y1 >= Float(out.y0) && x0 <= Float(out.x1) && y0 <= Float(out.y1)
    }

    /// Draws what was recorded since the last flush.
    public func flush() {
        guard !pending.isEmpty else { return }
        let commands = pending
        pending = []
        var start = 0
        var items: [FramePlan.Item] = []
        var clipAfterPrefix: Rect?
        if plansFrames, let prefix = cachedPrefix(for: commands) {
            start = prefix
            clipAfterPrefix = clipInForce(after: commands[..<prefix])
            items.append(FramePlan.Item(bounds: outputRect))
        }
        previousCommands = commands
        // The clip in force at each command.
        var clips: [Rect?] = []
        var current = clipAfterPrefix
        for c in commands[start...] {
            if case let .clip(r) = c { current = r }
            clips.append(current)
        }
        var later = 0
        let plan = planAndPrepare(commands[start...], clips: clips, leading: items, later: &later)

        stats = PlanStats(keptCommands: start, picturesForLater: later)
        defer { lastPlan = stats }
        var p = 0
        if start > 0 {
            applyClip(nil)
            blitPrefix(plan[0])
            applyClip(clipAfterPrefix)
            p = 1
        }
        for (c, clip) in zip(commands[start...], clips) {
            defer { p += 1 }
            switch (c, plan[p]) {
            case let (.clear(color), _): clearNow(color)
            case let (.clip(r), _): applyClip(r)
            case (_, .hidden): stats.hiddenBatches += 1
            case let (.triangles(b), .only(pieces)) where !isSoftware:
                stats.splitBatches += 1
                for piece in pieces { applyClip(piece.rect); submit(b) }
                applyClip(clip)
            case let (.triangles(b), _): submit(b)
            case let (.particles(batch, texture, blend), _): drawParticlesNow(batch, texture: texture, blend: blend)
            case let (.layer(layer), _): drawLayerNow(layer)
            }
        }
    }

    /// Plans the commands and makes the textures they need: first those of quads that may cover others (whether
    /// they are opaque decides what is hidden), then those of every command that is seen, all together on every
    /// core (TextureCache.prepare); pictures that are wholly hidden are made in the background for later frames.
    private func planAndPrepare(_ commands: ArraySlice<DrawCommand>, clips: [Rect?], leading: [FramePlan.Item],
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
        // Quads of a quarter of the output or more (backgrounds, doors, frames) are what may hide others.
        let large = Double(outputRect.area) / 4
        textures.prepare(texturesOf { b, _ in
            guard let r = FramePlan.quadRect(b) else { return false }
            return r.width * r.height >= large && FramePlan.isOpaque(b) { _ in true }
        })
        func plan() -> [FramePlan.Visibility] {
            FramePlan.visibility(of: leading + zip(commands, clips).map { planItem($0, clip: $1, loadedOnly: true) })
        }
        let first = plan()
        let seen = { (i: Int) in first[leading.count + i] != .hidden }
        textures.prepare(texturesOf { _, i in seen(i) })
        later = textures.prefetch(texturesOf { _, i in !seen(i) })
        return plan()
    }

    private var outputSize: (w: Int32, h: Int32) {
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        return (w, h)
    }

    /// The output in logical pixels, as the plan's rect.
    private var outputRect: PixelRect {
        let (w, h) = outputSize
        return PixelRect(x0: 0, y0: 0, x1: Int((Double(w) / scale).rounded(.down)), y1: Int((Double(h) / scale).rounded(.down)))
    }

    /// Culling works in whole logical pixels, which are whole output pixels only at a whole-number scale.
    private var canCull: Bool { scale == scale.rounded() }

    /// `loadedOnly`: textures not made yet are not made for this (they count as not opaque and not trimmed).
    private func planItem(_ command: DrawCommand, clip: Rect?, loadedOnly: Bool) -> FramePlan.Item {
        guard case let .triangles(b) = command, let first = b.vertices.first else { return FramePlan.Item(bounds: nil) }
        var x0 = first.x, y0 = first.y, x1 = first.x, y1 = first.y
        for v in b.vertices { x0 = min(x0, v.x); y0 = min(y0, v.y); x1 = max(x1, v.x); y1 = max(y1, v.y) }
        var limit = outputRect
        if let clip { limit = limit.intersection(PixelRect(covering: clip)) }
        var box = Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
        var occludes: [PixelRect] = []
        if let quad = FramePlan.quadRect(b) {
            if FramePlan.isOpaque(b, textureIsOpaque: { textures.isOpaque($0, loadedOnly: loadedOnly) }) {
                occludes = [PixelRect(inside: quad).intersection(limit)]
            } else if let t = b.texture, FramePlan.isOpaque(b, textureIsOpaque: { _ in true }) {
                // A picture with opaque parts (a frame's jambs) covers what is under those parts.
                occludes = textures.opaqueUV(t, loadedOnly: loadedOnly).compactMap { FramePlan.bounds(of: b, inside: $0) }
                    .map { PixelRect(inside: $0).intersection(limit) }
            }
        }
        let full = PixelRect(covering: box).intersection(limit)
        // A picture with transparent margins draws nothing there.
        if let t = b.texture, let uv = textures.visibleUV(t, loadedOnly: loadedOnly), let trimmed = FramePlan.bounds(of: b, inside: uv) {
            box = box.intersection(trimmed)
        }
        let bounds = PixelRect(covering: box).intersection(limit)
        return FramePlan.Item(bounds: bounds, occludes: occludes, isTrimmed: !isSoftware && bounds.area * 10 < full.area * 9)
    }

    private func clipInForce(after commands: ArraySlice<DrawCommand>) -> Rect? {
        for c in commands.reversed() { if case let .clip(r) = c { return r } }
        return nil
    }

    // MARK: The picture of the frame's unchanging start

    private var previousCommands: [DrawCommand] = []
    private var prefixCommands: [DrawCommand] = []
    private var prefixTexture: OpaquePointer?
    private var prefixSize: (w: Int32, h: Int32) = (0, 0)

    /// How many leading commands the kept picture stands for this frame (made or remade when the frame's start has
    /// stayed the same since the last frame), or nil to draw everything.
    private func cachedPrefix(for commands: [DrawCommand]) -> Int? {
        let size = outputSize
        if prefixTexture != nil, size != prefixSize { dropPrefixCache() }
        let kept = prefixCommands.count
        let keptStillHolds = kept > 0 && kept <= commands.count
            && zip(prefixCommands, commands[..<kept]).allSatisfy { $0.isSame(as: $1) }
        let shared = FramePlan.commonPrefix(commands, previousCommands)
        if keptStillHolds && kept >= shared { return kept }
        if keptStillHolds {
            // The start grew (a sprite came to rest): draw only what is new on top of the picture.
            guard renderPrefix(commands[kept..<shared], size: size, clip: clipInForce(after: commands[..<kept])) else {
                dropPrefixCache()
                return nil
            }
        } else {
            guard FramePlan.isWorthCaching(commands[..<shared]), renderPrefix(commands[..<shared], size: size, clip: nil) else {
                dropPrefixCache()
                return nil
            }
        }
        prefixCommands = Array(commands[..<shared])
        return shared
    }

    /// Draws `commands` into the picture texture (the size of the output), starting with `clip` in force.
    private func renderPrefix(_ commands: ArraySlice<DrawCommand>, size: (w: Int32, h: Int32), clip start: Rect?) -> Bool {
        if prefixTexture == nil {
            prefixTexture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                              size.w, size.h)
            prefixSize = size
            if let t = prefixTexture { SDL_SetTextureBlendMode(t, SDL_BLENDMODE_NONE) }
        }
        guard let target = prefixTexture, SDL_SetRenderTarget(renderer, target) == 0 else { return false }
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        appliedClip = .some(nil)
        applyClip(start)
        for c in commands {
            switch c {
            case let .clear(color): clearNow(color)
            case let .clip(r): applyClip(r)
            case let .triangles(b): submit(b)
            case .particles, .layer: break
            }
        }
        SDL_SetRenderTarget(renderer, nil)
        appliedClip = nil
        return true
    }

    /// Copies the visible parts of the picture, pixel for pixel.
    private func blitPrefix(_ visibility: FramePlan.Visibility) {
        guard let texture = prefixTexture else { return }
        func copy(_ r: PixelRect) {
            var src = SDL_Rect(x: Int32(Double(r.x0) * scale), y: Int32(Double(r.y0) * scale),
                               w: Int32(Double(r.x1 - r.x0) * scale), h: Int32(Double(r.y1 - r.y0) * scale))
            var dst = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.x1 - r.x0), h: Int32(r.y1 - r.y0))
            SDL_RenderCopy(renderer, texture, &src, &dst)
        }
        switch visibility {
        case .hidden: break
        case .whole: copy(outputRect)
        case let .only(pieces):
            stats.keptPieces = pieces.count
            pieces.forEach(copy)
        }
    }

    private func dropPrefixCache() {
        if let t = prefixTexture { SDL_DestroyTexture(t) }
        prefixTexture = nil
        prefixCommands = []
    }

    // MARK: Drawing now

    private func clearNow(_ color: Color) {
        let c = color.rgba8
        SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, c.3)
        SDL_RenderClear(renderer)
    }

    /// The clip in force, in logical coordinates.
    private var clip: Rect?
    /// The clip last handed to SDL (nil: unknown), to skip repeats.
    private var appliedClip: Rect??
    private lazy var splatter = ParticleSplatter()

    private func applyClip(_ rect: Rect?) {
        clip = rect
        if let applied = appliedClip, applied == rect { return }
        appliedClip = .some(rect)
        guard let r = rect else { SDL_RenderSetClipRect(renderer, nil); return }
        var sr = SDL_Rect(x: Int32(r.minX.rounded(.down)), y: Int32(r.minY.rounded(.down)),
                          w: Int32(max(0, r.width.rounded(.up))), h: Int32(max(0, r.height.rounded(.up))))
        SDL_RenderSetClipRect(renderer, &sr)
    }

    /// Made on first use; released before the SDL renderer it draws with.
    private var layers: LayerCompositor?

    private func drawLayerNow(_ layer: Layer) {
        let compositor = layers ?? LayerCompositor(renderer: renderer)
        layers = compositor
        // The compositor switches targets and clips: SDL's clip is unknown afterwards.
        defer { appliedClip = nil; applyClip(clip) }
        let drawn = compositor.draw(layer, scale: scale) { b in submit(b) }
        if !drawn { layer.batches.forEach(submit) }
    }

    /// Draws one batch at once. An opaque one is drawn without blending (the same pixels, less work).
    private func submit(_ batch: TriangleBatch) {
        let indices = batch.indices
        guard !indices.isEmpty else { return }
        let opaque = FramePlan.isOpaque(batch, textureIsOpaque: { textures.isOpaque($0) })
        if opaque { stats.opaqueBatches += 1 }
        let mode = opaque ? SDL_BLENDMODE_NONE : SDLRenderer.sdlBlend(batch.blend)
        var tex: OpaquePointer?
        if let texture = batch.texture {
            guard let e = textures.texture(texture) else { return }
            tex = e.texture
            SDL_SetTextureBlendMode(tex, mode)
        } else {
            SDL_SetRenderDrawBlendMode(renderer, mode)
        }
        precondition(MemoryLayout<Vertex>.stride == MemoryLayout<SDL_Vertex>.stride)
        var vertices = batch.vertices
        if isSoftware {
            let half = Float(0.5 / scale)
            for i in vertices.indices { vertices[i].x += half; vertices[i].y += half }
        }
        vertices.withUnsafeBufferPointer { vb in
            vb.baseAddress!.withMemoryRebound(to: SDL_Vertex.self, capacity: vb.count) { sv in
                indices.withUnsafeBufferPointer { ib in
                    _ = SDL_RenderGeometry(renderer, tex, sv, Int32(vb.count), ib.baseAddress, Int32(ib.count))
                }
            }
        }
    }

    /// The SDL blend mode for straight-alpha colours (modes that need premultiplied colours map to their
    /// closest straight equivalent; `drawParticles` handles them exactly where the renderer allows).
    static func sdlBlend(_ b: BlendMode) -> SDL_BlendMode {
        switch b {
        case .alpha, .subtract: return SDL_BLENDMODE_BLEND
        case .add, .screen: return SDL_BLENDMODE_ADD
        case .multiply, .multiplyX2: return SDL_BLENDMODE_MUL
        case .replace: return SDL_BLENDMODE_NONE
        }
    }

    /// Exact blends on premultiplied colours (S = rgb·a): screen S + D·(1 − S), subtract D − S, multiply
    /// D·(1 − a + S) and multiply×2 2·D·C. Renderers without custom blending (the software one) lack them.
    static func premultipliedBlend(_ b: BlendMode) -> SDL_BlendMode? {
        let one = SDL_BLENDFACTOR_ONE, add = SDL_BLENDOPERATION_ADD, oneMinusSrcAlpha = SDL_BLENDFACTOR_ONE_MINUS_SRC_ALPHA
        switch b {
        case .screen:
            return SDL_ComposeCustomBlendMode(one, SDL_BLENDFACTOR_ONE_MINUS_SRC_COLOR, add, one, oneMinusSrcAlpha, add)
        case .subtract:
            return SDL_ComposeCustomBlendMode(one, one, SDL_BLENDOPERATION_REV_SUBTRACT, SDL_BLENDFACTOR_ZERO, one, add)
        case .multiply:
            return SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_DST_COLOR, oneMinusSrcAlpha, add, SDL_BLENDFACTOR_ZERO, one, add)
        case .multiplyX2:
            return SDL_ComposeCustomBlendMode(SDL_BLENDFACTOR_DST_COLOR, SDL_BLENDFACTOR_SRC_COLOR, add, SDL_BLENDFACTOR_ZERO, one, add)
        default:
            return nil
        }
    }

    private var premultiplied: [ParticleVertex] = []

    private func drawParticlesNow(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {
        if case let .image(name)? = texture, ParticleSplatter.suits(batch, blend: blend, scale: Float(scale)),
           let pixels = textures.cpuPixels(of: name) {
            let s = scale
            let pixelClip = clip.map { r in
                SDL_Rect(x: Int32((r.minX * s).rounded(.down)), y: Int32((r.minY * s).rounded(.down)),
                         w: Int32((r.width * s).rounded(.up)), h: Int32((r.height * s).rounded(.up)))
            }
            splatter.draw(batch, image: pixels, imageName: name, renderer: renderer, scale: Float(s), clip: pixelClip)
            return
        }
        precondition(MemoryLayout<ParticleVertex>.stride == MemoryLayout<SDL_Vertex>.stride)
        var tex: OpaquePointer?
        var exact = false
        if let custom = SDLRenderer.premultipliedBlend(blend), case let .image(name)? = texture,
           let e = textures.texture(.premultipliedImage(name)), SDL_SetTextureBlendMode(e.texture, custom) == 0 {
            tex = e.texture
            exact = true
        } else if let texture {
            guard let e = textures.texture(texture) else { return }
            tex = e.texture
            if SDLRenderer.premultipliedBlend(blend) != nil {
                logger.warning("this renderer has no \(blend.rawValue) blending; particles use the closest built-in mode")
            }
            SDL_SetTextureBlendMode(tex, SDLRenderer.sdlBlend(blend))
        } else {
            SDL_SetRenderDrawBlendMode(renderer, SDLRenderer.sdlBlend(blend))
        }
        if exact {
            premultiplied.removeAll(keepingCapacity: true)
            premultiplied.append(contentsOf: batch.vertices)
            let halfGrey = blend == .multiplyX2
            for i in premultiplied.indices {
                let a = UInt16(premultiplied[i].a)
                func pm(_ c: UInt8) -> UInt8 {
                    let v = (UInt16(c) * a + 127) / 255
                    return UInt8(halfGrey ? v + (255 - a) / 2 : v)
                }
                premultiplied[i].r = pm(premultiplied[i].r)
                premultiplied[i].g = pm(premultiplied[i].g)
                premultiplied[i].b = pm(premultiplied[i].b)
            }
            submit(premultiplied, batch.indices, tex)
        } else {
            submit(batch.vertices, batch.indices, tex)
        }
    }

    private func submit(_ vertices: [ParticleVertex], _ indices: [Int32], _ tex: OpaquePointer?) {
        vertices.withUnsafeBufferPointer { vb in
            vb.baseAddress!.withMemoryRebound(to: SDL_Vertex.self, capacity: vb.count) { sv in
                indices.withUnsafeBufferPointer { ib in
                    _ = SDL_RenderGeometry(renderer, tex, sv, Int32(vb.count), ib.baseAddress, Int32(ib.count))
                }
            }
        }
    }

    /// Reads the whole output back as RGBA8.
    public func readFramebuffer() -> Framebuffer {
        flush()
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        var px = [UInt8](repeating: 0, count: Int(w * h * 4))
        // Read in physical pixels regardless of the logical scale.
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderSetClipRect(renderer, nil)
        px.withUnsafeMutableBytes { buf in
            _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buf.baseAddress, w * 4)
        }
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        appliedClip = nil
        applyClip(clip)
        return Framebuffer(width: Int(w), height: Int(h), pixels: px)
    }

    public func present() {
        flush()
        SDL_RenderPresent(renderer)
    }
}

/// An offscreen canvas: SDL's software renderer drawing into a memory surface. Needs no display and no video
/// driver; used by `--headless` and by the render tests.
public final class HeadlessCanvas {
    public let renderer: SDLRenderer
    public let size: Size

    public init(width: Int, height: Int, assets: AssetResolver) throws {
        guard width > 0, height > 0, width <= 16384, height <= 16384 else {
            throw BackendError("canvas size \(width)x\(height) is out of range")
        }
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw BackendError.sdl("could not allocate a \(width)x\(height) canvas")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw BackendError.sdl("could not create the software renderer")
        }
        size = Size(Double(width), Double(height))
        renderer = SDLRenderer(renderer: r, assets: assets, onDestroy: { SDL_FreeSurface(s) })
    }
}
