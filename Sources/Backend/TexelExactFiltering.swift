import CSDL2
import Stage

/// Nearest sampling wherever a texture is drawn texel for texel onto whole pixels. There, linear filtering samples
/// every texel at its centre and gives the texel itself — the same pixels as nearest sampling — but llvmpipe still
/// pays for four fetches and their weights: nearest fills the same pixels in half to two thirds of the time (a
/// window-sized picture copied 1:1 went from ≈ 10 to ≈ 4 ms; issue 24). Anywhere else the texture is sampled
/// linearly, as before.
enum TexelExactFiltering {
    /// Sets `texture` to nearest sampling when `exact`, else linear. SDL applies a texture's filter at once while it
    /// may still hold earlier draws of that texture queued, so those are sent first when the filter changes.
    static func use(_ texture: OpaquePointer, exact: Bool, renderer: OpaquePointer) {
        let wanted = exact ? SDL_ScaleModeNearest : SDL_ScaleModeLinear
        var current = SDL_ScaleModeLinear
        guard SDL_GetTextureScaleMode(texture, &current) == 0, current != wanted else { return }
        SDL_RenderFlush(renderer)
        SDL_SetTextureScaleMode(texture, wanted)
    }

    /// Whether a texture of `width`×`height` texels drawn over `rect` (logical pixels, at `scale` output pixels each)
    /// lands texel for texel on whole output pixels.
    static func isExact(width: Int, height: Int, over rect: Rect, scale: Double) -> Bool {
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-3 }
        return whole(rect.minX * scale) && whole(rect.minY * scale)
            && abs(rect.width * scale - Double(width)) < 1e-3 && abs(rect.height * scale - Double(height)) < 1e-3
    }

    /// Whether `batch` is an axis-aligned quad that draws its texture (of `width`×`height` texels) texel for texel onto
    /// whole output pixels: unscaled, unturned, its texture coordinates on texel edges.
    static func isExact(_ batch: TriangleBatch, width: Int, height: Int, scale: Double) -> Bool {
        guard width > 0, height > 0, let rect = FramePlan.quadRect(batch) else { return false }
        // Where the texture's corner (0, 0) and its far corner (1, 1) land: the quad's texture coordinates must
        // span whole texels mapped to whole pixels, so the texture as a whole is placed texel for texel.
        let v = batch.vertices
        guard let minU = v.map(\.u).min(), let minV = v.map(\.v).min() else { return false }
        for p in v {
            // Each corner: u grows with x and v with y, one texel per output pixel.
            let texelX = Double(p.u) * Double(width), texelY = Double(p.v) * Double(height)
            let along = (Double(p.x) - rect.minX) * scale, down = (Double(p.y) - rect.minY) * scale
            guard abs(texelX - Double(minU) * Double(width) - along) < 1e-3,
                  abs(texelY - Double(minV) * Double(height) - down) < 1e-3 else { return false }
        }
        func whole(_ v: Double) -> Bool { abs(v - v.rounded()) < 1e-3 }
        return whole(rect.minX * scale) && whole(rect.minY * scale)
            && whole(Double(minU) * Double(width)) && whole(Double(minV) * Double(height))
    }
}
