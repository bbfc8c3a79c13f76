import CSDL2
import Foundation
import Particles
import Stage

/// The Stage's `Renderer` on an SDL_Renderer: every batch is one `SDL_RenderGeometry` call.
public final class SDLRenderer: Stage.Renderer {
    let renderer: OpaquePointer
    let textures: TextureCache
    /// SDL's software renderer truncates vertex positions to whole pixels (SW_QueueGeometry); handing it positions
    /// half a pixel on makes that a rounding to the nearest pixel, which samples pixel centres as the GL renderer does.
    /// It also maps a scaled quad's texture a pixel off when the quad is clipped, so batches are not drawn in
    /// pieces there: a batch is drawn whole or, when wholly covered, not at all.
    let isSoftware: Bool
    /// Whether the window's framebuffer has an alpha channel (`Window.wantsAlpha`). Everything drawn on it leaves
    /// its alpha at 1 (blending keeps it there; clears are made opaque), so readbacks and the window are as
    /// without one.
    var windowHasAlpha = false

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
        hueRotatedPictures = nil
        dropPrefixCache()
        textures.releaseAll()
        SDL_DestroyRenderer(renderer)
        onDestroy()
        DrawCounters.rendererEnded()
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
    /// Where decoded pictures are kept between runs, read back instead of decoded again (a window's first frame);
    /// nil (the default, and headless): every picture is decoded from its file.
    public var pictureStore: DecodedPictureStore? {
        get { textures.pictureStore }
        set { textures.pictureStore = newValue }
    }

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
    var stats = PlanStats()

    public func clear(_ color: Color) {
        if !pending.isEmpty { flush() }
        pending.append(.clear(color))
    }

    public func setClip(_ rect: Rect?) {
        recordedClip = rect
        pending.append(.clip(rect))
    }
    /// The clip the commands recorded last are drawn within.
    private var recordedClip: Rect?

    public func drawLayer(_ layer: Layer) { pending.append(.layer(layer)) }

    public func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) {
        guard !indices.isEmpty else { return }
        pending.append(.triangles(TriangleBatch(vertices: vertices, indices: indices, texture: texture, blend: blend)))
    }

    /// A batch wholly off the output draws nothing; leaving it out keeps the frame's unchanging start (a picture)
    /// from ending at it.
    public func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {
        recordParticles(batch, texture, blend, meeting: outputRect)
    }

    /// Within the clip in force and `rect`: the particle path itself, not clipped triangles.
    public func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode, within rect: Rect) {
        let outer = recordedClip
        let inside = outer.map { $0.intersection(rect) } ?? rect
        guard inside.width > 0, inside.height > 0 else { return }
        setClip(inside)
        recordParticles(batch, texture, blend, meeting: PixelRect(covering: inside).intersection(outputRect))
        setClip(outer)
    }

    /// Records `batch` when it may draw inside `area`. An empty one is recorded too: the place of an emitter whose
    /// particles are still to come, which ends a frame's unchanging start (`FramePlan.commonPrefix`) before they do.
    private func recordParticles(_ batch: ParticleBatch, _ texture: TextureSource?, _ blend: BlendMode, meeting area: PixelRect) {
        let extent = ParticleExtent(batch)
        guard batch.indices.isEmpty || extent.meets(area) else { return }
        pending.append(.particles(batch, texture, blend, extent))
    }

    /// Draws what was recorded since the last flush.
    public func flush() {
        guard !pending.isEmpty else { return }
        let commands = pending
        pending = []
        var start = 0
        var items: [FramePlan.Item] = []
        var clipAfterPrefix: Rect?
        // Taken from the window just now, the picture is on it already.
        var pictureIsDrawn = false
        copiesPending = prescales && prescaled.prepare(commands, textures: textures, scale: scale)
        switch plansFrames ? pictureStep(for: commands) : .none {
        case .none: break
        case let .kept(n): start = n
        case let .take(n, from, inside):
            takePicture(commands, count: n, from: from, inside: inside)
            start = n
            pictureIsDrawn = true
        }
        if start > 0 {
            let held = pictureCopy != nil ? pictureArea.area : Int(prefixSize.w) * Int(prefixSize.h)
            DrawCounters.count { $0.picturePixels = max($0.picturePixels, Double(held)) }
            clipAfterPrefix = clipInForce(after: commands[..<start])
            items.append(FramePlan.Item(bounds: outputRect))
        }
        // What the next frame's start is compared with: this frame's (a flush that goes on with a frame is not one).
        if case .clear = commands.first { previousCommands = commands }
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
            if !pictureIsDrawn { blitPrefix(plan[0]) }
            applyClip(clipAfterPrefix)
            p = 1
        }
        // Where the last scan for a stack ended (`stackRun`): no stack starts before it.
        var scanned = start
        var k = start
        let stacks = stacksOnCPU
        while k < commands.endIndex {
            // A stack the CPU draws instead (`PictureStack`); `plan[p]` is the plan's entry for `commands[k]`.
            if stacks, k >= scanned,
               let run = stackRun(commands[...], from: k, clip: { clips[$0 - start] }, visibility: { plan[p + $0 - k] },
                                  scanned: &scanned) {
                let before = clip
                applyClip(nil)
                if stack.draw(run.items, box: run.box, renderer: renderer) {
                    p += run.end - k
                    k = run.end
                    applyClip(clips[k - 1 - start])
                    continue
                }
                applyClip(before)
            }
            let c = commands[k], clip = clips[k - start]
            defer { p += 1; k += 1 }
            switch (c, plan[p]) {
            case let (.clear(color), _): clearNow(color)
            case let (.clip(r), _): applyClip(r)
            case (_, .hidden): stats.hiddenBatches += 1
            case let (.triangles(b), .only(pieces)) where !isSoftware:
                stats.splitBatches += 1
                for piece in pieces { applyClip(piece.rect); submit(b) }
                applyClip(clip)
            case let (.triangles(b), _): submit(b)
            case let (.particles(batch, texture, blend, extent), _):
                drawParticlesNow(batch, texture: texture, blend: blend, extent: extent)
            case let (.layer(layer), _): drawLayerNow(layer)
            }
        }
    }

    // The picture of the frame's unchanging start (SDLRenderer+Plan.swift).
    var previousCommands: [DrawCommand] = []
    var prefixCommands: [DrawCommand] = []
    var prefixTexture: OpaquePointer?
    var prefixSize: (w: Int32, h: Int32) = (0, 0)
    /// The output pixels a picture taken from the window holds (`GLPictureCopy`); a drawn one is the output's size.
    var pictureArea = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// Takes the kept picture from the window and copies it back as memory rather than drawing it into a texture
    /// and that as a quad (OpenGL with flipped framebuffers), when it can.
    /// Copies of pictures drawn smaller than they are, at that size (GPU renderers; `ZOETROPE_PRESCALE=0` turns them off).
    lazy var prescaled = PrescaledPictures(renderer: renderer)
    lazy var prescales = !isSoftware && ProcessInfo.processInfo.environment["ZOETROPE_PRESCALE"] != "0"
    /// `textures.copiesChanged` when the kept picture was last checked against it, and whether copies are pending in
    /// this flush (`PrescaledPictures.prepare`: made now or due).
    var copiesSeen = 0
    var copiesPending = false
    lazy var pictureCopy: GLPictureCopy? = isSoftware ? nil : GLPictureCopy.make(for: renderer, environment: ProcessInfo.processInfo.environment)
    /// When the kept picture starts with a clear: its colour, and the box of what was drawn over it. Outside that box
    /// the picture is the clear colour, so the frame clears and copies only the box (a phone-sized scene in a wide
    /// window copied a million pixels a frame, two thirds of them black).
    var prefixClear: Color?
    var prefixExtent: PixelRect?

    // MARK: Drawing now

    func clearNow(_ color: Color) {
        let c = clearColour(color)
        SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, c.3)
        SDL_RenderClear(renderer)
    }

    /// Fills `rect` with `color` as a clear does (no blending), within the clip in force.
    func fillNow(_ rect: PixelRect, _ color: Color) {
        let c = clearColour(color)
        SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, c.3)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_NONE)
        var r = SDL_Rect(x: Int32(rect.x0), y: Int32(rect.y0), w: Int32(rect.x1 - rect.x0), h: Int32(rect.y1 - rect.y0))
        SDL_RenderFillRect(renderer, &r)
    }

    /// `color` as a clear writes it: opaque on a window with alpha (`windowHasAlpha`), whose alpha stays 1 as a
    /// window without it reads; as it is on a target, where a layer's transparency is its alpha.
    private func clearColour(_ color: Color) -> (UInt8, UInt8, UInt8, UInt8) {
        let c = color.rgba8
        return windowHasAlpha && SDL_GetRenderTarget(renderer) == nil ? (c.0, c.1, c.2, 255) : c
    }

    /// The clip in force, in logical coordinates.
    private var clip: Rect?
    /// The clip last handed to SDL (nil: unknown), to skip repeats.
    var appliedClip: Rect??
    private lazy var splatter = ParticleSplatter()
    /// Stacks of pictures drawn on the CPU (`SDLRenderer+PictureStack.swift`).
    lazy var stack = PictureStack()
    /// Whether stacks are drawn at all: OpenGL on a rasteriser that runs on the CPU
    /// (`OpenGLInfo.isSoftwareRasterizer`), unless `ZOETROPE_PICTURE_STACKS=0`.
    lazy var stacksAllowed = !isSoftware && ProcessInfo.processInfo.environment["ZOETROPE_PICTURE_STACKS"] != "0"
        && OpenGLInfo.rendererName().map(OpenGLInfo.isSoftwareRasterizer) == true

    func applyClip(_ rect: Rect?) {
        clip = rect
        if let applied = appliedClip, applied == rect { return }
        appliedClip = .some(rect)
        guard let r = rect else { SDL_RenderSetClipRect(renderer, nil); return }
        var sr = SDL_Rect(x: Int32(r.minX.rounded(.down)), y: Int32(r.minY.rounded(.down)),
                          w: Int32(max(0, r.width.rounded(.up))), h: Int32(max(0, r.height.rounded(.up))))
        SDL_RenderSetClipRect(renderer, &sr)
    }

    /// Made on first use; released before the SDL renderer it draws with.
    private(set) var layers: LayerCompositor?
    /// Pictures whose layer only turns their hue are drawn from turned copies (`HueRotatedPictures`).
    lazy var turnsHueOnTexels = !isSoftware && ProcessInfo.processInfo.environment["ZOETROPE_HUE_TEXELS"] != "0"
    var hueRotatedPictures: HueRotatedPictures?
    var hueRotated: HueRotatedPictures {
        if let h = hueRotatedPictures { return h }
        let h = HueRotatedPictures(renderer: renderer)
        hueRotatedPictures = h
        return h
    }
    /// Off: wide shadows and blurs are drawn at full resolution (`LayerCompositor.reducesWideShadows`; for tests).
    var reducesWideShadows = true

    /// Wide shadows made without read-backs (`LayerCompositor.avoidsReadbacks`): on the GPU renderers, where reading
    /// back waits for the GPU; `ZOETROPE_SHADOW_READBACKS=1` makes them with read-backs (to compare the two).
    private lazy var avoidsReadbacks = !isSoftware && ProcessInfo.processInfo.environment["ZOETROPE_SHADOW_READBACKS"] != "1"

    func drawLayerNow(_ layer: Layer) {
        if drawHueRotatedPicture(layer) { return }
        let compositor = layers ?? LayerCompositor(renderer: renderer)
        compositor.reducesWideShadows = reducesWideShadows
        compositor.avoidsReadbacks = avoidsReadbacks
        layers = compositor
        // The compositor switches targets and clips: SDL's clip is unknown afterwards.
        defer { appliedClip = nil; applyClip(clip) }
        let drawn = compositor.draw(layer, scale: scale) { b in submit(b) }
        if !drawn { layer.batches.forEach { submit($0) } }
    }

    /// Draws one batch at once. An opaque one is drawn without blending (the same pixels, less work); a picture with
    /// transparent margins only over its outline on the GPU renderers (`TexelOctagon`; the software one draws
    /// batches whole). How the picture is sampled (its reduced level, nearest or linear) is the whole quad's.
    /// `texture`: drawn with that texture in the place of the batch's (a copy of its picture with the same texture
    /// coordinates: `HueRotatedPictures`).
    func submit(_ drawn: TriangleBatch, texture override: OpaquePointer? = nil) {
        var whole = drawn
        // A picture drawn smaller than it is, upright, at the size it had the frame before: from a copy that size.
        var standIn: OpaquePointer?
        if override == nil, prescales, case let .image(name)? = drawn.texture,
           let s = prescaled.standIn(for: drawn, name: name, textures: textures, scale: scale) {
            whole = s.quad
            standIn = s.copy
        }
        var batch = whole
        // The picture is made first (the kept start is drawn before the frame's pictures are prepared), so that a
        // quad is outlined from its first frame on, the same way every time.
        if !isSoftware, let t = whole.texture, textures.texture(t) != nil, let o = textures.outline(t),
           let outlined = o.octagon.outline(of: whole, width: o.width, height: o.height) {
            batch = outlined
        }
        let indices = batch.indices
        guard !indices.isEmpty else { return }
        let opaque = FramePlan.isOpaque(batch, textureIsOpaque: { textures.isOpaque($0) })
        if opaque { stats.opaqueBatches += 1 }
        let mode = opaque ? SDL_BLENDMODE_NONE : SDLRenderer.sdlBlend(batch.blend)
        var tex: OpaquePointer?
        if let standIn {
            tex = standIn
            SDL_SetTextureBlendMode(standIn, mode)
            TexelExactFiltering.use(standIn, exact: true, renderer: renderer)
            DrawCounters.count { $0.prescaledDraws += 1 }
        } else if let texture = batch.texture {
            if let override {
                tex = override
            } else {
                let level = reductionLevel(whole)
                var reduced: TextureCache.Entry?
                if level > 0, case let .image(name) = texture { reduced = textures.reduced(name, level: level)?.entry }
                guard let e = reduced ?? textures.texture(texture) else { return }
                tex = e.texture
            }
            SDL_SetTextureBlendMode(tex, mode)
            if !isSoftware, let tex {
                var w: Int32 = 0, h: Int32 = 0
                SDL_QueryTexture(tex, nil, nil, &w, &h)
                let exact = TexelExactFiltering.isExact(whole, width: Int(w), height: Int(h), scale: scale)
                TexelExactFiltering.use(tex, exact: exact, renderer: renderer)
            }
        } else {
            SDL_SetRenderDrawBlendMode(renderer, mode)
        }
        precondition(MemoryLayout<Vertex>.stride == MemoryLayout<SDL_Vertex>.stride)
        DrawCounters.count { c in
            c.batches += 1
            c.triangles += batch.indices.count / 3
            c.batchPixels += Double(SDLRenderer.box(of: batch, clip: nil).intersection(outputRect).area) * scale * scale
        }
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

    /// How many times a batch's picture is halved (`ReducedImage.level`), judged by its first triangle: the texels it
    /// spans against the pixels it covers. Only for batches of many copies (particles drawn as triangles, e.g. a
    /// view's emitter): a single picture or icon keeps its texture (its edges are bled and its pixels read exactly).
    private func reductionLevel(_ batch: TriangleBatch) -> Int {
        guard case let .image(name)? = batch.texture, batch.vertices.count > 4,
              // The texture's own size: no CPU copy of the picture unless it is to be reduced.
              let sides = ReducedImage.sides(ofFirstTriangleOf: batch, texels: textures.imageSize(name), scale: scale) else { return 0 }
        return ReducedImage.level(imageSide: sides.image, drawnSide: sides.drawn)
    }

    /// How many times the particle picture is halved for this batch: a picture drawn many times smaller than it is
    /// shows its average (a mipmap level), judged by the first quad's longer side in pixels.
    private func reductionLevel(_ batch: ParticleBatch, image name: String) -> Int {
        guard batch.vertices.count >= 4 else { return 0 }
        let full = textures.imageSize(name)
        let a = batch.vertices[0], b = batch.vertices[1], d = batch.vertices[3]
        let side = Double(max(hypot(b.x - a.x, b.y - a.y), hypot(d.x - a.x, d.y - a.y))) * scale
        return ReducedImage.level(imageSide: max(full.width, full.height), drawnSide: side)
    }

    private func drawParticlesNow(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode, extent: ParticleExtent) {
        guard !batch.indices.isEmpty else { return }
        let level = texture.flatMap { if case let .image(name) = $0 { return reductionLevel(batch, image: name) } else { return nil } } ?? 0
        if case let .image(name)? = texture, ParticleSplatter.suits(batch, extent: extent, blend: blend, scale: Float(scale)),
           let pixels = textures.reduced(name, level: level)?.pixels {
            let s = scale
            let pixelClip = clip.map { r in
                SDL_Rect(x: Int32((r.minX * s).rounded(.down)), y: Int32((r.minY * s).rounded(.down)),
                         w: Int32((r.width * s).rounded(.up)), h: Int32((r.height * s).rounded(.up)))
            }
            splatter.draw(batch, extent: extent, image: pixels, imageName: "\(name)@\(level)", renderer: renderer, scale: Float(s),
                          clip: pixelClip)
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
            let reduced: TextureCache.Entry?
            if level > 0, case let .image(name) = texture { reduced = textures.reduced(name, level: level)?.entry } else { reduced = nil }
            guard let e = reduced ?? textures.texture(texture) else { return }
            tex = e.texture
            if SDLRenderer.premultipliedBlend(blend) != nil {
                logger.warning("this renderer has no \(blend.rawValue) blending; particles use the closest built-in mode")
            }
            SDL_SetTextureBlendMode(tex, SDLRenderer.sdlBlend(blend))
        } else {
            SDL_SetRenderDrawBlendMode(renderer, SDLRenderer.sdlBlend(blend))
        }
        // Drawn about as big as its texels or smaller, a particle samples its picture nearest, as the particle splat
        // and the software renderer do; on llvmpipe the blizzard's 9,000 flakes cost 1.2 ms a frame less (issue 24).
        if !isSoftware, let tex, ParticleFiltering.samplesNearest(extent, texture: tex, scale: scale) {
            TexelExactFiltering.use(tex, exact: true, renderer: renderer)
            defer { TexelExactFiltering.use(tex, exact: false, renderer: renderer) }
            drawParticleGeometry(batch, tex, premultiplying: exact, blend: blend)
        } else {
            drawParticleGeometry(batch, tex, premultiplying: exact, blend: blend)
        }
    }

    /// Sends the batch's triangles with `tex`, its colours premultiplied for the custom blend modes.
    private func drawParticleGeometry(_ batch: ParticleBatch, _ tex: OpaquePointer?, premultiplying exact: Bool, blend: BlendMode) {
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
        DrawCounters.count { c in
            // Each quad's area (two triangles of four corners), in output pixels.
            c.particleBatches += 1
            var area: Float = 0
            for q in stride(from: 0, to: vertices.count - 3, by: 4) {
                let a = vertices[q], b = vertices[q + 1], d = vertices[q + 3]
                area += abs((b.x - a.x) * (d.y - a.y) - (b.y - a.y) * (d.x - a.x))
                c.particleQuads += 1
            }
            c.particlePixels += Double(area) * scale * scale
        }
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
        readingPhysicalPixels { w, h in
            var px = [UInt8](repeating: 0, count: w * h * 4)
            px.withUnsafeMutableBytes { buf in
                _ = SDL_RenderReadPixels(renderer, nil, SDL_PIXELFORMAT_RGBA32.rawValue, buf.baseAddress, Int32(w * 4))
            }
            DrawCounters.count { $0.readbackPixels += Double(w * h) }
            return Framebuffer(width: w, height: h, pixels: px)
        }
    }

    /// Runs `read` with everything drawn so far on the target and SDL set to physical pixels, no clip (readbacks
    /// ignore the logical scale), passing the output's size in pixels; puts the scale and clip back after.
    func readingPhysicalPixels<T>(_ read: (_ width: Int, _ height: Int) -> T) -> T {
        flush()
        var w: Int32 = 0, h: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &w, &h)
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderSetClipRect(renderer, nil)
        let result = read(Int(w), Int(h))
        SDL_RenderSetScale(renderer, Float(scale), Float(scale))
        appliedClip = nil
        applyClip(clip)
        return result
    }

    /// The window has nothing to draw for a while: work that only later runs gain from (copies of its pictures at
    /// their drawn size, `PrescaledPictures.keepCopiesForLaterRuns`).
    public func idle() {
        if prescales { prescaled.keepCopiesForLaterRuns(textures: textures) }
    }

    public func present() {
        flush()
        SDL_RenderPresent(renderer)
        layers?.frameEnded()
        hueRotatedPictures?.frameEnded()
        textures.frameEnded()
        prescaled.frameEnded()
        DrawCounters.frameEnded()
    }
}

/// An offscreen canvas: SDL's software renderer drawing into a memory surface. Needs no display and no video
/// driver; used by `--headless` and by the render tests.
public final class HeadlessCanvas {
    public let renderer: SDLRenderer
    public let size: Size

    /// A canvas of `width`×`height` points at `scale` pixels per point (2: a HiDPI screen's).
    public init(width: Int, height: Int, scale: Double = 1, assets: AssetResolver) throws {
        let pw = Int((Double(width) * scale).rounded()), ph = Int((Double(height) * scale).rounded())
        guard scale > 0, pw > 0, ph > 0, pw <= 16384, ph <= 16384 else {
            throw BackendError("canvas size \(width)x\(height) at scale \(scale) is out of range")
        }
        guard let s = SDL_CreateRGBSurfaceWithFormat(0, Int32(pw), Int32(ph), 32, SDL_PIXELFORMAT_RGBA32.rawValue) else {
            throw BackendError.sdl("could not allocate a \(pw)x\(ph) canvas")
        }
        guard let r = SDL_CreateSoftwareRenderer(s) else {
            SDL_FreeSurface(s)
            throw BackendError.sdl("could not create the software renderer")
        }
        size = Size(Double(width), Double(height))
        renderer = SDLRenderer(renderer: r, assets: assets, onDestroy: { SDL_FreeSurface(s) })
        renderer.setScale(scale)
    }
}
