import CSDL2
import Stage

/// Pictures drawn upright on fewer pixels than they have texels, copied once at the size they are drawn, the copy
/// taking the picture's place (issue 24). On Mesa's llvmpipe a picture sampled linearly costs four texel fetches and
/// their blend for every pixel, and most pictures are drawn smaller than they are: the elevator's 600×2000 doors at
/// 636×800 and its 924×1284 frame over the whole window, every frame of a ride. Drawn from a copy of exactly its size
/// on whole pixels, a picture is sampled nearest, one fetch a pixel: the ride's CPU fell by a quarter.
///
/// The copy is made by the GPU: the picture drawn into a target of that size with the same linear filter, so it
/// holds the colours the picture drawn there would have (to a level: the copy keeps 8 bits). The quad moves to whole
/// pixels, at most half a pixel each edge. A picture is copied once it is drawn at one size two frames running (one
/// that grows or shrinks every frame is drawn as before), and the copy replaces its texture in the texture cache,
/// which keeps the picture's own size and coverage (`TextureCache.adoptCopy`): memory falls too. Drawn larger than
/// the copy later, the picture is decoded again (`TextureCache.restoreOriginal`). Only on the GPU renderers: SDL's
/// software renderer samples nearest anyway.
final class PrescaledPictures {
    struct Key: Hashable {
        let name: String
        let width: Int, height: Int
    }

    private let renderer: OpaquePointer
    /// The frame each picture size was last drawn in.
    private var seen: [Key: Int] = [:]
    private var frame = 0

    init(renderer: OpaquePointer) { self.renderer = renderer }

    /// A frame was presented.
    func frameEnded() {
        frame += 1
        if seen.count > 256 { seen = seen.filter { $0.value >= frame - 1 } }
    }

    /// The picture's box in `batch` (logical pixels) when it draws all of its texture upright: four corners, each
    /// with the texture coordinates of its corner (not mirrored).
    static func uprightBox(of batch: TriangleBatch) -> Rect? {
        guard batch.vertices.count == 4, batch.indices.count == 6 else { return nil }
        let v = batch.vertices
        var x0 = v[0].x, y0 = v[0].y, x1 = v[0].x, y1 = v[0].y
        for p in v { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        guard x1 > x0, y1 > y0 else { return nil }
        for p in v {
            let left = p.x == x0, top = p.y == y0
            guard left || p.x == x1, top || p.y == y1,
                  abs(p.u - (left ? 0 : 1)) < 1e-4, abs(p.v - (top ? 0 : 1)) < 1e-4 else { return nil }
        }
        return Rect(x: Double(x0), y: Double(y0), width: Double(x1 - x0), height: Double(y1 - y0))
    }

    /// The quad on whole output pixels and the texture to draw it with (its size, sampled nearest), when `batch`
    /// draws all of picture `name` upright on fewer pixels than it has texels at `scale` output pixels a point, and
    /// its copy at that size is made (or it was drawn at that size the frame before too, and the copy is made now);
    /// nil otherwise (draw it as it is).
    func standIn(for batch: TriangleBatch, name: String, textures: TextureCache, scale: Double) -> (quad: TriangleBatch, copy: OpaquePointer)? {
        guard let box = PrescaledPictures.uprightBox(of: batch) else { return nil }
        let w = Int((box.width * scale).rounded()), h = Int((box.height * scale).rounded())
        let texels = textures.imageSize(name)
        guard w >= 1, h >= 1, Double(w * h) < texels.width * texels.height else { return nil }
        let key = Key(name: name, width: w, height: h)
        let before = seen[key]
        seen[key] = frame
        if let made = textures.copySize(of: name), made != (w, h) {
            // A copy at another size: made again from the picture itself only when this size holds.
            guard let last = before, last >= frame - 1 else { return nil }
            textures.restoreOriginal(name)
        } else if textures.copySize(of: name) == nil {
            guard let last = before, last >= frame - 1 else { return nil }
        }
        if textures.copySize(of: name) == nil {
            guard let original = textures.texture(.image(name)), let copy = copy(original.texture, width: w, height: h) else { return nil }
            textures.adoptCopy(copy, of: name, width: w, height: h)
            guard textures.copySize(of: name) != nil else { return nil }
        }
        guard let copy = textures.texture(.image(name))?.texture else { return nil }
        let x0 = (box.minX * scale).rounded() / scale, y0 = (box.minY * scale).rounded() / scale
        let x1 = x0 + Double(w) / scale, y1 = y0 + Double(h) / scale
        var quad = batch
        for i in quad.vertices.indices {
            quad.vertices[i].x = Float(quad.vertices[i].x == Float(box.minX) ? x0 : x1)
            quad.vertices[i].y = Float(quad.vertices[i].y == Float(box.minY) ? y0 : y1)
        }
        return (quad, copy)
    }

    /// `original` drawn into a new target of `width`×`height`, linearly, replacing what is there; the renderer's
    /// target, scale and clip and the texture's modes are as before afterwards.
    private func copy(_ original: OpaquePointer, width: Int, height: Int) -> OpaquePointer? {
        guard let target = SDL_CreateTexture(renderer, SDL_PIXELFORMAT_RGBA32.rawValue, Int32(SDL_TEXTUREACCESS_TARGET.rawValue),
                                             Int32(width), Int32(height)) else { return nil }
        let previous = SDL_GetRenderTarget(renderer)
        var sx: Float = 1, sy: Float = 1
        SDL_RenderGetScale(renderer, &sx, &sy)
        var clip = SDL_Rect()
        let clipped = SDL_RenderIsClipEnabled(renderer) == SDL_TRUE
        if clipped { SDL_RenderGetClipRect(renderer, &clip) }
        var mode = SDL_BLENDMODE_NONE, r: UInt8 = 255, g: UInt8 = 255, b: UInt8 = 255, a: UInt8 = 255
        SDL_GetTextureBlendMode(original, &mode)
        SDL_GetTextureColorMod(original, &r, &g, &b)
        SDL_GetTextureAlphaMod(original, &a)
        defer {
            SDL_SetRenderTarget(renderer, previous)
            SDL_RenderSetScale(renderer, sx, sy)
            if clipped { SDL_RenderSetClipRect(renderer, &clip) } else { SDL_RenderSetClipRect(renderer, nil) }
            SDL_SetTextureBlendMode(original, mode)
            SDL_SetTextureColorMod(original, r, g, b)
            SDL_SetTextureAlphaMod(original, a)
        }
        guard SDL_SetRenderTarget(renderer, target) == 0 else { SDL_DestroyTexture(target); return nil }
        SDL_RenderSetScale(renderer, 1, 1)
        SDL_RenderSetClipRect(renderer, nil)
        // The picture's own texels, straight alpha, as the linear filter samples them at each pixel's centre.
        SDL_SetTextureBlendMode(original, SDL_BLENDMODE_NONE)
        SDL_SetTextureColorMod(original, 255, 255, 255)
        SDL_SetTextureAlphaMod(original, 255)
        TexelExactFiltering.use(original, exact: false, renderer: renderer)
        var whole = SDL_Rect(x: 0, y: 0, w: Int32(width), h: Int32(height))
        SDL_RenderCopy(renderer, original, nil, &whole)
        DrawCounters.count { $0.picturesPrescaled += 1 }
        return target
    }
}
