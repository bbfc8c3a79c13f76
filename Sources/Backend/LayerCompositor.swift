import CSDL2
import Foundation
import Stage

/// Draws `Layer`s: the batches go into a target texture, are read back, blurred and shadowed on the CPU
/// (Gaussian, σ in pixels; README §3.9), and the result is kept as a texture by the layer's content key, so a still
/// blurred view costs one quad per frame.
final class LayerCompositor {
    let renderer: OpaquePointer
    private(set) var cache: [Int: (texture: OpaquePointer, rect: Rect, used: Int, bytes: Int)] = [:]
    /// Counts layer draws: the recency of each kept layer.
    private(set) var frame = 0
    /// Budget: a layer larger than this many pixels is drawn without its effect (said once).
    static let maxPixels = 4096 * 4096
    /// The kept layers' textures stay within this many bytes, least recently drawn first out: a layer that changes
    /// every frame (a picture whose hue turns) would otherwise keep a hundred dead textures.
    static let budgetBytes = 16 << 20
    /// Bytes of the kept layers' textures (RGBA8), for tests.
    private(set) var cachedBytes = 0
    var cachedLayers: Int { cache.count }
    /// Off: every wide shadow and blur goes through the full-resolution path (WideShadow.swift, WideBlur.swift;
    /// tests compare the two).
    var reducesWideShadows = true
    /// On (the GPU renderers): wide shadows are made without reading the GPU back, which waits for everything drawn
    /// before: a silhouette of untextured batches is rasterised on the CPU (`SilhouetteRaster`), and a faded one's
    /// content and shadow are composed in a target texture drawn as one group (`composedInTarget`).
    var avoidsReadbacks = false

    private let budgetBytes: Int
    /// Frames presented (`frameEnded`), and the frame each kept result was made in while it has not been drawn again:
    /// a layer re-shaped every frame (a wave, a breath of haze) makes a new result each frame that is never drawn
    /// again, and those are let go a frame later instead of filling the budget (issue 24: 16 MB of dead textures).
    private var presented = 0
    private var madeIn: [Int: Int] = [:]

    /// The textures layers are rendered into and kept as, reused from frame to frame.
    let pool: TexturePool

    convenience init(renderer: OpaquePointer) { self.init(renderer: renderer, budgetBytes: LayerCompositor.budgetBytes) }

    init(renderer: OpaquePointer, budgetBytes: Int) {
        self.renderer = renderer
        self.budgetBytes = budgetBytes
        pool = TexturePool(renderer: renderer)
    }

    deinit { cache.values.forEach { SDL_DestroyTexture($0.texture) } }

    /// Draws `layer` at `scale` pixels per point; `drawBatch` draws one batch in the current target.
    func draw(_ layer: Layer, scale: Double, drawBatch: (TriangleBatch) -> Void) -> Bool {
        frame += 1
        if let drawn = drawWideShadow(layer, scale: scale, drawBatch: drawBatch) { return drawn }
        if let hit = cache[layer.key] {
            touch(layer.key)
            quad(hit.texture, hit.rect, opacity: layer.opacity)
            return true
        }
        if let drawn = drawWideBlur(layer, scale: scale, drawBatch: drawBatch) { return drawn }
        let m = layer.margin
        let rect = Rect(x: (layer.bounds.minX - m).rounded(.down), y: (layer.bounds.minY - m).rounded(.down),
                        width: (layer.bounds.width + 2 * m).rounded(.up) + 1, height: (layer.bounds.height + 2 * m).rounded(.up) + 1)
        let w = Int(rect.width * scale), h = Int(rect.height * scale)
        guard w > 0, h > 0 else { return true }
        guard w * h <= LayerCompositor.maxPixels else {
            logger.warning("a blurred or shadowed view of \(w)×\(h) pixels is over the \(LayerCompositor.maxPixels)-pixel budget; drawn without its effect")
            return false
        }
        guard var pixels = render(layer.batches, rect: rect, w: w, h: h, drawBatch: drawBatch) else { return false }
        if let mask = layer.mask {
            // Premultiplied content times the mask's alpha.
            guard let m = render(mask, rect: rect, w: w, h: h, drawBatch: drawBatch) else { return false }
            for i in 0..<(w * h) {
                let a = UInt32(m[i * 4 + 3])
                for c in 0..<4 { pixels[i * 4 + c] = UInt8((UInt32(pixels[i * 4 + c]) * a + 127) / 255) }
            }
        }
        let processed = LayerEffects.apply(pixels, width: w, height: h, blur: layer.blur * scale, hueRotation: layer.hueRotation,
                                           shadow: layer.shadow.map { ($0.color, $0.radius * scale, $0.x * scale, $0.y * scale) },
                                           shadowOnly: layer.shadowOnly)
        guard let tex = upload(processed, w, h) else { return false }
        keep(layer.key, tex, rect, bytes: w * h * 4)
        quad(tex, rect, opacity: layer.opacity)
        return true
    }

    /// The batches composited over transparent black, read back (premultiplied RGBA).
    private func render(_ batches: [TriangleBatch], rect: Rect, w: Int, h: Int, drawBatch: (TriangleBatch) -> Void) -> [UInt8]? {
        // At the renderer's own scale (the target is the output's pixels over `rect`).
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        return renderAt(batches, origin: rect.origin, scale: Double(sx), w: w, h: h, drawBatch: drawBatch)
    }

    func upload(_ px: [UInt8], _ w: Int, _ h: Int) -> OpaquePointer? {
        guard let tex = pool.upload(width: w, height: h) else { return nil }
        px.withUnsafeBytes { _ = SDL_UpdateTexture(tex, nil, $0.baseAddress, Int32(w * 4)) }
        DrawCounters.count { $0.uploads += 1; $0.uploadBytes += Double(w * h * 4) }
        SDL_SetTextureBlendMode(tex, SDL_BLENDMODE_BLEND)
        return tex
    }

    func quad(_ tex: OpaquePointer, _ r: Rect, opacity: Double) {
        SDL_SetTextureAlphaMod(tex, UInt8(max(0, min(1, opacity)) * 255))
        // A layer made at the output's resolution lands texel for texel; a wide blur or shadow made smaller is
        // stretched (linear).
        var w: Int32 = 0, h: Int32 = 0, sx: Float = 1, sy: Float = 1
        SDL_QueryTexture(tex, nil, nil, &w, &h)
        SDL_RenderGetScale(renderer, &sx, &sy)
        TexelExactFiltering.use(tex, exact: sx == sy && TexelExactFiltering.isExact(width: Int(w), height: Int(h), over: r, scale: Double(sx)),
                                renderer: renderer)
        DrawCounters.count { c in
            var sx: Float = 1, sy: Float = 1
            SDL_RenderGetScale(renderer, &sx, &sy)
            c.layerQuads += 1; c.layerPixels += r.width * r.height * Double(sx * sy)
        }
        var dst = SDL_FRect(x: Float(r.minX), y: Float(r.minY), w: Float(r.width), h: Float(r.height))
        SDL_RenderCopyF(renderer, tex, nil, &dst)
    }

    /// Keeps a processed layer's texture for `key` (its `bytes` count against the budget).
    func keep(_ key: Int, _ texture: OpaquePointer, _ rect: Rect, bytes: Int) {
        remove(key)
        cache[key] = (texture, rect, frame, bytes)
        madeIn[key] = presented
        cachedBytes += bytes
        evict()
    }

    /// Marks a kept layer as drawn now: drawn again, it is one to keep.
    func touch(_ key: Int) {
        cache[key]?.used = frame
        madeIn[key] = nil
    }

    /// A frame was presented: results made in an earlier frame and not drawn since are let go.
    func frameEnded() {
        presented += 1
        for (key, made) in madeIn where made < presented - 1 { remove(key) }
        pool.frameEnded()
    }

    /// Keeps the layers of the last few frames, within the byte budget (the one just made always stays).
    private func evict() {
        if cache.count > 64 {
            for (k, v) in cache where v.used < frame - 120 { remove(k) }
        }
        while cachedBytes > budgetBytes, cache.count > 1,
              let oldest = cache.min(by: { $0.value.used < $1.value.used })?.key {
            remove(oldest)
        }
    }

    private func remove(_ key: Int) {
        madeIn[key] = nil
        guard let entry = cache.removeValue(forKey: key) else { return }
        pool.giveBack(entry.texture)
        cachedBytes -= entry.bytes
    }
}

/// Blur and shadow of premultiplied RGBA pixels, returned straight (not premultiplied) for normal blending.
enum LayerEffects {
    /// `shadowOnly`: the pixels are the shadow's silhouette and are not drawn themselves.
    static func apply(_ px: [UInt8], width w: Int, height h: Int, blur: Double, hueRotation: Double = 0,
                      shadow: (color: Color, sigma: Double, dx: Double, dy: Double)?, shadowOnly: Bool = false) -> [UInt8] {
        let n = w * h
        if blur <= 0, shadow == nil, hueRotation != 0 { return hueRotated(px, count: n, degrees: hueRotation) }
        var planes = (0..<4).map { c in [Float](unsafeUninitializedCapacity: n) { buf, count in
            for i in 0..<n { buf[i] = Float(px[i * 4 + c]) / 255 }
            count = n
        } }
        // The shadow's alpha: the content's, blurred as the content is, then by the shadow's own σ.
        var shadowAlpha = shadow.map { _ in planes[3] } ?? []
        blurPlanes(&planes, shadowAlpha: &shadowAlpha, width: w, height: h, blur: blur, shadowSigma: shadow?.sigma ?? 0)
        if hueRotation != 0 {
            // The matrix acts on straight (not premultiplied) gamma-encoded colour, clamped; alpha unchanged.
            let m = ColorMatrix.hueRotation(degrees: hueRotation)
            for i in 0..<n where planes[3][i] > 0 {
                let a = Double(planes[3][i])
                let c = m.apply(Color(r: Double(planes[0][i]) / a, g: Double(planes[1][i]) / a, b: Double(planes[2][i]) / a, a: 1))
                planes[0][i] = Float(c.r * a); planes[1][i] = Float(c.g * a); planes[2][i] = Float(c.b * a)
            }
        }
        var out = [UInt8](repeating: 0, count: n * 4)
        // The shadow: the content's alpha, blurred, offset, in the shadow colour, beneath the content.
        var shade = [Float](repeating: 0, count: n)
        if let s = shadow {
            let a = shadowAlpha
            let ox = Int(s.dx.rounded()), oy = Int(s.dy.rounded())
            for y in 0..<h { for x in 0..<w {
                let sx = x - ox, sy = y - oy
                if sx >= 0, sx < w, sy >= 0, sy < h { shade[y * w + x] = a[sy * w + sx] * Float(s.color.a) }
            } }
        }
        let sc = shadow.map { (Float($0.color.r), Float($0.color.g), Float($0.color.b)) } ?? (0, 0, 0)
        if shadowOnly { for c in 0..<4 { planes[c] = [Float](repeating: 0, count: n) } }
        for i in 0..<n {
            // Content over shadow, premultiplied.
            let a = min(1, planes[3][i]), sa = shade[i] * (1 - a)
            let r = planes[0][i] + sc.0 * sa, g = planes[1][i] + sc.1 * sa, b = planes[2][i] + sc.2 * sa
            let alpha = a + sa
            guard alpha > 0.0001 else { continue }
            out[i * 4] = UInt8(max(0, min(255, (r / alpha * 255).rounded())))
            out[i * 4 + 1] = UInt8(max(0, min(255, (g / alpha * 255).rounded())))
            out[i * 4 + 2] = UInt8(max(0, min(255, (b / alpha * 255).rounded())))
            out[i * 4 + 3] = UInt8(max(0, min(255, (alpha * 255).rounded())))
        }
        return out
    }

    /// Blurs the four planes by `blur` and the shadow's alpha by `blur` then `shadowSigma`, each plane on a core of
    /// its own from 16,384 pixels up (issue 24: the breathing flower's haze, blurred every frame, was 14 % of its
    /// time on one core). The same passes in the same order as one after another: the same pixels.
    static func blurPlanes(_ planes: inout [[Float]], shadowAlpha: inout [Float], width w: Int, height h: Int,
                           blur: Double, shadowSigma: Double) {
        @Sendable func blurOne(_ i: Int, _ plane: inout [Float]) {
            if blur > 0 { GaussianBlur.blur(&plane, width: w, height: h, sigma: blur) }
            if i == 4, shadowSigma > 0 { GaussianBlur.blur(&plane, width: w, height: h, sigma: shadowSigma) }
        }
        let count = shadowAlpha.isEmpty ? 4 : 5
        guard w * h >= 16_384, ProcessInfo.processInfo.activeProcessorCount > 1 else {
            for c in 0..<4 { blurOne(c, &planes[c]) }
            if count == 5 { blurOne(4, &shadowAlpha) }
            return
        }
        if count == 5 { planes.append(shadowAlpha); shadowAlpha = [] }
        planes.withUnsafeMutableBufferPointer { all in
            nonisolated(unsafe) let all = all   // each iteration blurs only its own plane
            DispatchQueue.concurrentPerform(iterations: count) { i in blurOne(i, &all[i]) }
        }
        if count == 5 { shadowAlpha = planes.removeLast() }
    }
}
