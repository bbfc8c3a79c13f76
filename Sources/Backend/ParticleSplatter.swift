import CSDL2
import Dispatch
import Foundation
import Particles
import Stage

/// Draws a large additive particle batch by blending it on the CPU into one streaming texture, drawn as one quad:
/// a general triangle rasterizer (OpenGL on llvmpipe or SDL's software one) pays per-triangle set-up for every tiny
/// quad, while here each particle costs only its pixels. Additive blending is order-independent, so the two halves of
/// the screen are filled on both cores at once. Textures are sampled nearest; each quad is mapped exactly (rotation,
/// non-uniform scale), like the geometry path.
final class ParticleSplatter {
    /// Batches at least this large, of particles at most `maxQuadSide` pixels across, take this path.
    static let minimumQuads = 2000
    static let maxQuadSide: Float = 64

    /// One accumulator per core (premultiplied RGB in the first three lanes of one vector per output pixel, so a
    /// texel is added in one step): each core splats every other particle, and the two are summed when converting.
    /// Owned buffers, so the cores can write them concurrently.
    private var accumulators: [UnsafeMutablePointer<SIMD4<Float>>] = []
    private var rgba: [UInt8] = []
    private var texture: OpaquePointer?
    private var size = (w: 0, h: 0)
    /// The particle texture as premultiplied RGB floats (0…1; the fourth lane 0), rebuilt when the image changes.
    private var texels: [SIMD4<Float>] = []
    private var texelsName: String?

    deinit {
        if let texture { SDL_DestroyTexture(texture) }
        accumulators.forEach { $0.deallocate() }
    }

    /// Whether a batch suits this path: additive, many quads, every one of them small (at most `maxQuadSide` pixels
    /// across, `extent.largestSpan`) with finite corners. Every quad counts, not just the first: one huge or
    /// non-finite quad sends the whole batch to the geometry path, so the splat's per-particle work stays bounded by
    /// `maxQuadSide`² pixels and its buffers by the output size, whatever scale a particle reaches.
    static func suits(_ batch: ParticleBatch, extent: ParticleExtent, blend: BlendMode, scale: Float) -> Bool {
        guard blend == .add, batch.quadCount >= minimumQuads, scale > 0, scale.isFinite else { return false }
        // `!(a <= b)` also rejects NaN; the box rejects infinities.
        return extent.largestSpan <= maxQuadSide / scale && extent.x0 > -1e7 && extent.y0 > -1e7 && extent.x1 < 1e7 && extent.y1 < 1e7
    }

    /// Splats `batch` (logical coordinates × `scale` = pixels; its vertices span `extent`) with `image` as the particle
    /// texture into a texture of the output's pixel size, limited to `clip` (pixels), and draws it additively.
    func draw(_ batch: ParticleBatch, extent: ParticleExtent, image: Framebuffer, imageName: String, renderer: OpaquePointer,
              scale: Float, clip: SDL_Rect?) {
        var ow: Int32 = 0, oh: Int32 = 0
        SDL_GetRendererOutputSize(renderer, &ow, &oh)
        let w = Int(ow), h = Int(oh)
        guard w > 0, h > 0, prepare(renderer, w, h) else { return }
        // Only the particles' bounding box (within the clip) is cleared, filled, converted and uploaded.
        let (minX, minY, maxX, maxY) = (extent.x0, extent.y0, extent.x1, extent.y1)
        let region = (x0: max(0, Int(clip?.x ?? 0), Int((minX * scale).rounded(.down))),
                      y0: max(0, Int(clip?.y ?? 0), Int((minY * scale).rounded(.down))),
                      x1: min(w, Int((clip?.x ?? 0) + (clip?.w ?? ow)), Int((maxX * scale).rounded(.up)) + 1),
                      y1: min(h, Int((clip?.y ?? 0) + (clip?.h ?? oh)), Int((maxY * scale).rounded(.up)) + 1))
        guard region.x1 > region.x0, region.y1 > region.y0 else { return }

        if texelsName != imageName {
            texels = stride(from: 0, to: image.pixels.count, by: 4).map { i -> SIMD4<Float> in
                let a = Float(image.pixels[i + 3]) / 255
                return SIMD4(Float(image.pixels[i]) / 255 * a, Float(image.pixels[i + 1]) / 255 * a,
                             Float(image.pixels[i + 2]) / 255 * a, 0)
            }
            texelsName = imageName
        }
        // Each core clears its accumulator's region and splats every other particle: the work stays balanced however
        // the particles crowd together.
        let cores = accumulators.count
        // Each core writes only its own accumulator and reads the vertices and texels.
        nonisolated(unsafe) let pointers = accumulators
        batch.vertices.withUnsafeBufferPointer { vertices in
            texels.withUnsafeBufferPointer { texture in
                nonisolated(unsafe) let verts = vertices, tex = texture
                DispatchQueue.concurrentPerform(iterations: cores) { k in
                    let acc = pointers[k]
                    for y in region.y0..<region.y1 {
                        (acc + y * w + region.x0).update(repeating: .zero, count: region.x1 - region.x0)
                    }
                    ParticleSplatter.fill(verts, tex, image.width, image.height, acc, w, scale,
                                          first: k, step: cores, x0: region.x0, x1: region.x1, y0: region.y0, y1: region.y1)
                }
            }
        }
        upload(region, w)
        var dst = SDL_Rect(x: Int32(region.x0), y: Int32(region.y0), w: Int32(region.x1 - region.x0), h: Int32(region.y1 - region.y0))
        var src = dst
        // Draw in pixels: the texture matches the output exactly.
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderCopy(renderer, texture, &src, &dst)
        SDL_RenderSetScale(renderer, sx, sy)
    }

    private func prepare(_ renderer: OpaquePointer, _ w: Int, _ h: Int) -> Bool {
        if size.w != w || size.h != h || texture == nil {
            if let texture { SDL_DestroyTexture(texture) }
            texture = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_STREAMING.rawValue),
                                        Int32(w), Int32(h))
            guard let texture else { return false }
            SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_ADD)
            // Always copied pixel for pixel onto the output (`draw`).
            TexelExactFiltering.use(texture, exact: true, renderer: renderer)
            accumulators.forEach { $0.deallocate() }
            accumulators = (0..<2).map { _ in
                let p = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: w * h)
                p.initialize(repeating: .zero, count: w * h)
                return p
            }
            rgba = [UInt8](repeating: 255, count: w * h * 4)
            size = (w, h)
        }
        return true
    }

    /// Adds every quad's premultiplied texels (texture × vertex colour × alpha) to the rows y0..<y1.
    private static func fill(_ v: UnsafeBufferPointer<ParticleVertex>, _ tex: UnsafeBufferPointer<SIMD4<Float>>, _ tw: Int, _ th: Int,
                             _ acc: UnsafeMutablePointer<SIMD4<Float>>, _ w: Int, _ scale: Float, first: Int, step: Int,
                             x0: Int, x1: Int, y0: Int, y1: Int) {
        let quads = v.count / 4
        let maxS = Int64(tw - 1), maxT = Int64(th - 1), texWidth = Int64(tw)
        let region = PixelRect(x0: x0, y0: y0, x1: x1, y1: y1)
        for q in stride(from: first, to: quads, by: step) {
            let a = v[q * 4], b = v[q * 4 + 1], d = v[q * 4 + 3]
            let ca = Float(a.a) / 255
            let tint = SIMD4<Float>(Float(a.r) / 255 * ca, Float(a.g) / 255 * ca, Float(a.b) / 255 * ca, 0)
            // The clamps only absorb rounding, and keep a needle-thin quad's wrapped steps inside the texture.
            QuadSpans.walk(a: (a.x * scale, a.y * scale), b: (b.x * scale, b.y * scale), d: (d.x * scale, d.y * scale),
                           texels: tw, th, width: w, region: region) { start, count, s0, t0, ds, dt in
                var s = s0, t = t0
                var pixel = acc + start
                for _ in 0..<count {
                    let i = Int(min(maxT, max(0, t &>> 32)) &* texWidth &+ min(maxS, max(0, s &>> 32)))
                    pixel.pointee += tex[i] * tint
                    s &+= ds
                    t &+= dt
                    pixel += 1
                }
            }
        }
    }

    /// Converts the region to RGBA8 (saturating, alpha 255: the texture is added with SDL's ADD mode) and uploads it.
    private func upload(_ r: (x0: Int, y0: Int, x1: Int, y1: Int), _ w: Int) {
        let acc0 = accumulators[0], acc1 = accumulators[1]
        rgba.withUnsafeMutableBufferPointer { out in
            for y in r.y0..<r.y1 {
                for x in r.x0..<r.x1 {
                    let i = y * w + x
                    let sum = (acc0[i] + acc1[i]) * 255 + 0.5
                    out[i * 4] = UInt8(min(255, sum.x))
                    out[i * 4 + 1] = UInt8(min(255, sum.y))
                    out[i * 4 + 2] = UInt8(min(255, sum.z))
                }
            }
        }
        var rect = SDL_Rect(x: Int32(r.x0), y: Int32(r.y0), w: Int32(r.x1 - r.x0), h: Int32(r.y1 - r.y0))
        rgba.withUnsafeBytes { bytes in
            _ = SDL_UpdateTexture(texture, &rect, bytes.baseAddress! + (r.y0 * w + r.x0) * 4, Int32(w * 4))
        }
        DrawCounters.count { $0.uploads += 1; $0.uploadBytes += Double(rect.w * rect.h * 4); $0.layerQuads += 1; $0.layerPixels += Double(rect.w * rect.h) }
    }
}

/// Which path a batch takes, for tests.
public enum ParticleSplatterProbe {
    public static func suits(_ batch: ParticleBatch, blend: BlendMode = .add, scale: Float = 1) -> Bool {
        ParticleSplatter.suits(batch, extent: ParticleExtent(batch), blend: blend, scale: scale)
    }
}
