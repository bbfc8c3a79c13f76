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
        textures.releaseAll()
        SDL_DestroyRenderer(renderer)
        onDestroy()
    }

    func setScale(_ s: Double) {
        guard s != scale, s > 0 else { return }
        scale = s
        textures.scale = s
        textures.invalidateText()
        SDL_RenderSetScale(renderer, Float(s), Float(s))
    }

    public func imageSize(_ name: String) -> Size { textures.imageSize(name) }
    public func measure(_ text: String, font: Font) -> Size { textures.measure(text, font: font) }

    public func clear(_ color: Color) {
        let c = color.rgba8
        SDL_SetRenderDrawColor(renderer, c.0, c.1, c.2, c.3)
        SDL_RenderClear(renderer)
    }

    /// The clip in force, in logical coordinates.
    private var clip: Rect?
    private lazy var splatter = ParticleSplatter()

    public func setClip(_ rect: Rect?) {
        clip = rect
        guard let r = rect else { SDL_RenderSetClipRect(renderer, nil); return }
        var sr = SDL_Rect(x: Int32(r.minX.rounded(.down)), y: Int32(r.minY.rounded(.down)),
                          w: Int32(max(0, r.width.rounded(.up))), h: Int32(max(0, r.height.rounded(.up))))
        SDL_RenderSetClipRect(renderer, &sr)
    }

    /// Made on first use; released before the SDL renderer it draws with.
    private var layers: LayerCompositor?

    public func drawLayer(_ layer: Layer) {
        let compositor = layers ?? LayerCompositor(renderer: renderer)
        layers = compositor
        let drawn = compositor.draw(layer, scale: scale) { b in
            drawTriangles(b.vertices, indices: b.indices, texture: b.texture, blend: b.blend)
        }
        if !drawn { for b in layer.batches { drawTriangles(b.vertices, indices: b.indices, texture: b.texture, blend: b.blend) } }
    }

    public func drawTriangles(_ vertices: [Vertex], indices: [Int32], texture: TextureSource?, blend: BlendMode) {
        guard !indices.isEmpty else { return }
        let mode = SDLRenderer.sdlBlend(blend)
        var tex: OpaquePointer?
        if let texture {
            guard let e = textures.texture(texture) else { return }
            tex = e.texture
            SDL_SetTextureBlendMode(tex, mode)
        } else {
            SDL_SetRenderDrawBlendMode(renderer, mode)
        }
        precondition(MemoryLayout<Vertex>.stride == MemoryLayout<SDL_Vertex>.stride)
        var vertices = vertices
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

    public func drawParticles(_ batch: ParticleBatch, texture: TextureSource?, blend: BlendMode) {
        guard !batch.indices.isEmpty else { return }
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
        return Framebuffer(width: Int(w), height: Int(h), pixels: px)
    }

    public func present() { SDL_RenderPresent(renderer) }
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
