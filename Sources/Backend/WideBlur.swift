import CSDL2
import Foundation
import Stage

/// Wide blurs made cheaply, like wide shadows (`WideShadow`): content blurred with σ ≥ `wideShadowSigma` pixels (the
/// breathing flower's σ 60 haze, re-shaped every frame) is rendered at 1/⌊σ/8⌋ of the resolution, blurred there
/// with a σ still ≥ 8 px, and stretched onto the output with linear filtering — a blur that wide has no detail the
/// lower resolution could lose (WideBlurTests compares it with the full path).
extension LayerCompositor {
    /// Draws `layer` when it is a wide blur and nothing else, not kept already (true: drawn; false: failed, draw it
    /// plainly); nil when the layer is not for this path.
    func drawWideBlur(_ layer: Layer, scale: Double, drawBatch: (TriangleBatch) -> Void) -> Bool? {
        let sigma = layer.blur * scale
        guard reducesWideShadows, layer.shadow == nil, layer.hueRotation == 0, layer.mask == nil,
              !layer.shadowOnly, sigma >= LayerCompositor.wideShadowSigma else { return nil }
        let m = layer.margin
        let reach = layer.bounds.insetBy(dx: -m, dy: -m)
        let f = max(1, (sigma / LayerCompositor.wideShadowSigma).rounded(.down))
        let low = scale / f
        let lw = Int((reach.width * low).rounded(.up)) + 1, lh = Int((reach.height * low).rounded(.up)) + 1
        guard lw * lh <= LayerCompositor.maxPixels,
              let content = renderAt(layer.batches, origin: reach.origin, scale: low, w: lw, h: lh, drawBatch: drawBatch)
        else { return false }
        // The same blur as the full path's, at the lower resolution (straight colour out, for normal blending).
        let texels = LayerEffects.apply(content, width: lw, height: lh, blur: sigma / f, shadow: nil)
        guard let tex = upload(texels, lw, lh) else { return false }
        SDL_SetTextureScaleMode(tex, SDL_ScaleModeLinear)
        let rect = Rect(x: reach.minX, y: reach.minY, width: Double(lw) / low, height: Double(lh) / low)
        keep(layer.key, tex, rect, bytes: lw * lh * 4)
        quad(tex, rect, opacity: layer.opacity)
        return true
    }
}
